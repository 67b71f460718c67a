import Foundation
import GRDB
import Testing
import StoreClient
import TestSupport
import ThresholdCore
@testable import ThresholdStore

/// A folder under the system's temporary directory, removed when the value goes away.
final class TemporaryDirectory: @unchecked Sendable {
    let url: URL

    init() {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("threshold-store-tests-\(UUID().uuidString)", isDirectory: true)
        try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    var databaseURL: URL { url.appendingPathComponent(ThresholdStore.fileName) }

    /// Opens (creating) the store here at the fixture's instant.
    func open(role: ThresholdStore.Role = .app, at instant: Date = Fixture.now, busyTimeout: TimeInterval = 5) throws -> ThresholdStore {
        try ThresholdStore.open(directory: url, role: role, clock: Fixture.clock(at: instant), busyTimeout: busyTimeout)
    }

    /// Writes raw bytes as the database file (for damaged-file tests).
    func writeDatabaseFile(_ bytes: Data) throws {
        try bytes.write(to: databaseURL)
    }
}

/// A state that uses every record type and every variant the schema maps.
enum Fixture {
    static let zone = "America/New_York"
    /// Monday 2026-11-23, noon in New York.
    static let now = at("2026-11-23 12:00")

    static func clock(at instant: Date = now) -> StoreClock {
        .fixed(instant, in: TimeZone(identifier: zone)!)
    }

    static let selection = Selection(
        applications: [AppToken("instagram"), AppToken("tiktok")],
        categories: [CategoryToken("social")],
        webDomains: [WebDomainToken("news.example")])

    static var profiles: [Profile] {
        [
            .make(
                "work", name: "Work", emoji: "💼", path: .key, selection: selection, strictness: .firm,
                unlockPolicy: .earnedAccess, breakPolicy: .fivePerHour,
                schedules: [
                    .on(Weekday.weekdays, "09:00", "17:00", id: "day"),
                    .on([.friday, .saturday], "23:00", "07:00", id: "night"),
                ],
                strict: StrictOptions(
                    filtersAdultWebsites: true, blockedWebsites: [try! TypedWebsite("example.com")],
                    deniesAppInstallation: true)),
            .make(
                "deep", name: "Deep focus", emoji: "🧘", path: .present, selection: .apps("maps", "messages"),
                listMode: .allowList, strictness: .locked),
        ]
    }

    static var gates: [Gate] {
        [
            .make("pray", name: "Pray first", path: .selah, selection: Selection(categories: [CategoryToken("games")])),
            .make("solve", path: .challenge, selection: .apps("reddit"), strictness: .firm, unlockPolicy: .challenge),
        ]
    }

    static var intentions: [Intention] {
        // One with a nickname to share, one without: backups and the tables keep both.
        [
            .make("ig", app: "instagram", opens: 3, minutes: 5, nickname: "Morning scroll"),
            .make("yt", app: "youtube", opens: 10, minutes: 15),
        ]
    }

    /// Sessions in the working set at `now`, in the order the store reads them (by start).
    static var sessions: [Session] {
        [
            .make(
                "ended-last-night", profile: "work", origin: .key, start: at("2026-11-22 19:00"),
                ending: Session.Ending(at: at("2026-11-22 20:00"), state: .gaveUp)),
            .make(
                "scheduled", profile: "work", origin: .schedule, start: at("2026-11-23 09:00"),
                plan: .until(at("2026-11-23 17:00")),
                occurrence: OccurrenceKey(profileID: "work", scheduleID: "day", day: day("2026-11-23"))),
            .make(
                "live", profile: "deep", start: now.adding(minutes: -20), plan: .goal(minutes: 45),
                breaks: [
                    .make("b1", from: now.adding(minutes: -15), minutes: 2),
                    .make("b2", from: now.adding(minutes: -5), minutes: 3),
                ]),
        ]
    }

    static var grants: [Grant] {
        [
            .make("open-ig", .app("instagram"), from: now.adding(minutes: -30), minutes: 5, origin: .intentionOpen("ig")),
            .make("prayed", .allGated, from: now.adding(minutes: -5), minutes: 10, origin: .ritual(.prayer)),
            .make(
                "bank", .token(.category(CategoryToken("games"))), from: now.adding(minutes: -1), minutes: 15,
                origin: .ritual(.credits)),
            .make(
                "site", .token(.webDomain(WebDomainToken("news.example"))), from: now, minutes: 1,
                origin: .ritual(.mathChallenge)),
        ]
    }

    static var engine: ThresholdState {
        .make(
            profiles: profiles, gates: gates, intentions: intentions, sessions: sessions, grants: grants,
            streakFreezeDays: [day("2026-11-20"), day("2026-11-16")],
            tutorial: Tutorial(startedAt: at("2026-11-20 08:00")))
    }

    /// The full stored state: the engine above, settings, and what was last applied.
    static var state: StoredState {
        var settings = Settings()
        settings.onboardingCompleted = true
        var applied = AppliedRecord()
        let enforcement = evaluate(engine, at: now, calendar: calendar(zone))
        applied.stores = enforcement.stores.map(AppliedStore.init)
        applied.evaluated = EvaluationPoint(TrustedTime(agreed: now), calendar: calendar(zone))
        applied.appliedAt = now
        return StoredState(engine: engine, settings: settings, applied: applied)
    }

    static func entry(_ account: Account, _ amount: Int, _ memo: String = "test") -> LedgerEntry {
        try! LedgerEntry(account: account, amount: amount, memo: memo)
    }
}

extension ThresholdStore {
    /// Replaces the whole state in one write.
    func replace(with state: StoredState) throws {
        try write { $0.state = state }
    }
}

extension TemporaryDirectory {
    /// A store holding the fixture state, 30 credits and `events` marked events, folded into
    /// the main file and closed, so the file alone holds everything.
    func seedAndClose(events: Int = 0) throws {
        let store = try open()
        try store.write { transaction in
            transaction.state = Fixture.state
            try transaction.post(Fixture.entry(.credits, 30, "seed"), at: Fixture.now)
        }
        for batch in stride(from: 0, to: events, by: 500) {
            try store.write { transaction in
                for index in batch..<min(events, batch + 500) {
                    try transaction.post(Fixture.entry(.xp, 1, "marker-\(index)"), at: Fixture.now.adding(seconds: Double(index)))
                }
            }
        }
        _ = try store.database.writeWithoutTransaction { db in try db.checkpoint(.truncate) }
        try store.close()
    }

    /// Overwrites the database page that holds `text` with garbage.
    func damagePage(containing text: String) throws {
        var bytes = try Data(contentsOf: databaseURL)
        let pageSize = 4_096
        let offset = try #require(bytes.range(of: Data(text.utf8))?.lowerBound)
        let page = offset / pageSize * pageSize
        bytes.replaceSubrange(page..<(page + pageSize), with: Data(repeating: 0xFF, count: pageSize))
        try bytes.write(to: databaseURL)
    }
}
