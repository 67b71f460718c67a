import Foundation

/// Insights' Focus Bank for Earned Access (seed 002, "the credits ledger"): what a span of days
/// earned and spent in credits, and on what, newest first.
public struct CreditsLedger: Hashable, Sendable {
    /// The event kinds the ledger is read from.
    public static let eventKinds: Set<String> = ["ledger"]

    /// One movement of credits.
    public struct Line: Hashable, Sendable {
        public let at: Date
        /// Positive when earned, negative when spent.
        public let amount: Int
        /// What it was for; `nil` for an entry saved before reasons were kept.
        public let reason: LedgerReason?
    }

    /// Every movement of credits, newest first.
    public let lines: [Line]
    /// The credits earned.
    public let earned: Int
    /// The credits spent, as a positive number.
    public let spent: Int

    /// The credits among `events` (any other account's entries, and any other event, are left out).
    public init(_ events: some Sequence<LoggedEvent>) {
        var lines: [Line] = []
        for logged in events {
            guard case .ledger(let entry) = logged.event, entry.account == .credits else { continue }
            lines.append(Line(at: logged.at, amount: entry.amount, reason: entry.reason))
        }
        self.lines = lines.reversed()
        earned = lines.reduce(0) { $0 + max($1.amount, 0) }
        spent = lines.reduce(0) { $0 + max(-$1.amount, 0) }
    }

    public var isEmpty: Bool { lines.isEmpty }
}
