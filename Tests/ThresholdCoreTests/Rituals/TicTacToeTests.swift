import Foundation
import PropertyBased
import Testing
import TestSupport
@testable import ThresholdCore

@Suite struct TicTacToeTests {
    let now = at("2026-11-23 10:00")

    @Test func theOpponent_takesAWinningMove_andBlocksOne() {
        var board = TicTacToeBoard()
        // O . O / X X . / X . .  with O to move: O wins at 1.
        for (cell, mark) in [(0, Mark.o), (2, .o), (3, .x), (4, .x), (6, .x)] { board.place(mark, at: cell) }
        #expect(board.bestMoves(for: .o) == [1])

        var block = TicTacToeBoard()
        // X X . / . O . / . . .  with O to move: O must block at 2.
        for (cell, mark) in [(0, Mark.x), (1, .x), (4, .o)] { block.place(mark, at: cell) }
        #expect(block.bestMoves(for: .o) == [2])
    }

    @Test func perfectPlayFromBothSides_isADraw_whichUnlocks() throws {
        var rng = Xoshiro(seed: (5, 6, 7, 8))
        var game = TicTacToeChallenge(terms: .make(minutes: 5))
        var outcome: TicTacToeChallenge.MoveOutcome = .illegal
        while case .yourMove = game.step {
            let move = game.board.bestMoves(for: .x).first!
            outcome = game.play(move, at: now, using: &rng)
        }
        guard case .finished(.drew, _) = outcome else {
            Issue.record("expected a draw, got \(outcome)")
            return
        }
        let completion = try #require(game.completion)
        #expect(completion.request == GrantRequest(scope: .allGated, minutes: 5, origin: .ritual(.ticTacToe), start: now))
        #expect(completion.record.detail == .ticTacToe(.drew, gamesPlayed: 1))
    }

    @Test func aCarelessGame_isLost_grantsNothing_andANewGameStartsClean() {
        var rng = Xoshiro(seed: (1, 1, 1, 1))
        var game = TicTacToeChallenge(terms: .make())
        // Always taking the lowest free cell loses to minimax.
        var last: TicTacToeChallenge.MoveOutcome = .illegal
        while case .yourMove = game.step { last = game.play(game.board.emptyCells.first!, at: now, using: &rng) }
        #expect(game.step == .finished(.lost))
        if case .finished(.lost, let reply) = last { #expect(reply != nil) } else { Issue.record("expected a loss, got \(last)") }
        #expect(game.completion == nil)
        #expect(game.play(8, at: now, using: &rng) == .gameOver)

        game.newGame()
        #expect(game.step == .yourMove)
        #expect(game.board == TicTacToeBoard())
        #expect(game.gamesPlayed == 2)
    }

    @Test func illegalMoves_changeNothing() {
        var rng = Xoshiro(seed: (1, 2, 1, 2))
        var game = TicTacToeChallenge(terms: .make())
        #expect(game.play(9, at: now, using: &rng) == .illegal)
        #expect(game.play(-1, at: now, using: &rng) == .illegal)
        guard case .played(let reply) = game.play(4, at: now, using: &rng) else {
            Issue.record("the first move should stand")
            return
        }
        let board = game.board
        #expect(game.play(4, at: now, using: &rng) == .illegal)
        #expect(game.play(reply, at: now, using: &rng) == .illegal)
        #expect(game.board == board)
    }

    @Test func theOpponentNeverLoses_whateverThePersonPlays() async {
        await propertyCheck(count: 200, input: Gen.int(in: 0...8).array(of: 5), Gen.uint64()) { moves, seed in
            var rng = Xoshiro(seed: (seed, seed &+ 1, 3, 4))
            var game = TicTacToeChallenge(terms: .make())
            var index = 0
            while case .yourMove = game.step {
                let free = game.board.emptyCells
                _ = game.play(free[moves[index % moves.count] % free.count], at: now, using: &rng)
                index += 1
            }
            #expect(game.step != .finished(.won))
        }
    }
}
