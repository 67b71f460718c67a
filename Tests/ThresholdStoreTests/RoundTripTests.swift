import Foundation
import GRDB
import StoreClient
import Testing
import TestSupport
import ThresholdCore
@testable import ThresholdStore

@Suite struct RoundTripTests {
    @Test func everyRecordType_readsBackEqual_alsoAfterReopening() throws {
        let folder = TemporaryDirectory()
        let store = try folder.open()
        try store.replace(with: Fixture.state)
        #expect(try store.read() == Fixture.state)
        try store.close()

        let reopened = try folder.open()
        #expect(try reopened.read() == Fixture.state)
        #expect(!reopened.wasCreated)
    }

    @Test func aFreshStore_readsAsTheInitialState_andSaysItWasCreated() throws {
        let folder = TemporaryDirectory()
        let store = try folder.open()
        #expect(store.wasCreated)
        #expect(try store.read() == .initial)
    }
}

extension RoundTripTests {
    @Test func sessionsAndGrants_leaveTheWorkingSet_butStayInTheHistory() throws {
        let folder = TemporaryDirectory()
        try folder.open().replace(with: Fixture.state)

        let threeDaysLater = try folder.open(at: Fixture.now.adding(minutes: 3 * 24 * 60))
        let state = try threeDaysLater.read()
        // Only the goal session is still running (nobody ended it); everything else is history.
        #expect(state.engine.sessions.map(\.id) == ["live"])
        #expect(state.engine.grants.isEmpty)
        #expect(state.engine.profiles == Fixture.profiles)

        let everything = try threeDaysLater.sessions(startingFrom: .distantPast, until: .distantFuture)
        #expect(everything == Fixture.sessions)
        #expect(try threeDaysLater.grants(startingFrom: .distantPast, until: .distantFuture) == Fixture.grants)
        #expect(
            try threeDaysLater.sessions(startingFrom: at("2026-11-23 00:00"), until: at("2026-11-24 00:00"))
                .map(\.id) == ["scheduled", "live"])
    }

    @Test func theWorkingSet_keepsYesterdaysEndedSessions_andGrantsEndingSinceYesterdaysStart() throws {
        let folder = TemporaryDirectory()
        try folder.open().replace(with: Fixture.state)
        // Tuesday 00:30: Monday is yesterday, so everything that stopped on Monday is still loaded.
        let tuesday = try folder.open(at: at("2026-11-24 00:30")).read()
        #expect(tuesday.engine.sessions.map(\.id) == ["scheduled", "live"])
        #expect(tuesday.engine.grants.map(\.id) == Fixture.grants.map(\.id))
    }

    @Test func droppingSessionsAndGrantsFromTheState_keepsThemInTheHistoryOnly() throws {
        let folder = TemporaryDirectory()
        let store = try folder.open()
        try store.replace(with: Fixture.state)
        try store.write { transaction in
            let engine = transaction.state.engine
            transaction.state.engine = try engine.with(
                sessions: engine.sessions.filter { $0.id == "scheduled" },
                grants: engine.grants.filter { $0.id == "bank" })
        }
        let engine = try folder.open().read().engine
        // Even the live one stays gone: a dropped session never comes back to shield.
        #expect(engine.sessions.map(\.id) == ["scheduled"])
        #expect(engine.grants.map(\.id) == ["bank"])
        #expect(try store.sessions(startingFrom: .distantPast, until: .distantFuture) == Fixture.sessions)
        #expect(try store.grants(startingFrom: .distantPast, until: .distantFuture) == Fixture.grants)
    }

    @Test func deletingAProfile_keepsItsSessionsInTheHistoryOnly() throws {
        let folder = TemporaryDirectory()
        let store = try folder.open()
        try store.replace(with: Fixture.state)
        try store.write { transaction in
            let engine = transaction.state.engine
            transaction.state.engine = try engine.with(
                profiles: engine.profiles.filter { $0.id != "deep" },
                sessions: engine.sessions.filter { $0.profileID != "deep" })
        }
        let state = try store.read()
        #expect(state.engine.profiles.map(\.id) == ["work"])
        #expect(!state.engine.sessions.contains { $0.id == "live" })
        #expect(try store.sessions(startingFrom: .distantPast, until: .distantFuture).contains { $0.id == "live" })
    }

    @Test func reorderingAndEditing_readBackInTheNewOrder() throws {
        let folder = TemporaryDirectory()
        let store = try folder.open()
        try store.replace(with: Fixture.state)
        let edited = Profile.make("work", name: "Work (edited)", emoji: "💼", schedules: [.on([.sunday], "10:00", "11:00", id: "sun")])
        try store.write { transaction in
            let engine = transaction.state.engine
            transaction.state.engine = try engine.with(
                profiles: [engine.profiles[1], edited],
                gates: engine.gates.reversed(),
                intentions: [engine.intentions[1]],
                grants: engine.grants.filter { $0.origin != .intentionOpen("ig") },
                streakFreezeDays: [day("2026-11-21")],
                tutorial: .some(nil))
        }
        let engine = try folder.open().read().engine
        #expect(engine.profiles == [Fixture.profiles[1], edited])
        #expect(engine.gates == Fixture.gates.reversed())
        #expect(engine.intentions == [Fixture.intentions[1]])
        #expect(engine.grants.map(\.id) == ["prayed", "bank", "site"])
        #expect(engine.streakFreezeDays == [day("2026-11-21")])
        #expect(engine.tutorial == nil)
    }

    /// The tables map each model field by hand: a field added to the model must be added to
    /// its record (and a migration), or it would be dropped silently. This lists them.
    @Test func aProfilesHeadsUp_isKept() throws {
        let folder = TemporaryDirectory()
        let quiet = Profile.make("quiet", schedules: [.on(Weekday.weekdays, "09:00", "17:00", id: "day")], headsUpMinutes: 0)
        let early = Profile.make("early", headsUpMinutes: 30)
        try folder.open().write { $0.state.engine = .make(profiles: [quiet, early]) }
        #expect(try folder.open().read().engine.profiles.map(\.headsUpMinutes) == [0, 30])
    }

    @Test func aProfilesStrictOptions_areKept_andARowWithoutThemReadsAsItsStrictnesssStandard() throws {
        let folder = TemporaryDirectory()
        let strict = StrictOptions(
            filtersAdultWebsites: true, blockedWebsites: [try TypedWebsite("example.com")], deniesAppInstallation: false)
        let filtered = Profile.make("filtered", strictness: .locked, strict: strict)
        let beast = Profile.make("beast", strictness: .locked)
        try folder.open().write { $0.state.engine = .make(profiles: [filtered, beast]) }
        #expect(try folder.open().read().engine.profiles.map(\.strict) == [strict, .standard(for: .locked)])
        // A row written before the column existed (v5) holds NULL there.
        try DatabaseQueue(path: folder.databaseURL.path).write { db in try db.execute(sql: "UPDATE profile SET strict = NULL") }
        #expect(try folder.open().read().engine.profiles.map(\.strict.deniesAppInstallation) == [true, true])
    }

    @Test func anIntentionsSharedNickname_isKept_andClearedToNone() throws {
        let folder = TemporaryDirectory()
        let named = Intention.make("ig", app: "instagram", nickname: "Morning scroll")
        let plain = Intention.make("yt", app: "youtube")
        try folder.open().write { $0.state.engine = .make(intentions: [named, plain]) }
        #expect(try folder.open().read().engine.intentions.map(\.sharedNickname) == ["Morning scroll", nil])
        // Cleared in the editor: the row's column goes back to NULL, not the old words.
        try folder.open().write { $0.state.engine = .make(intentions: [.make("ig", app: "instagram"), plain]) }
        #expect(try folder.open().read().engine.intentions.map(\.sharedNickname) == [nil, nil])
    }

    @Test func everyModelField_isMappedByItsRecord() throws {
        func keys(_ value: some Encodable) throws -> Set<String> {
            let object = try JSONSerialization.jsonObject(with: JSONEncoder().encode(value)) as! [String: Any]
            return Set(object.keys)
        }
        let session = Fixture.sessions[1]
        #expect(
            try keys(Fixture.profiles[0]) == [
                "id", "name", "emoji", "path", "selection", "listMode", "strictness",
                "unlockPolicy", "breakPolicy", "schedules", "headsUpMinutes", "strict", "rest",
            ])
        #expect(try keys(Fixture.profiles[0].schedules[0]) == ["id", "weekdays", "start", "end"])
        #expect(try keys(Fixture.gates[0]) == ["id", "name", "path", "selection", "strictness", "unlockPolicy"])
        #expect(try keys(Fixture.intentions[0]) == ["id", "app", "opensPerDay", "minutesPerOpen", "sharedNickname"])
        #expect(
            try keys(
                Session.make(
                    "s", profile: "work", start: at("2026-11-22 18:00"), occurrence: session.occurrence,
                    breaks: Fixture.sessions[2].breaks, ending: Fixture.sessions[0].ending))
                == ["id", "profileID", "origin", "start", "plan", "occurrence", "breaks", "ending"])
        #expect(try keys(Fixture.sessions[2].breaks[0]) == ["id", "start", "end"])
        #expect(try keys(Fixture.grants[0]) == ["id", "scope", "start", "end", "origin"])
        #expect(
            try keys(Fixture.engine) == [
                "profiles", "gates", "intentions", "sessions", "grants",
                "streakFreezeDays", "tutorial",
            ])
        #expect(try keys(Tutorial(startedAt: Fixture.now)) == ["startedAt"])
        #expect(try keys(Balances()) == ["credits", "xp", "coins"])
    }
}
