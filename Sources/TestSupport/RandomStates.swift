import Foundation
import ThresholdCore

/// A random but valid world for property tests: a state, an instant and a time zone, drawn
/// around DST changes and in zones with odd offsets, from a small token universe so that
/// restrictions overlap often.
public struct RandomWorld: Sendable, CustomStringConvertible {
    public let state: ThresholdState
    public let now: Date
    public let calendar: Calendar

    public var description: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = (try? encoder.encode(state)).flatMap { String(data: $0, encoding: .utf8) } ?? "?"
        return "now=\(now.timeIntervalSince1970) zone=\(calendar.timeZone.identifier) state=\(json)"
    }

    public static let apps = (0..<10).map { AppToken("app\($0)") }
    public static let categories = (0..<3).map { CategoryToken("cat\($0)") }
    public static let webDomains = (0..<3).map { WebDomainToken("web\($0)") }
    /// An app no restriction selects, in `categories[0]`: it is shielded only by allow lists,
    /// the tutorial or a category.
    public static let stranger = AppToken("stranger")

    static let zones = ["America/New_York", "UTC", "Australia/Lord_Howe", "Asia/Kathmandu", "Europe/London", "Pacific/Chatham"]
    /// Days with DST changes in several of the zones above, and an ordinary one.
    static let anchors = ["2026-03-08", "2026-03-29", "2026-10-04", "2026-11-01", "2026-11-21"]

    public static func draw<G: RandomNumberGenerator>(using rng: inout G) -> RandomWorld {
        let calendar = Calendar.gregorian(in: TimeZone(identifier: zones.randomElement(using: &rng)!)!)
        let clock = Clockwork(calendar: calendar)
        let anchor = try! LocalDate(parsing: anchors.randomElement(using: &rng)!)
        let base = clock.startOfDay(anchor)
        func instant(_ rng: inout G) -> Date {
            base.addingTimeInterval(TimeInterval(Int.random(in: -2 * 86_400...3 * 86_400, using: &rng) / 60 * 60))
        }
        func selection(_ rng: inout G, allowList: Bool) -> Selection {
            var s = Selection(applications: Set(apps.filter { _ in Int.random(in: 0..<4, using: &rng) == 0 }))
            if !allowList {
                s.categories = Set(categories.filter { _ in Int.random(in: 0..<5, using: &rng) == 0 })
            }
            s.webDomains = Set(webDomains.filter { _ in Int.random(in: 0..<4, using: &rng) == 0 })
            if !allowList && s.isEmpty { s.applications = [apps.randomElement(using: &rng)!] }
            return s
        }
        func rituals(_ rng: inout G) -> Set<RitualKind> {
            Set(RitualKind.allCases.filter { _ in Bool.random(using: &rng) })
        }
        func policy(_ rng: inout G) -> UnlockPolicy {
            try! UnlockPolicy(rituals: rituals(&rng), windowMinutes: Int.random(in: 1...30, using: &rng))
        }

        var profiles: [Profile] = []
        for index in 0..<Int.random(in: 0...4, using: &rng) {
            let allowList = Int.random(in: 0..<5, using: &rng) == 0
            let path = Pathway.allCases.randomElement(using: &rng)!
            let schedules = (0..<Int.random(in: 0...2, using: &rng)).map { n -> Schedule in
                let start = Int.random(in: 0..<(24 * 4), using: &rng) * 15
                var end = Int.random(in: 0..<(24 * 4), using: &rng) * 15
                if end == start { end = (start + 60) % (24 * 60) }
                if path.isSessionPath {
                    // A scheduled session lasts 20 minutes to 12 hours (SessionLimits).
                    let length = (end - start + 24 * 60) % (24 * 60)
                    end = (start + min(max(length, 30), 12 * 60)) % (24 * 60)
                }
                return try! Schedule(
                    id: ScheduleID("s\(n)"),
                    weekdays: Set(Weekday.allCases.filter { _ in Int.random(in: 0..<3, using: &rng) > 0 }).union([
                        Weekday.allCases.randomElement(using: &rng)!
                    ]),
                    start: try! LocalTime(hour: start / 60, minute: start % 60),
                    end: try! LocalTime(hour: end / 60, minute: end % 60))
            }
            profiles.append(
                try! Profile(
                    id: ProfileID("p\(index)"), name: "Profile \(index)", emoji: "🎯",
                    path: path,
                    selection: selection(&rng, allowList: allowList), listMode: allowList ? .allowList : .blockList,
                    strictness: Strictness.allCases.randomElement(using: &rng)!, unlockPolicy: policy(&rng),
                    breakPolicy: .fivePerHour, schedules: schedules))
        }
        let gates = (0..<Int.random(in: 0...2, using: &rng)).map { index in
            try! Gate(
                id: GateID("g\(index)"), name: "Gate \(index)", path: .selah, selection: selection(&rng, allowList: false),
                strictness: Strictness.allCases.randomElement(using: &rng)!, unlockPolicy: policy(&rng))
        }
        let intentions = apps.shuffled(using: &rng).prefix(Int.random(in: 0...2, using: &rng)).enumerated().map { index, app in
            try! Intention(
                id: IntentionID("i\(index)"), app: app, opensPerDay: Int.random(in: 1...3, using: &rng),
                minutesPerOpen: Int.random(in: 1...15, using: &rng))
        }

        var sessions: [Session] = []
        var usedSpans = Set<OccurrenceKey>()
        var breakCount = 0
        for index in 0..<(profiles.isEmpty ? 0 : Int.random(in: 0...4, using: &rng)) {
            let profile = profiles.randomElement(using: &rng)!
            let start = instant(&rng)
            let plan: SessionPlan
            switch Int.random(in: 0..<3, using: &rng) {
            case 0: plan = .goal(minutes: Int.random(in: 5...120, using: &rng))
            case 1: plan = .until(start.addingTimeInterval(TimeInterval(Int.random(in: 15...600, using: &rng) * 60)))
            default: plan = .openEnded
            }
            var occurrence: OccurrenceKey?
            if let schedule = profile.schedules.first, Bool.random(using: &rng) {
                let key = OccurrenceKey(profileID: profile.id, scheduleID: schedule.id, day: clock.localDate(of: start))
                if usedSpans.insert(key).inserted { occurrence = key }
            }
            var breaks: [Break] = []
            var cursor = start
            for _ in 0..<Int.random(in: 0...2, using: &rng) {
                let begin = cursor.addingTimeInterval(TimeInterval(Int.random(in: 0...120, using: &rng) * 60))
                let length = TimeInterval(Int.random(in: 1...30, using: &rng) * 60)
                breakCount += 1
                breaks.append(try! Break(id: BreakID("b\(breakCount)"), start: begin, end: begin.addingTimeInterval(length)))
                cursor = begin.addingTimeInterval(length)
            }
            let ending: Session.Ending? =
                Int.random(in: 0..<3, using: &rng) == 0
                ? .init(at: start.addingTimeInterval(TimeInterval(Int.random(in: 0...600, using: &rng) * 60)), state: .gaveUp)
                : nil
            sessions.append(
                try! Session(
                    id: SessionID("x\(index)"), profileID: profile.id,
                    origin: SessionOrigin.allCases.randomElement(using: &rng)!, start: start, plan: plan,
                    occurrence: occurrence, breaks: breaks, ending: ending))
        }

        var grants: [Grant] = []
        for index in 0..<Int.random(in: 0...5, using: &rng) {
            let start = instant(&rng)
            let end = start.addingTimeInterval(TimeInterval(Int.random(in: 1...120, using: &rng) * 60))
            if let intention = intentions.randomElement(using: &rng), Int.random(in: 0..<3, using: &rng) == 0 {
                grants.append(
                    try! Grant(
                        id: GrantID("o\(index)"), scope: .token(.app(intention.app)), start: start, end: end,
                        origin: .intentionOpen(intention.id)))
                continue
            }
            let scope: GrantScope
            switch Int.random(in: 0..<4, using: &rng) {
            case 0: scope = .allGated
            case 1: scope = .token(.category(categories.randomElement(using: &rng)!))
            case 2: scope = .token(.webDomain(webDomains.randomElement(using: &rng)!))
            default: scope = .token(.app(apps.randomElement(using: &rng)!))
            }
            grants.append(
                try! Grant(
                    id: GrantID("r\(index)"), scope: scope, start: start, end: end,
                    origin: .ritual(RitualKind.allCases.randomElement(using: &rng)!)))
        }
        let freezes = Set((0..<Int.random(in: 0...2, using: &rng)).map { _ in anchor.adding(days: Int.random(in: -2...3, using: &rng)) })
        let tutorial = Int.random(in: 0..<6, using: &rng) == 0 ? Tutorial(startedAt: instant(&rng)) : nil
        let state = try! ThresholdState(
            profiles: profiles, gates: gates, intentions: intentions, sessions: sessions,
            grants: grants, streakFreezeDays: freezes, tutorial: tutorial)
        return RandomWorld(state: state, now: instant(&rng), calendar: calendar)
    }
}

