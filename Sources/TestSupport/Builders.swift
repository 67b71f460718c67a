import Foundation
import ThresholdCore

// Builders that read as the behaviour a test sets up. They trap on invalid input: a test that
// builds an impossible fixture is a broken test, not a case to handle.

/// A calendar in a named time zone (default America/New_York), as the device would pass it.
public func calendar(_ identifier: String = "America/New_York") -> Calendar {
    .gregorian(in: TimeZone(identifier: identifier)!)
}

/// An instant from a local wall-clock reading: `at("2026-03-08 01:30")`. Ambiguous readings
/// resolve to the first occurrence and skipped ones to the end of the gap, as the engine does.
public func at(_ text: String, in zone: String = "America/New_York") -> Date {
    let parts = text.split(separator: " ")
    precondition(parts.count == 2, "write instants as yyyy-MM-dd HH:mm[:ss]")
    let fields = parts[1].split(separator: ":").map { Int($0)! }
    let minute = Clockwork(timeZone: TimeZone(identifier: zone)!)
        .instant(of: try! LocalDate(parsing: String(parts[0])), at: try! LocalTime(hour: fields[0], minute: fields[1]))
    return minute.addingTimeInterval(TimeInterval(fields.count > 2 ? fields[2] : 0))
}

public func time(_ text: String) -> LocalTime { try! LocalTime(parsing: text) }
public func day(_ text: String) -> LocalDate { try! LocalDate(parsing: text) }

extension Selection {
    /// A selection of apps by name: `.apps("instagram", "tiktok")`.
    public static func apps(_ names: String...) -> Selection { Selection(applications: Set(names.map(AppToken.init))) }
    public static func apps(_ names: [String]) -> Selection { Selection(applications: Set(names.map(AppToken.init))) }
}

extension Schedule {
    /// `Schedule.on([.monday], "09:00", "17:00")`.
    public static func on(_ weekdays: Set<Weekday>, _ start: String, _ end: String, id: ScheduleID = "main") -> Schedule {
        try! Schedule(id: id, weekdays: weekdays, start: time(start), end: time(end))
    }
}

extension Profile {
    public static func make(
        _ id: ProfileID,
        name: String? = nil,
        emoji: String = "🎯",
        path: Pathway = .key,
        selection: Selection = .apps("instagram"),
        listMode: ListMode = .blockList,
        strictness: Strictness = .gentle,
        unlockPolicy: UnlockPolicy = .none,
        breakPolicy: BreakPolicy = .none,
        schedules: [Schedule] = [],
        headsUpMinutes: Int = Profile.defaultHeadsUpMinutes,
        strict: StrictOptions? = nil
    ) -> Profile {
        try! Profile(
            id: id, name: name ?? id.rawValue.capitalized, emoji: emoji, path: path, selection: selection,
            listMode: listMode, strictness: strictness, unlockPolicy: unlockPolicy, breakPolicy: breakPolicy,
            schedules: schedules, headsUpMinutes: headsUpMinutes, strict: strict)
    }
}

extension Gate {
    public static func make(
        _ id: GateID, name: String? = nil, path: Pathway = .selah, selection: Selection = .apps("instagram"),
        strictness: Strictness = .gentle, unlockPolicy: UnlockPolicy = .prayer
    ) -> Gate {
        try! Gate(
            id: id, name: name ?? id.rawValue.capitalized, path: path, selection: selection,
            strictness: strictness, unlockPolicy: unlockPolicy)
    }
}

extension Session {
    public static func make(
        _ id: SessionID,
        profile: ProfileID,
        origin: SessionOrigin = .manual,
        start: Date,
        plan: SessionPlan = .openEnded,
        occurrence: OccurrenceKey? = nil,
        breaks: [Break] = [],
        ending: Session.Ending? = nil
    ) -> Session {
        try! Session(
            id: id, profileID: profile, origin: origin, start: start, plan: plan, occurrence: occurrence,
            breaks: breaks, ending: ending)
    }
}

extension Break {
    public static func make(_ id: BreakID, from start: Date, minutes: Int) -> Break {
        try! Break(id: id, start: start, end: start.addingTimeInterval(TimeInterval(minutes * 60)))
    }
}

extension Grant {
    public static func make(
        _ id: GrantID, _ scope: GrantScope = .allGated, from start: Date, minutes: Int,
        origin: GrantOrigin = .ritual(.prayer)
    ) -> Grant {
        try! Grant(id: id, scope: scope, start: start, end: start.addingTimeInterval(TimeInterval(minutes * 60)), origin: origin)
    }
}

extension GrantScope {
    public static func app(_ name: String) -> GrantScope { .token(.app(AppToken(name))) }
}

extension Intention {
    public static func make(_ id: IntentionID, app: String, opens: Int = 3, minutes: Int = 5, nickname: String? = nil) -> Intention {
        try! Intention(id: id, app: AppToken(app), opensPerDay: opens, minutesPerOpen: minutes, sharedNickname: nickname)
    }
}

extension ThresholdState {
    public static func make(
        profiles: [Profile] = [], gates: [Gate] = [], intentions: [Intention] = [], sessions: [Session] = [],
        grants: [Grant] = [], streakFreezeDays: Set<LocalDate> = [], tutorial: Tutorial? = nil
    ) -> ThresholdState {
        try! ThresholdState(
            profiles: profiles, gates: gates, intentions: intentions, sessions: sessions, grants: grants,
            streakFreezeDays: streakFreezeDays, tutorial: tutorial)
    }
}

extension ChangeContext {
    /// A change at `now` as a test runs one: the clock trusted, counting ids, Screen Time allowed.
    package static func at(_ now: Date, calendar: Calendar) -> ChangeContext {
        ChangeContext(
            now: now, time: TrustedTime(wall: now, trusted: now), calendar: calendar, ids: .counting(), screenTimeAuthorized: true)
    }
}

extension Date {
    public func adding(minutes: Double) -> Date { addingTimeInterval(minutes * 60) }
    public func adding(seconds: Double) -> Date { addingTimeInterval(seconds) }
}
