import Foundation
import StoreClient
import ThresholdCore

/// What Threshold is doing now, as values: what the status Shortcut speaks, Home's headline and
/// what the widgets fall back to. Each surface says it in the phone's language and clock
/// (SystemWords' `StatusWords`, the `Status` String Catalog).
public struct StatusSummary: Hashable, Sendable {
    /// The status in a line (``StatusHeadline``).
    public typealias Headline = StatusHeadline
    public let headline: Headline
    /// While an unlock lets something through: when the last one ends.
    public let unlockedUntil: Date?
    /// What the last reconcile could not do or trust.
    public let repairs: [RepairNotice]
    /// Why the saved state could not be read (``StatusHeadline/unreadable`` only).
    public let failure: StoreError?

    /// From the last saved reconcile, at `now` (which unlocks are still valid); the calendar's
    /// zone is the device's.
    public init(_ state: StoredState, now: Date, calendar: Calendar) {
        self.init(state, lastEnforcement: state.lastEnforcement(deviceZone: calendar.timeZone), now: now)
    }

    /// From the last saved reconcile, its enforcement already computed.
    init(_ state: StoredState, lastEnforcement enforcement: Enforcement?, now: Date) {
        if let live = state.applied.session {
            headline =
                switch live.phase {
                case .onBreak: .onBreak(session: live.title, until: live.breakUntil)
                case .goalReached: .goalReached(session: live.title)
                case .focusing: .sessionOn(session: live.title, until: live.endsAt)
                }
        } else if let enforcement, case let shielding = enforcement.rules.filter({ !$0.shield.isEmpty }), !shielding.isEmpty {
            // NB: a restriction an unlock lifts whole shields nothing now: not "Shielding now" above
            // "Unlocked until".
            headline = .shielding(shielding.map { Self.ruleName(of: $0.rule, in: state.engine) })
        } else if enforcement == nil {
            headline = .nothingYet
        } else {
            headline = .nothingNow
        }
        unlockedUntil = state.engine.grants.filter { $0.isValid(at: now) }.map(\.end).max()
        repairs = state.applied.repairs
        failure = nil
    }

    /// When the saved state cannot be read.
    public init(unreadable error: any Error) {
        headline = .unreadable
        unlockedUntil = nil
        repairs = []
        failure = error as? StoreError ?? .failed(String(describing: error))
    }

    /// A restriction's name in the status.
    public static func ruleName(of rule: RuleRef, in state: ThresholdState) -> RestrictionName {
        switch rule {
        case .profile(let id): .named(state.profile(id).map { "\($0.emoji) \($0.name)" } ?? id.rawValue)
        case .gate(let id): .named(state.gates.first { $0.id == id }?.name ?? id.rawValue)
        case .intention(let id): .intention(id.rawValue)
        case .tutorial: .tutorial
        }
    }
}
