import FeatureClient
import Foundation
import Observation
import StoreClient
import ThresholdCore

/// The screen a key's tap opens: nothing to show when it started a profile, the choice between
/// ending and a break during a session, the time left when locked, or why the link was refused.
@MainActor @Observable
public final class KeyTapModel {
    public enum Phase: Hashable, Sendable {
        case working
        /// The tag's profile was started.
        case started(ProfileID)
        /// Another profile is on (`running`, "💼 Work"): the tap asks before starting `profile`
        /// (`starting`, "📚 Study") beside it (seed 004: "If a focus session is active, NFC tap ⇒ confirm").
        case confirmingStart(ProfileID, starting: String, running: String)
        /// The tag asked to start its profile and the start was refused (`problem` says why:
        /// no Screen Time access, Beast Mode elsewhere, a set-up limit); nothing started.
        case notStarted(ProfileID)
        /// A session is running: the person chooses; nothing ends by itself.
        case choosing(ActiveProfile)
        /// Locked: it cannot end early; shows `remaining`.
        case locked(ActiveProfile)
        case ended(ProfileID)
        case onBreak(ProfileID)
        /// The break was ended early from the sheet.
        case backToFocus(ProfileID)
        /// Refused (unknown, revoked or forged key): nothing happened.
        case refused(KeyRefusal)
        /// The tap could not be read against the saved data (`problem` says why, and what helps):
        /// nothing happened, and the sheet waits for nothing more.
        case failed
    }

    public private(set) var phase: Phase = .working
    /// The started profile's emoji and name ("💼 Work"), for the sheet's words.
    public private(set) var title: String?
    /// Whether the started profile allows breaks: the sheet says what the next tap offers.
    public private(set) var startedAllowsBreaks = false
    /// After End: how the session went (seed 004's summary: its time focused, breaks left out,
    /// and its breaks), as the session log writes it.
    public private(set) var summary: SessionHistoryEntry?
    /// Why the last request was not carried out.
    public private(set) var problem: Problem?
    let client: RitualClient

    public init(client: RitualClient) { self.client = client }

    /// The phone's clock now, for words that say an instant relative to it ("tomorrow at 9:00 AM").
    public var now: Date { client.clock().wall }

    /// Handles a key's link. A duplicate delivery of the same tap shows the same screen and
    /// starts nothing twice.
    public func tap(_ tag: KeyTagID, secret: KeySecret) {
        do {
            switch try client.tapKey(tag, secret) {
            case .refused(let reason):
                phase = .refused(reason)
            case .duplicate(let tap):
                // The echo shows what the tap did. A start that was refused started nothing, so a
                // second tap within the window is not held back as the same one: it tries again
                // (what refused it may have changed; if not, it is refused again, changing nothing).
                if case .start(let profile) = tap.decision, !isRunning(profile) {
                    startOrAsk(profile)
                    return
                }
                show(tap.decision)
            case .accepted(let tap):
                if case .start(let profile) = tap.decision {
                    startOrAsk(profile)
                    return
                }
                show(tap.decision)
            }
        } catch {
            problem = Problem(error)
            phase = .failed
        }
    }

    /// A plain start link for a profile that is on (no key to tap), as the link's router decided
    /// it: the question a key's second tap asks, end or a break (a locked one shows its time left).
    public func ask(_ decision: KeyTapDecision) {
        // NB: a profile not on after all is started as a tap would start it, never only said to be.
        if case .start(let profile) = decision { startOrAsk(profile) } else { show(decision) }
    }

    /// Starts `profile`, or asks first when another profile is on.
    private func startOrAsk(_ profile: ProfileID) {
        if let running = otherRunning(than: profile) {
            problem = nil
            describe(profile)
            phase = .confirmingStart(profile, starting: title ?? profile.rawValue, running: running.title)
        } else {
            start(profile)
        }
    }

    /// The person said yes: `profile` starts beside the one on.
    public func confirmStart() {
        guard case .confirmingStart(let profile, _, _) = phase else { return }
        start(profile)
    }

    /// Another profile in force now (a session or a scheduled span), by the key ring's reading.
    private func otherRunning(than profile: ProfileID) -> Profile? {
        // NB: an unreadable state asks nothing: the start itself goes through the store, which says why it fails.
        guard let engine = (try? client.load())?.engine else { return nil }
        let enforcement = evaluate(engine, at: client.clock().wall, calendar: client.calendar())
        return engine.profiles.first { $0.id != profile && enforcement.rule(.profile($0.id)) != nil }
    }

    private func start(_ profile: ProfileID) {
        if let refused = client.session(.start(profile)) {
            problem = refused
            phase = .notStarted(profile)
        } else {
            problem = nil
            phase = .started(profile)
            describe(profile)
        }
    }

