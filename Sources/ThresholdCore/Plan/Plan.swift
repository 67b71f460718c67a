import Foundation

/// The person's plan: Free, or Threshold Pro by trial, subscription or a billing grace period.
///
/// Only the app sets it, after refreshing from the App Store (``PlanRules/change(to:in:plan:at:calendar:ids:)``);
/// every other process reads it. A date here is what the App Store signed, not a deadline the
/// engine enforces: an extension never ends Pro by itself, so a renewal made while the app was
/// closed never looks like a lapse (the app's next refresh reads the renewal).
public enum PlanStatus: Hashable, Codable, Sendable {
    /// Never subscribed, or a trial skipped with "Not now".
    case free
    /// The 7-day introductory offer, until its signed expiration.
    case trial(until: Date)
    /// A paid subscription, until its signed expiration (it renews past it).
    case pro(until: Date)
    /// A renewal's payment failed and the App Store keeps access while it retries, until then.
    case billingGrace(until: Date)
    /// Pro ended (expired, billing retry past the grace period, refunded or revoked) at this instant.
    case lapsed(since: Date)

    /// Whether Pro's features are on: trial, subscription and billing grace; not Free or lapsed.
    public var includesPro: Bool {
        switch self {
        case .trial, .pro, .billingGrace: true
        case .free, .lapsed: false
        }
    }
}

/// A schedule kept paused: out of its profile (so nothing evaluates it) but kept, with the place
/// it had. The plan pauses the schedules past Free's one, until Pro resumes them or the person
/// chooses one as Free's; the person pauses a profile's own (a preset switched off, seed 004),
/// until they turn it back on. Neither resumes the other's.
public struct PausedSchedule: Hashable, Codable, Sendable {
    public let profileID: ProfileID
    public let schedule: Schedule
    /// Its index among the profile's schedules when it was paused, so a resume puts it back there.
    public let position: Int
    /// Paused by the person (Profiles › "Run … on its schedule"), not by the plan.
    public let byPerson: Bool

    public init(profileID: ProfileID, schedule: Schedule, position: Int, byPerson: Bool = false) {
        self.profileID = profileID
        self.schedule = schedule
        self.position = position
        self.byPerson = byPerson
    }

    private enum CodingKeys: String, CodingKey { case profileID, schedule, position, byPerson }

    /// Reads one saved before the person could pause a schedule: the plan's.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            profileID: try c.decode(ProfileID.self, forKey: .profileID), schedule: try c.decode(Schedule.self, forKey: .schedule),
            position: try c.decode(Int.self, forKey: .position), byPerson: try c.decodeIfPresent(Bool.self, forKey: .byPerson) ?? false)
    }

    public var ref: ScheduleRef { ScheduleRef(profileID: profileID, scheduleID: schedule.id) }
}

/// Names one schedule of one profile.
public struct ScheduleRef: Hashable, Codable, Sendable, CustomStringConvertible {
    public let profileID: ProfileID
    public let scheduleID: ScheduleID

    public init(profileID: ProfileID, scheduleID: ScheduleID) {
        self.profileID = profileID
        self.scheduleID = scheduleID
    }

    public var description: String { "\(profileID)/\(scheduleID)" }
}

/// What the plan keeps in the App Group: its status, the schedules it paused, and what the person
/// was last told about it. A document of ``StoredState``; every field decodes with a default.
public struct PlanRecord: Hashable, Codable, Sendable {
    public var status: PlanStatus = .free
    /// Schedules past Free's one, kept paused (never deleted) until Pro returns or the person swaps one in.
    public var paused: [PausedSchedule] = []
    /// What the app shows about the plan until the person has seen it (a lapse, a refused purchase).
    public var notice: [PlanNotice] = []
    /// When the app last refreshed the plan from the App Store (trusted time).
    public var refreshedAt: Date?

    public init(status: PlanStatus = .free, paused: [PausedSchedule] = [], notice: [PlanNotice] = [], refreshedAt: Date? = nil) {
        self.status = status
        self.paused = paused
        self.notice = notice
        self.refreshedAt = refreshedAt
    }

    /// A fresh install: Free.
    public static let free = PlanRecord()

    /// The schedules the plan paused (past Free's one): Pro and "Keep this one on" resume these only.
    public var pausedByPlan: [PausedSchedule] { paused.filter { !$0.byPerson } }

    /// `profile`'s schedules the person paused (Profiles › "Run … on its schedule").
    public func pausedByPerson(of profile: ProfileID) -> [PausedSchedule] {
        paused.filter { $0.byPerson && $0.profileID == profile }
    }

    private enum CodingKeys: String, CodingKey { case status, paused, notice, refreshedAt }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        status = try c.decodeIfPresent(PlanStatus.self, forKey: .status) ?? .free
        paused = try c.decodeIfPresent([PausedSchedule].self, forKey: .paused) ?? []
        // NB: earlier versions saved the notice's English words.
        if let words = try? c.decodeIfPresent(String.self, forKey: .notice) {
            notice = [.relayed(words)]
        } else {
            notice = try c.decodeIfPresent([PlanNotice].self, forKey: .notice) ?? []
        }
        refreshedAt = try c.decodeIfPresent(Date.self, forKey: .refreshedAt)
    }
}

/// What Threshold Pro adds over Free (seeds 001 and 002): the one list the refusals, the paywall
/// and `Documentation/Pro.md` share.
public enum ProFeature: String, CaseIterable, Hashable, Codable, Sendable {
    /// Locked strictness: a session nothing ends early.
    case beastMode
    /// More than Free's one recurring schedule.
    case moreSchedules
    /// The weekly streak freeze for intentions.
    case streakFreeze

    /// The subject of every refusal that needs Pro (developer-facing).
    public static let refusalSubject = "Threshold Pro"

    /// The refusal of something only Pro does; its words name what Pro adds and where to get it.
    public var refusal: ValidationError { ValidationError(Self.refusalSubject, .needsPro(self)) }

    /// Whether an error is a refusal that needs Pro (so the screen offers the paywall).
    public static func isProRefusal(_ error: ValidationError) -> Bool { error.refusal.needsPro }
}
