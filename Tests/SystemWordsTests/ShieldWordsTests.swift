import Foundation
import StringCatalogs
import Testing
import TestSupport
import ThresholdCore
@testable import SystemWords

/// A shield's values worded by its own catalog (issue 25): every reason's shield says each line
/// from `Shields.xcstrings`, counts with their plural forms, names as iOS gave them.
@Suite struct ShieldWordsTests {
    let english = ShieldWords(locale: Locale(identifier: "en_US"))

    @Test func everyReasonsShield_isWordedFromTheCatalog_withNoKeyMissing() {
        let now = at("2026-03-02 10:00")
        // One restriction of every kind, each over its own app, so every reason shows somewhere.
        let state = ThresholdState.make(
            profiles: [
                .make("work", path: .key, selection: .apps("a")),
                .make("beast", path: .present, selection: .apps("b"), strictness: .locked),
                .make("goal", path: .present, selection: .apps("c")),
                .make("mode", path: .earnedAccess, selection: .apps("d"), unlockPolicy: .earnedAccess),
            ],
            gates: [
                .make("selah", path: .selah, selection: .apps("e")),
                .make("math", path: .challenge, selection: .apps("f"), unlockPolicy: .challenge),
                .make("wall", path: .earnedAccess, selection: .apps("g"), strictness: .locked),
                // Several paths over one app: each way back is named.
                .make("selah-too", path: .selah, selection: .apps("j")),
                .make("math-too", path: .challenge, selection: .apps("j", "k"), unlockPolicy: .challenge),
                .make("bank-too", path: .earnedAccess, selection: .apps("j", "k"), unlockPolicy: .earnedAccess),
            ],
            intentions: [.make("ig", app: "h", opens: 1), .make("tt", app: "i", opens: 1)],
            sessions: [
                .make("s1", profile: "work", start: now), .make("s2", profile: "beast", start: now),
                .make("s3", profile: "goal", start: now.adding(minutes: -60), plan: .goal(minutes: 30)),
                .make("s4", profile: "mode", start: now),
            ],
            grants: [.make("g1", .app("i"), from: now.adding(minutes: -30), minutes: 5, origin: .intentionOpen("tt"))],
            streakFreezeDays: [day("2026-03-03")],
            tutorial: Tutorial(startedAt: now))
        let reasons = Array(evaluate(state, at: now, calendar: TestSupport.calendar()).reasons.values)
        #expect(reasons.count >= 8)
        // Each reason as first drawn, with and without a name, as an intention past its opens asks
        // "Are you sure?", and with notifications off.
        let contents =
            reasons.flatMap { reason in
                [
                    ShieldContent(reason: reason, appName: "Instagram"), ShieldContent(reason: reason, asking: true),
                    ShieldContent(reason: reason, streak: 3),
                ]
            } + [.unknownReason, .lifted(appName: nil), .lifted(appName: "Reddit")]
        let allContents = contents + contents.map { $0.withNotifications(.denied) }
        #expect(contents.contains { $0.title == .areYouSure })
        for content in allContents {
            let words = english.words(content)
            for line in [words.title, words.subtitle, words.primary] + [words.secondary].compactMap({ $0 }) {
                #expect(!line.isEmpty && !line.contains("%"), "\(content): “\(line)”")
            }
        }
        let missing = Catalogs.missingKeys.filter { $0.hasPrefix("SystemWords") }
        #expect(missing.isEmpty, "\(missing.sorted())")
    }

    @Test func aShieldOverSeveralPaths_namesEachWayBack_inWords() {
        #expect(
            english.subtitle(.verseAndWays("v", ways: [.selah, .earnedAccess, .challenge]))
                == "v\nWays back: a prayer, Focus Bank credits, a challenge.")
        #expect(
            english.subtitle(.waysBack([.earnedAccess, .challenge]))
                == "Ways back: Focus Bank credits, a challenge. Open Threshold to choose.")
        #expect(english.subtitle(.blockedWhileOn(app: "Instagram", restriction: "💼 Work")) == "Instagram is blocked while 💼 Work is on.")
    }

    @Test func countsOnAShield_takeTheirPluralForms() {
        #expect(
            english.subtitle(.opensUsed(used: 1, perDay: 1, streak: nil, spent: true))
                == "1 of 1 open used today. Opening again breaks the streak.")
        #expect(english.subtitle(.opensUsed(used: 0, perDay: 3, streak: 4, spent: false)) == "0 of 3 opens used today · 4-day streak")
        #expect(
            english.subtitle(.streakFrozen(streak: 1, used: 2, perDay: 2))
                == "Today your streaks are protected (this one: 1 day). 2 of 2 opens used.")
        #expect(
            english.subtitle(.pastTodaysOpens(opensPerDay: 1, app: "Instagram"))
                == "That is past today's 1 open. Opening Instagram again ends its streak.")
    }

    @Test func aShieldWithNotificationsOff_saysToOpenThresholdByHand() {
        let shield = ShieldContent.unknownReason.withNotifications(.denied)
        #expect(
            english.words(shield).subtitle
                == "Open Threshold to see why and how to unlock. Notifications are off, so open Threshold yourself to unlock.")
    }
}
