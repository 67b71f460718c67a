import Foundation
import StoreClient
import ThresholdCore

/// How a ritual screen ended, for its last view: "Unlocked until 14:20", or why not.
public enum RitualOutcome: Hashable, Sendable {
    /// Recorded: `letThrough` is what the shields stopped holding (the apps, categories and
    /// sites by token, sorted), for the grant's `minutes`, until `until`.
    case unlocked(until: Date?, minutes: Int?, letThrough: [AnyToken])
    /// Nothing was granted; the message says why and what to do.
    case refused(Problem)

    /// When what it unlocked shields again; `nil` when it was refused or needed no grant.
    public var unlockedUntil: Date? {
        if case .unlocked(let until, _, _) = self { return until }
        return nil
    }

    package init(_ submission: RitualSubmission) {
        switch submission {
        case .unlocked(let until, let minutes, let letThrough):
            self = .unlocked(until: until, minutes: minutes, letThrough: letThrough.sorted())
        case .refused(let message): self = .refused(message)
        }
    }
}

/// The part every ritual screen's model shares: submitting a completion once.
@MainActor
package protocol SubmitsCompletion: AnyObject {
    var client: RitualClient { get }
    var outcome: RitualOutcome? { get set }
}

extension SubmitsCompletion {
    /// Submits the ritual's completion, if it has one and nothing was submitted yet.
    package func submit(_ completion: RitualCompletion?) {
        guard outcome == nil, let completion else { return }
        outcome = RitualOutcome(client.complete(completion))
    }
}
