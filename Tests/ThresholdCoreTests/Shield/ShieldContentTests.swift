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
        #expect(content.title == .session(emoji: "🌿", name: "Deep work"))
        #expect(content.primary == ShieldButton(.bePresent, .close))
        #expect(content.secondary == ShieldButton(.unlockQuestion, .notify(.session("deep"))))
    }

    @Test func beastMode_offersNoWayOut() {
        let locked = SessionLabel(profileID: "b", name: "Beast", emoji: "🦁", path: .present, strictness: .locked)
        let content = ShieldContent(reason: .sessionActive(locked))
        #expect(content.secondary == nil)
        #expect(content.subtitle == .beastModeKeepsClosed(app: nil))
    }

    @Test func goalReached_completeOrStayPresent() {
        let content = ShieldContent(reason: .sessionGoalReached(session, xp: 8))
        #expect(content.title == .sessionGoalReached)
        #expect(content.subtitle == .goalReached(xp: 8, emoji: session.emoji, name: session.name))
        #expect(content.primary.label == .complete && content.secondary?.label == .stayPresent)
    }

    @Test func selah_showsTheVerse_andLeadsToPrayer() {
        let label = GateLabel(rule: .gate("selah"), name: "Selah", path: .selah, rituals: [.prayer])
        let content = ShieldContent(reason: .gated(label), app: ig, verse: "The LORD is my shepherd; I shall not want. — Psalm 23:1")
        #expect(content.title == .selahPause)
        #expect(content.subtitle == .verse("The LORD is my shepherd; I shall not want. — Psalm 23:1"))
        #expect(content.primary == ShieldButton(.pauseToPray, .notify(.prayer(app: ig))))
        #expect(content.secondary == nil)
        #expect(ShieldContent(reason: .gated(label)).subtitle == .verse(ShieldContent.defaultVerse))
    }

    /// Issue 34 item 2: where other paths hold the app too, Selah's shield keeps its title and
    /// verse, names every way back, and its button leads to the gate where the person chooses;
    /// a Challenge gate among others no longer drops straight into a game.
    @Test func aShieldOverSeveralPaths_namesEachWayBack_andLeadsToTheGate() {
        let selah = GateLabel(rule: .gate("selah"), name: "Selah", path: .selah, rituals: [.prayer], otherWays: [.challenge])
        let content = ShieldContent(reason: .gated(selah), app: ig, verse: "v")
        #expect(content.title == .selahPause && content.verse == "v")
        #expect(content.subtitle == .verseAndWays("v", ways: [.selah, .challenge]))
        #expect(content.primary == ShieldButton(.pauseToPray, .notify(.unlockGate(app: ig, category: nil, rule: .gate("selah")))))
        let games = GateLabel(rule: .gate("c"), name: "Challenge", path: .challenge, rituals: [.ink], otherWays: [.earnedAccess])
        let both = ShieldContent(reason: .gated(games), app: ig)
        #expect(both.subtitle == .waysBack([.challenge, .earnedAccess]))
        #expect(both.primary == ShieldButton(.unlockOptions, .notify(.unlockGate(app: ig, category: nil, rule: .gate("c")))))
    }

    /// A Key profile's session speaks of the profile, not of being present.
    @Test func aKeySession_saysItsProfileIsOn() {
        let work = SessionLabel(profileID: "work", name: "Work", emoji: "💼", path: .key, strictness: .gentle)
        #expect(
            ShieldContent(reason: .sessionActive(work), appName: "Instagram").subtitle
                == .blockedWhileOn(app: "Instagram", restriction: "💼 Work"))
        #expect(ShieldContent(reason: .sessionActive(session), appName: "Instagram").subtitle == .blockedWhilePresent(app: "Instagram"))
    }

    @Test func challengeOrBank_namesTheModeAndOffersUnlockOptions() {
        let label = GateLabel(rule: .profile("work"), name: "Work Mode", path: .earnedAccess, rituals: [.credits])
        let content = ShieldContent(reason: .gated(label), app: ig)
        #expect(content.title == .blockedBy("Work Mode") && content.subtitle == .chooseAnUnlockOption)
        #expect(content.primary == ShieldButton(.unlockOptions, .notify(.unlockGate(app: ig, category: nil, rule: .profile("work")))))
        #expect(content.secondary == ShieldButton(.close, .close))
        #expect(content.primary.action.description.contains("rule=profile:work"))
    }

    @Test func aWebsitesShield_leadsToTheWebsitesOwnGate() {
        let reddit = WebDomainToken("reddit.com")
        for label in [
            GateLabel(rule: .gate("sites"), name: "Reading", path: .earnedAccess, rituals: [.breathingQuest]),
            GateLabel(rule: .gate("look-up"), name: "Look Up", path: .challenge, rituals: ChallengeKind.allCases.map(\.ritual)),
        ] {
            let content = ShieldContent(reason: .gated(label), webDomain: reddit, appName: "reddit.com")
            #expect(content.primary == ShieldButton(.unlockOptions, .notify(.websiteGate(reddit, rule: label.rule))))
            #expect(content.primary.action.description.contains("unlock?site="))
        }
    }

    @Test func aChallengeGate_leadsStraightIntoAChallenge_andAMixedOneToTheGate() {
        let games = GateLabel(rule: .gate("look-up"), name: "Look Up", path: .challenge, rituals: ChallengeKind.allCases.map(\.ritual))
        let content = ShieldContent(reason: .gated(games), app: ig)
        #expect(
            content.primary == ShieldButton(.startChallenge, .notify(.challenge(app: ig, rule: .gate("look-up")))),
            "a button that opens a game says so")
        #expect(content.primary.action.description.contains("/challenge/"))
        #expect(content.subtitle == .toUnlockOpenThreshold, "one way back, straight into it: nothing to choose")
        let mixed = GateLabel(rule: .gate("mixed"), name: "Mixed", path: .challenge, rituals: [.ink, .credits])
        #expect(
            ShieldContent(reason: .gated(mixed), app: ig).primary
                == ShieldButton(.unlockOptions, .notify(.unlockGate(app: ig, category: nil, rule: .gate("mixed")))))
        #expect(ShieldContent(reason: .gated(mixed), app: ig).subtitle == .chooseAnUnlockOption)
        // Without the app (a category's shield) there is nothing to pick a game for: the gate.
        #expect(
            ShieldContent(reason: .gated(games)).primary
                == ShieldButton(.unlockOptions, .notify(.unlockGate(app: nil, category: nil, rule: .gate("look-up")))))
    }

    @Test func intention_countsOpens_andAsksHarderWhenTheyAreUsedUp() {
        let fresh = IntentionLabel(intentionID: "ig", app: ig, opensUsed: 1, opensPerDay: 3, minutesPerOpen: 5)
        let content = ShieldContent(reason: .intention(fresh), appName: "Instagram", streak: 4)
        #expect(content.title == .openApp("Instagram"))
        #expect(content.subtitle == .opensUsed(used: 1, perDay: 3, streak: 4, spent: false))
        #expect(content.primary == ShieldButton(.nevermind, .close))
        #expect(content.secondary == ShieldButton(.open("Instagram"), .openIntention("ig", confirmBeyondLimit: false)))
        let spent = IntentionLabel(intentionID: "ig", app: ig, opensUsed: 3, opensPerDay: 3, minutesPerOpen: 5)
        #expect(
            ShieldContent(reason: .intention(spent), appName: "Instagram").secondary?.action == .askBeforeOpening("ig"),
            "the first press asks")
        let asking = ShieldContent(reason: .intention(spent), appName: "Instagram", asking: true)
        #expect(asking.title == .areYouSure)
        #expect(asking.secondary == ShieldButton(.yesOpen("Instagram"), .openIntention("ig", confirmBeyondLimit: true)))
    }

    @Test func streakFreeze_andTutorial() {
        let label = IntentionLabel(intentionID: "ig", app: ig, opensUsed: 0, opensPerDay: 3, minutesPerOpen: 5)
        #expect(ShieldContent(reason: .streakFreeze(label)).title == .streakFreezeActive)
        let tutorial = ShieldContent(reason: .tutorial)
        #expect(tutorial.title == .appIsBlocked)
        #expect(tutorial.primary == ShieldButton(.openThreshold, .notify(.tutorial)))
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
        #expect(content.withNotifications(.denied).opensThresholdByHand && content.withNotifications(.denied).subtitle == content.subtitle)
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
