import Foundation

/// The limits on emergency unlocks. Deliberately frictional: a long hold, a typed reason, few
/// uses, a pause between them.
public struct EmergencyPolicy: Hashable, Codable, Sendable {
    /// Seconds the button must be held.
    public let holdSeconds: Int
    /// Letters the reason must have at least.
    public let minimumReasonLength: Int
    /// Uses per local calendar day.
    public let perDay: Int
    /// Uses in any 7 × 24 hours.
    public let perWeek: Int
    /// Minutes after one use before the next.
    public let cooldownMinutes: Int
    /// Minutes an emergency unlock lasts.
    public let minutes: Int

    public init(
        holdSeconds: Int = 10, minimumReasonLength: Int = 20, perDay: Int = 1, perWeek: Int = 3,
        cooldownMinutes: Int = 120, minutes: Int = 10
    ) throws {
        let subject = "emergency unlocks"
        guard (3...60).contains(holdSeconds) else { throw ValidationError(subject, .outOfRange(.emergencyHoldSeconds, value: holdSeconds)) }
        guard (10...200).contains(minimumReasonLength) else {
            throw ValidationError(subject, .outOfRange(.emergencyReasonLength, value: minimumReasonLength))
        }
        guard (1...5).contains(perDay) else {
            throw ValidationError(subject, .outOfRange(.emergencyPerDay, value: perDay))
        }
        guard (perDay...20).contains(perWeek) else {
            throw ValidationError(subject, .emergencyPerWeek(perDay: perDay, perWeek: perWeek))
        }
        guard (0...1_440).contains(cooldownMinutes) else {
            throw ValidationError(subject, .outOfRange(.emergencyCooldownMinutes, value: cooldownMinutes))
        }
        guard (1...30).contains(minutes) else { throw ValidationError(subject, .outOfRange(.emergencyMinutes, value: minutes)) }
        self.holdSeconds = holdSeconds
        self.minimumReasonLength = minimumReasonLength
        self.perDay = perDay
        self.perWeek = perWeek
        self.cooldownMinutes = cooldownMinutes
        self.minutes = minutes
    }

    public static let standard = try! EmergencyPolicy()

    private enum CodingKeys: String, CodingKey { case holdSeconds, minimumReasonLength, perDay, perWeek, cooldownMinutes, minutes }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let d = EmergencyPolicy.standard
        let hold = try c.decodeIfPresent(Int.self, forKey: .holdSeconds) ?? d.holdSeconds
        let reason = try c.decodeIfPresent(Int.self, forKey: .minimumReasonLength) ?? d.minimumReasonLength
        let day = try c.decodeIfPresent(Int.self, forKey: .perDay) ?? d.perDay
        let week = try c.decodeIfPresent(Int.self, forKey: .perWeek) ?? d.perWeek
        let cooldown = try c.decodeIfPresent(Int.self, forKey: .cooldownMinutes) ?? d.cooldownMinutes
        let minutes = try c.decodeIfPresent(Int.self, forKey: .minutes) ?? d.minutes
        self = try validatingDecode(decoder) {
            try EmergencyPolicy(
                holdSeconds: hold, minimumReasonLength: reason, perDay: day, perWeek: week,
                cooldownMinutes: cooldown, minutes: minutes)
        }
    }
}

/// How many emergency unlocks remain and when the next returns: shown whether or not one is
/// available.
public struct EmergencyAllowance: Hashable, Sendable {
    public let usedToday: Int
    public let perDay: Int
    public let usedThisWeek: Int
    public let perWeek: Int
    public let eligibility: Eligibility

    public var remainingToday: Int { max(0, min(perDay - usedToday, perWeek - usedThisWeek)) }
    public var remainingThisWeek: Int { max(0, perWeek - usedThisWeek) }
    /// When the next use returns, if none is available now.
    public var nextAvailableAt: Date? { eligibility.availableAt }

