import Foundation
import ThresholdCore

// Builders for ritual tests: terms, clock readings, stored state.

extension UnlockTerms {
    /// Terms for tests: everything gated for `minutes`, at `creditsPerMinute`.
    public static func make(_ scope: GrantScope = .allGated, minutes: Int = 5, creditsPerMinute: Int = 1) -> UnlockTerms {
        try! UnlockTerms(scope: scope, minutes: minutes, creditsPerMinute: creditsPerMinute)
    }
}

extension ClockReading {
    /// A clock reading whose wall time is a local reading (`at(_:)`) and whose uptime is `uptime`.
    public static func at(_ text: String, uptime: TimeInterval = 50_000, bootID: String = "boot-1") -> ClockReading {
        ClockReading(wall: ThresholdCore_at(text), uptime: uptime, bootID: bootID)
    }

    /// The same reading with the wall clock moved by `seconds` and uptime unchanged.
    public func wallMoved(by seconds: TimeInterval) -> ClockReading {
        ClockReading(wall: wall.addingTimeInterval(seconds), uptime: uptime, bootID: bootID)
    }
}

// `at(_:)` is shadowed inside `ClockReading`'s static `at`; this reaches the free function.
private func ThresholdCore_at(_ text: String) -> Date { at(text) }

extension StoredState {
    /// Stored state for tests, with a credits balance posted through the ledger.
    public static func make(engine: ThresholdState = .empty, credits: Int = 0, emergencyUses: [Date] = [],
                            emergency: EmergencyPolicy = .standard, keyTags: [KeyTag] = []) -> StoredState {
        var stored = StoredState(engine: engine)
        if credits > 0 {
            stored.balances = try! stored.balances.applying(LedgerEntry(account: .credits, amount: credits, memo: "test"))
        }
        stored.rituals.emergencyUses = emergencyUses
        stored.settings.emergency = emergency
        stored.settings.keyTags = keyTags
        return stored
    }
}
