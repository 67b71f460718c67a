import Foundation
import ThresholdCore

/// How a ritual screen ended, for its last view: "Unlocked until 14:20", or why not.
public enum RitualOutcome: Hashable, Sendable {
    case unlocked(until: Date?)
    /// Nothing was granted; the message says why and what to do.
    case refused(String)

    init(_ submission: RitualSubmission) {
        switch submission {
        case .unlocked(let until): self = .unlocked(until: until)
        case .refused(let message): self = .refused(message)
        }
    }
}

/// The part every ritual screen's model shares: submitting a completion once.
@MainActor
protocol SubmitsCompletion: AnyObject {
    var client: RitualClient { get }
    var outcome: RitualOutcome? { get set }
}

extension SubmitsCompletion {
    /// Submits the ritual's completion, if it has one and nothing was submitted yet.
    func submit(_ completion: RitualCompletion?) {
        guard outcome == nil, let completion else { return }
        outcome = RitualOutcome(client.complete(completion))
    }
}
