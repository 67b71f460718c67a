import Foundation

/// Breathe along for 45 seconds to unlock (Earned Access). Cannot be skipped or sped up:
/// see `QuestTimer` for leaving the screen and moved clocks.
public struct BreathingQuest: Hashable, Sendable {
    /// Where in a breath the person is.
    public enum Phase: String, Hashable, Sendable, CaseIterable {
        case breatheIn, hold, breatheOut

        /// Seconds the phase lasts: in 4, hold 4, out 7; three breaths fill the quest.
        public var seconds: TimeInterval {
            switch self {
            case .breatheIn: 4
            case .hold: 4
            case .breatheOut: 7
            }
        }
    }

    /// What the screen shows at a moment.
    public enum Progress: Hashable, Sendable {
        case notStarted
        /// `phaseRemaining` seconds left of `phase`; `remaining` of the whole quest.
        case breathing(Phase, phaseRemaining: TimeInterval, remaining: TimeInterval)
        case completed
    }

    public static let duration: TimeInterval = 45
    public static let breathLength = Phase.allCases.reduce(0) { $0 + $1.seconds }

    public let terms: UnlockTerms
    public private(set) var timer = QuestTimer(duration: BreathingQuest.duration)
    public private(set) var completedAt: Date?

    public init(terms: UnlockTerms) { self.terms = terms }

    public mutating func start(at moment: ClockReading) {
        guard completedAt == nil else { return }
        timer.start(at: moment)
    }

    /// Advances to `moment`: completes the quest once 45 s have passed, starts it over if the
    /// clock moved. The screen calls this on every frame or timer tick.
    @discardableResult
    public mutating func tick(at moment: ClockReading) -> Progress {
        if completedAt != nil { return .completed }
        switch timer.check(at: moment) {
        case .notStarted:
            return .notStarted
        case .done:
            completedAt = moment.wall
            return .completed
        case .clockMoved:
            return tick(at: moment)
        case .running(let elapsed, let remaining):
            var into = elapsed.truncatingRemainder(dividingBy: BreathingQuest.breathLength)
            for phase in Phase.allCases {
                if into < phase.seconds { return .breathing(phase, phaseRemaining: phase.seconds - into, remaining: remaining) }
                into -= phase.seconds
            }
            return .breathing(.breatheOut, phaseRemaining: 0, remaining: remaining)
        }
    }

    /// The person left the screen: the quest stops and starts over when they return.
    public mutating func leave() {
        guard completedAt == nil else { return }
        timer.leave()
    }

    /// The grant request and record, once the 45 s have run.
    public var completion: RitualCompletion? {
        guard let completedAt else { return nil }
        return RitualCompletion(
            request: terms.request(.ritual(.breathingQuest), at: completedAt),
            detail: .breathing(restarts: timer.restarts))
    }
}
