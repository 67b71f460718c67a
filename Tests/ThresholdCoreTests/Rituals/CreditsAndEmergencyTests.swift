import Foundation
import Testing
import TestSupport
import ThresholdCore

@Suite struct CreditsUnlockTests {
    let now = at("2026-11-23 10:00")

    @Test func options_showCostAtThePrice_andDisableWhatTheBalanceCannotPay() {
        let credits = CreditsUnlock(terms: .make(.app("instagram"), creditsPerMinute: 2), balance: 40, label: "instagram")
        #expect(credits.options.map(\.cost) == [10, 30, 60])
        #expect(
            credits.options.map(\.eligibility) == [.available, .available, .unavailable(.insufficientCredits(needed: 60, balance: 40))])
        #expect(credits.options[2].eligibility.availableAt == nil, "only focusing brings credits back")
    }

    @Test func spending_completesAtOnce_withTheLedgerEntryAndTheChosenMinutes() throws {
        let credits = CreditsUnlock(terms: .make(.app("instagram"), minutes: 5, creditsPerMinute: 2), balance: 40, label: "instagram")
        let completion = try credits.spend(minutes: 15, at: now)
        #expect(completion.request == GrantRequest(scope: .app("instagram"), minutes: 15, origin: .ritual(.credits), start: now))
        #expect(
            completion.spend
                == (try LedgerEntry(
                    account: .credits, amount: -30, memo: "Unlocked instagram for 15 min",
                    reason: .unlock(minutes: 15, item: nil))))
        #expect(completion.record.detail == .credits(cost: 30, creditsPerMinute: 2))
    }

    @Test func spendingBeyondTheBalance_orOffTheMenu_isRefused() {
        let credits = CreditsUnlock(terms: .make(creditsPerMinute: 1), balance: 12, label: "apps")
        #expect(throws: ValidationError("credits unlock", .disabled(.insufficientCredits(needed: 15, balance: 12)))) {
            try credits.spend(minutes: 15, at: now)
        }
        #expect(throws: ValidationError.self) { try credits.spend(minutes: 7, at: now) }
    }

    @Test func aFreePrice_spendsNothing() throws {
        let credits = CreditsUnlock(terms: .make(creditsPerMinute: 0), balance: 0, label: "apps")
        #expect(try credits.spend(minutes: 30, at: now).spend == nil)
    }
}

@Suite struct EmergencyTests {
    let ny = calendar("America/New_York")
    let policy = try! EmergencyPolicy(holdSeconds: 10, minimumReasonLength: 20, perDay: 1, perWeek: 3, cooldownMinutes: 120, minutes: 10)
    let start = ClockReading.at("2026-11-23 10:00")
    let reason = "My mother is calling about the car"

    func allowance(_ uses: [String], at now: String) -> EmergencyAllowance {
        EmergencyAllowance(uses: uses.map { at($0) }, policy: policy, at: at(now), timeZone: ny.timeZone)
    }

    // MARK: Allowance

    @Test func unused_isAvailable_andSaysHowManyRemain() {
        let fresh = allowance([], at: "2026-11-23 10:00")
        #expect(fresh.eligibility == .available)
        #expect(fresh.remainingToday == 1 && fresh.remainingThisWeek == 3)
        #expect(fresh.nextAvailableAt == nil)
    }

    @Test func theDailyLimit_returnsAtLocalMidnight() {
        let used = allowance(["2026-11-23 08:00"], at: "2026-11-23 20:00")
        #expect(used.eligibility == .unavailable(.dailyLimit(used: 1, limit: 1, returnsAt: at("2026-11-24 00:00"))))
        #expect(used.remainingToday == 0 && used.remainingThisWeek == 2)
    }

    @Test func theCooldown_outlastsMidnight_whenItEndsLater() {
        let used = allowance(["2026-11-23 23:30"], at: "2026-11-24 00:10")
        #expect(used.eligibility == .unavailable(.cooldown(until: at("2026-11-24 01:30"))))
        #expect(used.usedToday == 0)
    }

