import Foundation
import PropertyBased
import Testing
import TestSupport
@testable import ThresholdCore

/// Challenge's own games (issue 26): each a pure game dealt from a seed, played against the
/// clock it is told, and wrapped by ``Challenge``, which grants only for a game solved after at
/// least its minimum of unbroken attention, never in practice, and voids a game left or whose
/// clock moved.
@Suite struct ChallengeGamesTests {
    let start = ClockReading.at("2026-11-23 10:00")
    static let actions = Gen.int(in: 0...99).array(of: 0...80)

    // MARK: What every game shares

    /// Random people playing each game (right, wrong, early, late, leaving, moving the clock,
    /// beginning again): a game completes only when solved after at least the minimum since its
    /// Begin with no void between, and grants only with terms.
    func onlyASolvedGamePlayedLongEnough_completes<Game: PlayedByTests>(_: Game.Type, count: Int = 150) async {
        await propertyCheck(count: count, input: Self.actions, Gen.uint64()) { actions, seed in
            for practice in [false, true] {
                var generator = SplitMix64(seed: seed)
                var challenge = Challenge<Game>(terms: practice ? nil : .make())
                var now = start
                var begunAt: ClockReading?
                for action in actions {
                    switch action % 7 {
                    case 0:
                        let before = challenge.step
                        challenge.begin(at: now, using: &generator)
                        if before == .ready || before == .failed { begunAt = now }
                    case 1, 2:
                        guard let game = challenge.game, let elapsed = challenge.elapsed(at: now) else { continue }
                        let (move, from) = game.rightMove
                        if elapsed < from { now = now.advanced(by: from - elapsed) }
                        _ = challenge.play(move, at: now)
                    case 3:
                        guard let game = challenge.game, let (move, _) = game.wrongMove else { continue }
                        _ = challenge.play(move, at: now)
                    case 4:
                        now = now.advanced(by: Double(action % 13))
                        challenge.tick(at: now)
                    case 5:
                        if action % 2 == 0 { challenge.leave() } else { now = now.wallMoved(by: 600) }
                        challenge.tick(at: now)
                    default:
                        now = now.advanced(by: 1)
                    }
                    if challenge.step == .ready { begunAt = nil }
                }
                if challenge.step == .completed {
                    let begun = try #require(begunAt)
                    let completedAt = try #require(challenge.completedAt)
                    #expect(completedAt.timeIntervalSince(begun.wall) >= ChallengeRules.minimumSeconds)
                    #expect(challenge.game?.isSolved == true)
                }
                if let completion = challenge.completion {
                    #expect(!practice)
                    #expect(challenge.step == .completed)
                    #expect(completion.request.origin == .ritual(Game.kind.ritual))
                    #expect(completion.request.scope == .allGated)
                    #expect(
                        completion.record.detail == .challenge(Game.kind, mistakes: challenge.game!.mistakes, attempts: challenge.attempts))
                } else {
                    #expect(practice || challenge.step != .completed)
                }
            }
        }
    }

    @Test func ink_completesOnlyWhenEarned() async { await onlyASolvedGamePlayedLongEnough_completes(InkGame.self) }
    @Test func echo_completesOnlyWhenEarned() async { await onlyASolvedGamePlayedLongEnough_completes(EchoGame.self) }
    // NB: fewer runs: every right slide is a breadth-first search for the shortest solution.
    @Test func slide_completesOnlyWhenEarned() async { await onlyASolvedGamePlayedLongEnough_completes(SlideGame.self, count: 40) }
    @Test func unscramble_completesOnlyWhenEarned() async { await onlyASolvedGamePlayedLongEnough_completes(UnscrambleGame.self) }

    /// Played perfectly and as fast as each game lets, every game completes, and no sooner than
    /// the minimum: it cannot be sped up.
    func perfectPlay_completesAfterTheMinimum<Game: PlayedByTests>(_: Game.Type) async {
        await propertyCheck(count: 40, input: Gen.uint64()) { seed in
            var generator = SplitMix64(seed: seed)
            var challenge = Challenge<Game>(terms: .make())
            challenge.begin(at: start, using: &generator)
            var now = start
            var outcome = Challenge<Game>.Outcome.notPlaying
            for _ in 0..<200 where challenge.step == .playing {
                let (move, from) = challenge.game!.rightMove
                let elapsed = challenge.elapsed(at: now)!
                if elapsed < from { now = now.advanced(by: from - elapsed) }
                outcome = challenge.play(move, at: now)
            }
            #expect(challenge.game?.isSolved == true)
            if case .solved(let remaining) = outcome {
                #expect(challenge.completion == nil)
                #expect(challenge.tick(at: now.advanced(by: remaining - 1)) == .solved(remaining: 1))
                now = now.advanced(by: remaining)
                #expect(challenge.tick(at: now) == .completed)
            }
            #expect(challenge.completion?.request.start == now.wall)
            #expect(now.wall.timeIntervalSince(start.wall) >= ChallengeRules.minimumSeconds)
        }
    }

    @Test func ink_cannotBeSpedUp() async { await perfectPlay_completesAfterTheMinimum(InkGame.self) }
    @Test func echo_cannotBeSpedUp() async { await perfectPlay_completesAfterTheMinimum(EchoGame.self) }
    @Test func slide_cannotBeSpedUp() async { await perfectPlay_completesAfterTheMinimum(SlideGame.self) }
    @Test func unscramble_cannotBeSpedUp() async { await perfectPlay_completesAfterTheMinimum(UnscrambleGame.self) }

    /// The same seed deals the same game: what the simulated phone shows is the same on every run.
    @Test func aSeed_dealsTheSameGame() async {
        await propertyCheck(count: 50, input: Gen.uint64()) { seed in
            var a = SplitMix64(seed: seed), b = SplitMix64(seed: seed)
            #expect(InkGame(using: &a) == InkGame(using: &b))
            #expect(EchoGame(using: &a) == EchoGame(using: &b))
            #expect(SlideGame(using: &a) == SlideGame(using: &b))
            #expect(UnscrambleGame(using: &a) == UnscrambleGame(using: &b))
        }
    }

    @Test func leavingAGame_voidsIt_andBeginDealsANewOne() {
        var generator = SplitMix64(seed: 7)
        var challenge = Challenge<UnscrambleGame>(terms: .make())
        challenge.begin(at: start, using: &generator)
        let first = challenge.game!
        #expect(challenge.play(first.word, at: start.advanced(by: 5)) == .played(.right))
        challenge.leave()
        #expect(challenge.step == .ready)
        #expect(challenge.game == nil)
        #expect(challenge.interruption == .leftScreen)
        #expect(challenge.play("anything", at: start.advanced(by: 6)) == .notPlaying)
        challenge.begin(at: start.advanced(by: 60), using: &generator)
        #expect(challenge.attempts == 2)
        #expect(challenge.game?.solved == 0)
    }

    @Test func aMovedClock_voidsTheGame() {
        var generator = SplitMix64(seed: 8)
        var challenge = Challenge<UnscrambleGame>(terms: .make())
        challenge.begin(at: start, using: &generator)
        let word = challenge.game!.word
        #expect(challenge.play(word, at: start.advanced(by: 2).wallMoved(by: 3_600)) == .restarted)
        #expect(challenge.step == .ready)
        #expect(challenge.interruption == .clockMoved)
        #expect(challenge.completion == nil)
    }

    @Test func aSolvedGameLeftBeforeTheMinimum_grantsNothing() {
        var generator = SplitMix64(seed: 9)
        var challenge = Challenge<SlideGame>(terms: .make())
        challenge.begin(at: start, using: &generator)
        var now = start
        while challenge.step == .playing {
            now = now.advanced(by: 1)
            _ = challenge.play(challenge.game!.rightMove.move, at: now)
        }
        #expect(challenge.step == .solved)
        challenge.leave()
        #expect(challenge.tick(at: now.advanced(by: 60)) == .notPlaying)
        #expect(challenge.completion == nil)
    }

    @Test func threeMistakes_failTheGame_andBeginDealsANewOne() {
        var generator = SplitMix64(seed: 10)
        var challenge = Challenge<InkGame>(terms: .make())
        challenge.begin(at: start, using: &generator)
        var now = start
        var outcomes: [Challenge<InkGame>.Outcome] = []
        while challenge.step == .playing {
            let (move, from) = challenge.game!.wrongMove!
            now = start.advanced(by: max(from, now.uptime - start.uptime))
            outcomes.append(challenge.play(move, at: now))
        }
        #expect(outcomes == [.played(.wrong), .played(.wrong), .failed])
        #expect(challenge.step == .failed)
        #expect(challenge.completion == nil)
        challenge.begin(at: now, using: &generator)
        #expect(challenge.step == .playing)
        #expect(challenge.game?.mistakes == 0)
    }

    // MARK: Ink

    @Test func ink_cardsComeAtMostOneAPace_andAnswersBetweenCountNothing() async {
        await propertyCheck(count: 100, input: Gen.uint64(), Gen.int(in: 0...2_000).array(of: 1...40)) { seed, delays in
            var generator = SplitMix64(seed: seed)
            var game = InkGame(using: &generator)
            var elapsed: TimeInterval = 0
            var shown: [TimeInterval] = [0]
            for delay in delays where !game.isSolved && !game.isFailed {
                elapsed += Double(delay) / 1_000
                let before = game
                if case .next = game.showing(at: elapsed) {
                    #expect(game.play(game.card.ink, elapsed: elapsed) == .notNow)
                    #expect(game == before)
                    continue
                }
                #expect(game.showing(at: elapsed) == .card(game.card))
                _ = game.play(game.card.ink, elapsed: elapsed)
                shown.append(game.shownAt)
            }
            for (earlier, later) in zip(shown, shown.dropFirst()) { #expect(later - earlier >= InkGame.pace) }
        }
    }

    @Test func ink_mixesCardsInTheirOwnColourAmongTheRest() {
        var generator = SplitMix64(seed: 3)
        let cards = (0..<200).map { _ in InkGame(using: &generator).card }
        let same = cards.filter { $0.word == $0.ink }.count
        #expect((20...80).contains(same), "\(same) of 200 cards in their own colour")
        #expect(Set(cards.map(\.ink)) == Set(InkColour.allCases))
    }

    // MARK: Echo

    @Test func echo_takesNothingWhileTheSequenceShows_andShowsItInOrder() {
        var generator = SplitMix64(seed: 4)
        var game = EchoGame(using: &generator)
        #expect(game.showing(at: 0.5) == .gettingReady)
        for (index, direction) in game.sequence.enumerated() {
            let at = EchoGame.pause + Double(index) * EchoGame.pace + 0.1
            #expect(game.showing(at: at) == .showing(index: index, of: game.sequence.count, direction))
            #expect(game.play(direction, elapsed: at) == .notNow)
        }
        #expect(game.showing(at: game.turnBegins) == .yourTurn(entered: 0, of: 4))
        for direction in game.sequence { #expect(game.play(direction, elapsed: 20) == .right) }
        #expect(game.round == 1)
        #expect(game.sequence.count == 5)
        #expect(game.showing(at: 20.5) == .gettingReady)
    }

    @Test func echo_aWrongDirection_showsANewSequenceOfTheSameLength() {
        var generator = SplitMix64(seed: 5)
        var game = EchoGame(using: &generator)
        let turn = game.turnBegins
        #expect(game.play(game.sequence[0], elapsed: turn) == .right)
        #expect(game.play(game.wrongMove!.move, elapsed: turn + 1) == .wrong)
        #expect(game.mistakes == 1)
        #expect(game.entered == 0)
        #expect(game.sequence.count == 4)
        #expect(game.roundStart == turn + 1)
    }

    @Test func echo_neverShowsADirectionTwiceInARow() async {
        await propertyCheck(count: 100, input: Gen.uint64()) { seed in
            var generator = SplitMix64(seed: seed)
            let game = EchoGame(using: &generator)
            #expect(zip(game.sequence, game.sequence.dropFirst()).allSatisfy { $0 != $1 })
        }
    }

    // MARK: Slide

    @Test func slide_dealsABoardSolvableWithinTheScramble_andTheHintSolvesIt() async {
        await propertyCheck(count: 60, input: Gen.uint64()) { seed in
            var generator = SplitMix64(seed: seed)
            var game = SlideGame(using: &generator)
            #expect(!game.isSolved)
            let path = game.board.solution()
            #expect(!path.isEmpty && path.count <= SlideGame.scramble)
            for tile in path { #expect(game.play(tile, elapsed: 0) == .moved) }
            #expect(game.isSolved)
        }
    }

    @Test func slide_aTileAwayFromTheGap_staysPut_andRunningOutOfSlidesFails() {
        var game = SlideGame(board: SlideBoard(cells: [1, 2, 3, 4, 5, 6, 7, 0, 8])!)
        #expect(game.play(1, elapsed: 0) == .notAllowed)
        #expect(game.play(0, elapsed: 0) == .notAllowed)
        #expect(game.moves == 0)
        // Back and forth, never solving, until the slides run out.
        while !game.isFailed { #expect(game.play(5, elapsed: 0) == .moved) }
        #expect(game.moves == SlideGame.moveLimit)
        #expect(!game.isSolved)
        #expect(game.play(8, elapsed: 0) == .notAllowed)
    }

    @Test func aBoardMustHoldEachTileOnce() {
        #expect(SlideBoard(cells: [1, 1, 3, 4, 5, 6, 7, 8, 0]) == nil)
        #expect(SlideBoard(cells: [1, 2, 3]) == nil)
        #expect(SlideBoard(cells: [1, 2, 3, 4, 5, 6, 7, 8, 0]) == .solved)
    }

    // MARK: Unscramble

    @Test(arguments: ContentLanguage.allCases)
    func unscramble_neverShowsAWordInOrder_andNeverDealsOneTwice(in language: ContentLanguage) async {
        let list = UnscrambleGame.list(in: language)
        await propertyCheck(count: 100, input: Gen.uint64()) { seed in
            var generator = SplitMix64(seed: seed)
            var game = UnscrambleGame(using: &generator, in: language)
            var words: [String] = []
            while !game.isSolved {
                #expect(String(game.letters) != game.word)
                #expect(game.letters.sorted() == Array(game.word).sorted())
                #expect(list.contains(game.word))
                words.append(game.word)
                #expect(game.play(" \(game.word.uppercased()) ", elapsed: 0) == .right)
            }
            #expect(Set(words).count == UnscrambleGame.words)
        }
    }

    @Test(arguments: ContentLanguage.allCases)
    func unscramble_theListHoldsNoTwoWordsOfTheSameLetters(in language: ContentLanguage) {
        let list = UnscrambleGame.list(in: language)
        let keys = list.map { String($0.sorted()) }
        #expect(Set(keys).count == keys.count)
        #expect(list.count >= 50)
        #expect(list.allSatisfy { $0.count == 6 && $0 == $0.lowercased() })
        // The letters shown are the letters on any keyboard: no accent, no ñ.
        let plain = list.filter { $0.unicodeScalars.allSatisfy { ("a"..."z").contains($0) } }
        #expect(plain == list, "\(Set(list).subtracting(plain).sorted())")
    }

    /// A word of one language is never the anagram of another's, so the same letters never mean
    /// two words (the scenarios' person, who knows every list, finds the one they make).
    @Test func unscramble_noTwoListsShareAWordsLetters() {
        let keys = ContentLanguage.allCases.flatMap { UnscrambleGame.list(in: $0) }.map { String($0.sorted()) }
        #expect(Set(keys).count == keys.count)
    }

    @Test func unscramble_inSpanish_dealsSpanishWords_andTakesAGuessWithOrWithoutAccents() throws {
        var generator = SplitMix64(seed: 3)
        var challenge = Challenge<UnscrambleGame>(terms: .make(), language: .spanish)
        challenge.begin(at: start, using: &generator)
        var game = try #require(challenge.game)
        #expect(game.language == .spanish)
        #expect(UnscrambleGame.list(in: .spanish).contains(game.word))
        // A keyboard's accent on a vowel, and capitals: still the word.
        let accented = game.word.uppercased().replacingOccurrences(of: "A", with: "Á").replacingOccurrences(of: "E", with: "É")
        #expect(game.play(accented, elapsed: 0) == .right)
        #expect(game.play(String(game.word.reversed()), elapsed: 0) == .wrong)
    }

    /// A language Threshold has no words in deals the English ones, never none.
    @Test(arguments: ["de", "fr", "pt-BR", nil])
    func unscramble_inALanguageWithoutWords_dealsEnglish(code: String?) {
        var generator = SplitMix64(seed: 4)
        let game = UnscrambleGame(using: &generator, in: ContentLanguage(languageCode: code))
        #expect(UnscrambleGame.list(in: .english).contains(game.word))
    }

    @Test func unscramble_aWrongGuessIsAMistake_andTheWordStays() {
        var generator = SplitMix64(seed: 12)
        var game = UnscrambleGame(using: &generator)
        let word = game.word
        #expect(game.play("", elapsed: 0) == .notAllowed)
        #expect(game.play("zzzzzz", elapsed: 0) == .wrong)
        #expect(game.word == word)
        #expect(game.play("qqqqqq", elapsed: 0) == .wrong)
        #expect(game.play("xxxxxx", elapsed: 0) == .wrong)
        #expect(game.isFailed)
        #expect(game.play(word, elapsed: 0) == .notAllowed)
    }
}

/// Settings › Challenges and the random pick (issue 26).
@Suite struct ChallengeSettingsTests {
    @Test func theLastGameOn_cannotBeTurnedOff() throws {
        var settings = ChallengeSettings()
        for kind in ChallengeKind.allCases.dropLast() { try settings.set(kind, on: false) }
        #expect(settings.on == [.unscramble])
        #expect(settings.offRefusal(.unscramble) != nil)
        #expect(throws: ValidationError.self) { try settings.set(.unscramble, on: false) }
        #expect(settings.on == [.unscramble])
        try settings.set(.ink, on: true)
        #expect(settings.offRefusal(.unscramble) == nil)
    }

    @Test func aRandomPick_isAlwaysAGameOnThatIsOffered() async {
        await propertyCheck(count: 300, input: Gen.int(in: 0...63), Gen.int(in: 0...63), Gen.uint64()) { offMask, offeredMask, seed in
            var settings = ChallengeSettings()
            for (bit, kind) in ChallengeKind.allCases.enumerated() where offMask & 1 << bit != 0 {
                try? settings.set(kind, on: false)
            }
            #expect(!settings.on.isEmpty)
            let offered = ChallengeKind.allCases.enumerated().filter { offeredMask & 1 << $0.offset != 0 }.map(\.element)
            var generator = SplitMix64(seed: seed)
            let picked = settings.pick(from: offered, using: &generator)
            if let picked {
                #expect(settings.isOn(picked))
                #expect(offered.contains(picked))
            } else {
                #expect(Set(offered).isDisjoint(with: settings.on))
            }
        }
    }

    @Test func everyGameOnAndOffered_isPickedSometimes() {
        var generator = SplitMix64(seed: 1)
        let settings = ChallengeSettings()
        let picks = Set((0..<200).compactMap { _ in settings.pick(from: ChallengeKind.allCases, using: &generator) })
        #expect(picks == Set(ChallengeKind.allCases))
    }

    @Test func savedSettings_withEveryGameOff_keepMathOn() throws {
        let json = #"{"off":["math","ticTacToe","ink","echo","slide","unscramble"]}"#
        let settings = try JSONDecoder().decode(ChallengeSettings.self, from: Data(json.utf8))
        #expect(settings.on == [.math])
        let older = try JSONDecoder().decode(Settings.self, from: Data("{}".utf8))
        #expect(older.challenges.on == ChallengeKind.allCases)
    }

    @Test func aPolicySavedWithChallengesTwoGames_takesAllSix() throws {
        let json = #"{"rituals":["mathChallenge","ticTacToe"],"windowMinutes":5,"creditsPerMinute":1}"#
        let policy = try JSONDecoder().decode(UnlockPolicy.self, from: Data(json.utf8))
        #expect(policy == .challenge)
        let mathOnly = try JSONDecoder().decode(UnlockPolicy.self, from: Data(#"{"rituals":["mathChallenge"]}"#.utf8))
        #expect(mathOnly.rituals == [.mathChallenge])
    }

    @Test func lookUps_countCompletedGamesByKind_andNothingElse() {
        func logged(_ kind: RitualKind, _ detail: RitualDetail, _ sequence: Int64) -> LoggedEvent {
            LoggedEvent(
                sequence: sequence, at: at("2026-11-23 10:00"),
                event: .ritualCompleted(RitualRecord(origin: .ritual(kind), scope: .allGated, minutes: 5, detail: detail)))
        }
        let events = [
            logged(.ink, .challenge(.ink, mistakes: 0, attempts: 1), 1),
            logged(.ink, .challenge(.ink, mistakes: 1, attempts: 2), 2),
            logged(.mathChallenge, .math(difficulty: .easy, solved: 5, mistakes: 0), 3),
            logged(.breathingQuest, .breathing(restarts: 0), 4),
            LoggedEvent.prayer("2026-11-23 11:00"),
        ]
        let lookUps = LookUps(events)
        #expect(lookUps.total == 3)
        #expect(lookUps.byKind.map(\.kind) == [.math, .ink])
        #expect(lookUps.byKind.map(\.count) == [1, 2])
    }
}
