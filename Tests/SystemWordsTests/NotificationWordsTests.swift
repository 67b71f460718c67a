import Foundation
import StringCatalogs
import Testing
import ThresholdCore
@testable import SystemWords

/// A notification's value worded by the one surface that says it (issue 25): its catalog's words,
/// plurals, and the phone's clock; the quips are content, one for each id the rules choose.
@Suite struct NotificationWordsTests {
    var english: NotificationWords { NotificationWords(locale: Locale(identifier: "en_US"), timeZone: newYork) }

    @Test func aHeadsUp_countsItsMinutes_andSaysTimesOnThePhonesClock() {
        let five = english.words(.scheduledHeadsUp(work, minutes: 5, start: nine, end: nine.addingTimeInterval(8 * 3_600)))
        #expect(five.title == "Work starts in 5 minutes")
        // NB: ICU puts a narrow no-break space before AM/PM, as iOS does.
        #expect(plain(five.body) == "💼 Work shields your apps at 9:00 AM until 5:00 PM.")
        #expect(english.words(.scheduledHeadsUp(work, minutes: 1, start: nine, end: nine)).title == "Work starts in 1 minute")
        let british = NotificationWords(locale: Locale(identifier: "en_GB"), timeZone: newYork)
        let inBritain = british.words(.scheduledHeadsUp(work, minutes: 5, start: nine, end: nine.addingTimeInterval(8 * 3_600))).body
        #expect(inBritain.hasSuffix("until 17:00.") && !inBritain.contains("AM"), "\(inBritain)")
    }

    @Test func anIntentionsOpen_countsItsMinutes() {
        #expect(english.words(.intentionOpening(minutes: 1)).body == "Opening the app for 1 minute.")
        #expect(english.words(.intentionOpening(minutes: 15)).body == "Opening the app for 15 minutes.")
    }

    @Test func aQuip_isTitledWithTheDaysScreenTime_andSaysItsContent() throws {
        let quip = english.words(.quip(id: 1, minutes: 90))
        #expect(quip.title == "1 hr, 30 min of screen time today")
        #expect(quip.body == Quips.text(1))
    }

    @Test func aShieldsFollowUp_namesTheAppWhenItWasTold() {
        let gate = AppDestination.unlockGate(app: nil, category: nil, rule: nil)
        #expect(
            english.words(.shieldFollowUp(gate, appName: "Instagram"))
                == ("Unlock options", "Tap to see how to open Instagram and what each way costs."))
        #expect(english.words(.shieldFollowUp(gate, appName: nil)).body == "Tap to see how to open it and what each way costs.")
        #expect(english.words(.shieldFollowUp(.prayer(app: nil), appName: "TikTok")).body == "Tap to pray before opening TikTok.")
    }

    /// Every message is said from the catalog: no key missing, no placeholder left, nothing empty.
    @Test func everyMessage_isWordedFromTheCatalog() {
        let messages: [NotificationMessage] =
            [
                .sessionGoalReached(work), .sessionGoalReached(nil), .breakEnding(work), .breakEnding(nil), .intentionOpening(minutes: 2),
                .intentionClosing, .prayerWindowClosed, .unlockEnded, .scheduledHeadsUp(work, minutes: 10, start: nine, end: nine),
                .scheduledStart(work), .dailyReviewReady, .eveningPrompt, .quip(id: 3, minutes: 30), .clearShield(appName: "Reddit"),
                .clearShield(appName: nil), .focusCouldNotStart(reason: .noBreaksAllowed(work)),
                .beastModeKeepsGoing(reason: .lockedUntilEnd(work, end: nine, now: nine)),
                .liveActivityRefused(.end, reason: .noSessionRunning), .liveActivityRefused(.takeBreak, reason: .noSessionRunning),
                .liveActivityRefused(.backToFocus, reason: .noSessionRunning), .leagueFinalized(.up, tier: "Gold"),
                .leagueFinalized(.down, tier: "Gold"),
                .leagueFinalized(.stay, tier: "Gold"), .addPartnerPrompt, .partnerMessage("Proud of you"),
            ]
            + [
                AppDestination.home, .prayer(app: nil), .unlockGate(app: nil, category: nil, rule: nil),
                .websiteGate(WebDomainToken("a.com"), rule: nil),
                .challenge(app: AppToken("x"), rule: nil), .session(nil), .tutorial, .feedback, .dailyReview,
            ]
            .flatMap { [NotificationMessage.shieldFollowUp($0, appName: "X"), .shieldFollowUp($0, appName: nil)] }
        for message in messages {
            let (title, body) = english.words(message)
            #expect(!title.isEmpty && !body.isEmpty, "\(message)")
            #expect(!(title + body).contains("%"), "\(message): \(title) / \(body)")
        }
        let missing = Catalogs.missingKeys.filter { $0.hasPrefix("SystemWords") }
        #expect(missing.isEmpty, "\(missing.sorted())")
    }

    /// The quips are content: in each language, one for each id the rules choose, none over, each
    /// short and unique.
    @Test(arguments: ContentLanguage.allCases)
    func theQuipsContent_hasWordsForEveryQuip_eachAtMost110Characters(in language: ContentLanguage) throws {
        let quips = try #require(Quips.loaded[language]).get()
        #expect(Set(quips.keys) == Set(QuipLibrary.all.map(\.id)))
        #expect(quips.count >= 150)
        let texts = Array(quips.values)
        #expect(Set(texts).count == texts.count, "no duplicates")
        #expect(texts.allSatisfy { $0.count <= 110 }, "\(texts.filter { $0.count > 110 })")
        #expect(texts.allSatisfy { !$0.isEmpty && $0 == $0.trimmingCharacters(in: .whitespaces) })
    }

    /// The Spanish quips are written, not left in English: the same ids, none the English words.
    @Test func theSpanishQuips_matchTheEnglishIds_andNoneIsTheEnglishText() throws {
        let english = try #require(Quips.loaded[.english]).get(), spanish = try #require(Quips.loaded[.spanish]).get()
        #expect(Set(spanish.keys) == Set(english.keys))
        let unchanged = spanish.filter { english[$0.key] == $0.value }
        #expect(unchanged.isEmpty, "\(unchanged.keys.sorted())")
    }

    /// A phone in Spanish reads the Spanish quip; a phone in a language Threshold has no quips in
    /// reads the English one, never nothing.
    @Test(arguments: [
        ("es_MX", ContentLanguage.spanish), ("es_ES", .spanish), ("en_GB", .english), ("de_DE", .english), ("fr_FR", .english),
    ])
    func aQuip_isSaidInThePhonesLanguage_elseInEnglish(locale: String, reads language: ContentLanguage) throws {
        let words = NotificationWords(locale: Locale(identifier: locale), timeZone: newYork)
        for id in [1, 76, 151] {
            let body = words.words(.quip(id: id, minutes: 60)).body
            #expect(body == Quips.text(id, in: language), "\(locale), quip \(id)")
            #expect(!body.isEmpty)
        }
    }
}