    @Test func theWeeklyLimit_returnsWhenTheOldestUseIsSevenDaysOld() {
        let used = allowance(["2026-11-18 09:00", "2026-11-20 09:00", "2026-11-22 09:00"], at: "2026-11-23 12:00")
        #expect(used.eligibility == .unavailable(.weeklyLimit(used: 3, limit: 3, returnsAt: at("2026-11-25 09:00"))))
        #expect(used.remainingToday == 0)
        #expect(allowance(["2026-11-16 09:00", "2026-11-20 09:00", "2026-11-22 09:00"], at: "2026-11-23 12:00").eligibility == .available)
    }

    @Test func aPolicyThatAllowsNone_isRefused_pointingToTheUnlockOptions() {
        #expect(throws: ValidationError.self) { try EmergencyPolicy(perDay: 0) }
        #expect(throws: ValidationError.self) { try EmergencyPolicy(perDay: 2, perWeek: 1) }
        #expect(throws: ValidationError.self) { try EmergencyPolicy(holdSeconds: 1) }
    }

    // MARK: Steps

    @Test func holdingTheFullTime_thenAReason_completes() throws {
        var emergency = EmergencyUnlock(terms: .make(.app("maps"), minutes: 5), policy: policy)
        emergency.pressHold(at: start)
        #expect(emergency.held(at: start.advanced(by: 4)) == 4)
        #expect(emergency.releaseHold(at: start.advanced(by: 10)) == .held)
        #expect(emergency.step == .reason)
        #expect(emergency.submit(reason: "  \(reason)  ", at: start.advanced(by: 40).wall) == .completed)
        let completion = try #require(emergency.completion)
        #expect(
            completion.request
                == GrantRequest(scope: .app("maps"), minutes: 10, origin: .ritual(.emergency), start: start.advanced(by: 40).wall))
        #expect(completion.record.detail == .emergency(reason: reason))
    }

    @Test func lettingGoEarly_orAMovedClock_meansHoldingAgain() {
        var emergency = EmergencyUnlock(terms: .make(), policy: policy)
        emergency.pressHold(at: start)
        #expect(emergency.releaseHold(at: start.advanced(by: 9.5)) == .tooShort(held: 9.5, needed: 10))
        #expect(emergency.step == .hold)
        #expect(emergency.submit(reason: reason, at: start.wall) == .notAsking)

        emergency.pressHold(at: start.advanced(by: 20))
        #expect(emergency.releaseHold(at: start.advanced(by: 21).wallMoved(by: 60)) == .clockMoved)
        #expect(emergency.step == .hold)
        #expect(emergency.releaseHold(at: start.advanced(by: 40)) == .notHolding)
        #expect(emergency.completion == nil)
    }

    @Test(arguments: [
        ("help", EmergencyUnlock.ReasonOutcome.tooShort(letters: 4, needed: 20)),
        ("                                   ", .tooShort(letters: 0, needed: 20)),
        ("1234567890 1234567890 1234567890", .tooShort(letters: 0, needed: 20)),
        ("aaaaaaaaaaaaaaaaaaaaaaaaa", .notASentence),
        ("aaaaaaa bbbbbbbbb ccccccccc", .notASentence),
        ("Pneumonoultramicroscopicsilicovolcanoconiosis", .notASentence),
    ])
    func aReasonThatIsTooShortOrNotWords_isRefused(text: String, expected: EmergencyUnlock.ReasonOutcome) {
        var emergency = EmergencyUnlock(terms: .make(), policy: policy)
        emergency.pressHold(at: start)
        _ = emergency.releaseHold(at: start.advanced(by: 10))
        #expect(emergency.submit(reason: text, at: start.wall) == expected)
        #expect(emergency.step == .reason)
        #expect(emergency.completion == nil)
    }

    @Test func aCompletedEmergency_isAdmittedOnce_thenRefusedAtTheLimit() throws {
        var emergency = EmergencyUnlock(terms: .make(), policy: policy)
        emergency.pressHold(at: start)
        _ = emergency.releaseHold(at: start.advanced(by: 10))
        _ = emergency.submit(reason: reason, at: start.advanced(by: 30).wall)
        let completion = try #require(emergency.completion)

        var records = RitualRecords()
        try records.admit(completion, at: completion.request.start, policy: policy, timeZone: ny.timeZone)
        records.note(completion, at: completion.request.start)
        #expect(records.emergencyUses == [start.advanced(by: 30).wall])
        #expect(throws: ValidationError.self) {
            try records.admit(completion, at: completion.request.start, policy: policy, timeZone: ny.timeZone)
        }
    }
}
