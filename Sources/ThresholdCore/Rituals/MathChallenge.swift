import Foundation

/// How hard the problems of a math challenge are.
public enum MathDifficulty: String, Codable, Sendable, CaseIterable {
    /// Single digits: 7 + 5, 9 − 4.
    case easy
    /// Two-digit sums and differences, times tables: 47 + 38, 7 × 8.
    case medium
    /// Two-digit by one-digit products, then a sum: 23 × 7, 14 × 6 + 19.
    case hard
}

/// One arithmetic problem with a whole-number answer.
public struct MathProblem: Hashable, Codable, Sendable, CustomStringConvertible {
    /// The problem as shown: "23 × 7".
    public let text: String
    public let answer: Int

    public var description: String { text }

    /// A problem of `difficulty`, drawn from `generator`.
    public static func random(_ difficulty: MathDifficulty, using generator: inout some RandomNumberGenerator) -> MathProblem {
        func n(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &generator) }
        switch (difficulty, n(0...1)) {
        case (.easy, 0):
            let (a, b) = (n(1...9), n(1...9))
            return MathProblem(text: "\(a) + \(b)", answer: a + b)
        case (.easy, _):
            let (a, b) = (n(2...9), n(1...9))
            return MathProblem(text: "\(max(a, b)) − \(min(a, b))", answer: max(a, b) - min(a, b))
        case (.medium, 0):
            let (a, b) = (n(12...99), n(12...99))
            return n(0...1) == 0
                ? MathProblem(text: "\(a) + \(b)", answer: a + b)
                : MathProblem(text: "\(max(a, b)) − \(min(a, b))", answer: max(a, b) - min(a, b))
        case (.medium, _):
            let (a, b) = (n(3...9), n(3...9))
            return MathProblem(text: "\(a) × \(b)", answer: a * b)
        case (.hard, 0):
            let (a, b) = (n(12...99), n(3...9))
            return MathProblem(text: "\(a) × \(b)", answer: a * b)
        case (.hard, _):
            let (a, b, c) = (n(11...29), n(3...9), n(11...99))
            return MathProblem(text: "\(a) × \(b) + \(c)", answer: a * b + c)
        }
    }
}

/// Solve N problems to unlock (Challenge). A wrong answer costs one more problem; the third
/// wrong answer fails the attempt, and a new attempt starts over with fresh problems.
public struct MathChallenge: Hashable, Sendable {
    public enum Step: Hashable, Sendable {
        case solving(MathProblem)
        /// Three wrong answers: nothing is granted; `retry` starts a fresh attempt.
        case failed
        case completed
    }

    /// What an answer did.
    public enum AnswerOutcome: Hashable, Sendable {
        /// Right; the next problem is up.
        case correct
        /// Wrong: one more problem to solve. Carries the right answer to show.
        case wrong(correctAnswer: Int)
        /// The third wrong answer: the attempt is over.
        case failed(correctAnswer: Int)
        /// Right, and the last one: the challenge is complete.
        case completed
        /// Not a whole number; nothing counted.
        case notANumber
        /// The challenge is not asking a question now (failed or complete).
        case notAsking
    }

    public static let maximumMistakes = 3
    public static let problemRange = 1...20

    public let difficulty: MathDifficulty
    public let problemCount: Int
    public let terms: UnlockTerms
    public private(set) var step: Step
    public private(set) var solved = 0
    public private(set) var mistakes = 0
    /// When the last problem was solved.
    public private(set) var completedAt: Date?

    public init(difficulty: MathDifficulty, problems: Int = 5, terms: UnlockTerms, using generator: inout some RandomNumberGenerator) throws
    {
        guard MathChallenge.problemRange.contains(problems) else {
            throw ValidationError("math challenge", .outOfRange(.mathProblems, value: problems))
        }
        self.difficulty = difficulty
        self.problemCount = problems
        self.terms = terms
        self.step = .solving(MathProblem.random(difficulty, using: &generator))
    }

    /// Problems still to solve, counting those wrong answers added.
    public var remaining: Int { problemCount + mistakes - solved }

    /// Answers the current problem with what the person typed.
    public mutating func answer(_ text: String, at instant: Date, using generator: inout some RandomNumberGenerator) -> AnswerOutcome {
        guard case .solving(let problem) = step else { return .notAsking }
        let cleaned = text.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "−", with: "-")
        guard let value = Int(cleaned) else { return .notANumber }
        guard value == problem.answer else {
            mistakes += 1
            if mistakes >= MathChallenge.maximumMistakes {
                step = .failed
                return .failed(correctAnswer: problem.answer)
            }
            step = .solving(MathProblem.random(difficulty, using: &generator))
            return .wrong(correctAnswer: problem.answer)
        }
        solved += 1
        if remaining == 0 {
            step = .completed
            completedAt = instant
            return .completed
        }
        step = .solving(MathProblem.random(difficulty, using: &generator))
        return .correct
    }

    /// Starts a fresh attempt after a failure (or at any time): counts go back to zero.
    public mutating func retry(using generator: inout some RandomNumberGenerator) {
        guard step != .completed else { return }
        solved = 0
        mistakes = 0
        step = .solving(MathProblem.random(difficulty, using: &generator))
    }

    /// The grant request and record, once every problem is solved.
    public var completion: RitualCompletion? {
        guard step == .completed, let completedAt else { return nil }
        return RitualCompletion(
            request: terms.request(.ritual(.mathChallenge), at: completedAt),
            detail: .math(difficulty: difficulty, solved: solved, mistakes: mistakes))
    }
}
