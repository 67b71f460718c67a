import Foundation
import Observation
import ThresholdCore

/// The screen a key's tap opens: nothing to show when it started a profile, "End or take a
/// break?" during a session, the time left when locked, or why the link was refused.
@MainActor @Observable
public final class KeyTapModel {
    public enum Phase: Hashable, Sendable {
        case working
        /// The tag's profile was started (or was asked to start and refused, see `problem`).
        case started(ProfileID)
        /// A session is running: the person chooses; nothing ends by itself.
        case choosing(ActiveProfile)
        /// Locked: it cannot end early; shows `remaining`.
        case locked(ActiveProfile)
        case ended(ProfileID)
        case onBreak(ProfileID)
        /// Refused (unknown, revoked or forged key): nothing happened.
        case refused(KeyRefusal)
    }

    public private(set) var phase: Phase = .working
    /// Why the last request was not carried out.
    public private(set) var problem: String?
    let client: RitualClient

    public init(client: RitualClient) { self.client = client }

    /// Handles a key's link. A duplicate delivery of the same tap shows the same screen and
    /// starts nothing twice.
    public func tap(_ tag: KeyTagID, secret: KeySecret) {
        do {
            switch try client.tapKey(tag, secret) {
            case .refused(let reason):
                phase = .refused(reason)
            case .duplicate(let tap):
                show(tap.decision)
            case .accepted(let tap):
                if case .start(let profile) = tap.decision { problem = client.session(.start(profile)) }
                show(tap.decision)
            }
        } catch {
            problem = FeatureModels.problem(error)
        }
    }

    /// Seconds left in a locked profile, for the countdown.
    public var remaining: TimeInterval? {
        guard case .locked(let active) = phase else { return nil }
        return active.remaining(at: client.clock().wall)
    }

    public func end() {
        guard case .choosing(let active) = phase else { return }
        problem = client.session(.end(active.profileID))
        if problem == nil { phase = .ended(active.profileID) }
    }

    public func takeBreak() {
        guard case .choosing(let active) = phase, active.breaksAllowed else { return }
        problem = client.session(.takeBreak(active.profileID))
        if problem == nil { phase = .onBreak(active.profileID) }
    }

    private func show(_ decision: KeyTapDecision) {
        switch decision {
        case .start(let profile): phase = .started(profile)
        case .askEndOrBreak(let active): phase = .choosing(active)
        case .locked(let active): phase = .locked(active)
        }
    }
}
