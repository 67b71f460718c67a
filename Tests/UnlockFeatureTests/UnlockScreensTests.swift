import FeatureClient
import FeatureTestSupport
import Foundation
import StoreClient
import TestSupport
import Testing
import ThresholdCore
@testable import UnlockFeature

@MainActor
@Suite struct UnlockScreensTests {
    // MARK: Gate and credits

    @Test func aGateOpenedByALink_namesTheAppInTheHistoryAsAnApp() throws {
        let h = Harness(.make(engine: .make(profiles: [workMode]), credits: 40))
        let gate = UnlockGateModel(app: AppToken("instagram"), appName: "", client: h.client)
        gate.load()
        let option = try #require(gate.gate?.options.first { $0.way == .ritual(.credits) })
        guard case .credits(let credits)? = gate.choose(option) else {
            Issue.record("the credits option opens the credits screen")
            return
        }
        #expect(credits.credits.label == "an app")
    }

    @Test func theGate_listsWorksOptions_andSpendingCreditsUnlocksTheAppAtOnce() throws {
        let h = Harness(.make(engine: .make(profiles: [workMode]), credits: 40))
        let gate = UnlockGateModel(app: AppToken("instagram"), appName: "Instagram", client: h.client)
        gate.load()
        let shown = try #require(gate.gate)
        #expect(shown.status == .shielded)
        #expect(shown.holders.map(\.name) == [.named("Work")])
        let option = try #require(shown.options.first { $0.way == .ritual(.credits) })
        guard case .credits(let credits)? = gate.choose(option) else {
            Issue.record("the credits option opens the credits screen")
            return
        }
        #expect(credits.balance == 40)
        credits.spend(minutes: 15)
        #expect(credits.outcome?.unlockedUntil == monday.wall.adding(minutes: 15))
        #expect(h.stored.balances.credits == 25)
        #expect(h.kinds == ["ledger", "ritualCompleted", "grantIssued"])

        gate.load()
        #expect(gate.gate?.status == .open(until: monday.wall.adding(minutes: 15)))
    }

    @Test func aSpendTheBalanceNoLongerCovers_isRefusedInTheWrite_andNothingChanges() throws {
        let h = Harness(.make(engine: .make(profiles: [workMode]), credits: 20))
        let credits = try CreditsModel(terms: .make(.app("instagram"), creditsPerMinute: 1), label: "Instagram", client: h.client)
        // Another process spends the credits while the screen is open.
        try h.store.write { try $0.post(LedgerEntry(account: .credits, amount: -10, memo: "elsewhere"), at: monday.wall) }
        credits.spend(minutes: 15)
        guard case .refused(let message)? = credits.outcome else {
            Issue.record("the overdraft must be refused, got \(String(describing: credits.outcome))")
            return
        }
        #expect(message.said.contains("15"))
        #expect(h.stored.balances.credits == 10)
        #expect(h.stored.engine.grants.isEmpty)
        #expect(!h.kinds.contains("ritualCompleted"))
    }

    @Test func aDisabledOption_opensNoScreen() throws {
        let h = Harness(.make(engine: .make(profiles: [workMode]), credits: 2))
        let gate = UnlockGateModel(app: AppToken("instagram"), appName: "Instagram", client: h.client)
        gate.load()
        let credits = try #require(gate.gate?.options.first { $0.way == .ritual(.credits) })
        #expect(credits.eligibility == .unavailable(.insufficientCredits(needed: 5, balance: 2)))
        #expect(gate.choose(credits) == nil)
    }

    @Test func anUnreadableStore_showsAProblem_andNoOptions() {
        let h = Harness(.make(engine: .make(profiles: [workMode])))
        h.store.failNextCalls(with: .corrupt("page 3"))
        let gate = UnlockGateModel(app: AppToken("instagram"), appName: "Instagram", client: h.client)
        gate.load()
        #expect(gate.gate == nil)
        #expect(gate.problem?.said.contains("damaged") == true)
    }

    // MARK: Prayer