    /// The allowance at `now`, given the instants of earlier uses. A day is the local calendar
    /// day; a week is the last 7 × 24 hours. When several limits bind, the latest return wins.
    public init(uses: [Date], policy: EmergencyPolicy, at now: Date, timeZone: TimeZone) {
        let clock = Clockwork(timeZone: timeZone)
        let today = clock.localDate(of: now)
        let week = uses.filter { $0 <= now && now.timeIntervalSince($0) < 7 * 86_400 }.sorted()
        let todays = week.filter { clock.localDate(of: $0) == today }
        usedToday = todays.count
        perDay = policy.perDay
        usedThisWeek = week.count
        perWeek = policy.perWeek

        var reasons: [DisabledReason] = []
        if todays.count >= policy.perDay {
            reasons.append(.dailyLimit(used: todays.count, limit: policy.perDay, returnsAt: clock.startOfDay(today.adding(days: 1))))
        }
        if week.count >= policy.perWeek {
            // The use that must drop out of the window for one to return.
            let index = week.count - policy.perWeek
            reasons.append(.weeklyLimit(used: week.count, limit: policy.perWeek, returnsAt: week[index].addingTimeInterval(7 * 86_400)))
        }
        if let last = week.last, now.timeIntervalSince(last) < TimeInterval(policy.cooldownMinutes * 60) {
            reasons.append(.cooldown(until: last.addingTimeInterval(TimeInterval(policy.cooldownMinutes * 60))))
        }
        eligibility =
            reasons.max { ($0.availableAt ?? .distantFuture) < ($1.availableAt ?? .distantFuture) }
            .map(Eligibility.unavailable) ?? .available
    }
}

/// An emergency unlock: hold the button for the full time, then type why.
public struct EmergencyUnlock: Hashable, Sendable {
    public enum Step: Hashable, Sendable {
        /// Press and hold.
        case hold
        /// Being held since `since`.
        case holding(since: ClockReading)
        /// Held long enough: now the reason.
        case reason
        case completed
    }

    public enum HoldOutcome: Hashable, Sendable {
        /// Held the full time; on to the reason.
        case held
        /// Let go after `held` of `needed` seconds; hold again from the start.
        case tooShort(held: TimeInterval, needed: Int)
        /// The clock moved while holding; hold again.
        case clockMoved
        /// Not holding (or not at that step).
        case notHolding
    }

    public enum ReasonOutcome: Hashable, Sendable {
        case completed
        /// Fewer letters than the policy asks for.
        case tooShort(letters: Int, needed: Int)
        /// A reason is a few words, not one long one or a repeated key.
        case notASentence
        /// Not at the reason step.
        case notAsking
    }

    public let terms: UnlockTerms
    public let policy: EmergencyPolicy
    public private(set) var step: Step = .hold
    public private(set) var reason: String?
    public private(set) var completedAt: Date?

    public init(terms: UnlockTerms, policy: EmergencyPolicy) {
        self.terms = terms
        self.policy = policy
    }

    public mutating func pressHold(at moment: ClockReading) {
        guard step == .hold else { return }
        step = .holding(since: moment)
    }

    /// How long the button has been held, for the ring on screen; `nil` when not holding.
    public func held(at moment: ClockReading) -> TimeInterval? {
        guard case .holding(let since) = step else { return nil }
        return moment.elapsed(since: since)
    }

    public mutating func releaseHold(at moment: ClockReading) -> HoldOutcome {
        guard case .holding(let since) = step else { return .notHolding }
        guard let held = moment.elapsed(since: since) else {
            step = .hold
            return .clockMoved
        }
        guard held >= TimeInterval(policy.holdSeconds) else {
            step = .hold
            return .tooShort(held: held, needed: policy.holdSeconds)
        }
        step = .reason
        return .held
    }

    /// The person submits their reason.
    public mutating func submit(reason text: String, at instant: Date) -> ReasonOutcome {
        guard step == .reason else { return .notAsking }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let letters = trimmed.filter(\.isLetter).count
        guard letters >= policy.minimumReasonLength else { return .tooShort(letters: letters, needed: policy.minimumReasonLength) }
        let words = trimmed.split(whereSeparator: { $0.isWhitespace }).filter { $0.contains(where: \.isLetter) }
        guard words.count >= 3, Set(trimmed.lowercased().filter(\.isLetter)).count >= 5 else { return .notASentence }
        reason = trimmed
        completedAt = instant
        step = .completed
        return .completed
    }

    /// The grant request and record (with the reason), once held and explained.
    public var completion: RitualCompletion? {
        guard step == .completed, let completedAt, let reason else { return nil }
        return RitualCompletion(
            request: terms.request(.ritual(.emergency), at: completedAt, minutes: policy.minutes),
            detail: .emergency(reason: reason))
    }
}
