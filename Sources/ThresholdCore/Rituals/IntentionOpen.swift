import Foundation

/// "Open <App>" on an intention's shield: grants the intention's minutes per open and counts
/// one open. Once the day's opens are used up it asks again, more pointedly, before opening.
///
/// The shield's buttons are all the extension has, so the stronger confirmation is a second
/// tap on a redrawn shield ("You've used 3 of 3 opens today. Open anyway?"), not typing.
public struct IntentionOpen: Hashable, Sendable {
    public enum Step: Hashable, Sendable {
        /// "Open <App>?" with opens used and allowed.
        case offer
        /// The opens are used up: "Open anyway?"
        case confirmBeyondAllowance
        case completed
        /// "Nevermind": nothing granted.
        case declined
    }

    public let label: IntentionLabel
    public private(set) var step: Step = .offer
    public private(set) var completedAt: Date?

    public init(label: IntentionLabel) { self.label = label }

    public var isBeyondAllowance: Bool { label.opensLeft == 0 }

    /// The person taps "Open <App>" (or "Open anyway" on the second ask).
    public mutating func open(at instant: Date) {
        switch step {
        case .offer where isBeyondAllowance:
            step = .confirmBeyondAllowance
        case .offer, .confirmBeyondAllowance:
            step = .completed
            completedAt = instant
        case .completed, .declined:
            break
        }
    }

    /// The person taps "Nevermind".
    public mutating func decline() {
        guard step == .offer || step == .confirmBeyondAllowance else { return }
        step = .declined
    }

    /// What the shield records for the person's choice.
    public var choice: ShieldChoice? {
        switch step {
        case .completed: ShieldChoice(rule: .intention(label.intentionID), action: isBeyondAllowance ? .openBeyondAllowance : .open)
        case .declined: ShieldChoice(rule: .intention(label.intentionID), action: .nevermind)
        case .offer, .confirmBeyondAllowance: nil
        }
    }

    /// The grant request for one open of the app, once confirmed.
    public var completion: RitualCompletion? {
        guard step == .completed, let completedAt else { return nil }
        let request = GrantRequest(
            scope: .token(.app(label.app)), minutes: label.minutesPerOpen,
            origin: .intentionOpen(label.intentionID), start: completedAt)
        return RitualCompletion(request: request, detail: .intentionOpen(opensUsedBefore: label.opensUsed, opensPerDay: label.opensPerDay))
    }
}

/// A button the person pressed on a shield, for the event log.
public struct ShieldChoice: Hashable, Codable, Sendable {
    public enum Action: String, Hashable, Codable, Sendable {
        /// "Nevermind" / "Close" / "Be Present": left without opening.
        case nevermind
        /// "Open <App>" within the day's opens.
        case open
        /// "Open anyway" after the day's opens were used.
        case openBeyondAllowance
        /// "Unlock options" / "Pause to pray" / "Unlock?": asked for the app's unlock screen.
        case askedToUnlock
    }

    public let rule: RuleRef
    public let action: Action

    public init(rule: RuleRef, action: Action) {
        self.rule = rule
        self.action = action
    }
}