    @Test func aPrayer_leftMidway_resumes_andAmenUnlocksForTheWindow_thenNoNewPrayerIsAsked() throws {
        var stored = StoredState.make(engine: .make(gates: [selahGate]))
        stored.settings.selah = SelahPreferences(tradition: .catholic, vibe: .liturgical, translation: .esv)
        let h = Harness(stored)

        let first = PrayerModel(client: h.client)
        first.open()
        #expect(first.phase == .mood)
        first.choose(.anxious)
        guard case .reading(let template) = first.phase else {
            Issue.record("after the mood comes the prayer, got \(first.phase)")
            return
        }
        #expect(template.isWritten(for: .catholic, .liturgical, .anxious))
        // An ESV chosen before only quoted translations were offered: the reference and the way to read it
        // in the ESV, never another translation's words under the ESV's name (issue 35 item 17).
        let elsewhere = try #require(first.readElsewhere)
        #expect(elsewhere.translation == .esv && first.translationNote == nil)
        #expect(
            elsewhere.link.absoluteString.hasPrefix("https://www.biblegateway.com/passage/?search=")
                && elsewhere.link.absoluteString.hasSuffix("&version=ESV"))
        #expect(
            elsewhere.link.absoluteString.contains(
                try #require(first.verse).reference.description.replacingOccurrences(of: " ", with: "%20")))
        first.leave()
        #expect(h.stored.engine.grants.isEmpty)

        h.clock.advance(by: 3_600)
        let second = PrayerModel(client: h.client)
        second.open()
        #expect(second.phase == .reading(template))
        second.amen()
        #expect(second.outcome?.unlockedUntil == h.clock.now.adding(minutes: 10))
        #expect(h.stored.rituals.prayer == nil)
        #expect(h.stored.rituals.recentPrayers == [template.id])
        let record = try #require(try h.store.events(EventQuery(kinds: ["ritualCompleted"])).first)
        guard case .ritualCompleted(let completed) = record.event, case .prayer(let prayed) = completed.detail else {
            Issue.record("the prayer is in the history")
            return
        }
        #expect(prayed.mood == .anxious && prayed.preferredTranslation == .esv && completed.minutes == 10)

        h.clock.advance(by: 300)
        let third = PrayerModel(client: h.client)
        third.open()
        #expect(third.phase == .windowOpen(until: monday.wall.adding(seconds: 3_600 + 600)))
    }

