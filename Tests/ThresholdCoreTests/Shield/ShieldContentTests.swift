import Foundation
import Testing
import TestSupport
@testable import ThresholdCore

/// PRODUCT.md's shield table, row by row.
@Suite struct ShieldContentTests {
    let session = SessionLabel(profileID: "deep", name: "Deep work", emoji: "🌿", path: .present, strictness: .gentle)
    let ig = AppToken("instagram")

    @Test func sessionActive_bePresentCloses_unlockNotifies() {
        let content = ShieldContent(reason: .sessionActive(session), app: ig, appName: "Instagram")
        #expect(content.title == "🌿 Deep work")
        #expect(content.primary == ShieldButton("Be Present", .close))
        #expect(content.secondary == ShieldButton("Unlock?", .notify(.session("deep"))))
    }

    @Test func beastMode_offersNoWayOut() {
        let locked = SessionLabel(profileID: "b", name: "Beast", emoji: "🦁", path: .present, strictness: .locked)
        let content = ShieldContent(reason: .sessionActive(locked))
        #expect(content.secondary == nil)
        #expect(content.subtitle.contains("Beast Mode"))
    }

    @Test func goalReached_completeOrStayPresent() {
        let content = ShieldContent(reason: .sessionGoalReached(session, xp: 8))
        #expect(content.title == "Session Goal Reached!")
        #expect(content.subtitle.contains("+8 XP"))
        #expect(content.primary.label == "Complete" && content.secondary?.label == "Stay Present")
    }

    @Test func selah_showsTheVerse_andLeadsToPrayer() {
        let label = GateLabel(rule: .gate("selah"), name: "Selah", path: .selah, rituals: [.prayer])
        let content = ShieldContent(reason: .gated(label), app: ig, verse: "The LORD is my shepherd; I shall not want. — Psalm 23:1")
        #expect(content.title == "Selah — pause")
        #expect(content.subtitle == "The LORD is my shepherd; I shall not want. — Psalm 23:1")
        #expect(content.primary == ShieldButton("Pause to pray", .notify(.prayer(app: ig))))
        #expect(content.secondary == nil)
        #expect(ShieldContent(reason: .gated(label)).subtitle == ShieldContent.defaultVerse)
    }

    @Test func challengeOrBank_namesTheModeAndOffersUnlockOptions() {
        let label = GateLabel(rule: .profile("work"), name: "Work Mode", path: .earnedAccess, rituals: [.credits])
        let content = ShieldContent(reason: .gated(label), app: ig)
        #expect(content.title == "Blocked by Work Mode" && content.subtitle == "To unlock: open Threshold")
        #expect(content.primary == ShieldButton("Unlock options", .notify(.unlockGate(app: ig, category: nil, rule: .profile("work")))))
        #expect(content.secondary == ShieldButton("Close", .close))
        #expect(content.primary.action.description.contains("rule=profile:work"))
    }

    @Test func aWebsitesShield_leadsToTheWebsitesOwnGate() {
        let reddit = WebDomainToken("reddit.com")
        for label in [GateLabel(rule: .gate("sites"), name: "Reading", path: .earnedAccess, rituals: [.breathingQuest]),
                      GateLabel(rule: .gate("look-up"), name: "Look Up", path: .challenge, rituals: ChallengeKind.allCases.map(\.ritual))] {
            let content = ShieldContent(reason: .gated(label), webDomain: reddit, appName: "reddit.com")
            #expect(content.primary == ShieldButton("Unlock options", .notify(.websiteGate(reddit, rule: label.rule))))
            #expect(content.primary.action.description.contains("unlock?site="))
        }
    }

