import Foundation
import StoreClient
import Testing

/// The journal file beside the database (``EffectsJournal/file(at:)``): calls made in commit
/// order, noted only when all were made, and a file that cannot be read taken as nothing noted.
@Suite struct EffectsJournalTests {
    let folder = TemporaryDirectory()
    var url: URL { folder.url.appendingPathComponent("effects.journal") }

    @Test func callsAllMade_areNoted_andAnOlderDecisionIsNotMadeOverThem() {
        let journal = EffectsJournal.file(at: url)
        #expect(journal.lastApplied(epoch: "e") == nil)
        #expect(journal.apply(epoch: "e", revision: 2) { true })
        #expect(journal.lastApplied(epoch: "e") == 2)
        #expect(EffectsJournal.file(at: url).lastApplied(epoch: "e") == 2, "another process reads the same file")
        var madeOlder = false
        #expect(
            !journal.apply(epoch: "e", revision: 1) {
                madeOlder = true; return true
            })
        #expect(!madeOlder)
    }

    @Test func aCallRefused_leavesTheDecisionOwed() {
        let journal = EffectsJournal.file(at: url)
        #expect(journal.apply(epoch: "e", revision: 1) { false })
        #expect(journal.lastApplied(epoch: "e") == nil)
    }

    @Test func anotherEpoch_orAMalformedFile_readsAsNothingNoted() throws {
        let journal = EffectsJournal.file(at: url)
        journal.apply(epoch: "old", revision: 9) { true }
        #expect(journal.lastApplied(epoch: "new") == nil)
        #expect(journal.apply(epoch: "new", revision: 1) { true }, "a store made anew still has its calls made")
        try Data("new 1".utf8.dropLast()).write(to: url)
        #expect(journal.lastApplied(epoch: "new") == nil, "a torn line")
        try Data("not a journal at all".utf8).write(to: url)
        #expect(journal.lastApplied(epoch: "new") == nil)
    }
}
