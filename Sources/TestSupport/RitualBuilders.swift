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
    public static func make(
        engine: ThresholdState = .empty, credits: Int = 0, emergencyUses: [Date] = [],
        emergency: EmergencyPolicy = .standard, keyTags: [KeyTag] = []
    ) -> StoredState {
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

/// A clock a test moves by hand: both clocks together (`advance`), or the wall clock alone
/// (`moveWall`, as a person changing the time in Settings).
public final class ManualClock: @unchecked Sendable {
    // NB: `Mutex` (Synchronization) is not in the iOS 17 SDK; an NSLock guards the reading.
    private let lock = NSLock()
    private var current: ClockReading

    public init(_ start: ClockReading) { current = start }

    public var reading: ClockReading { lock.withLock { current } }
    public var now: Date { reading.wall }

    public func advance(by seconds: TimeInterval) { lock.withLock { current = current.advanced(by: seconds) } }
    public func moveWall(by seconds: TimeInterval) { lock.withLock { current = current.wallMoved(by: seconds) } }
}

extension LoggedEvent {
    /// A prayer said at a local reading (`at(_:in:)`) in `zone`, as the log keeps it.
    public static func prayer(
        _ text: String, in zone: String = "America/New_York", mood: Mood = .anxious,
        template: PrayerTemplateID = "universal-anxious-01", sequence: Int64 = 1
    ) -> LoggedEvent {
        let record = PrayerRecord(
            mood: mood, templateID: template, tradition: .nonDenominational, vibe: .pastoral,
            preferredTranslation: nil, shownTranslation: .kjv)
        let ritual = RitualRecord(
            origin: .ritual(.prayer), scope: .allGated, minutes: 10, detail: .prayer(record),
            timeZoneIdentifier: zone)
        return LoggedEvent(sequence: sequence, at: localInstant(text, zone), event: .ritualCompleted(ritual))
    }
}

private func localInstant(_ text: String, _ zone: String) -> Date { at(text, in: zone) }
