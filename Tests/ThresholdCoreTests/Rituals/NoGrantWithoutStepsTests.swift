import Foundation
import PropertyBased
import Testing
import TestSupport
import ThresholdCore

/// Random sequences of what a person (or a moved clock) can do to each ritual: whatever the
/// order, a ritual hands out a completion only when its steps were really done, and an oracle
/// written independently of the ritual agrees.
@Suite struct NoGrantWithoutStepsTests {
    let start = ClockReading.at("2026-11-23 10:00")
    static let actions = Gen.int(in: 0...99).array(of: 0...60)

    @Test func math_grantsOnlyAfterEveryProblemOfOneAttemptIsSolved() async {
        await propertyCheck(count: 300, input: Self.actions) { actions in
            var rng = Xoshiro(seed: (11, 12, 13, 14))
            var challenge = try MathChallenge(difficulty: .easy, problems: 3, terms: .make(), using: &rng)
            var right = 0, wrong = 0
            for action in actions {
                guard case .solving(let problem) = challenge.step else {
                    if action % 4 == 0 {
                        // Retrying a failed attempt starts over; a completed one stays completed.
                        if challenge.step == .failed { (right, wrong) = (0, 0) }
                        challenge.retry(using: &rng)
                    }
                    continue
                }
                switch action % 5 {
                case 0, 1, 2:
                    _ = challenge.answer(String(problem.answer), at: start.wall, using: &rng)
                    right += 1
                case 3:
                    _ = challenge.answer(String(problem.answer + 1 + action), at: start.wall, using: &rng)
                    wrong += 1
                default:
                    _ = challenge.answer("x\(action)", at: start.wall, using: &rng)
                }
            }
            let oracle = wrong < MathChallenge.maximumMistakes && right >= 3 + wrong
            #expect((challenge.completion != nil) == oracle, "right \(right), wrong \(wrong)")
        }
    }

    @Test func breathing_grantsOnlyAfter45UnbrokenSecondsOnScreen() async {
        await propertyCheck(count: 300, input: Self.actions) { actions in
            var quest = BreathingQuest(terms: .make())
            var now = start
            var since: ClockReading?
            var oracle = false
            for action in actions {
                switch action % 6 {
                case 0:
                    quest.start(at: now)
                    if !oracle { since = now }
                case 1, 2:
                    now = now.advanced(by: Double(action % 20))
                case 3:
                    now = now.advanced(by: 1).wallMoved(by: Double(action * 10 - 500))
                    if abs(Double(action * 10 - 500)) > ClockReading.ritualTolerance, since != nil, !oracle { since = now }
                case 4:
                    if !oracle {
                        quest.leave()
                        since = nil
                    }
                default:
                    break
                }
                _ = quest.tick(at: now)
                if let since, now.uptime - since.uptime >= BreathingQuest.duration { oracle = true }
            }
            #expect((quest.completion != nil) == oracle)
        }
    }

    @Test func copyText_grantsOnlyForATypedMatchAfter90Seconds() async {
        let passage = CopyPassage(id: "t", text: "Attention is a gift I choose where to give.")
        await propertyCheck(count: 300, input: Self.actions) { actions in
            var quest = CopyTextQuest(terms: .make(), passage: passage)
            var now = start
            var running = false
            for action in actions {
                switch action % 8 {
                case 0:
                    quest.start(at: now)
                    running = true
                case 1, 2, 3:
                    now = now.advanced(by: 3)
                    _ = quest.edit(to: String(passage.text.prefix(quest.typed.count + 1 + action % 5)), at: now)
                case 4:
                    now = now.advanced(by: 1)
                    let pasted = passage.text.count - quest.typed.count > CopyTextQuest.maximumInsertion
                    let outcome = quest.edit(to: passage.text, at: now)
                    if pasted, case .accepted = outcome { Issue.record("a paste of the whole passage was accepted") }
                case 5:
                    now = now.advanced(by: Double(action))
                case 6:
                    now = now.wallMoved(by: 3_600)
                default:
                    _ = quest.finish(at: now)
                }
            }
            if let completion = quest.completion {
                #expect(running)
                #expect(quest.matches)
                #expect(completion.request.start.timeIntervalSince(quest.timer.startedAt!.wall) >= CopyTextQuest.duration)
            }
        }
    }

    @Test func emergency_grantsOnlyAfterAFullHoldAndAReason() async {
        let policy = EmergencyPolicy.standard
        await propertyCheck(count: 300, input: Self.actions) { actions in
            var emergency = EmergencyUnlock(terms: .make(), policy: policy)
            var now = start
            var held = false, explained = false
            var pressedAt: ClockReading?
            for action in actions {
                switch action % 6 {
                case 0:
                    emergency.pressHold(at: now)
                    if !held, pressedAt == nil { pressedAt = now }
                case 1:
                    now = now.advanced(by: Double(action % 15))
                case 2:
                    if emergency.releaseHold(at: now) == .held { held = true }
                    if let pressed = pressedAt, now.uptime - pressed.uptime >= Double(policy.holdSeconds),
                        now.elapsed(since: pressed) != nil
                    {
                        #expect(held)
                    }
                    pressedAt = nil
                case 3:
                    now = now.wallMoved(by: 120)
                case 4:
                    if emergency.submit(reason: "The school is calling about my daughter", at: now.wall) == .completed { explained = true }
                default:
                    _ = emergency.submit(reason: "let me in", at: now.wall)
                }
            }
            #expect((emergency.completion != nil) == (held && explained))
            if emergency.completion != nil { #expect(emergency.reason == "The school is calling about my daughter") }
        }
    }

    @Test func ticTacToe_grantsOnlyForAWinOrDrawOnTheBoard() async {
        await propertyCheck(count: 150, input: Self.actions) { actions in
            var rng = Xoshiro(seed: (3, 1, 4, 1))
            var game = TicTacToeChallenge(terms: .make())
            for action in actions {
                if action % 10 == 9 { game.newGame() } else { _ = game.play(action % 10, at: start.wall, using: &rng) }
            }
            let board = game.board
            let oracle = board.winner == .x || (board.winner == nil && board.isFull)
            #expect((game.completion != nil) == oracle)
        }
    }

    @Test func credits_neverSpendBeyondTheBalance() async {
        await propertyCheck(count: 300, input: Gen.int(in: 0...100), Gen.int(in: 0...5), Gen.int(in: 0...40)) { balance, price, minutes in
            let credits = CreditsUnlock(terms: .make(creditsPerMinute: price), balance: balance, label: "apps")
            let completion = try? credits.spend(minutes: minutes, at: start.wall)
            let oracle = CreditsUnlock.choices.contains(minutes) && minutes * price <= balance
            #expect((completion != nil) == oracle)
            if let completion { #expect(-(completion.spend?.amount ?? 0) == minutes * price) }
        }
    }
}
