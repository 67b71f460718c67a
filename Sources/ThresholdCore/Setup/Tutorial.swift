import Foundation

/// Starts the first-run tutorial (seed 001 §13): every app is shielded at once, and the shield
/// says to open Threshold to finish.
public struct StartTutorial: Command {
    public init() {}

    public func apply(to state: inout ThresholdState, at now: Date, calendar: Calendar, ids: IDGenerator) throws -> [Event] {
        guard state.tutorial == nil else {
            throw ValidationError("tutorial", .tutorialAlreadyOn)
        }
        state = try state.with(tutorial: .some(Tutorial(startedAt: now)))
        return []
    }
}

/// Finishes the tutorial when the person comes back to Threshold: the shield comes down and it
/// earns ``xp`` XP.
public struct FinishTutorial: Command {
    /// What finishing the tutorial earns (seed 001 §13).
    public static let xp = 5
    /// Whether it earns ``xp``: the first run does; one shown again from Settings does not
    /// (``Settings/tutorialReplay``), so the tutorial cannot be farmed for XP.
    public let earnsXP: Bool

    public init(earnsXP: Bool = true) { self.earnsXP = earnsXP }

    public func apply(to state: inout ThresholdState, at now: Date, calendar: Calendar, ids: IDGenerator) throws -> [Event] {
        guard state.tutorial != nil else {
            throw ValidationError("tutorial", .tutorialNotOn)
        }
        state = try state.with(tutorial: .some(nil))
        return earnsXP ? [.ledger(try LedgerEntry(account: .xp, amount: Self.xp, memo: "Finished the tutorial", reason: .tutorial))] : []
    }
}
