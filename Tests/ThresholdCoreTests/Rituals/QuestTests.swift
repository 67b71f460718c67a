import Foundation
import Testing
import TestSupport
import ThresholdCore

@Suite struct QuestTests {
    let start = ClockReading.at("2026-11-23 10:00")
    let passage = CopyPassage.all(in: .english)[0]

    // MARK: Breathing

    @Test func breathing_completesAfter45Seconds_notBefore() throws {
        var quest = BreathingQuest(terms: .make(.app("instagram"), minutes: 5))
        #expect(quest.tick(at: start) == .notStarted)
        quest.start(at: start)
        #expect(quest.tick(at: start.advanced(by: 1)) == .breathing(.breatheIn, phaseRemaining: 3, remaining: 44))
        #expect(quest.tick(at: start.advanced(by: 5)) == .breathing(.hold, phaseRemaining: 3, remaining: 40))
        #expect(quest.tick(at: start.advanced(by: 10)) == .breathing(.breatheOut, phaseRemaining: 5, remaining: 35))
        #expect(quest.tick(at: start.advanced(by: 44.9)) != .completed)
        #expect(quest.completion == nil)
        #expect(quest.tick(at: start.advanced(by: 45)) == .completed)

        let completion = try #require(quest.completion)
        #expect(
            completion.request
                == GrantRequest(
                    scope: .app("instagram"), minutes: 5, origin: .ritual(.breathingQuest),
                    start: start.advanced(by: 45).wall))
        #expect(completion.record.detail == .breathing(restarts: 0))
    }

    @Test func breathing_cannotBeSpedUpByMovingTheClockForward() {
        var quest = BreathingQuest(terms: .make())
        quest.start(at: start)
        _ = quest.tick(at: start.advanced(by: 10))
        // Someone sets the clock 10 minutes ahead: the wall clock jumps, uptime does not.
        let moved = start.advanced(by: 11).wallMoved(by: 600)
        #expect(quest.tick(at: moved) == .breathing(.breatheIn, phaseRemaining: 4, remaining: 45))
        #expect(quest.timer.restarts == 1)
        #expect(quest.timer.lastInterruption == .clockMoved)
        #expect(quest.tick(at: moved.advanced(by: 44)) != .completed)
        #expect(quest.tick(at: moved.advanced(by: 45)) == .completed)
        #expect(quest.completion?.record.detail == .breathing(restarts: 1))
    }

    @Test func breathing_aClockMovedBackOrARestart_alsoStartsItOver() {
        // A restart whose new uptime happens to line up with the wall clock is still a restart.
        var lined = BreathingQuest(terms: .make())
        lined.start(at: start)
        #expect(
            lined.tick(at: ClockReading(wall: start.wall.addingTimeInterval(46), uptime: start.uptime + 46, bootID: "boot-2")) != .completed
        )

        var quest = BreathingQuest(terms: .make())
        quest.start(at: start)
        #expect(quest.tick(at: start.advanced(by: 50).wallMoved(by: -3_600)) != .completed)
        #expect(quest.timer.restarts == 1)

        var rebooted = BreathingQuest(terms: .make())
        rebooted.start(at: start)
        let afterReboot = ClockReading(wall: start.wall.addingTimeInterval(60), uptime: 30, bootID: "boot-2")
        #expect(rebooted.tick(at: afterReboot) != .completed)
        #expect(rebooted.completion == nil)
    }

    @Test func breathing_leavingTheScreen_stopsIt_andItStartsOverOnReturn() {
        var quest = BreathingQuest(terms: .make())
        quest.start(at: start)
        _ = quest.tick(at: start.advanced(by: 40))
        quest.leave()
        #expect(quest.timer.lastInterruption == .leftScreen)
        #expect(quest.tick(at: start.advanced(by: 300)) == .notStarted)
        #expect(quest.completion == nil)
        quest.start(at: start.advanced(by: 300))
        #expect(quest.tick(at: start.advanced(by: 344)) != .completed)
        #expect(quest.tick(at: start.advanced(by: 345)) == .completed)
    }

    // MARK: Copy text

    func typeAll(_ quest: inout CopyTextQuest, from moment: ClockReading, chunk: Int = 4) -> ClockReading {
        var typed = ""
        var now = moment
        for character in passage.text {
            typed.append(character)
            if typed.count % chunk == 0 || typed.count == passage.text.count {
                now = now.advanced(by: 2)
                _ = quest.edit(to: typed, at: now)
            }
        }
        return now
    }

    @Test func copyText_aMatchingCopy_completesOnlyAfter90Seconds() throws {
        var quest = CopyTextQuest(terms: .make(.app("instagram"), minutes: 5), passage: passage)
        quest.start(at: start)
        let typedAt = typeAll(&quest, from: start, chunk: 8)
        #expect(quest.matches)
        #expect(typedAt.uptime - start.uptime < 90)
        #expect(quest.finish(at: typedAt) == .tooEarly(remaining: 90 - (typedAt.uptime - start.uptime)))
        #expect(quest.completion == nil)
        #expect(quest.finish(at: start.advanced(by: 90)) == .completed)
        let completion = try #require(quest.completion)
        #expect(completion.request.origin == .ritual(.copyTextQuest))
        #expect(completion.record.detail == .copyText(passage: passage.id, restarts: 0, refusedPastes: 0))
    }

    /// Every language's passages: the same ids as the English, each its own words, each as long
    /// as the English ones (about a minute and a half of copying), written as compared.
    @Test(arguments: ContentLanguage.allCases)
    func copyText_everyLanguagesPassages_areAsLongAsTheEnglish_withTheSameIds(in language: ContentLanguage) {
        let passages = CopyPassage.all(in: language), english = CopyPassage.all(in: .english)
        #expect(passages.map(\.id) == english.map(\.id))
        #expect(Set(passages.map(\.text)).count == passages.count)
        for passage in passages {
            #expect((120...140).contains(passage.text.count), "\(passage.id): \(passage.text.count) characters")
            // Written as a phone's keyboard types it: no double or trailing space, no curly quotes or dashes.
            #expect(passage.text == passage.text.trimmingCharacters(in: .whitespaces) && !passage.text.contains("  "), "\(passage.id)")
            #expect(!passage.text.contains { "\u{2018}\u{2019}\u{201C}\u{201D}\u{2013}\u{2014}".contains($0) }, "\(passage.id)")
        }
        if language != .english {
            let unchanged = zip(passages, english).filter { $0.text == $1.text }.map(\.0.id)
            #expect(unchanged.isEmpty, "\(unchanged)")
        }
    }

    @Test(arguments: ["de", "fr", "en-GB", nil])
    func copyText_aLanguageWithoutPassages_readsTheEnglish(code: String?) {
        #expect(CopyPassage.all(in: ContentLanguage(languageCode: code)) == CopyPassage.all(in: .english))
        var generator = SplitMix64(seed: 9)
        #expect(CopyPassage.all(in: .english).contains(CopyPassage.random(in: ContentLanguage(languageCode: code), using: &generator)))
    }

    /// A Spanish copy matches with its accents or without them (a keyboard without them, or a
    /// person who skips them), and a copy that differs in a letter does not.
    @Test func copyText_aSpanishCopy_matchesWithOrWithoutItsAccents() {
        let passage = CopyPassage.all(in: .spanish)[0]
        for copy in [passage.text, passage.text.folding(options: .diacriticInsensitive, locale: nil)] {
            var quest = CopyTextQuest(terms: .make(), passage: passage)
            quest.start(at: start)
            var typed = "", now = start
            for character in copy {
                typed.append(character)
                now = now.advanced(by: 0.5)
                _ = quest.edit(to: typed, at: now)
            }
            #expect(quest.matches, "\(copy)")
            #expect(quest.finish(at: start.advanced(by: 90)) == .completed)
        }
        var wrong = CopyTextQuest(terms: .make(), passage: CopyPassage(id: "t", text: "Mi atención."))
        wrong.start(at: start)
        _ = wrong.edit(to: "Mi atencion", at: start.advanced(by: 1))
        _ = wrong.edit(to: "Mi atencion!", at: start.advanced(by: 2))
        #expect(!wrong.matches)
        #expect(wrong.finish(at: start.advanced(by: 90)) == .mismatch(at: 11))
    }

    @Test func copyText_aPaste_isRefused_andTheTextStaysAsItWas() {
        var quest = CopyTextQuest(terms: .make(), passage: passage)
        quest.start(at: start)
        #expect(quest.edit(to: "I am", at: start.advanced(by: 2)) == .accepted(matching: 4))
        #expect(quest.edit(to: passage.text, at: start.advanced(by: 3)) == .pasteRefused)
        #expect(quest.typed == "I am")
        // A paste in the middle of what is typed is caught too.
        #expect(quest.edit(to: "I " + String(passage.text.dropFirst(2).prefix(40)) + "am", at: start.advanced(by: 4)) == .pasteRefused)
        #expect(quest.refusedPastes == 2)
        #expect(quest.finish(at: start.advanced(by: 200)) == .mismatch(at: 4))
        #expect(quest.completion == nil)
    }

    @Test func copyText_autocorrectAndSmartPunctuation_stillMatch() {
        let quest = CopyTextQuest(terms: .make(), passage: CopyPassage(id: "t", text: "It's one thing — not two."))
        var copy = quest
        copy.start(at: start)
        _ = copy.edit(to: "It’s one", at: start.advanced(by: 1))
        _ = copy.edit(to: "It’s one thing –  not", at: start.advanced(by: 2))
        #expect(copy.edit(to: "It’s one thing –  not two. ", at: start.advanced(by: 3)) == .accepted(matching: 25))
        #expect(copy.matches)
        #expect(copy.finish(at: start.advanced(by: 90)) == .completed)
    }

    @Test func copyText_aWrongCopy_neverCompletes_andSaysWhereItDiffers() {
        var quest = CopyTextQuest(terms: .make(), passage: CopyPassage(id: "t", text: "Be still."))
        quest.start(at: start)
        _ = quest.edit(to: "Be stil!", at: start.advanced(by: 5))
        #expect(quest.finish(at: start.advanced(by: 95)) == .mismatch(at: 7))
        #expect(quest.finish(at: start.advanced(by: 95)) != .completed)
        #expect(quest.completion == nil)
    }

    @Test func copyText_aMovedClock_startsOverAndClearsTheText() {
        var quest = CopyTextQuest(terms: .make(), passage: passage)
        quest.start(at: start)
        let typedAt = typeAll(&quest, from: start)
        #expect(quest.finish(at: typedAt.wallMoved(by: 120)) == .restarted(.clockMoved))
        #expect(quest.typed.isEmpty)
        #expect(quest.completion == nil)
        #expect(quest.timer.restarts == 1)
    }

    @Test func copyText_leavingClearsIt_andEditsBeforeStartingAreIgnored() {
        var quest = CopyTextQuest(terms: .make(), passage: passage)
        #expect(quest.edit(to: "I", at: start) == .notRunning)
        quest.start(at: start)
        _ = quest.edit(to: "I am", at: start.advanced(by: 1))
        quest.leave()
        #expect(quest.typed.isEmpty)
        #expect(quest.edit(to: "I", at: start.advanced(by: 2)) == .notRunning)
        #expect(quest.finish(at: start.advanced(by: 100)) == .notRunning)
    }
}
