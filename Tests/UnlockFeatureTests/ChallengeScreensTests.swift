import FeatureClient
import FeatureTestSupport
import Foundation
import SettingsFeature
import TestSupport
import Testing
import ThresholdCore
@testable import UnlockFeature

/// Challenge's own games on their screens (issue 26): a game played to its end unlocks, practice
/// records nothing, leaving the app voids a game, the gate lists only the games on, and a
/// challenge picked for the person comes from those.
@MainActor
@Suite struct ChallengeScreensTests {
    /// Plays the game on `model` to its end, as fast as it lets, the clock moving with the person.
    func playToTheEnd<Game: PlayedByTests>(_ model: GameChallengeModel<Game>, _ h: Harness) {
        model.begin()
        for _ in 0..<200 where model.challenge.step == .playing {
            let (move, from) = model.game!.rightMove
            if let elapsed = model.elapsed, elapsed < from { h.clock.advance(by: from - elapsed) }
            model.play(move)
            h.clock.advance(by: 1)
            model.tick()
        }
        for _ in 0..<60 where model.challenge.step == .solved {
            h.clock.advance(by: 1)
            model.tick()
        }
    }

    /// The screens deal their content in the language the app was given: a phone in Spanish gets
    /// Spanish words to unscramble and a Spanish passage to copy, and solving in Spanish unlocks.
    @Test func onAPhoneInSpanish_theWordsAndThePassageAreSpanish() throws {
        let h = Harness(.make(engine: .make(gates: [challengeGate])), language: .spanish)
        let model = GameChallengeModel<UnscrambleGame>(terms: .make(.app("youtube")), client: h.client)
        model.begin()
        let word = try #require(model.game?.word)
        #expect(UnscrambleGame.list(in: .spanish).contains(word))
        playToTheEnd(model, h)
        #expect(model.challenge.step == .completed)
        let quest = CopyTextQuestModel(terms: .make(.app("instagram")), client: h.client)
        #expect(CopyPassage.all(in: .spanish).contains(quest.quest.passage))
    }

    @Test func aGameFromTheGate_unlocksEverythingGated_forItsWindow() throws {
        let h = Harness(.make(engine: .make(gates: [challengeGate])))
        let gate = UnlockGateModel(app: AppToken("youtube"), appName: "YouTube", client: h.client)
        gate.load()
        let option = try #require(gate.gate?.options.first { $0.way == .ritual(.echo) })
        guard case .echo(let model)? = gate.choose(option) else {
            Issue.record("Echo opens Echo's screen")
            return
        }
        let began = h.clock.now
        playToTheEnd(model, h)
        let completed = try #require(model.challenge.completedAt)
        guard case .unlocked(let until, let minutes, _)? = model.outcome else {
            Issue.record("a completed game unlocks, got \(String(describing: model.outcome))")
            return
        }
        #expect(until == completed.adding(minutes: 5) && minutes == 5)
        #expect(completed.timeIntervalSince(began) >= ChallengeRules.minimumSeconds)
        #expect(h.stored.engine.grants.map(\.origin) == [.ritual(.echo)])
        #expect(h.kinds.contains("ritualCompleted"))
    }

    @Test func playingForFun_grantsNothing_andRecordsNothing() throws {
        let h = Harness(.make(engine: .make(gates: [challengeGate])))
        let before = h.kinds
        guard case .unscramble(let model)? = UnlockGateModel.Screen.practice(.unscramble, client: h.client) else {
            Issue.record("Unscramble can be played for fun")
            return
        }
        #expect(model.isPractice)
        playToTheEnd(model, h)
        #expect(model.challenge.step == .completed)
        #expect(model.outcome == nil)
        #expect(h.stored.engine.grants.isEmpty)
        #expect(h.kinds == before)
        #expect(UnlockGateModel.Screen.practice(.math, client: h.client) == nil)
    }

    @Test func goingToTheBackground_voidsTheGame_whichBeginsAfresh() {
        let h = Harness(.make(engine: .make(gates: [challengeGate])))
        let model = GameChallengeModel<InkGame>(terms: .make(), client: h.client)
        model.begin()
        model.play(model.game!.rightMove.move)
        model.scenePhaseChanged(to: .inactive)
        #expect(model.challenge.step == .playing, "a glance at Control Centre is not leaving")
        model.scenePhaseChanged(to: .background)
        #expect(model.challenge.step == .ready)
        #expect(model.challenge.interruption == .leftScreen)
        h.clock.advance(by: 120)
        model.tick()
        #expect(model.outcome == nil)
        model.begin()
        #expect(model.game?.right == 0)
        #expect(model.challenge.attempts == 2)
    }

