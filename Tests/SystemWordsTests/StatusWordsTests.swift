import EntryPoints
import Foundation
import StoreClient
import StringCatalogs
import Testing
import TestSupport
@testable import ThresholdCore
@testable import SystemWords

/// The status, repair notices and store failures worded by their own catalog (issue 25): the same
/// English as before, counts with their plural forms, times on the phone's clock, names as given.
@Suite struct StatusWordsTests {
    var english: StatusWords { StatusWords(locale: Locale(identifier: "en_US"), timeZone: newYork) }
    let five = Date(timeIntervalSince1970: 1_795_471_200)  // 2026-11-23 17:00 in New York

    @Test func everyHeadline_saysWhatThresholdIsDoing() {
        #expect(plain(english.headline(.sessionOn(session: "💼 Work", until: five))) == "💼 Work is on until 5:00 PM")
        #expect(english.headline(.sessionOn(session: "💼 Work", until: nil)) == "💼 Work is on")
        #expect(plain(english.headline(.onBreak(session: "💼 Work", until: five))) == "💼 Work: on a break until 5:00 PM")
        #expect(english.headline(.onBreak(session: "💼 Work", until: nil)) == "💼 Work: on a break")
        #expect(english.headline(.goalReached(session: "🎯 Focus")) == "🎯 Focus: goal reached")
        #expect(english.headline(.shielding([.named("Selah")])) == "Shielding now: Selah")
        #expect(
            english.headline(.shielding([.named("💼 Work"), .intention("ig"), .tutorial]))
                == "Shielding now: 💼 Work, your intention, the tutorial")
        #expect(english.headline(.nothingYet) == "Threshold has not shielded anything yet")
        #expect(english.headline(.nothingNow) == "Nothing is shielded now")
        #expect(english.headline(.unreadable) == "Threshold cannot read its data")
    }

    @Test func times_areOnThePhonesClock() {
        let british = StatusWords(locale: Locale(identifier: "en_GB"), timeZone: newYork)
        #expect(british.headline(.sessionOn(session: "💼 Work", until: five)) == "💼 Work is on until 17:00")
        let tokyo = StatusWords(locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "Asia/Tokyo")!)
        #expect(plain(tokyo.headline(.sessionOn(session: "💼 Work", until: five))) == "💼 Work is on until 7:00 AM")
    }

    @Test func theDetail_saysTheUnlocksEnd_thenEachRepair() throws {
        var state = StoredState.initial
        state.engine = .make(gates: [.make("selah")], grants: [.make("g1", from: five, minutes: 10)])
        state.applied.repairs = [RepairNotice(.notAuthorized)]
        let summary = StatusSummary(state, now: five, calendar: TestSupport.calendar("America/New_York"))
        let detail = english.detail(unlockedUntil: summary.unlockedUntil, repairs: summary.repairs, failure: summary.failure)
        #expect(
            plain(detail ?? "")
                == "Unlocked until 5:10 PM. Screen Time access is not granted, so iOS enforces nothing. Allow it in Settings › Screen Time."
        )
        #expect(
            plain(english.line(summary.headline, detail: detail)).hasPrefix(
                "Threshold has not shielded anything yet. Unlocked until 5:10 PM. Screen Time"))
        #expect(english.detail(unlockedUntil: nil, repairs: [], failure: nil) == nil)
        #expect(english.line(.nothingYet, detail: nil) == "Threshold has not shielded anything yet")
    }

    @Test func anUnreadableStore_saysWhy_inTheStoresOwnWords() {
        let summary = StatusSummary(unreadable: StoreError.corrupt("file is not a database"))
        let detail = english.detail(unlockedUntil: summary.unlockedUntil, repairs: summary.repairs, failure: summary.failure)
        #expect(
            english.line(summary.headline, detail: detail)
                == "Threshold cannot read its data. The saved data is damaged (file is not a database). Your shields stay on; repair from Settings."
        )
    }

    /// The damaged-data banner says each failure as its developer-facing description does in English.
    @Test func everyStoreFailure_isSaidFromTheCatalog_asItsDescriptionReads() {
        let failures: [StoreError] = [
            .corrupt("page 3"), .newerVersion(found: 12, supported: 9), .busy, .missing("threshold.sqlite"), .failed("disk full"),
        ]
        for failure in failures {
            #expect(english.storeFailure(failure) == failure.description)
        }
    }

    @Test func aMovedClock_countsItsMinutes() {
        #expect(
            english.repair(.clockMoved(minutes: 1, ahead: true)).hasPrefix(
                "The clock is 1 minute ahead of the time that has passed. Restrictions hold by both"))
        #expect(
            english.repair(.clockMoved(minutes: 30, ahead: false)).hasPrefix("The clock is 30 minutes behind the time that has passed."))
        #expect(english.repair(.clockMoved(minutes: 30, ahead: false)).hasSuffix("(Settings › General › Date & Time › Set Automatically)."))
    }

    @Test func whatIOSCannotHold_countsWhatIsLeftOut() {
        #expect(
            english.capacity(.tooManyStores(needed: 52, unshielded: 1))
                == "The shields need 52 Screen Time stores but iOS allows 50; 1 selected item cannot be shielded. Choose categories instead of that many single apps."
        )
        #expect(
            english.capacity(.tooManyExceptions(kind: "apps", count: 53, dropped: 3))
                == "53 apps should be let through, but iOS takes at most 50; 3 stay shielded.")
        #expect(
            english.capacity(.tooManyExceptions(kind: "websites", count: 51, dropped: 1))
                == "51 websites should be let through, but iOS takes at most 50; 1 stays shielded.")
        #expect(english.capacity(.tooManyTypedWebsites(count: 60, dropped: 1)).contains("; 1 is not blocked. Remove some"))
    }

    /// Every repair message is said from the catalog: no key missing, no placeholder left, and
    /// what the system said of its error quoted as it is.
    @Test func everyRepair_isWordedFromTheCatalog() {
        let messages: [RepairNotice.Message] = [
            .clockMoved(minutes: 5, ahead: true), .clockMoved(minutes: 5, ahead: false), .notAuthorized,
            .capacity(CapacityError(problems: [.tooManyStores(needed: 51, unshielded: 2), .tooManyTypedWebsites(count: 51, dropped: 1)])),
            .storeNotApplied(store: "threshold.0", error: "Screen Time failed: x"), .storeNotCleared(store: "threshold.1", error: "x"),
            .failClosedNotLeft(error: "x"), .activitiesNotListed(error: "x"), .wakeUpsNotStopped(error: "x"),
            .wakeUpNotRegistered(error: "x"),
            .notificationNotPosted(error: "x"), .notificationNotScheduled(error: "x"), .notificationsNotWithdrawn(error: "x"),
            .liveActivityNotUpdated(error: "x"),
        ]
        for message in messages {
            let words = english.repair(message)
            #expect(!words.isEmpty && !words.contains("%"), "\(message): “\(words)”")
        }
        #expect(
            english.repair(.storeNotApplied(store: "threshold.0", error: "Screen Time failed: x"))
                == "Store threshold.0 could not be applied: Screen Time failed: x")
        #expect(english.repair(.saved("Words an earlier build saved.")) == "Words an earlier build saved.")
        let missing = Catalogs.missingKeys.filter { $0.hasPrefix("SystemWords") }
        #expect(missing.isEmpty, "\(missing.sorted())")
    }

    @Test func aShortcutThatCannotReachThreshold_saysWhy() {
        #expect(english.stillStarting() == "Threshold is still starting; try again in a moment.")
        #expect(
            english.cannotRead(StoreError.busy)
                == "Threshold cannot read its data: The saved data is busy in another part of Threshold. Your shields stay on; try again.")
    }

    @Test func underThePseudolanguage_theStatusIsAccented_andReadsBack() {
        let said = AppLanguage.$current.withValue(.pseudo) { english.headline(.shielding([.named("Selah")])) }
        #expect(said != "Shielding now: Selah" && said.contains("Selah"))
        #expect(PseudoLanguage.english(said) == "Shielding now: Selah")
    }
}
