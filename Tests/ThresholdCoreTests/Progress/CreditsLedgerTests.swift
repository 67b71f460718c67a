import Foundation
import Testing
import TestSupport
@testable import ThresholdCore

/// Insights' Focus Bank ledger (issue 34 item 1): the credits earned and spent, and on what, read
/// from the entries the rules post with their reasons.
@Suite struct CreditsLedgerTests {
    let ny = calendar()
    let start = at("2026-11-24 10:00")

    func context(at now: Date) -> ChangeContext {
        .at(now, calendar: ny)
    }

    /// The transaction's events as the log keeps them.
    func logged(_ transaction: StoreTransaction) -> [LoggedEvent] {
        transaction.recorded.enumerated().map { LoggedEvent(sequence: Int64($0.offset), at: $0.element.at, event: $0.element.event) }
    }

    @Test func aSessionsFocus_andAnUnlockBought_areTheLedgersLines_newestFirst_withWhatEachWasFor() throws {
        var stored = StoredState.make()
        stored.engine = try stored.engine.with(profiles: [
            .make("work-mode", path: .earnedAccess, unlockPolicy: .earnedAccess),
            .make("focus", name: "Focus", emoji: "🎯", path: .present),
        ])
        stored.settings.paths = [.earnedAccess, .present]
        var transaction = StoreTransaction(state: stored)
        try context(at: start).run(StartSession(profile: "focus"), on: &transaction)
        try context(at: start.adding(minutes: 20)).run(EndSession(profile: "focus"), on: &transaction)
        let spend = try CreditsUnlock(
            terms: .make(.app("instagram"), creditsPerMinute: 1), balance: 20, label: "Instagram", item: .app(AppToken("instagram"))
        )
        .spend(minutes: 15, at: start.adding(minutes: 30))
        try transaction.apply([.ledger(try #require(spend.spend))], at: start.adding(minutes: 30))

        let ledger = CreditsLedger(logged(transaction))
        #expect(ledger.earned == 20 && ledger.spent == 15, "XP and coins are other accounts' and not counted")
        #expect(ledger.lines.map(\.amount) == [-15, 20])
        #expect(
            ledger.lines.map(\.reason) == [
                .unlock(minutes: 15, item: .app(AppToken("instagram"))),
                .session(profile: "🎯 Focus", ending: .completed, focusedSeconds: 1_200),
            ])
    }

    @Test func nothingMoved_isAnEmptyLedger() {
        let ledger = CreditsLedger([])
        #expect(ledger.isEmpty && ledger.earned == 0 && ledger.spent == 0)
    }

    /// An entry saved before reasons were kept reads with none, and nothing else changes.
    @Test func anEntrySavedWithoutAReason_readsWithNone() throws {
        let saved = Data(#"{"account":"credits","amount":-15,"memo":"Unlocked for 15 min"}"#.utf8)
        let entry = try JSONDecoder().decode(LedgerEntry.self, from: saved)
        #expect(entry.reason == nil && entry.amount == -15)
        let again = try JSONDecoder().decode(LedgerEntry.self, from: try JSONEncoder().encode(entry))
        #expect(again == entry)
    }
}
