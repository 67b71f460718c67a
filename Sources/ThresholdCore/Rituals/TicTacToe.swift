import Foundation

/// A mark on the board: the person plays X, the opponent O.
public enum Mark: String, Hashable, Codable, Sendable {
    case x, o

    public var other: Mark { self == .x ? .o : .x }
}

/// A 3 × 3 board; cells are numbered 0–8, row by row.
public struct TicTacToeBoard: Hashable, Codable, Sendable {
    /// One bit per cell for each mark: the opponent's search looks at thousands of boards.
    private var xs: UInt16 = 0
    private var os: UInt16 = 0

    public init() {}

    /// A board with these marks, cell by cell (row by row); cells past the ninth are ignored.
    public init(cells: [Mark?]) {
        for (cell, mark) in cells.prefix(9).enumerated() { if let mark { place(mark, at: cell) } }
    }

    private static let lines: [UInt16] = [
        0b000_000_111, 0b000_111_000, 0b111_000_000, 0b001_001_001,
        0b010_010_010, 0b100_100_100, 0b100_010_001, 0b001_010_100,
    ]

    /// The mark in each cell.
    public var cells: [Mark?] {
        (0..<9).map { cell in xs & 1 << cell != 0 ? .x : os & 1 << cell != 0 ? .o : nil }
    }

    /// The mark with three in a row, if any.
    public var winner: Mark? {
        if Self.lines.contains(where: { xs & $0 == $0 }) { return .x }
        if Self.lines.contains(where: { os & $0 == $0 }) { return .o }
        return nil
    }

    public var isFull: Bool { xs | os == 0b111_111_111 }
    public var isOver: Bool { winner != nil || isFull }
    public var emptyCells: [Int] { (0..<9).filter { (xs | os) & 1 << $0 == 0 } }

    /// The mark whose turn it is: X moves first.
    public var toMove: Mark { xs.nonzeroBitCount == os.nonzeroBitCount ? .x : .o }

    func isEmpty(_ cell: Int) -> Bool { (0..<9).contains(cell) && (xs | os) & 1 << cell == 0 }

    mutating func place(_ mark: Mark, at cell: Int) {
        if mark == .x { xs |= 1 << cell } else { os |= 1 << cell }
    }

    /// The best cells for `mark` to play, by minimax: a win as soon as possible, a loss as late
    /// as possible. Several cells may be equally good. Also a hint for the person (playing X).
    public func bestMoves(for mark: Mark) -> [Int] {
        var memo: [UInt32: Int] = [:]
        var best = Int.min
        var moves: [Int] = []
        for cell in emptyCells {
            var next = self
            next.place(mark, at: cell)
            let score = next.score(for: mark, depth: 1, memo: &memo)
            if score > best {
                best = score
                moves = [cell]
            } else if score == best {
                moves.append(cell)
            }
        }
        return moves
    }

    /// The value of this position for `mark`, who just moved; the other side plays perfectly.
    /// Depth follows from the board, so a position's value can be remembered.
    private func score(for mark: Mark, depth: Int, memo: inout [UInt32: Int]) -> Int {
        let key = UInt32(xs) << 16 | UInt32(os)
        if let known = memo[key] { return mark == .x ? known : -known }
        let value: Int
        if let winner {
            value = winner == mark ? 10 - depth : depth - 10
        } else if isFull {
            value = 0
        } else {
            var worst = Int.max
            for cell in emptyCells {
                var next = self
                next.place(mark.other, at: cell)
                worst = min(worst, -next.score(for: mark.other, depth: depth + 1, memo: &memo))
            }
            value = worst
        }
        memo[key] = mark == .x ? value : -value
        return value
    }
}

/// How a game ended, for the person.
public enum TicTacToeOutcome: String, Hashable, Codable, Sendable {
    case won, drew, lost

    /// A win or a draw unlocks; a loss asks for a new game.
    public var unlocks: Bool { self != .lost }
}

/// Win or draw a game of tic-tac-toe to unlock (Challenge). The person plays X and moves first;
/// the opponent plays minimax, choosing at random among equally good moves, so it never loses:
/// a draw is the best anyone can do against it, and any slip is punished.
public struct TicTacToeChallenge: Hashable, Sendable {
    public enum Step: Hashable, Sendable {
        case yourMove
        case finished(TicTacToeOutcome)
    }

    /// What a move did.
    public enum MoveOutcome: Hashable, Sendable {
        /// The move stood and the opponent answered in `reply`.
        case played(reply: Int)
        /// The game is over after the person's move or the opponent's reply (`reply`, if any).
        case finished(TicTacToeOutcome, reply: Int?)
        /// Not a cell, or already taken; the board is unchanged.
        case illegal
        /// The game is over; start a new one.
        case gameOver
    }

    public let terms: UnlockTerms
    public private(set) var board = TicTacToeBoard()
    public private(set) var step: Step = .yourMove
    public private(set) var gamesPlayed = 1
    public private(set) var completedAt: Date?

    public init(terms: UnlockTerms) { self.terms = terms }

    /// The person plays `cell`; the opponent answers at once.
    public mutating func play(_ cell: Int, at instant: Date, using generator: inout some RandomNumberGenerator) -> MoveOutcome {
        guard step == .yourMove else { return .gameOver }
        guard board.isEmpty(cell) else { return .illegal }
        board.place(.x, at: cell)
        if let outcome = finish(at: instant) { return .finished(outcome, reply: nil) }
        let reply = board.bestMoves(for: .o).randomElement(using: &generator)!
        board.place(.o, at: reply)
        if let outcome = finish(at: instant) { return .finished(outcome, reply: reply) }
        return .played(reply: reply)
    }

    /// Clears the board for another game after a loss. A won or drawn game stays finished.
    public mutating func newGame() {
        guard step == .finished(.lost) else { return }
        board = TicTacToeBoard()
        step = .yourMove
        gamesPlayed += 1
    }

    private mutating func finish(at instant: Date) -> TicTacToeOutcome? {
        let outcome: TicTacToeOutcome
        switch board.winner {
        case .x?: outcome = .won
        case .o?: outcome = .lost
        case nil where board.isFull: outcome = .drew
        case nil: return nil
        }
        step = .finished(outcome)
        if outcome.unlocks { completedAt = instant }
        return outcome
    }

    /// The grant request and record, once a game is won or drawn.
    public var completion: RitualCompletion? {
        guard case .finished(let outcome) = step, outcome.unlocks, let completedAt else { return nil }
        return RitualCompletion(
            request: terms.request(.ritual(.ticTacToe), at: completedAt),
            detail: .ticTacToe(outcome, gamesPlayed: gamesPlayed))
    }
}
