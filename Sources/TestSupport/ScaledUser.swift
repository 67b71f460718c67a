import Foundation
import ThresholdCore

/// A heavy real user's set-up, scaled up to any number of rules: the workload of the benchmarks.
///
/// ## What a rule is
/// One thing the engine weighs on its own: a **profile** (with its schedules, or with its live
/// session), a **gate**, an **intention** or a **grant**. Rules come in blocks of ten, in this
/// order, so the first rules of a small size are the ones a real person sets up first:
///
/// | # | rule | as a person has it |
/// |---|------|--------------------|
/// | 0 | profile “Sleep” | every day 22:30–06:30 (overnight), key path, firm |
/// | 1 | profile “Work” | weekdays 09:00–17:00, earned access, one 5-minute break an hour, 3 apps and a category |
/// | 2 | gate “Selah” | prayer unlocks 10 minutes; 2 apps and a website |
/// | 3 | intention | 3 opens a day of 5 minutes |
/// | 4 | grant | a prayer, 10 minutes, started 5 minutes ago (lifts every gate that accepts prayer) |
/// | 5 | profile “Evening” | two schedules: weekdays 19:00–21:00 and weekends 10:00–12:00 |
/// | 6 | intention | 3 opens a day of 5 minutes |
/// | 7 | profile “Deep work” | a Present session started 20 minutes ago, 45-minute goal, with a 5-minute break 10 minutes ahead |
/// | 8 | gate “Challenge” | math or tic-tac-toe unlock 5 minutes |
/// | 9 | grant | an open of rule 3's intention, started 2 minutes ago |
///
/// So a block holds 4 profiles (4 schedules, 1 session with 1 break), 2 gates, 2 intentions and
/// 2 grants. Every rule selects its own apps, so the shield grows with the rules; block *k*'s
/// schedules start *7k mod 60* minutes after the hour above, so a large set-up has many
/// distinct boundaries (the hard case for the planner) rather than the same few repeated.
/// Tokens are 96 bytes, about what an encoded `ApplicationToken` takes, so stored rows and JSON
/// are of realistic size.
///
/// The set-up is evaluated at ``now``: Tuesday 24 November 2026, 10:20 in New York, inside the
/// workday, with the session running and the grants valid.
public enum ScaledUser {
    /// Tuesday 2026-11-24 10:20 America/New_York.
    public static let now = at("2026-11-24 10:20")
    /// Gregorian, America/New_York.
    public static let calendar = TestSupport.calendar()
    /// The sizes the benchmarks run at.
    public static let sizes = [1, 10, 100, 1_000, 10_000]

    /// The set-up with exactly `rules` rules, valid, the same on every call.
    public static func state(rules: Int, now: Date = ScaledUser.now) -> ThresholdState {
        precondition(rules >= 0, "a set-up has zero rules or more")
        var profiles: [Profile] = [], gates: [Gate] = [], intentions: [Intention] = []
        var sessions: [Session] = [], grants: [Grant] = []
        for index in 0..<rules {
            let block = index / 10
            let name = "r\(index)"
            // Minutes of the day, moved later by the block's offset.
            func schedule(_ id: ScheduleID, _ days: Set<Weekday>, _ start: Int, _ end: Int) -> Schedule {
                func time(_ minutes: Int) -> LocalTime {
                    let shifted = (minutes + block * 7 % 60) % (24 * 60)
                    return try! LocalTime(hour: shifted / 60, minute: shifted % 60)
                }
                return try! Schedule(id: id, weekdays: days, start: time(start), end: time(end))
            }
            switch index % 10 {
            case 0:
                profiles.append(
                    .make(
                        ProfileID(name), name: "Sleep \(block)", emoji: "🌙", path: .key,
                        selection: apps(name, 3), strictness: .firm,
                        schedules: [schedule("night", Set(Weekday.allCases), 22 * 60 + 30, 6 * 60 + 30)]))
            case 1:
                var selection = apps(name, 3)
                selection.categories = [CategoryToken(data: token("social-\(block)"))]
                profiles.append(
                    .make(
                        ProfileID(name), name: "Work \(block)", emoji: "💼", path: .earnedAccess,
                        selection: selection, unlockPolicy: .earnedAccess, breakPolicy: .fivePerHour,
                        schedules: [schedule("workday", weekdays, 9 * 60, 17 * 60)]))
            case 2:
                var selection = apps(name, 2)
                selection.webDomains = [WebDomainToken(data: token("\(name)-web"))]
                gates.append(.make(GateID(name), name: "Selah \(block)", path: .selah, selection: selection, unlockPolicy: .prayer))
            case 3, 6:
                intentions.append(
                    try! Intention(
                        id: IntentionID(name), app: AppToken(data: token("\(name)-0")),
                        opensPerDay: 3, minutesPerOpen: 5))
            case 4:
                grants.append(.make(GrantID(name), .allGated, from: now.adding(minutes: -5), minutes: 10, origin: .ritual(.prayer)))
            case 5:
                profiles.append(
                    .make(
                        ProfileID(name), name: "Evening \(block)", emoji: "🌆", path: .key, selection: apps(name, 2),
                        schedules: [
                            schedule("weeknight", weekdays, 19 * 60, 21 * 60),
                            schedule("weekend", [.saturday, .sunday], 10 * 60, 12 * 60),
                        ]))
            case 7:
                profiles.append(
                    .make(
                        ProfileID(name), name: "Deep work \(block)", emoji: "🌿", path: .present,
                        selection: apps(name, 2), breakPolicy: .fivePerHour))
                let start = now.adding(minutes: -20)
                sessions.append(
                    .make(
                        SessionID("\(name)-session"), profile: ProfileID(name), start: start,
                        plan: .goal(minutes: 45),
                        breaks: [.make(BreakID("\(name)-break"), from: now.adding(minutes: 10), minutes: 5)]))
            case 8:
                gates.append(
                    .make(
                        GateID(name), name: "Challenge \(block)", path: .challenge, selection: apps(name, 2),
                        unlockPolicy: .challenge))
            default:
                let intention = IntentionID("r\(block * 10 + 3)")
                grants.append(
                    .make(
                        GrantID(name), .token(.app(AppToken(data: token("\(intention)-0")))),
                        from: now.adding(minutes: -2), minutes: 5, origin: .intentionOpen(intention)))
            }
        }
        return .make(profiles: profiles, gates: gates, intentions: intentions, sessions: sessions, grants: grants)
    }

