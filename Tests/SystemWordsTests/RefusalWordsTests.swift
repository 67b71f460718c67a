import Foundation
import StoreClient
import StringCatalogs
import Testing
import TestSupport
@testable import ThresholdCore
@testable import SystemWords

/// Refusals are values, worded by `Refusals.xcstrings` (issue 25): the English the engine used to
/// build, counts in their plural forms, times and durations on the phone's clock, and every case
/// said from the catalog, in the pseudolanguage too.
@Suite struct RefusalWordsTests {
    var english: RefusalWords { RefusalWords(locale: Locale(identifier: "en_US"), timeZone: newYork) }

    @Test func aRefusal_saysTheRule_inTheWordsTheEngineUsedToBuild() {
        #expect(english.words(.alreadyOn(work)) == "💼 Work is already on; end it or take a break instead.")
        #expect(
            english.words(.notEnoughCredits(cost: 20, have: 13))
                == "That costs 20 credits and you have 13: focus 7 more minutes to earn the rest.")
        #expect(
            english.words(.disabled(.insufficientCredits(needed: 5, balance: 0)))
                == "Needs 5 credits; your Focus Bank has 0. Focus for 5 more minutes to earn them.")
        #expect(english.words(.lastChallengeStaysOn) == "At least one kind of challenge stays on; turn another on first.")
    }

    @Test func aCount_takesItsPluralForm() {
        #expect(english.words(.breaksUsedThisSession(allowed: 1)) == "You have taken all 1 break this session allows.")
        #expect(english.words(.breaksUsedThisSession(allowed: 2)) == "You have taken all 2 breaks this session allows.")
        #expect(
            english.words(.notEnoughCredits(cost: 1, have: 0))
                == "That costs 1 credit and you have 0: focus 1 more minute to earn the rest.")
        #expect(english.words(.disabled(.dailyLimit(used: 1, limit: 1, returnsAt: nine))) == "You have used 1 of 1 emergency unlock today.")
        #expect(
            english.words(.disabled(.notAccepted(by: [.named("💼 Work")]))) == "💼 Work does not accept this, so the app would stay blocked.")
        #expect(
            english.words(.disabled(.notAccepted(by: [.named("💼 Work"), .named("🌙 Sleep"), .named("Selah")])))
                == "💼 Work, 🌙 Sleep, and Selah do not accept this, so the app would stay blocked.")
    }

    @Test func aTime_isOnThePhonesClock_andAWait_isADuration() {
        let next = nine.addingTimeInterval(45 * 60)
        #expect(
            plain(english.words(.breaksUsedThisHour(allowed: 1, next: next, now: nine)))
                == "You have taken your 1 break for this hour; the next is available at 9:45 AM (in 45 min).")
        let british = RefusalWords(locale: Locale(identifier: "en_GB"), timeZone: newYork)
        #expect(british.words(.alreadyOnBreak(until: nine.addingTimeInterval(12 * 3_600))) == "You are already on a break until 21:00.")
        #expect(
            plain(english.words(.lockedUntilEnd(work, end: nine.addingTimeInterval(90 * 60), now: nine)))
                == "Beast Mode is on: 💼 Work cannot be ended early. It ends at 10:30 AM, in 1 hr, 30 min.")
    }

    @Test func aPlansNotice_namesItsSchedules_withTheirHours() throws {
        let sleep = ScheduleName(
            profile: ProfileTitle(emoji: "🌙", name: "Sleep"), start: try LocalTime(hour: 22), end: try LocalTime(hour: 7))
        #expect(
            plain(english.words(.savedPaused([sleep])))
                == "Free keeps one schedule on, so 🌙 Sleep (10:00 PM–7:00 AM) was saved paused. Threshold Pro runs every schedule; or choose which one stays on in Settings › Threshold Pro."
        )
        #expect(english.words(.relayed("Words an earlier build saved.")) == "Words an earlier build saved.")
    }

    @Test func everyLinkRefusal_saysNothingWasOpened() {
        let errors: [LinkError] = [
            .tooLong(length: 9_000), .invalidCharacters, .notALink, .unsupportedScheme("ftp"),
            .unknownHost("x"), .unknownRoute("x"), .wrongShape(route: "k", expected: "y"),
            .badIdentifier(route: "start"), .badToken("app token"), .keyLinkNotUniversal,
            .badSecret, .unexpectedQuery(route: "pray"), .unexpectedFragment(route: "pray"),
        ]
        for error in errors {
            let said = english.words(error)
            #expect(said.contains("nothing was opened") || said.contains("Nothing was opened"), "\(error)")
        }
    }

    /// Every case is said from the catalog: no key missing, no placeholder left, nothing empty.
    @Test func everyRefusal_isWordedFromTheCatalog() throws {
        let day = try LocalDate(year: 2026, month: 11, day: 23)
        var refusals: [Refusal] = Refusal.Quantity.allCases.map { .outOfRange($0, value: 999) }
        refusals +=
            [
                .noSuchProfile("x", known: ["a", "b"]), .alreadyOn(work), .notOnNothingToEnd(work),
                .lockedUntilGoal(work, goal: nine, now: nine),
            ] as [Refusal]
        refusals +=
            [.lockedUntilEnd(work, end: nine, now: nine), .lockedAgainstChange(work, .changed, until: nine, now: nine)] as [Refusal]
        refusals +=
            [.lockedAgainstChange(work, .deleted, until: nine, now: nine), .onNowEndBeforeDeleting(work), .noBreaksAllowed(work)]
            as [Refusal]
        refusals += [.notOnNoBreak(work), .alreadyOnBreak(until: nine), .notOnBreak(work), .breaksUsedThisSession(allowed: 3)] as [Refusal]
        refusals +=
            [.breaksUsedThisHour(allowed: 2, next: nil, now: nine), .goalTooShort(minutes: 1, least: 5), .goalTooLongToStart(minutes: 180)]
            as [Refusal]
        refusals +=
            [.endTimePassed(nine), .endTooSoon(nine, least: 5, now: nine), .endTooLate(nine, now: nine), .beastModeNeedsEnd(work)]
            as [Refusal]
        refusals +=
            [.scheduleLength(start: try LocalTime(hour: 9), end: try LocalTime(hour: 9, minute: 10), minutes: 10), .scheduleNoDays]
            as [Refusal]
        refusals +=
            [.scheduleStartsAtEnd(try LocalTime(hour: 9)), .noSessionRunning, .profileNameMissing, .nameTooLong(limit: 40)] as [Refusal]
        refusals +=
            [.notOneEmoji("ab"), .nothingToBlock, .nothingToGate, .gateNameLength, .keyNameLength, .allowListCategories] as [Refusal]
        refusals += [.allowListTooMany(limit: 50, apps: 51, websites: 1), .headsUpTooEarly(minutes: 90), .notAWebsite("x")] as [Refusal]
        refusals +=
            [.tooManyWebsites(limit: 50, count: 51, together: false), .tooManyWebsites(limit: 50, count: 51, together: true)] as [Refusal]
        refusals += [.creditsUnlockChoice(choices: [5, 10, 15], minutes: 7), .emergencyPerWeek(perDay: 2, perWeek: 1)] as [Refusal]
        refusals += [.needsPro(.beastMode), .needsPro(.moreSchedules), .needsPro(.streakFreeze), .proRunsEverySchedule] as [Refusal]
        refusals += [.noSuchPausedSchedule(known: ["a/b"]), .noSuchGate, .noSuchIntention, .intentionAlreadyOpen(until: nine)] as [Refusal]
        refusals += [.intentionOpensUsed(limit: 3), .notEnoughCredits(cost: 3, have: 1), .nothingTakesCredits] as [Refusal]
        refusals +=
            [
                .disabled(.locked(name: .named("W"), until: nil)), .disabled(.locked(name: .named("W"), until: nine)),
                .disabled(.firm(name: .named("W"), until: nil)),
            ] as [Refusal]
        refusals += [.disabled(.windowOpen(until: nine)), .disabled(.weeklyLimit(used: 2, limit: 2, returnsAt: nine))] as [Refusal]
        refusals +=
            [.disabled(.cooldown(until: nine)), .disabled(.notShielded), .freezeWithoutIntentions, .freezeDayPast(day)] as [Refusal]
        refusals += [.freezeBeyondWeek(sunday: day, nextMonday: day), .freezeUsed(day, nextMonday: day)] as [Refusal]
        refusals +=
            [.reviewOnlyYesterday(yesterday: day, asked: day), .lastChallengeStaysOn, .prayerFinished, .noPrayerForMood(.tired)]
            as [Refusal]
        refusals += [.tutorialAlreadyOn, .tutorialNotOn, .screenTimeNothingCounted, .tooManyRules(limit: 200, have: 200)] as [Refusal]
        refusals +=
            [.tooManySchedules(limit: 200, would: 201), .tooManySelected(limit: 2_500, would: 2_501), .tooManyGrants(had: 300)] as [Refusal]
        refusals +=
            [.beyondShieldCapacity(CapacityError(problems: [.tooManyStores(needed: 51, unshielded: 2)])), .noScreenTimeAccess] as [Refusal]
        refusals +=
            [.key(.unknownTag), .key(.revoked(at: nine)), .key(.wrongSecret), .key(.profileMissing("x")), .keyProfileMissing("x")]
            as [Refusal]
        refusals += [.keyExists, .noSuchKey, .revokeBeforeRemoving("Desk"), .keyRevoked("Desk"), .keyAlreadyStarts("Desk")] as [Refusal]
        refusals += [.together("Together's words."), .notATime("25:00"), .notATimeOfDay(hour: 25, minute: 0), .notADate("x")] as [Refusal]
        refusals +=
            [.notACalendarDate(year: 2026, month: 2, day: 30), .unexpected("x"), .contentFile(.sentenceCount(1)), .invariant(.ledgerZero)]
            as [Refusal]
        for refusal in refusals {
            let words = english.words(refusal)
            #expect(!words.isEmpty && !words.contains("%"), "\(refusal): “\(words)”")
        }
        let problems: [Problem] = [
            .store(.busy), .notificationFailed(after: .noSessionRunning, detail: "x"),
            .notificationFailed(after: nil, detail: "x"), .plan([.proEnded, .unverifiedPurchase]),
        ]
        for problem in problems {
            let words = english.words(problem)
            #expect(!words.isEmpty && !words.contains("%"), "\(problem): “\(words)”")
        }
        let missing = Catalogs.missingKeys.filter { $0.hasPrefix("SystemWords") }
        #expect(missing.isEmpty, "\(missing.sorted())")
    }

    @Test func underThePseudolanguage_aRefusal_isTheCatalogs_withItsNamesAsTheyAre() {
        let pseudo = AppLanguage.$current.withValue(.pseudo) { english.words(.alreadyOn(work)) }
        #expect(pseudo != english.words(.alreadyOn(work)) && pseudo.contains("💼 Work"))
        #expect(PseudoLanguage.english(pseudo) == "💼 Work is already on; end it or take a break instead.")
    }
}
