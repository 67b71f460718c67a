import Foundation
import ScreenTimeClient
@_spi(Setup) import ScreenTimeSimulator
import Testing
import TestSupport
import ThresholdCore

/// A typical week on the simulated phone, measured: how often the monitor wakes against the
/// fewest wake-ups possible, how late shields come back after a deadline, and whether the
/// notifications handed to iOS ahead show at their instants. The figures go in
/// Benchmarks/README.md; run `swift test --filter TypicalWeekTests` to print the table.
///
/// The week: Sleep every night 22:30–06:30, Work on weekdays 09:00–17:00, intentions for
/// Instagram, TikTok and YouTube (each opened once a day), a Selah gate the person prays
/// through twice a day, and an evening Present session with a 5-minute break. Threshold is
/// killed after every action, so every deadline is met by the monitor alone.
@Suite struct TypicalWeekTests {
    static let zone = TimeZone(identifier: "America/New_York")!
    /// Monday 23 November 2026 to the Monday after.
    static let week = DateInterval(start: at("2026-11-23 00:00"), end: at("2026-11-30 00:00"))

    static let setup = ThresholdState.make(
        profiles: [
            .make(
                "sleep", name: "Sleep", emoji: "🌙", path: .key, selection: .apps("instagram", "tiktok", "youtube", "x", "reddit"),
                strictness: .firm, schedules: [.on(Set(Weekday.allCases), "22:30", "06:30", id: "night")]),
            .make(
                "work", name: "Work", emoji: "💼", path: .earnedAccess, selection: .apps("x", "reddit", "youtube"),
                unlockPolicy: .earnedAccess, breakPolicy: .fivePerHour,
                schedules: [.on([.monday, .tuesday, .wednesday, .thursday, .friday], "09:00", "17:00", id: "workday")]),
            .make(
                "deep", name: "Deep work", emoji: "🌿", path: .present, selection: .apps("instagram", "tiktok", "x", "chess"),
                breakPolicy: .fivePerHour),
        ],
        gates: [.make("selah", name: "Selah", path: .selah, selection: .apps("netflix", "candycrush"), unlockPolicy: .prayer)],
        intentions: [
            .make("ig", app: "instagram", opens: 3, minutes: 5), .make("tt", app: "tiktok", opens: 2, minutes: 10),
            .make("yt", app: "youtube", opens: 3, minutes: 5),
        ])

    /// What the person does each day, by local time: an app the shield opens through its
    /// intention, a prayer, the session and its break.
    static let routine: [(time: String, action: Action)] = [
        ("07:30", .openIntention("ig")), ("12:15", .pray), ("13:00", .openIntention("tt")), ("18:00", .openIntention("yt")),
        ("19:30", .startSession), ("19:50", .takeBreak), ("21:00", .pray),
    ]

    enum Action {
        case openIntention(IntentionID), pray, startSession, takeBreak

        var command: any Command {
            switch self {
            case .openIntention(let id): OpenIntention(intention: id)
            case .pray: IssueGrant(minutes: 10, origin: .ritual(.prayer))
            case .startSession: StartSession(profile: "deep", plan: .goal(minutes: 60))
            case .takeBreak: TakeBreak(profile: "deep")
            }
        }
    }

    /// The week's figures.
    struct Figures {
        /// Distinct instants at which the shields or their reasons change by time alone.
        var boundaries: [Date] = []
        /// Boundaries at which something becomes shielded again (a grant or break ends, a span starts).
        var tightening: [Date] = []
        /// Distinct instants at which the monitor reconciled.
        var wakeUps: [Date] = []
        /// Instants of the person's own actions (the app or shield extension was running then).
        var actions: [Date] = []
        /// Instants of notifications the state calls for (warnings before a break or open ends).
        var notifications: [Date] = []
        /// Instants at which the phone showed a notification.
        var shown: [Date] = []
        /// For each tightening boundary, seconds until the phone shielded what the engine says.
        var relockErrors: [Double] = []
        /// Boundaries at which the phone did not show what the engine says (at the instant).
        var mismatches = 0
    }

    static func simulate() throws -> Figures {
        let start = at("2026-11-22 20:00")
        let phone = try SimulatedPhone(start: start, timeZone: zone, setup: setup)
        phone.openThreshold()
        phone.killApp()
        let calendar = phone.clock.calendar
        let clock = Clockwork(timeZone: zone)
        var figures = Figures()
        var state = try phone.store.read().engine

        let firstDay = clock.localDate(of: week.start)
        let actions = (0..<7).flatMap { offset in
            routine.map { (clock.instant(of: firstDay.adding(days: offset), at: time($0.time)), $0.action) }
        }
        for (instant, action) in actions + [(week.end, nil)] {
            figures.notifications += dueNotifications(state, from: phone.clock.wall, through: instant, calendar: calendar).map(\.at)
            // Every boundary before the next action: is the phone right at the instant?
            let horizon = instant.timeIntervalSince(phone.clock.wall)
            for boundary in upcomingBoundaries(state, after: phone.clock.wall, calendar: calendar, limit: 10_000, horizon: horizon) {
                phone.advance(to: boundary.at)
                let expected = evaluate(state, at: boundary.at, calendar: calendar)
                func matches() -> Bool {
                    phone.catalogue.apps.values.allSatisfy {
                        phone.shields.shields(app: $0.token, category: $0.category)
                            == expected.shields(app: $0.token, category: $0.category)
                    }
                }
                figures.boundaries.append(boundary.at)
                if !matches() { figures.mismatches += 1 }
                guard boundary.tightens else { continue }
                figures.tightening.append(boundary.at)
                var late = 0.0
                while !matches(), late < 900 {
                    phone.advance(by: 1)
                    late += 1
                }
                figures.relockErrors.append(late)
            }
            phone.advance(to: instant)
            guard let action else { break }
            figures.actions.append(instant)
            phone.run(.shieldAction, .inApp("typical week"), command: action.command)
            phone.killApp()
            state = try phone.store.read().engine
        }
        figures.wakeUps = Set(phone.outcomes.filter { $0.process == .monitor }.map(\.at)).sorted()
        figures.shown = phone.notifications.shown.map(\.at)
        func inWeek(_ dates: [Date]) -> [Date] { Set(dates).filter(week.contains).sorted() }
        figures.boundaries = inWeek(figures.boundaries)
        figures.wakeUps = inWeek(figures.wakeUps)
        figures.notifications = inWeek(figures.notifications)
        figures.shown = inWeek(figures.shown)
        return figures
    }