    /// How many of each kind of rule `state(rules:)` holds.
    public static func census(_ state: ThresholdState) -> (profiles: Int, schedules: Int, gates: Int, intentions: Int, grants: Int) {
        (
            state.profiles.count, state.profiles.reduce(0) { $0 + $1.schedules.count }, state.gates.count,
            state.intentions.count, state.grants.count
        )
    }

    private static let weekdays: Set<Weekday> = [.monday, .tuesday, .wednesday, .thursday, .friday]

    /// `count` apps of their own for the rule `name`.
    private static func apps(_ name: String, _ count: Int) -> Selection {
        Selection(applications: Set((0..<count).map { AppToken(data: token("\(name)-\($0)")) }))
    }

    /// A 96-byte token that still reads as its name.
    static func token(_ name: String) -> Data {
        var bytes = Data(name.utf8)
        bytes.append(Data(repeating: UInt8(ascii: "."), count: max(0, 96 - bytes.count)))
        return bytes
    }
}

extension ScaledUser {
    /// The planner's scale check (`Benchmarks/Sources/scale-check`): 100 profiles × 5 random
    /// schedules, each profile shielding an app of its own (`app0`…`app99`); 200 intentions with
    /// opens (`intended0`…`intended199`); 50 grants started at random over the fortnight from
    /// `start` (every other one an intention's open). Seeded, so the same every run.
    public static func fortnight(from start: Date) -> ThresholdState {
        var rng = SplitMix64(seed: 2026)
        let profiles = (0..<100).map { p -> Profile in
            let schedules = (0..<5).map { s -> Schedule in
                let begin = Int.random(in: 0..<(24 * 12), using: &rng) * 5
                let length = Int.random(in: 4...(12 * 10), using: &rng) * 5
                let end = (begin + length) % (24 * 60)
                let days = Set(Weekday.allCases.filter { _ in Bool.random(using: &rng) })
                return try! Schedule(
                    id: ScheduleID("s\(s)"), weekdays: days.isEmpty ? [.monday] : days,
                    start: LocalTime(hour: begin / 60, minute: begin % 60), end: LocalTime(hour: end / 60, minute: end % 60))
            }
            return .make(ProfileID("p\(p)"), selection: .apps("app\(p)"), unlockPolicy: .prayer, schedules: schedules)
        }
        let intentions = (0..<200).map { Intention.make(IntentionID("i\($0)"), app: "intended\($0)", opens: 3, minutes: 5) }
        let grants = (0..<50).map { g -> Grant in
            let at = start.addingTimeInterval(TimeInterval(Int.random(in: 0..<(14 * 86_400), using: &rng)))
            return g % 2 == 0
                ? .make(GrantID("o\(g)"), .app("intended\(g)"), from: at, minutes: 5, origin: .intentionOpen(IntentionID("i\(g)")))
                : .make(GrantID("g\(g)"), from: at, minutes: Int.random(in: 1...60, using: &rng))
        }
        return .make(profiles: profiles, intentions: intentions, grants: grants)
    }
}
