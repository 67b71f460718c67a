import Foundation
import ScreenTimeSimulator
import SwiftUI
import ThresholdCore

/// Challenge's own games (Ink, Echo, Slide, Unscramble), played as a person plays them: by what
/// the screen shows and VoiceOver reads, taking the time a person takes. `answer: right|wrong`
/// makes one move (for Echo, one whole sequence); `challenge: KIND` plays the game to its end.
extension Person {
    /// Seconds a person takes over one move: reading, then tapping or typing.
    static let thinkingTime: TimeInterval = 1

    /// Which of the four games the screen in front shows, by its title; `nil` when none.
    func gameOnScreen() -> ChallengeKind? {
        guard let shown = shownScreen(), shown.views.contains("GameChallengeView") else { return nil }
        return ChallengeKind.added.first { Words.fold(Self.title($0.ritual)) == Words.fold(shown.title ?? "") }
    }

    /// Plays the game on screen to its end: Begin, right moves until it is solved, then the
    /// minimum waited out.
    func playGame(_ kind: ChallengeKind) async throws {
        for _ in 0..<200 {
            let shown = try screen()
            // The banner of a completed game: "Apps unlocked…", "YouTube unlocked for 5 minutes",
            // "Nothing was unlocked…"; practice's own line; or a game lost.
            if shown.shows("unlocked") || shown.shows("Practice unlocks nothing") || shown.shows("this game is over") { break }
            if offers("Begin") {
                try await tap("Begin")
            } else if shown.shows("Solved.") {
                try await wait(Self.thinkingTime)
            } else {
                try await move(in: kind, right: true)
            }
        }
        phone.note(.person, "played \(Self.title(kind.ritual)) to its end")
    }

    /// One move in the game on screen (one sequence, for Echo): the right one, or a mistake.
    func move(in kind: ChallengeKind, right: Bool) async throws {
        if offers("Begin") { try await tap("Begin") }
        switch kind {
        case .ink: try await inkMove(right: right)
        case .echo: try await echoRound(right: right)
        case .slide: try await slideMove(right: right)
        case .unscramble: try await unscrambleMove(right: right)
        case .math, .ticTacToe: throw StepError.notOffered("\(Self.title(kind.ritual)) is not one of the timed games")
        }
    }

    /// Time passes while the person watches the screen; its timeline redraws.
    func wait(_ seconds: TimeInterval) async throws {
        phone.advance(by: seconds)
        followLifecycle()
        try await settle()
    }

    // MARK: Ink

    private func inkMove(right: Bool) async throws {
        var card = try inkCard()
        for _ in 0..<10 where card == nil {
            try await wait(Self.thinkingTime)
            card = try inkCard()
        }
        guard let card else { throw ScreenMismatch("Ink shows no card", screen: shownScreen()) }
        let answer = right ? card.ink : InkColour.allCases.first { $0 != card.ink }!
        phone.note(.person, "reads “\(card.word.rawValue)” printed in \(card.ink.rawValue)")
        try await wait(Self.thinkingTime)
        try await tap(answer.rawValue.capitalized)
    }

    /// The card as VoiceOver reads it: "Red, printed in Blue".
    private func inkCard() throws -> InkCard? {
        for words in try screen().words {
            let parts = Words.tokens(words)
            guard parts.count == 4, parts[1] == "printed", parts[2] == "in",
                let word = InkColour(rawValue: parts[0]), let ink = InkColour(rawValue: parts[3])
            else { continue }
            return InkCard(word: word, ink: ink)
        }
        return nil
    }

    // MARK: Echo

    /// Watches a sequence as it shows, then repeats it (or, `right: false`, starts with a wrong
    /// direction).
    private func echoRound(right: Bool) async throws {
        var seen: [Int: EchoDirection] = [:]
        var count = 0
        for _ in 0..<30 {
            let words = try screen().words
            if words.contains(where: { $0.hasPrefix("Your turn") }) { break }
            if let (index, of) = words.lazy.compactMap(Self.arrowPosition).first,
                let direction = words.lazy.compactMap({ EchoDirection(rawValue: Words.fold($0)) }).first
            {
                seen[index] = direction
                count = of
            }
            try await wait(Self.thinkingTime)
        }
        let sequence = (0..<count).compactMap { seen[$0 + 1] }
        guard count > 0, sequence.count == count else {
            throw ScreenMismatch("Echo's sequence was not all seen (\(seen.count) of \(count) arrows)", screen: shownScreen())
        }
        phone.note(.person, "watched \(sequence.map(\.rawValue).joined(separator: ", "))")
        let answer = right ? sequence : [EchoDirection.allCases.first { $0 != sequence[0] }!]
        for direction in answer {
            try await tap(direction.rawValue.capitalized)
            try await wait(Self.thinkingTime / 2)
        }
    }

    /// "Arrow 2 of 4" as (2, 4).
    private static func arrowPosition(_ words: String) -> (Int, Int)? {
        let parts = Words.tokens(words)
        guard parts.count == 4, parts[0] == "arrow", parts[2] == "of", let index = Int(parts[1]), let count = Int(parts[3]) else {
            return nil
        }
        return (index, count)
    }

    // MARK: Slide

    private func slideMove(right: Bool) async throws {
        let shown = try screen()
        var cells = Array(repeating: -1, count: 9)
        var buttons: [Int: Control] = [:]
        for control in shown.controls() {
            guard let label = control.element?.accessibility.label?.string else { continue }
            let parts = Words.tokens(label)
            guard parts.count == 6, parts[0] == "tile", let tile = Int(parts[1]), let row = Int(parts[3]), let column = Int(parts[5]) else {
                continue
            }
            cells[(row - 1) * 3 + column - 1] = tile
            buttons[tile] = control
        }
        if let gap = cells.firstIndex(of: -1) { cells[gap] = 0 }
        guard let board = SlideBoard(cells: cells) else { throw ScreenMismatch("Slide's board cannot be read", screen: shown) }
        let best = board.solution().first
        let tile = right ? best : board.movable.first { $0 != best }
        guard let tile, let button = buttons[tile] else { throw ScreenMismatch("Slide offers no move", screen: shown) }
        try await wait(Self.thinkingTime)
        phone.note(.person, "slides \(tile) on \(board)")
        button.use()
        try await settle()
    }

    // MARK: Unscramble

    private func unscrambleMove(right: Bool) async throws {
        let shown = try screen()
        guard let spelled = shown.words.first(where: { $0.hasPrefix("Letters:") }) else {
            throw ScreenMismatch("Unscramble shows no letters", screen: shown)
        }
        let letters = Words.tokens(String(spelled.dropFirst("Letters:".count))).joined()
        // The person knows their words, in every language Threshold deals them: the one these letters make.
        let known = ContentLanguage.allCases.flatMap(UnscrambleGame.list(in:))
        guard let word = known.first(where: { $0.sorted() == letters.sorted() }) else {
            throw ScreenMismatch("“\(letters)” makes no word the person knows", screen: shown)
        }
        try await wait(Self.thinkingTime * 4)
        try await type(right ? word : letters, into: "Your word")
        try await tap("Check")
    }
}
