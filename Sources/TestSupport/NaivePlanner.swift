import Foundation
import ThresholdCore

/// The plan a peer app makes, for comparison with ``ActivityPlanner``: one DeviceActivity
/// activity per thing that has a time, each written with times of day only.
///
/// - each schedule: one repeating activity from its start to its end time (the weekday is
///   checked in the callback);
/// - each grant and each break: one activity from its start to its end time, its start moved
///   back to make the 15 minutes iOS requires when it is shorter;
/// - each running session with a planned end or a goal: one activity to it;
/// - each intention: one repeating activity over the day, to carry its usage event and reset
///   its count at midnight.
///
/// Gates need none (they never change by time). Time-only components wrap at midnight: iOS ends
/// an interval whose end time is not after its start time at 00:00 (PLATFORM.md), so every
/// overnight schedule, grant or break is cut short there.
public enum NaivePlanner {
    /// The activities the naive plan registers for `state`, as of `now`.
    public static func plan(_ state: ThresholdState, at now: Date, calendar: Calendar) -> [ActivityRegistration] {
        let clock = Clockwork(timeZone: calendar.timeZone)
        func moment(_ instant: Date) -> ActivityMoment {
            let seconds = clock.secondsIntoDay(of: instant.roundedUpToSecond)
            return .timeOnly(hour: seconds / 3_600, minute: seconds / 60 % 60, second: seconds % 60)
        }
        func window(_ name: String, from start: Date, to end: Date) -> ActivityRegistration {
            let start = min(start, end.addingTimeInterval(-ActivityPlanner.minimumInterval))
            return ActivityRegistration(name: name, start: moment(start), end: moment(end))
        }
        var plan: [ActivityRegistration] = []
        for profile in state.profiles {
            for schedule in profile.schedules {
                plan.append(
                    ActivityRegistration(
                        name: "naive.schedule.\(profile.id).\(schedule.id)",
                        start: .timeOnly(hour: schedule.start.hour, minute: schedule.start.minute),
                        end: .timeOnly(hour: schedule.end.hour, minute: schedule.end.minute), repeats: true))
            }
        }
        for session in state.sessions where session.ending == nil {
            if let end = session.plannedEnd ?? session.goalInstant, end > now {
                plan.append(window("naive.session.\(session.id)", from: session.start, to: end))
            }
            for pause in session.breaks where pause.end > now {
                plan.append(window("naive.break.\(pause.id)", from: pause.start, to: pause.end))
            }
        }
        for grant in state.grants where grant.end > now {
            plan.append(window("naive.grant.\(grant.id)", from: grant.start, to: grant.end))
        }
        for intention in state.intentions {
            plan.append(
                ActivityRegistration(
                    name: "naive.intention.\(intention.id)", start: .timeOnly(hour: 0, minute: 0),
                    end: .timeOnly(hour: 23, minute: 59, second: 59), repeats: true))
        }
        return plan
    }

    /// Whether iOS cuts the activity's interval at midnight: times of day only, and the end not
    /// after the start.
    public static func isCutAtMidnight(_ registration: ActivityRegistration) -> Bool {
        guard !registration.start.hasFullDate, !registration.end.hasFullDate else { return false }
        func seconds(_ moment: ActivityMoment) -> Int { moment.hour * 3_600 + moment.minute * 60 + moment.second }
        return seconds(registration.end) <= seconds(registration.start)
    }

    /// The naive plan's figures beside the limit iOS sets.
    public struct Report: Hashable, Sendable, CustomStringConvertible {
        /// Activities the naive plan needs.
        public let activities: Int
        /// Those iOS refuses (`excessiveActivities`) past the 20 it monitors.
        public let refused: Int
        /// Activities whose interval iOS ends at 00:00 instead of at their end.
        public let cutAtMidnight: Int

        public init(_ plan: [ActivityRegistration]) {
            activities = plan.count
            refused = max(0, plan.count - ActivityPlanner.maximumActivities)
            cutAtMidnight = plan.filter(NaivePlanner.isCutAtMidnight).count
        }

        public var fits: Bool { refused == 0 }

        public var description: String {
            "\(activities) activities (\(fits ? "fits" : "\(refused) over iOS's \(ActivityPlanner.maximumActivities)")), \(cutAtMidnight) cut at midnight"
        }
    }
}