    /// Names the started profile ("💼 Work") as the saved state does, and whether it allows breaks.
    private func describe(_ profile: ProfileID) {
        // NB: the words are a courtesy: an unreadable state shows the sheet without the name.
        let found = (try? client.load())?.engine.profile(profile)
        title = found.map(\.title)
        startedAllowsBreaks = found?.breakPolicy.allowsBreaks ?? false
    }

    /// Seconds left in the running profile (a locked one's countdown, or a timed session's), for
    /// the sheet; `nil` when it runs until the person ends it.
    public var remaining: TimeInterval? {
        switch phase {
        case .locked(let active), .choosing(let active): active.remaining(at: client.clock().wall)
        default: nil
        }
    }

    /// Why "Take a break" is disabled now (the quota used, with when the next is available), as the Session tab says.
    public private(set) var breakRefusal: Problem?
    /// When the session is today's span of a schedule: the profile's name and when it starts again.
    public private(set) var scheduled: (name: String, returns: Date?)?
    /// The breaks the session has left, when the question offers one.
    public private(set) var quota: BreakQuota?

    /// Whether the sheet offers "Take a break": a session that allows breaks and is not on one.
    public var offersBreak: Bool {
        guard case .choosing(let active) = phase else { return false }
        return active.breaksAllowed && !isOnBreak(active)
    }

    /// Whether the sheet offers "Back to focus": the session is on a break.
    public var offersBackToFocus: Bool {
        guard case .choosing(let active) = phase else { return false }
        return isOnBreak(active)
    }

    /// Whether the profile is in force now (a session or a scheduled span), as the key ring decides.
    private func isRunning(_ profile: ProfileID) -> Bool {
        // NB: when the state cannot be read the echo claims nothing started, which is the safe word.
        guard let stored = try? client.load() else { return false }
        if case .start = KeyTapDecision.decide(for: profile, in: stored.engine, at: client.clock().wall, calendar: client.calendar()) {
            return false
        }
        return true
    }

    private func isOnBreak(_ active: ActiveProfile) -> Bool {
        active.onBreakUntil.map { $0 > client.clock().wall } ?? false
    }

    public func end() {
        guard case .choosing(let active) = phase else { return }
        problem = client.session(.end(active.profileID))
        guard problem == nil else { return }
        phase = .ended(active.profileID)
        // NB: the summary is a courtesy: an unreadable state shows "Session ended." alone.
        if let engine = (try? client.load())?.engine, let session = engine.lastEnded(of: active.profileID),
            let entry = SessionHistoryEntry(session, profile: engine.profile(active.profileID)), entry.state != .canceled
        {
            summary = entry
        }
    }

    /// When the break the sheet started ends: the sheet counts down to it.
    public private(set) var breakEnds: Date?

    public func takeBreak() {
        guard case .choosing(let active) = phase, offersBreak, breakRefusal == nil else { return }
        problem = client.session(.takeBreak(active.profileID))
        guard problem == nil else { return }
        phase = .onBreak(active.profileID)
        // NB: the countdown is a courtesy: an unreadable state shows "On a break." alone.
        breakEnds = (try? client.load())?.engine.sessions.first { active.sessions.contains($0.id) }?.breaks.last?.end
    }

    /// Ends the break now: the shields return (the Live Activity's Back to focus).
    public func backToFocus() {
        guard case .choosing(let active) = phase, offersBackToFocus else { return }
        problem = client.session(.endBreak(active.profileID))
        if problem == nil { phase = .backToFocus(active.profileID) }
    }

    private func show(_ decision: KeyTapDecision) {
        switch decision {
        case .start(let profile):
            phase = .started(profile)
            describe(profile)
        case .askEndOrBreak(let active):
            phase = .choosing(active)
            // NB: an unreadable state offers no break; the End button still works through the store.
            if let stored = try? client.load() {
                let now = client.clock().wall
                breakRefusal = refusal(of: TakeBreak(profile: active.profileID), in: stored, at: now, calendar: client.calendar())
                if let profile = stored.engine.profile(active.profileID) {
                    // The breaks left, as the Session tab counts them (seed 004's sheet shows them).
                    quota = stored.engine.sessions.first { active.sessions.contains($0.id) }.map {
                        BreakQuota(profile.breakPolicy, for: $0, at: now)
                    }
                    scheduled = stored.engine.scheduledSpan(of: profile.id, at: now, calendar: client.calendar()).map {
                        (profile.name, $0.returns)
                    }
                }
            }
        case .locked(let active): phase = .locked(active)
        }
    }
}
