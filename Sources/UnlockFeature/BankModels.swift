import FeatureClient
import Foundation
import Observation
import StoreClient
import ThresholdCore

/// The credits screen: the balance, 5 / 15 / 30 minutes at their cost, each disabled with its
/// reason when the balance is short. The balance is the one the last commit saved, so a spend
/// shows at once what is left, and what that can still buy.
@MainActor @Observable
public final class CreditsModel: SubmitsCompletion {
    /// The offer as the screen opened it, read from the store: its terms and label, and its
    /// balance until a commit is published after it.
    private let opened: CreditsUnlock
    private let openedAt: Int
    /// The offer now: the balance the last commit saved.
    public var credits: CreditsUnlock {
        guard client.state.revision > openedAt, let balance = client.state.stored?.balances.credits else { return opened }
        return CreditsUnlock(terms: opened.terms, balance: balance, label: opened.label, item: opened.item)
    }
    public var outcome: RitualOutcome?
    /// The minutes bought, once a spend went through.
    public private(set) var spentMinutes: Int?
    package let client: RitualClient

    /// - Parameter label: what is being unlocked, for the history ("Instagram").
    public init(terms: UnlockTerms, label: String, item: AnyToken? = nil, client: RitualClient) throws {
        self.opened = CreditsUnlock(terms: terms, balance: try client.load().balances.credits, label: label, item: item)
        self.openedAt = client.state.revision
        self.client = client
    }

    public var balance: Int { credits.balance }
    public var options: [CreditsUnlock.Option] { credits.options }
    /// The window the spend opened: its length, its end and the time left.
    public var window: UnlockWindow? { openedWindow(minutes: spentMinutes) }

    /// Spends for `minutes`. A spend the balance cannot cover is refused here, and again inside
    /// the write if the balance changed meanwhile; either way nothing is granted.
    public func spend(minutes: Int) {
        guard outcome == nil else { return }
        do {
            submit(try credits.spend(minutes: minutes, at: client.clock().wall))
            if case .unlocked? = outcome { spentMinutes = minutes }
        } catch {
            outcome = .refused(Problem(error))
        }
    }
}

/// The emergency screen: how many remain and when the next returns, the hold button, the reason.
@MainActor @Observable
public final class EmergencyModel: SubmitsCompletion {
    public private(set) var emergency: EmergencyUnlock
    public private(set) var allowance: EmergencyAllowance
    public private(set) var lastHold: EmergencyUnlock.HoldOutcome?
    public private(set) var lastReason: EmergencyUnlock.ReasonOutcome?
    public var outcome: RitualOutcome?
    package let client: RitualClient

    public init(terms: UnlockTerms, client: RitualClient) throws {
        let stored = try client.load()
        let now = client.clock().wall
        self.allowance = EmergencyAllowance(
            uses: stored.rituals.emergencyUses, policy: stored.settings.emergency,
            at: now, timeZone: client.calendar().timeZone)
        self.emergency = EmergencyUnlock(terms: terms, policy: stored.settings.emergency)
        self.client = client
    }

    /// The window it opened: its length, its end and the time left.
    public var window: UnlockWindow? { openedWindow(minutes: emergency.terms.minutes) }

    /// Whether one may be used now; the screen shows the allowance either way.
    public var isAvailable: Bool { allowance.eligibility.isAvailable }

    /// When the next one returns, and the moment it is read from; `nil` while one is left.
    public var availableAgain: (at: Date, from: Date)? {
        allowance.eligibility.availableAt.map { ($0, client.clock().wall) }
    }

    /// Seconds held so far, for the ring; `nil` when not holding.
    public var held: TimeInterval? { emergency.held(at: client.clock()) }

    public func pressHold() {
        guard isAvailable else { return }
        emergency.pressHold(at: client.clock())
    }

    public func releaseHold() { lastHold = emergency.releaseHold(at: client.clock()) }

    public func submit(reason: String) {
        lastReason = emergency.submit(reason: reason, at: client.clock().wall)
        submit(emergency.completion)
    }
}

/// "Open <App>?" from an intention: the opens used and allowed, and the second ask once they
/// are used up.
@MainActor @Observable
public final class IntentionOpenModel: SubmitsCompletion {
    public private(set) var open: IntentionOpen
    public var outcome: RitualOutcome?
    package let client: RitualClient

    public init(label: IntentionLabel, client: RitualClient) {
        self.open = IntentionOpen(label: label)
        self.client = client
    }

    /// The window the open gave: its length, its end and the time left.
    public var window: UnlockWindow? { openedWindow(minutes: open.label.minutesPerOpen) }

    public func confirm() {
        open.open(at: client.clock().wall)
        recordChoice()
        submit(open.completion)
    }

    public func nevermind() {
        open.decline()
        recordChoice()
    }

    private func recordChoice() {
        guard let choice = open.choice else { return }
        // NB: the choice is history only; failing to log it must not block the open.
        do { try client.recordChoice(choice) } catch {}
    }
}
