import Foundation
import PropertyBased
import Testing
import TestSupport
import ThresholdCore

@Suite struct MathChallengeTests {
    let now = at("2026-11-23 10:00")
    var rng = Xoshiro(seed: (1, 2, 3, 4))

    func current(_ challenge: MathChallenge) throws -> MathProblem {
        guard case .solving(let problem) = challenge.step else {
            throw ValidationError("test", .unexpected("not solving: \(challenge.step)"))
        }
        return problem
    }

    @Test mutating func solvingEveryProblem_completes_andRequestsTheTermsWindow() throws {
        var challenge = try MathChallenge(difficulty: .medium, problems: 3, terms: .make(minutes: 5), using: &rng)
        #expect(challenge.completion == nil)
        #expect(challenge.answer(String(try current(challenge).answer), at: now, using: &rng) == .correct)
        #expect(challenge.answer(" \(try current(challenge).answer) ", at: now, using: &rng) == .correct)
        #expect(challenge.completion == nil)
        #expect(challenge.answer(String(try current(challenge).answer), at: now.adding(seconds: 30), using: &rng) == .completed)

        let completion = try #require(challenge.completion)
        #expect(
            completion.request
                == GrantRequest(scope: .allGated, minutes: 5, origin: .ritual(.mathChallenge), start: now.adding(seconds: 30)))
        #expect(completion.record.detail == .math(difficulty: .medium, solved: 3, mistakes: 0))
        #expect(completion.spend == nil)
        #expect(challenge.answer("1", at: now, using: &rng) == .notAsking)
    }

    @Test mutating func aWrongAnswer_costsOneMoreProblem_andShowsTheRightAnswer() throws {
        var challenge = try MathChallenge(difficulty: .easy, problems: 2, terms: .make(), using: &rng)
        let problem = try current(challenge)
        #expect(challenge.answer(String(problem.answer + 1), at: now, using: &rng) == .wrong(correctAnswer: problem.answer))
        #expect(challenge.remaining == 3)
        for _ in 0..<2 { #expect(challenge.answer(String(try current(challenge).answer), at: now, using: &rng) == .correct) }
        #expect(challenge.completion == nil, "two right answers are not enough after a wrong one")
        #expect(challenge.answer(String(try current(challenge).answer), at: now, using: &rng) == .completed)
        #expect(challenge.completion?.record.detail == .math(difficulty: .easy, solved: 3, mistakes: 1))
    }

    @Test mutating func theThirdWrongAnswer_failsTheAttempt_andRetryStartsOver() throws {
        var challenge = try MathChallenge(difficulty: .hard, problems: 5, terms: .make(), using: &rng)
        #expect(challenge.answer(String(try current(challenge).answer), at: now, using: &rng) == .correct)
        for expected in [false, false, true] {
            let problem = try current(challenge)
            let outcome = challenge.answer(String(problem.answer - 1), at: now, using: &rng)
            #expect(outcome == (expected ? .failed(correctAnswer: problem.answer) : .wrong(correctAnswer: problem.answer)))
        }
        #expect(challenge.step == .failed)
        #expect(challenge.completion == nil)
        #expect(challenge.answer("0", at: now, using: &rng) == .notAsking)

        challenge.retry(using: &rng)
        #expect(challenge.solved == 0 && challenge.mistakes == 0 && challenge.remaining == 5)
        _ = try current(challenge)
    }

    @Test(arguments: ["", "twelve", "1.5", "12abc", "--3"])
    mutating func textThatIsNotAWholeNumber_countsForNothing(text: String) throws {
        var challenge = try MathChallenge(difficulty: .easy, problems: 1, terms: .make(), using: &rng)
        let before = try current(challenge)
        #expect(challenge.answer(text, at: now, using: &rng) == .notANumber)
        #expect(try current(challenge) == before)
        #expect(challenge.mistakes == 0)
    }

    @Test mutating func aProblemCountOutsideOneToTwenty_isRefused() {
        #expect(throws: ValidationError.self) { try MathChallenge(difficulty: .easy, problems: 0, terms: .make(), using: &rng) }
        #expect(throws: ValidationError.self) { try MathChallenge(difficulty: .easy, problems: 21, terms: .make(), using: &rng) }
    }

    @Test func everyGeneratedProblem_hasTheAnswerItsTextComputesTo() async {
        let seeds = Gen.uint64().array(of: 4)
        await propertyCheck(count: 300, input: seeds, Gen<MathDifficulty>.case) { seed, difficulty in
            // NB: an all-zero xoshiro state only ever yields 0, on which `Int.random(in:)` never returns.
            var generator = Xoshiro(seed: (seed[0] | 1, seed[1], seed[2], seed[3]))
            let problem = MathProblem.random(difficulty, using: &generator)
            #expect(Self.evaluate(problem.text) == problem.answer, "\(problem.text)")
            #expect(problem.answer >= 0)
            let bound =
                switch difficulty {
                case .easy: 18;
                case .medium: 198;
                case .hard: 99 * 9
                }
            #expect(problem.answer <= bound)
        }
    }

    /// Evaluates "a op b [op c]" with × before + and −.
    static func evaluate(_ text: String) -> Int? {
        let tokens = text.split(separator: " ").map(String.init)
        guard tokens.count % 2 == 1, var product = Int(tokens[0]) else { return nil }
        var total = 0, sign = 1
        for index in stride(from: 1, to: tokens.count, by: 2) {
            guard let next = Int(tokens[index + 1]) else { return nil }
            switch tokens[index] {
            case "×":
                product *= next
            case "+", "−":
                total += sign * product
                sign = tokens[index] == "+" ? 1 : -1
                product = next
            default:
                return nil
            }
        }
        return total + sign * product
    }
}
