import Foundation
import StoreClient
import ThresholdCore

/// A sentence or two on what Threshold is doing now: what the status Shortcut speaks and the
/// widgets fall back to.
public struct StatusSummary: Hashable, Sendable, CustomStringConvertible {
    public let headline: String
    public let detail: String?

    /// From the last saved reconcile. `now` and `calendar` only phrase times ("until 17:00").
    public init(_ state: StoredState, now: Date, calendar: Calendar) {
        self.init(state, lastEnforcement: state.lastEnforcement(deviceZone: calendar.timeZone), now: now, calendar: calendar)
    }

    /// From the last saved reconcile, its enforcement already computed.
    init(_ state: StoredState, lastEnforcement enforcement: Enforcement?, now: Date, calendar: Calendar) {
        let clock = Clockwork(calendar: calendar)
        if let live = state.applied.session {
            switch live.phase {
            case .onBreak:
                headline = "\(live.title): on a break" + (live.breakUntil.map { " until \(clock.spoken($0))" } ?? "")
            case .goalReached:
                headline = "\(live.title): goal reached"
            case .focusing:
                headline = "\(live.title) is on" + (live.endsAt.map { " until \(clock.spoken($0))" } ?? "")
            }
        } else if let enforcement, !enforcement.rules.isEmpty {
            let names = enforcement.rules.map { Self.name(of: $0.rule, in: state.engine) }
            headline = "Shielding now: " + names.joined(separator: ", ")
        } else if enforcement == nil {
            headline = "Threshold has not shielded anything yet"
        } else {
            headline = "Nothing is shielded now"
        }
        let grants = state.engine.grants.filter { $0.isValid(at: now) }
        let notices = state.applied.repairs.map(\.message)
        let unlocked = grants.map(\.end).max().map { ["Unlocked until \(clock.spoken($0))."] } ?? []
        let parts = unlocked + notices
        detail = parts.isEmpty ? nil : parts.joined(separator: " ")
    }

    /// When the saved state cannot be read.
    public init(unreadable error: any Error) {
        headline = "Threshold cannot read its data"
        detail = String(describing: error)
    }

    public var description: String { detail.map { "\(headline). \($0)" } ?? headline }

    public static func name(of rule: RuleRef, in state: ThresholdState) -> String {
        switch rule {
        case .profile(let id): state.profile(id).map { "\($0.emoji) \($0.name)" } ?? id.rawValue
        case .gate(let id): state.gates.first { $0.id == id }?.name ?? id.rawValue
        case .intention(let id): "intention \(id)"
        case .tutorial: "the tutorial"
        }
    }
}
