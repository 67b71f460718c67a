import Foundation

/// A 3 × 3 sliding puzzle: tiles 1–8 and a gap, cells numbered 0–8 row by row.
public struct SlideBoard: Hashable, Codable, Sendable, CustomStringConvertible {
    /// The tile in each cell; 0 is the gap.
    public private(set) var cells: [Int]

    /// Tiles 1–8 in order, the gap last.
    public static let solved = SlideBoard(uncheckedCells: [1, 2, 3, 4, 5, 6, 7, 8, 0])

    private init(uncheckedCells: [Int]) { self.cells = uncheckedCells }

    /// A board with these cells, row by row; `nil` unless they hold 0–8 once each.
    public init?(cells: [Int]) {
        guard cells.sorted() == Array(0...8) else { return nil }
        self.cells = cells
    }

    public var isSolved: Bool { self == .solved }
    public var gap: Int { cells.firstIndex(of: 0)! }

    /// The cells next to `cell` (up, down, left, right).
    static func neighbours(of cell: Int) -> [Int] {
        let (row, column) = (cell / 3, cell % 3)
        return [(row - 1, column), (row + 1, column), (row, column - 1), (row, column + 1)]
            .filter { (0..<3).contains($0.0) && (0..<3).contains($0.1) }.map { $0.0 * 3 + $0.1 }
    }

    /// The tiles that can slide into the gap now.
    public var movable: [Int] { Self.neighbours(of: gap).map { cells[$0] } }

    /// Slides `tile` into the gap; `false` (nothing changes) when it is not next to the gap.
    @discardableResult
    public mutating func slide(_ tile: Int) -> Bool {
        guard tile != 0, let cell = cells.firstIndex(of: tile), Self.neighbours(of: gap).contains(cell) else { return false }
        cells.swapAt(cell, gap)
        return true
    }

    /// The fewest slides that solve the board, tile by tile (breadth-first; a board dealt by
    /// ``SlideGame`` is at most ``SlideGame/scramble`` slides away). A hint for the person.
    public func solution() -> [Int] {
        // NB: boards packed four bits a cell, so the search hashes integers, not arrays.
        func pack(_ cells: [Int]) -> UInt64 { cells.reduce(0) { $0 << 4 | UInt64($1) } }
        func unpack(_ packed: UInt64) -> [Int] { (0..<9).map { Int(packed >> (4 * UInt64(8 - $0)) & 0xF) } }
        let goal = pack(Self.solved.cells), from = pack(cells)
        if from == goal { return [] }
        var came: [UInt64: (from: UInt64, tile: Int)] = [from: (from, 0)]
        var frontier = [from]
        while !frontier.isEmpty {
            var next: [UInt64] = []
            for packed in frontier {
                let board = SlideBoard(uncheckedCells: unpack(packed))
                for tile in board.movable {
                    var moved = board
                    moved.slide(tile)
                    let key = pack(moved.cells)
                    guard came[key] == nil else { continue }
                    came[key] = (packed, tile)
                    guard key == goal else {
                        next.append(key)
                        continue
                    }
                    var path: [Int] = []
                    var at = key
                    while at != from, let step = came[at] {
                        path.append(step.tile)
                        at = step.from
                    }
                    return path.reversed()
                }
            }
            frontier = next
        }
        return []
    }

    public var description: String {
        stride(from: 0, to: 9, by: 3).map { row in cells[row..<row + 3].map { $0 == 0 ? "·" : String($0) }.joined(separator: " ") }
            .joined(separator: " / ")
    }
}

/// Slide: put tiles 1–8 back in order by sliding them into the gap, in at most ``moveLimit``
/// slides. The board is dealt ``scramble`` random slides from solved (never undoing the last),
/// so it always has a solution that short; running out of slides fails the game.
public struct SlideGame: ChallengeGame {
    /// A tile to slide, by its number.
    public typealias Move = Int

    public static let kind = ChallengeKind.slide
    /// Random slides that deal a board.
    public static let scramble = 14
    /// Slides allowed.
    public static let moveLimit = 40

    public private(set) var board: SlideBoard
    public private(set) var moves = 0

    public init(using generator: inout SplitMix64) {
        var dealer = SplitMix64(seed: generator.next())
        var board = SlideBoard.solved
        repeat {
            board = .solved
            var last = 0
            for _ in 0..<Self.scramble {
                let choices = board.movable.filter { $0 != last }
                last = choices[dealer.index(below: choices.count)]
                board.slide(last)
            }
        } while board.isSolved
        self.board = board
    }

    /// A game from a board (tests, and the person's hint).
    public init(board: SlideBoard) { self.board = board }

    public var mistakes: Int { 0 }
    public var isSolved: Bool { board.isSolved }
    public var isFailed: Bool { !isSolved && moves >= Self.moveLimit }
    public var movesLeft: Int { max(0, Self.moveLimit - moves) }

    public mutating func play(_ tile: Int, elapsed: TimeInterval) -> ChallengeMoveResult {
        guard !isSolved, !isFailed else { return .notAllowed }
        guard board.slide(tile) else { return .notAllowed }
        moves += 1
        return .moved
    }
}