    @Test func aTick_keepsWhatTheLastMoveDid_andSaysOnlySolvedDoneOrStartedOver() throws {
        let h = Harness(.make(engine: .make(gates: [challengeGate])))
        let model = GameChallengeModel<EchoGame>(terms: .make(), client: h.client)
        model.begin()
        h.clock.advance(by: 1)
        model.tick()
        #expect(model.last == nil, "a tick while the sequence shows is no move")
        let wrong = try #require(model.game?.wrongMove)
        h.clock.advance(by: max(0, wrong.from - (model.elapsed ?? 0)))
        model.play(wrong.move)
        #expect(model.last == .played(.wrong))
        h.clock.advance(by: 1)
        model.tick()
        #expect(model.last == .played(.wrong), "'Not that one.' stays until the next move")
        for _ in 0..<200 where model.challenge.step == .playing {
            let (move, from) = model.game!.rightMove
            if let elapsed = model.elapsed, elapsed < from { h.clock.advance(by: from - elapsed) }
            model.play(move)
        }
        if model.challenge.step == .solved {
            model.tick()
            guard case .solved? = model.last else {
                Issue.record("a tick while the minimum runs says solved, got \(String(describing: model.last))")
                return
            }
            h.clock.advance(by: ChallengeRules.minimumSeconds)
            model.tick()
        }
        #expect(model.last == .completed)
        #expect(model.outcome != nil)
    }

    @Test func aCompletionRefusedWhenWritten_unlocksNothing_andSaysWhy() {
        let h = Harness(.make(engine: .make(gates: [challengeGate])))
        let model = GameChallengeModel<SlideGame>(terms: .make(), client: h.client)
        h.store.failNextCalls(with: .corrupt("a damaged file"))
        playToTheEnd(model, h)
        guard case .refused? = model.outcome else {
            Issue.record("a store that cannot be written refuses the unlock, got \(String(describing: model.outcome))")
            return
        }
        h.store.failNextCalls(with: nil)
        #expect(h.stored.engine.grants.isEmpty)
    }

    @Test func theGate_listsOnlyTheGamesOn_andPicksOnlyAmongThem() throws {
        var stored = StoredState.make(engine: .make(gates: [challengeGate]))
        for kind in [ChallengeKind.math, .ticTacToe, .ink, .echo] { try stored.settings.challenges.set(kind, on: false) }
        let h = Harness(stored)
        let gate = UnlockGateModel(app: AppToken("youtube"), appName: nil, client: h.client)
        gate.load()
        #expect(gate.gate?.options.map(\.way) == [.ritual(.slide), .ritual(.unscramble)])
        for seed in 0..<20 {
            let h = Harness(stored, seed: UInt64(seed))
            let gate = UnlockGateModel(app: AppToken("youtube"), appName: nil, client: h.client)
            gate.opensChallenge = true
            gate.load()
            switch gate.openingChallenge() {
            case .slide?, .unscramble?: break
            default: Issue.record("seed \(seed) picked a game that is off")
            }
            #expect(gate.openingChallenge() == nil, "the gate opens into a game once")
        }
    }

    @Test func settings_turnGamesOff_butNeverTheLastOneOn_sayingWhy() throws {
        let device = try Device(.make(gates: [challengeGate]))
        let settings = SettingsModel(client: device.client)
        settings.load()
        for kind in ChallengeKind.allCases.dropFirst() { settings.setChallenge(kind, on: false) }
        #expect(settings.problem == nil && settings.challenges.on == [.math])
        #expect(settings.challenges.offRefusal(.math) != nil)
        settings.setChallenge(.math, on: false)
        #expect(settings.problem == .refused(.refused(.lastChallengeStaysOn)))
        #expect(device.stored.settings.challenges.on == [.math])
        settings.setChallenge(.echo, on: true)
        #expect(settings.problem == nil && device.stored.settings.challenges.on == [.math, .echo])
    }

    @Test func settings_showChallenges_onlyWhereAGateOrProfileOffersAGame() throws {
        for (gate, offers) in [(selahGate, false), (challengeGate, true)] {
            let device = try Device(.make(gates: [gate]))
            let settings = SettingsModel(client: device.client)
            settings.load()
            #expect(settings.offersChallenges == offers, "\(gate.name)")
        }
    }

    @Test func aGateOfferingNoGame_opensNoChallenge() {
        let h = Harness(.make(engine: .make(gates: [selahGate])))
        let gate = UnlockGateModel(app: AppToken("instagram"), appName: nil, client: h.client)
        gate.opensChallenge = true
        gate.load()
        #expect(gate.openingChallenge() == nil)
    }
}