extension ThresholdState {
    /// The same state with every collection in another order (sets rebuilt from shuffled arrays).
    public func shuffled<G: RandomNumberGenerator>(using rng: inout G) -> ThresholdState {
        func reselect(_ s: Selection) -> Selection {
            Selection(
                applications: Set(s.applications.shuffled(using: &rng)), categories: Set(s.categories.shuffled(using: &rng)),
                webDomains: Set(s.webDomains.shuffled(using: &rng)))
        }
        let profiles = self.profiles.shuffled(using: &rng).map { p in
            try! Profile(
                id: p.id, name: p.name, emoji: p.emoji, path: p.path, selection: reselect(p.selection), listMode: p.listMode,
                strictness: p.strictness, unlockPolicy: p.unlockPolicy, breakPolicy: p.breakPolicy,
                schedules: p.schedules.shuffled(using: &rng), headsUpMinutes: p.headsUpMinutes, strict: p.strict, isRest: p.isRest)
        }
        let gates = self.gates.shuffled(using: &rng).map { g in
            try! Gate(
                id: g.id, name: g.name, path: g.path, selection: reselect(g.selection), strictness: g.strictness,
                unlockPolicy: g.unlockPolicy)
        }
        let sessions = self.sessions.shuffled(using: &rng).map { s in
            try! Session(
                id: s.id, profileID: s.profileID, origin: s.origin, start: s.start, plan: s.plan, occurrence: s.occurrence,
                breaks: s.breaks.shuffled(using: &rng), ending: s.ending)
        }
        return try! ThresholdState(
            profiles: profiles, gates: gates, intentions: intentions.shuffled(using: &rng), sessions: sessions,
            grants: grants.shuffled(using: &rng), streakFreezeDays: Set(streakFreezeDays.shuffled(using: &rng)),
            tutorial: tutorial)
    }
}
