import Foundation

/// How much set-up Threshold keeps, so that no set-up it accepts can make the monitor fail.
///
/// Every monitor callback reads the whole set-up and the recent unlocks and evaluates them, and
/// its heap grows with them (about 1.4 MB per 1,000 of the benchmarks' rules; the extension has
/// about 6 MB for the whole process). The budget keeps the largest accepted state below the
/// benchmarks' 1,600-rule workload in every count it limits (1,280 profiles, gates and
/// intentions; 640 schedules; 2,560 selected items; 320 unlocks), whose callback peaks at the
/// heap measured in `Benchmarks/README.md` (issue 17), under 4 MB on Linux.
/// See `Documentation/SetupBudget.md`.
///
/// A command that makes a count pass its limit, and makes it larger than it was, is refused with
/// a reason the person can act on; anything that keeps or lowers every count (editing, deleting)
/// is accepted, so a state already past the budget (an older backup) can always be brought back.
public enum SetupBudget {
    /// Profiles, gates and intentions together.
    public static let rules = 200
    /// Schedules across all profiles.
    public static let schedules = 200
    /// Apps, categories and websites across every profile's and gate's selection.
    public static let selectedItems = 2_500
    /// Grants (unlocks and intention opens) that end after the start of yesterday: the ones the
    /// store loads into every callback. Older ones are history, out of the working set; the
    /// engine itself prunes them after ``ThresholdState/retention``.
    public static let grants = 300

    /// What the budget counts in a state at an instant.
    public struct Counts: Hashable, Sendable {
        public var rules: Int
        public var schedules: Int
        public var selectedItems: Int
        public var grants: Int
    }

    public static func counts(_ state: ThresholdState, at now: Date, calendar: Calendar) -> Counts {
        Counts(
            rules: state.profiles.count + state.gates.count + state.intentions.count,
            schedules: state.profiles.reduce(0) { $0 + $1.schedules.count },
            // Typed websites count as selected items: the monitor reads them with the rest.
            selectedItems: state.profiles.reduce(0) { $0 + $1.selection.count + $1.strict.blockedWebsites.count }
                + state.gates.reduce(0) { $0 + $1.selection.count },
            grants: recentGrants(state, at: now, calendar: calendar))
    }

    /// Throws, in words the person can act on, when `after` holds more of something than the
    /// budget allows and more of it than `before` did.
    public static func check(_ after: ThresholdState, from before: ThresholdState, at now: Date, calendar: Calendar) throws {
        let was = counts(before, at: now, calendar: calendar), will = counts(after, at: now, calendar: calendar)
        if will.rules > rules, will.rules > was.rules {
            throw ValidationError("set-up", .tooManyRules(limit: rules, have: was.rules))
        }
        if will.schedules > schedules, will.schedules > was.schedules {
            throw ValidationError("set-up", .tooManySchedules(limit: schedules, would: will.schedules))
        }
        if will.selectedItems > selectedItems, will.selectedItems > was.selectedItems {
            throw ValidationError("set-up", .tooManySelected(limit: selectedItems, would: will.selectedItems))
        }
        if will.grants > grants, will.grants > was.grants {
            throw ValidationError("unlock", .tooManyGrants(had: was.grants))
        }
    }

    /// Why nothing more can be added now (a profile, a gate or an intention), for a screen to
    /// show before the person fills in a form; `nil` while there is room.
    public static func additionRefusal(in state: ThresholdState) -> Refusal? {
        let have = state.profiles.count + state.gates.count + state.intentions.count
        return have >= rules ? .tooManyRules(limit: rules, have: have) : nil
    }

    /// Grants that end after the start of yesterday, local time (the store's working set).
    private static func recentGrants(_ state: ThresholdState, at now: Date, calendar: Calendar) -> Int {
        let clock = Clockwork(calendar: calendar)
        let cutoff = clock.startOfDay(clock.localDate(of: now).adding(days: -1))
        return state.grants.reduce(0) { $0 + ($1.end > cutoff ? 1 : 0) }
    }
}
