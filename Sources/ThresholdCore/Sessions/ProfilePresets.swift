import Foundation

/// Key's ready-made profiles (seed 004 "Presets for Work/Study/Sleep"), as onboarding offers
/// them: what each is for, its break allowance and a suggested schedule. The person picks what
/// to block (tokens come only from the Screen Time picker) and may take the schedule or not.
public enum ProfilePreset: String, CaseIterable, Sendable {
    case work
    case study
    case sleep

    public var emoji: String {
        switch self {
        case .work: "💼"
        case .study: "📚"
        case .sleep: "🌙"
        }
    }

    /// Sleep keeps open only what is picked (an allow list); Work and Study block what is picked.
    public var listMode: ListMode { self == .sleep ? .allowList : .blockList }

    /// One 5-minute break an hour for Work and Study; none for Sleep.
    public var breakPolicy: BreakPolicy {
        switch self {
        case .work, .study: .fivePerHour
        case .sleep: .none
        }
    }

    /// Work weekdays 9:00–17:00, Study weekdays 18:00–20:00, Sleep every night 23:00–07:00.
    public var suggestedSchedule: Schedule {
        let (days, start, end): (Set<Weekday>, Int, Int) =
            switch self {
            case .work: (Weekday.weekdays, 9, 17)
            case .study: (Weekday.weekdays, 18, 20)
            case .sleep: (Weekday.everyDay, 23, 7)
            }
        return try! Schedule(
            id: ScheduleID("\(rawValue)-suggested"), weekdays: days,
            start: LocalTime(hour: start), end: LocalTime(hour: end))
    }

    /// The preset as a profile over the person's pick, with or without its suggested schedule.
    /// Sleep, which keeps open only what is picked, defaults to an allow list (``listMode``).
    public func profile(
        id: ProfileID? = nil, named name: String, selection: Selection, listMode: ListMode? = nil,
        withSchedule: Bool = true
    ) throws -> Profile {
        try Profile(
            id: id ?? self.id, name: name, emoji: emoji, path: .key, selection: selection,
            listMode: listMode ?? self.listMode, strictness: .gentle,
            breakPolicy: breakPolicy, schedules: withSchedule ? [suggestedSchedule] : [], isRest: isRest)
    }

    /// The id onboarding gives the preset's profile.
    public var id: ProfileID { ProfileID(rawValue) }

    /// Sleep is rest, not focus: it earns nothing and counts toward no focus figure.
    public var isRest: Bool { self == .sleep }
}