    @Test func aTruncatedPrayerLibrary_showsAProblem_andGrantsNothing() {
        let h = Harness(.make(engine: .make(gates: [selahGate])))
        var client = h.client
        let truncated = Data(#"[{"id": "catholic-liturgical-anxious-01", "traditions": ["catholic"], "vibes": ["litur"#.utf8)
        client.library = { try PrayerLibrary(data: truncated, file: "catholic.json") }
        let prayer = PrayerModel(client: client)
        prayer.open()
        guard case .problem(let message) = prayer.phase else {
            Issue.record("a truncated library is a problem, got \(prayer.phase)")
            return
        }
        #expect(message.said.contains("truncated"))
        prayer.choose(.anxious)
        prayer.amen()
        #expect(prayer.outcome == nil)
        #expect(h.stored.engine.grants.isEmpty)
    }

    @Test func withNothingAcceptingAPrayer_thereIsNothingToUnlock() {
        let h = Harness(.make(engine: .make(profiles: [workMode])))
        let prayer = PrayerModel(client: h.client)
        prayer.open()
        #expect(prayer.phase == .nothingToUnlock)
    }

    // MARK: Challenge

    @Test func solvingTheMathProblems_unlocksForFiveMinutes() throws {
        let h = Harness(.make(engine: .make(gates: [challengeGate])))
        let math = try MathChallengeModel(difficulty: .hard, problems: 2, terms: .make(.allGated, minutes: 5), client: h.client)
        math.answer("not a number")
        #expect(math.feedback == .notANumber)
        while let problem = math.problem { math.answer(String(problem.answer)) }
        #expect(math.outcome?.unlockedUntil == monday.wall.adding(minutes: 5))
        #expect(h.stored.engine.grants.first?.origin == .ritual(.mathChallenge))
    }

    @Test func drawingAgainstTheOpponent_unlocks_losingDoesNot() {
        let h = Harness(.make(engine: .make(gates: [challengeGate])))
        let careless = TicTacToeModel(terms: .make(), client: h.client)
        while case .yourMove = careless.game.step { careless.play(careless.game.board.emptyCells.first!) }
        #expect(careless.game.step == .finished(.lost))
        #expect(careless.outcome == nil)
        #expect(h.stored.engine.grants.isEmpty)

        careless.newGame()
        // Centre, then always block or take the free cell the opponent would want: a draw.
        for _ in 0..<5 {
            guard case .yourMove = careless.game.step else { break }
            careless.play(Self.drawingMove(careless.game.board))
        }
        #expect(careless.game.step == .finished(.drew))
        #expect(careless.outcome?.unlockedUntil == monday.wall.adding(minutes: 5))
    }

    /// A move that never loses: win, block, centre, corner, edge.
    static func drawingMove(_ board: TicTacToeBoard) -> Int {
        let lines = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]]
        let cells = board.cells
        for mark in [Mark.x, .o] {
            for line in lines where line.filter({ cells[$0] == mark }).count == 2 {
                if let free = line.first(where: { cells[$0] == nil }) { return free }
            }
        }
        if cells[4] == nil { return 4 }
        // Against a corner-corner fork, take an edge.
        if cells[4] == .x, [0, 8].allSatisfy({ cells[$0] == .o }) || [2, 6].allSatisfy({ cells[$0] == .o }) {
            if let edge = [1, 3, 5, 7].first(where: { cells[$0] == nil }) { return edge }
        }
        return [0, 2, 6, 8, 1, 3, 5, 7].first { cells[$0] == nil }!
    }

    // MARK: Quests

    @Test func theBreathingQuest_restartsWhenTheClockMoves_andUnlocksAfter45QuietSeconds() {
        let h = Harness(.make(engine: .make(profiles: [workMode])))
        let quest = BreathingQuestModel(terms: .make(.app("instagram")), client: h.client)
        quest.start()
        h.clock.advance(by: 30)
        quest.tick()
        h.clock.moveWall(by: 900)
        quest.tick()
        #expect(quest.notice == .clockMoved)
        h.clock.advance(by: 30)
        quest.tick()
        #expect(quest.outcome == nil, "30 s after the restart is not 45")
        h.clock.advance(by: 15)
        quest.tick()
        #expect(quest.outcome?.unlockedUntil == h.clock.now.adding(minutes: 5))
    }

    @Test func theCopyQuest_refusesAPaste_andCompletesOnlyAfter90Seconds() {
        let h = Harness(.make(engine: .make(profiles: [workMode])))
        let quest = CopyTextQuestModel(terms: .make(.app("instagram")), client: h.client)
        quest.start()
        let passage = quest.quest.passage.text
        quest.edit(passage)
        #expect(quest.lastEdit == .pasteRefused)
        #expect(quest.text.isEmpty)
        var typed = ""
        for word in passage.split(separator: " ", omittingEmptySubsequences: false) {
            typed += (typed.isEmpty ? "" : " ") + word
            h.clock.advance(by: 1)
            quest.edit(typed)
        }
        quest.finish()
        #expect(quest.outcome == nil)
        guard case .tooEarly = quest.lastFinish else {
            Issue.record("a matching copy before 90 s is too early, got \(String(describing: quest.lastFinish))")
            return
        }
        h.clock.advance(by: 90)
        quest.finish()
        #expect(quest.outcome?.unlockedUntil == h.clock.now.adding(minutes: 5))
    }

    // MARK: Emergency

    @Test func anEmergency_needsTheFullHoldAndAReason_andThenTheDaysIsUsed() throws {
        let h = Harness(.make(engine: .make(profiles: [workMode])))
        let emergency = try EmergencyModel(terms: .make(.app("instagram")), client: h.client)
        #expect(emergency.isAvailable)
        emergency.pressHold()
        h.clock.advance(by: 4)
        emergency.releaseHold()
        #expect(emergency.lastHold == .tooShort(held: 4, needed: 10))
        emergency.pressHold()
        h.clock.advance(by: 10)
        emergency.releaseHold()
        emergency.submit(reason: "short")
        #expect(emergency.lastReason == .tooShort(letters: 5, needed: 20))
        emergency.submit(reason: "My landlord needs the door code now")
        #expect(emergency.outcome?.unlockedUntil == h.clock.now.adding(minutes: 10))
        #expect(h.stored.rituals.emergencyUses == [h.clock.now])

        let again = try EmergencyModel(terms: .make(.app("instagram")), client: h.client)
        #expect(!again.isAvailable)
        #expect(again.allowance.remainingToday == 0)
        #expect(again.allowance.nextAvailableAt == at("2026-03-03 00:00"))
        again.pressHold()
        #expect(again.emergency.step == .hold)
    }

    @Test func anEmergencyFinishedAfterAnotherWasUsed_isRefusedInTheWrite() throws {
        let h = Harness(.make(engine: .make(profiles: [workMode])))
        let first = try EmergencyModel(terms: .make(.app("instagram")), client: h.client)
        let second = try EmergencyModel(terms: .make(.app("tiktok")), client: h.client)
        for model in [first, second] {
            model.pressHold()
            h.clock.advance(by: 10)
            model.releaseHold()
            model.submit(reason: "The babysitter is texting about dinner")
        }
        #expect(first.outcome != nil && first.outcome != second.outcome)
        guard case .refused(let message)? = second.outcome else {
            Issue.record("the second emergency of the day must be refused")
            return
        }
        #expect(message.said.contains("1 of 1"))
        #expect(h.stored.engine.grants.count == 1)
    }

    // MARK: Intention

    @Test func anIntentionsOpen_fromTheGate_grantsItsMinutes_andLogsTheChoice() throws {
        let h = Harness(.make(engine: .make(intentions: [.make("ig", app: "instagram", opens: 1, minutes: 3)])))
        let gate = UnlockGateModel(app: AppToken("instagram"), appName: "Instagram", client: h.client)
        gate.load()
        let option = try #require(gate.gate?.options.first)
        guard case .intentionOpen(let open)? = gate.choose(option) else {
            Issue.record("the intention's option opens its screen")
            return
        }
        open.confirm()
        #expect(open.outcome?.unlockedUntil == monday.wall.adding(minutes: 3))
        #expect(h.kinds == ["shieldChoice", "ritualCompleted", "grantIssued"])
    }
}
