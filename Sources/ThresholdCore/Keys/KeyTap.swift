import Foundation

public typealias KeyTapID = Identifier<KeyTap>

/// Why a key link was refused. Nothing else happens: no session starts or ends.
public enum KeyRefusal: Hashable, Codable, Sendable {
    /// No tag with this id was written by this app (or it was deleted).
    case unknownTag
    /// The tag was revoked.
    case revoked(at: Date)
    /// The secret in the link is not the tag's.
    case wrongSecret
    /// The tag's profile no longer exists.
    case profileMissing(ProfileID)
}

/// What a verified tap asks the app to do, decided from the tag's profile.
public enum KeyTapDecision: Hashable, Codable, Sendable {
    /// Nothing of the profile is running: start it.
    case start(ProfileID)
    /// It is running: ask whether to end it or take a break. A tap never ends anything by itself.
    case askEndOrBreak(ActiveProfile)
    /// It is running under locked strictness: show the time remaining; it cannot be ended early.
    case locked(ActiveProfile)

    /// The decision for a tap of a tag of `profileID` at `now`: the profile counts as running
    /// when the engine holds it in force, by a session or a scheduled span.
    public static func decide(for profileID: ProfileID, in state: ThresholdState, at now: Date, calendar: Calendar) -> KeyTapDecision {
        let enforcement = evaluate(state, at: now, calendar: calendar)
        guard let profile = state.profile(profileID), let rule = enforcement.rule(.profile(profileID)) else {
            return .start(profileID)
        }
        var sessions: [SessionID] = [], spans: [OccurrenceKey] = []
        for source in rule.sources {
            switch source {
            case .session(let id): sessions.append(id)
            case .schedule(let key): spans.append(key)
            case .always: break
            }
        }
        let endsAt = rule.endsAt(in: state, clock: Clockwork(calendar: calendar))
        var onBreakUntil: Date?
        if case .onBreak(_, let until) = rule.status { onBreakUntil = until }
        let active = ActiveProfile(
            profileID: profileID, name: profile.name, sessions: sessions, scheduledSpans: spans,
            endsAt: endsAt, breaksAllowed: profile.breakPolicy.allowsBreaks, onBreakUntil: onBreakUntil)
        let stillLocked = profile.strictness == .locked && (endsAt.map { $0 > now } ?? true)
        return stillLocked ? .locked(active) : .askEndOrBreak(active)
    }
}

/// A profile in force when its key was tapped, as the screen asking to end it or take a break shows it.
public struct ActiveProfile: Hashable, Codable, Sendable {
    public let profileID: ProfileID
    public let name: String
    /// The running sessions that hold it in force.
    public let sessions: [SessionID]
    /// The scheduled spans that hold it in force.
    public let scheduledSpans: [OccurrenceKey]
    /// When all of those end by themselves; `nil` when one has no end time (an open-ended session).
    public let endsAt: Date?
    /// Whether the profile allows breaks at all (the break command checks the quota).
    public let breaksAllowed: Bool
    /// The end of the break in progress, if one is.
    public let onBreakUntil: Date?

    /// Seconds left until `endsAt`, for "Locked — 42 min left".
    public func remaining(at now: Date) -> TimeInterval? { endsAt.map { max(0, $0.timeIntervalSince(now)) } }
}

/// An accepted tap of a key tag: what the log keeps and what the screens act on.
public struct KeyTap: Hashable, Codable, Sendable, Identifiable {
    /// Tag id and the second it was tapped; stable across duplicate deliveries, so commands
    /// keyed by it (a session started by this tap) happen once.
    public let id: KeyTapID
    public let tag: KeyTagID
    public let at: Date
    public let decision: KeyTapDecision

    /// Two deliveries of one tag's link this close together are one tap delivered twice (iOS can
    /// hand the same universal link to a scene more than once).
    public static let duplicateWindow: TimeInterval = 10

    public init(tag: KeyTagID, at: Date, decision: KeyTapDecision) {
        self.id = KeyTapID("\(tag.rawValue)@\(Int(at.timeIntervalSince1970.rounded(.down)))")
        self.tag = tag
        self.at = at
        self.decision = decision
    }
}

/// What became of a key link.
public enum KeyTapOutcome: Hashable, Sendable {
    /// A new tap: record it and act on its decision.
    case accepted(KeyTap)
    /// The same tap delivered again: nothing new is recorded; show `tap`'s screen again.
    case duplicate(KeyTap)
    case refused(KeyRefusal)

    /// The outcome for a tap of `tag`, whose secret the caller has already verified, at `now`.
    ///
    /// Refuses a revoked tag or a missing profile; recognises a second delivery of the last
    /// tap; otherwise decides from the tag's profile.
    public static func verified(_ tag: KeyTag, in stored: StoredState, at now: Date, calendar: Calendar) -> KeyTapOutcome {
        if let revokedAt = tag.revokedAt, tag.isRevoked(at: now) { return .refused(.revoked(at: revokedAt)) }
        guard stored.engine.profile(tag.profileID) != nil else { return .refused(.profileMissing(tag.profileID)) }
        if let last = stored.rituals.lastKeyTaps.first(where: { $0.tag == tag.id }),
            abs(now.timeIntervalSince(last.at)) <= KeyTap.duplicateWindow
        {
            return .duplicate(last)
        }
        return .accepted(
            KeyTap(
                tag: tag.id, at: now,
                decision: .decide(for: tag.profileID, in: stored.engine, at: now, calendar: calendar)))
    }
}
