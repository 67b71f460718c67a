import Foundation
import PropertyBased
import ScreenTimeClient
@_spi(Setup) import ScreenTimeSimulator
import Testing
import TestSupport
import ThresholdCore

/// The bound `README.md` states (tampering): an unlock of N minutes lasts at most
/// N + ``UsageTrigger/boundMinutes`` minutes of use when the clock is moved back while nothing of
/// Threshold's runs (after a restart or with the app killed), as long as the wall clock stays
/// inside the usage activity's interval (a week back); a break the same.
@Suite struct UsageBoundTests {
    let ny = TimeZone(identifier: "America/New_York")!
    let noon = at("2026-11-24 12:00")

    struct Move: Sendable, CustomStringConvertible {
        let minutes: Int  // the unlock's length
        let usedBefore: Int  // minutes of use before the clock is moved
        let back: Int  // seconds the clock is moved back
        let restart: Bool  // a restart first (otherwise the app is killed)
        var description: String { "\(minutes) min unlock, \(usedBefore) min used, back \(back) s, \(restart ? "restart" : "app killed")" }
    }

    /// A move from four numbers: the unlock's minutes, the share of them used first (percent),
    /// seconds back, and whether the phone restarts (odd) or the app is killed (even).
    static func move(_ minutes: Int, _ share: Int, _ back: Int, _ restart: Int) -> Move {
        Move(minutes: minutes, usedBefore: minutes * share / 100, back: back, restart: restart % 2 == 1)
    }

    /// Minutes of use of the unlocked app until it is shielded again, after `move`.
    func useUntilShielded(_ move: Move, unlock: (SimulatedPhone) -> Void) throws -> Int {
        let phone = try SimulatedPhone(
            start: noon, timeZone: ny,
            setup: .make(
                profiles: [.make("work", selection: .apps("instagram"), breakPolicy: .fivePerHour)],
                gates: [.make("selah")]))
        phone.openThreshold()
        unlock(phone)
        phone.leaveThreshold()
        var used = TimeInterval(move.usedBefore * 60)
        if move.usedBefore > 0 { used = try phone.use("instagram", for: used) }
        if move.restart { phone.reboot() } else { phone.killApp() }
        try phone.setClock(to: phone.clock.wall.addingTimeInterval(-TimeInterval(move.back)))
        used += try phone.use("instagram", for: TimeInterval(move.minutes + 60) * 60)
        #expect(phone.shieldedApps.contains("instagram"), "\(move): still open after an hour past its length")
        return Int((used / 60).rounded(.up))
    }

    @Test func anUnlockOfNMinutes_lastsAtMostNPlusThreeMinutesOfUse_whateverTheClockWasMovedBackBy() async {
        await propertyCheck(count: 60, input: Gen.int(in: 1...60), Gen.int(in: 0...99), Gen.int(in: 0...(6 * 86_400)), Gen.int(in: 0...1)) {
            let move = Self.move($0, $1, $2, $3)
            let used = try! useUntilShielded(move) { phone in
                phone.perform(IssueGrant(minutes: move.minutes, origin: .ritual(.prayer)), as: .inApp("amen"))
            }
            #expect(used <= move.minutes + UsageTrigger.boundMinutes, "\(move): \(used) minutes of use")
            // A restart takes a minute of real time, unused.
            #expect(used >= move.minutes - (move.restart ? 1 : 0), "\(move): the unlock gave its minutes (\(used))")
        }
    }

    @Test func aBreakOfFiveMinutes_lastsAtMostFivePlusThreeMinutesOfUse() async {
        await propertyCheck(count: 30, input: Gen.int(in: 0...99), Gen.int(in: 0...(6 * 86_400)), Gen.int(in: 0...1)) {
            let move = Self.move(5, $0, $1, $2)
            let used = try! useUntilShielded(move) { phone in
                phone.perform(StartSession(profile: "work"), as: .inApp("start"))
                phone.perform(TakeBreak(profile: "work"), as: .inApp("break"))
            }
            #expect(used <= 5 + UsageTrigger.boundMinutes, "\(move): \(used) minutes of use")
        }
    }

    /// Every small move back around a ten-minute unlock (0 to 15 minutes by 30 s, after 0 to 9
    /// minutes of use, with a restart or the app killed): where the worst case lies.
    @Test func smallMovesBack_aroundATenMinuteUnlock_staySurelyInsideTheBound() throws {
        var worst = 0
        for back in stride(from: 0, through: 15 * 60, by: 30) {
            for usedBefore in 0...9 {
                for restart in [false, true] {
                    let move = Move(minutes: 10, usedBefore: usedBefore, back: back, restart: restart)
                    let used = try useUntilShielded(move) { phone in
                        phone.perform(IssueGrant(minutes: 10, origin: .ritual(.prayer)), as: .inApp("amen"))
                    }
                    worst = max(worst, used)
                    #expect(used <= 10 + UsageTrigger.boundMinutes, "\(move): \(used) minutes of use")
                }
            }
        }
        print("a ten-minute unlock, clock moved back 0–15 min: at most \(worst) minutes of use")
    }
}