    @Test func aTypicalWeek_wakesOncePerBoundary_andRelocksOnTheSecond() throws {
        let figures = try Self.simulate()
        let boundaries = Set(figures.boundaries), actions = Set(figures.actions), notes = Set(figures.notifications)
        let atBoundaries = figures.wakeUps.filter(boundaries.contains)
        let echoes = figures.wakeUps.filter { !boundaries.contains($0) && actions.contains($0) }
        let forNotes = figures.wakeUps.filter { !boundaries.contains($0) && !actions.contains($0) && notes.contains($0) }
        let unexplained = figures.wakeUps.filter { !boundaries.contains($0) && !actions.contains($0) && !notes.contains($0) }

        #expect(figures.boundaries.count > 7 * 10, "a week has many boundaries: \(figures.boundaries.count)")
        #expect(Set(atBoundaries) == boundaries, "every boundary wakes the monitor")
        // Besides the boundaries, only the echo of a usage activity registered by an action that
        // unlocks something (iOS fires `intervalDidStart` at once, as its interval starts in the past).
        #expect(
            Set(figures.wakeUps) == boundaries.union(echoes),
            "the monitor wakes at boundaries and unlocks only: \(forNotes.count) for notifications, \(unexplained.count) elsewhere")
        #expect(forNotes.isEmpty && unexplained.isEmpty)
        #expect(
            figures.notifications.count >= 7 * 3 && Set(figures.notifications).isSubset(of: Set(figures.shown)),
            "every notification is shown at its instant with Threshold not running: \(Set(figures.notifications).subtracting(figures.shown).sorted())"
        )
        #expect(figures.mismatches == 0)
        #expect(
            figures.relockErrors.count >= 7 * 5 && figures.relockErrors.allSatisfy { $0 == 0 }, "re-lock errors: \(figures.relockErrors)")

        // The table for Benchmarks/README.md.
        let clock = Clockwork(timeZone: Self.zone)
        func perDay(_ dates: [Date]) -> [LocalDate: Int] { Dictionary(grouping: dates) { clock.localDate(of: $0) }.mapValues(\.count) }
        let columns = [figures.boundaries, figures.wakeUps, atBoundaries, forNotes, echoes].map(perDay)
        var lines = [
            "day | boundaries (minimum) | monitor wake-ups | at boundaries | for notifications | at the app's own reconciles | wake-ups at boundaries ÷ minimum"
        ]
        for offset in 0..<7 {
            let day = clock.localDate(of: Self.week.start).adding(days: offset)
            let counts = columns.map { $0[day] ?? 0 }
            lines.append(
                "\(day.weekday) \(day) | " + counts.map(String.init).joined(separator: " | ")
                    + " | " + String(format: "%.2f", Double(counts[2]) / Double(max(1, counts[0]))))
        }
        let totals = [figures.boundaries, figures.wakeUps, atBoundaries, forNotes, echoes].map(\.count)
        lines.append(
            "week | " + totals.map(String.init).joined(separator: " | ") + " | "
                + String(format: "%.2f", Double(totals[2]) / Double(totals[0])))
        lines.append("re-lock error: \(figures.relockErrors.count) deadlines, max \(Int(figures.relockErrors.max() ?? 0)) s")
        lines.append(
            "notifications: due at \(Set(figures.notifications).count) instants, each shown then; \(figures.shown.count) shown in all (with those of the person's actions)"
        )
        print(lines.joined(separator: "\n"))
    }

    /// The same set-up planned the naive way: within the limit, but Sleep ends at midnight.
    @Test func theNaivePlan_forTheWeeksSetUp_cutsSleepAtMidnight() throws {
        let evening = at("2026-11-23 19:52")
        let state = try Self.setup.with(
            sessions: [
                .make(
                    "s", profile: "deep", start: at("2026-11-23 19:30"), plan: .goal(minutes: 60),
                    breaks: [.make("b", from: at("2026-11-23 19:50"), minutes: 5)])
            ],
            grants: [.make("g", from: at("2026-11-23 19:45"), minutes: 10)])
        let plan = NaivePlanner.plan(state, at: evening, calendar: calendar())
        let report = NaivePlanner.Report(plan)
        #expect(report.activities == 2 + 1 + 1 + 1 + 3, "two schedules, the session, its break, the grant, three intentions")
        #expect(report.fits && report.cutAtMidnight == 1)

        // iOS (the simulator's DeviceActivity centre) ends the naive Sleep activity at 00:00.
        var centre = DeviceActivityCentre()
        let sleep = try #require(plan.first { $0.name.hasSuffix("sleep.night") })
        try centre.startMonitoring(sleep, at: evening, timeZone: Self.zone)
        centre.fireDue(through: at("2026-11-24 07:00"), timeZone: Self.zone)
        let ends = centre.takeFired().filter { $0.kind == .intervalDidEnd }.map(\.at)
        #expect(ends.first == at("2026-11-24 00:00"), "Sleep lifted at midnight, 6 h 30 min early: \(ends)")
    }
}