    @Test func aChallengeGate_leadsStraightIntoAChallenge_andAMixedOneToTheGate() {
        let games = GateLabel(rule: .gate("look-up"), name: "Look Up", path: .challenge, rituals: ChallengeKind.allCases.map(\.ritual))
        let content = ShieldContent(reason: .gated(games), app: ig)
        #expect(content.primary == ShieldButton("Unlock options", .notify(.challenge(app: ig, rule: .gate("look-up")))))
        #expect(content.primary.action.description.contains("/challenge/"))
        let mixed = GateLabel(rule: .gate("mixed"), name: "Mixed", path: .challenge, rituals: [.ink, .credits])
        #expect(ShieldContent(reason: .gated(mixed), app: ig).primary == ShieldButton("Unlock options", .notify(.unlockGate(app: ig, category: nil, rule: .gate("mixed")))))
        // Without the app (a category's shield) there is nothing to pick a game for: the gate.
        #expect(ShieldContent(reason: .gated(games)).primary == ShieldButton("Unlock options", .notify(.unlockGate(app: nil, category: nil, rule: .gate("look-up")))))
    }

    @Test func intention_countsOpens_andAsksHarderWhenTheyAreUsedUp() {
        let fresh = IntentionLabel(intentionID: "ig", app: ig, opensUsed: 1, opensPerDay: 3, minutesPerOpen: 5)
        let content = ShieldContent(reason: .intention(fresh), appName: "Instagram", streak: 4)
        #expect(content.title == "Open Instagram?")
        #expect(content.subtitle == "1 of 3 opens used today · 4-day streak")
        #expect(content.primary == ShieldButton("Nevermind", .close))
        #expect(content.secondary == ShieldButton("Open Instagram", .openIntention("ig", confirmBeyondLimit: false)))
        let spent = IntentionLabel(intentionID: "ig", app: ig, opensUsed: 3, opensPerDay: 3, minutesPerOpen: 5)
        #expect(ShieldContent(reason: .intention(spent), appName: "Instagram").secondary?.action == .askBeforeOpening("ig"),
                "the first press asks")
        let asking = ShieldContent(reason: .intention(spent), appName: "Instagram", asking: true)
        #expect(asking.title == "Are you sure?")
        #expect(asking.secondary == ShieldButton("Yes, open Instagram", .openIntention("ig", confirmBeyondLimit: true)))
    }

    @Test func streakFreeze_andTutorial() {
        let label = IntentionLabel(intentionID: "ig", app: ig, opensUsed: 0, opensPerDay: 3, minutesPerOpen: 5)
        #expect(ShieldContent(reason: .streakFreeze(label)).title == "Streak Freeze Active")
        let tutorial = ShieldContent(reason: .tutorial)
        #expect(tutorial.title == "App is Blocked")
        #expect(tutorial.primary == ShieldButton("Open Threshold", .notify(.tutorial)))
    }

    @Test func links_carryTheAppAsURLSafeBase64() {
        let destination = AppDestination.prayer(app: AppToken(data: Data([0xfb, 0xff])))
        #expect(destination.url == "https://threshold.app/pray?app=-_8")
        #expect(destination.deepLink == "threshold://pray?app=-_8")
    }
}

/// With notifications off, the shield's way into the app is the person opening it.
@Suite struct ShieldWithNotificationsOffTests {
    let session = SessionLabel(profileID: "deep", name: "Deep work", emoji: "🌿", path: .present, strictness: .gentle)

    @Test func aShieldLeadingIntoTheApp_saysToOpenThresholdByHand_onlyWhenNotificationsAreDenied() {
        let content = ShieldContent(reason: .sessionActive(session), appName: "Instagram")
        #expect(content.leadsIntoTheApp)
        #expect(content.withNotifications(.denied).subtitle == content.subtitle + " " + ShieldContent.openThresholdYourself)
        #expect(content.withNotifications(.denied).primary == content.primary)
        #expect(content.withNotifications(.allowed) == content)
        #expect(content.withNotifications(nil) == content)
    }

    @Test func aShieldThatOnlyCloses_isUnchanged() {
        let locked = SessionLabel(profileID: "beast", name: "Beast", emoji: "🦁", path: .present, strictness: .locked)
        let content = ShieldContent(reason: .sessionActive(locked), appName: "Instagram")
        #expect(!content.leadsIntoTheApp)
        #expect(content.withNotifications(.denied) == content)
    }
}
