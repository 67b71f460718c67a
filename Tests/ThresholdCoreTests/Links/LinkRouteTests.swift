import Foundation
import PropertyBased
import Testing
import TestSupport
import ThresholdCore

@Suite struct LinkRouteTests {
    let secret = try! KeySecret(bytes: Array(0..<16))

    // MARK: Routes

    @Test func everyRoute_parsesFromItsUniversalLink_andItsDeepLink() throws {
        let routes: [LinkRoute] = [
            .startProfile("work"),
            .startProfile("Deep work 🎯/evening"),
            // The plain start link (issue 35 item 1).
            .startLastUsed,
            .keyTap("AbCdEfGhIjKl", secret),
            .open(.home),
            .open(.tutorial),
            .open(.feedback),
            .open(.dailyReview),
            .open(.prayer(app: nil)),
            .open(.prayer(app: AppToken("instagram"))),
            .open(.unlockGate(app: nil, category: nil, rule: nil)),
            .open(.unlockGate(app: AppToken("instagram"), category: nil, rule: nil)),
            .open(.unlockGate(app: AppToken(data: Data([0xFB, 0xFF, 0x00])), category: CategoryToken("social"), rule: nil)),
            .open(.unlockGate(app: AppToken("instagram"), category: nil, rule: .profile("Deep work"))),
            .open(.unlockGate(app: nil, category: CategoryToken("games"), rule: .gate("selah:evening"))),
            .open(.unlockGate(app: nil, category: nil, rule: .tutorial)),
            .open(.websiteGate(WebDomainToken("reddit.com"), rule: nil)),
            .open(.websiteGate(WebDomainToken(data: Data([0xFB, 0xFF])), rule: .profile("work"))),
            .open(.challenge(app: AppToken("youtube"), rule: nil)),
            .open(.challenge(app: AppToken(data: Data([0xFB, 0xFF, 0x00])), rule: .gate("look up"))),
            .open(.session(nil)),
            .open(.session("café & co")),
        ]
        for route in routes {
            for form in LinkForm.allCases {
                #expect(try LinkRoute(url: route.url(form)) == route, "\(route) as \(form)")
            }
        }
    }

    @Test func links_readAsDocumented() {
        #expect(LinkRoute.keyTap("tag1", secret).universalLink.absoluteString == "https://threshold.app/k/tag1#AAECAwQFBgcICQoLDA0ODw")
        #expect(LinkRoute.open(.prayer(app: nil)).url(.deepLink).absoluteString == "threshold://pray")
        #expect(LinkRoute.startProfile("Deep work").universalLink.absoluteString == "https://threshold.app/start/Deep%20work")
        #expect(
            AppDestination.unlockGate(app: AppToken("instagram"), category: CategoryToken("social"), rule: .gate("selah")).deepLink
                == "threshold://unlock/aW5zdGFncmFt?category=c29jaWFs&rule=gate:selah")
        #expect(AppDestination.session("work").url == "https://threshold.app/session/work")
        #expect(
            AppDestination.challenge(app: AppToken("youtube"), rule: .gate("look-up")).deepLink
                == "threshold://challenge/eW91dHViZQ?rule=gate:look-up")
        #expect(AppDestination.dailyReview.deepLink == "threshold://review")
        // A key tap has no deep-link form: tags carry the universal link.
        #expect(LinkRoute.keyTap("tag1", secret).url(.deepLink) == LinkRoute.keyTap("tag1", secret).universalLink)
    }

    @Test func everyDestination_isTheRouterReadingBackItsOwnLinks() throws {
        let destinations: [AppDestination] = [
            .home, .prayer(app: AppToken("tiktok")), .unlockGate(app: AppToken("instagram"), category: nil, rule: .intention("ig")),
            .session("work"), .session(nil), .tutorial, .feedback, .dailyReview,
        ]
        for destination in destinations {
            #expect(try LinkRoute(parsing: destination.url) == .open(destination), "\(destination.url)")
            #expect(try LinkRoute(parsing: destination.deepLink) == .open(destination), "\(destination.deepLink)")
        }
        // A challenge is always for an app; it takes no category.
        #expect(throws: LinkError.self) { try LinkRoute(parsing: "threshold://challenge") }
        #expect(throws: LinkError.self) { try LinkRoute(parsing: "threshold://challenge/eW91dHViZQ?category=c29jaWFs") }
        #expect(throws: LinkError.self) { try LinkRoute(parsing: "threshold://challenge/eW91dHViZQ?rule=nonsense") }
        // Query items may come in any order, and the rule's colon may be escaped.
        #expect(
            try LinkRoute(parsing: "https://threshold.app/unlock/aW5zdGFncmFt?rule=gate%3Aselah&category=c29jaWFs")
                == .open(.unlockGate(app: AppToken("instagram"), category: CategoryToken("social"), rule: .gate("selah"))))
    }

    @Test func everyLinkWritten_fallsUnderAPathTheAppClaims() {
        func claimed(_ path: String) -> Bool {
            LinkRoute.claimedPaths.contains { pattern in
                pattern.hasSuffix("/*") ? path.hasPrefix(pattern.dropLast()) && path.count > pattern.count - 1 : path == pattern
            }
        }
        let routes: [LinkRoute] = [
            .startProfile("work"), .keyTap("tag1", secret), .open(.home), .open(.prayer(app: AppToken("x"))),
            .open(.unlockGate(app: nil, category: nil, rule: nil)), .open(.unlockGate(app: AppToken("x"), category: nil, rule: .tutorial)),
            .open(.session(nil)), .open(.session("w")), .open(.tutorial), .open(.feedback), .open(.dailyReview),
            .open(.challenge(app: AppToken("x"), rule: .gate("g"))),
        ]
        for route in routes {
            #expect(claimed(route.universalLink.path), "\(route.universalLink) is not under a claimed path")
        }
        #expect(!claimed("/open/pray"))
    }

    @Test func schemeAndHost_ignoreCase_andATrailingSlashIsAccepted() throws {
        #expect(try LinkRoute(parsing: "HTTPS://Threshold.App/pray/") == .open(.prayer(app: nil)))
        #expect(try LinkRoute(parsing: "THRESHOLD://session/") == .open(.session(nil)))
    }

    // MARK: Refusals

    @Test(arguments: [
        ("", LinkError.notALink),
        ("threshold.app/pray", .notALink),
        ("https://threshold.app/pray now", .invalidCharacters),
        ("https://threshold.app/start/t<x>", .invalidCharacters),
        ("https://threshold.app/start/café", .invalidCharacters),
        ("http://threshold.app/pray", .unsupportedScheme("http")),
        ("javascript://threshold.app/pray", .unsupportedScheme("javascript")),
        ("https://evil.example/pray", .unknownHost("evil.example")),
        ("https://threshold.app.evil.example/pray", .unknownHost("threshold.app.evil.example")),
        ("https://threshold.app:8443/pray", .unknownHost("threshold.app:8443")),
        ("https://me@threshold.app/pray", .unknownHost("me@threshold.app")),
        ("https://threshold.app/", .unknownRoute("")),
        ("https://threshold.app", .unknownRoute("")),
        ("https://threshold.app/settings/reset", .unknownRoute("settings/reset")),
        ("https://threshold.app/start/a/b", .wrongShape(route: "start", expected: "…/start or …/start/<profile id>")),
        ("https://threshold.app/start/%", .badIdentifier(route: "start")),
        ("https://threshold.app/start/%zz", .badIdentifier(route: "start")),
        ("https://threshold.app/start/%FF%FE", .badIdentifier(route: "start")),
        ("https://threshold.app/start/%0A", .badIdentifier(route: "start")),
        ("https://threshold.app/start/work?x=1", .unexpectedQuery(route: "start")),
        ("https://threshold.app/pray#amen", .unexpectedFragment(route: "pray")),
        ("threshold://k/tag1#AAECAwQFBgcICQoLDA0ODw", .keyLinkNotUniversal),
        ("https://threshold.app/k/tag1", .badSecret),
        ("https://threshold.app/k/tag1#", .badSecret),
        ("https://threshold.app/k/tag1#AAECAwQFBgcICQoLDA0ODx", .badSecret),
        ("https://threshold.app/k/tag1#AAECAwQFBgcICQoLDA0OD", .badSecret),
        ("https://threshold.app/k/tag1#AAECAwQFBgcICQoLDA0ODw==", .badSecret),
        ("https://threshold.app/k/ta.g#AAECAwQFBgcICQoLDA0ODw", .badIdentifier(route: "k")),
        ("https://threshold.app/k/tag1?x#AAECAwQFBgcICQoLDA0ODw", .unexpectedQuery(route: "k")),
        ("https://threshold.app/unlock/a", .badToken("app token")),
        ("https://threshold.app/unlock/aW5zdGFncmFt=", .badToken("app token")),
        (
            "https://threshold.app/unlock/a/b",
            .wrongShape(route: "unlock", expected: "…/unlock, …/unlock/<app token> or …/unlock?site=<website token>")
        ),
        (
            "https://threshold.app/unlock/aW5zdGFncmFt?site=cmVkZGl0LmNvbQ",
            .wrongShape(route: "unlock", expected: "https://threshold.app/unlock?site=<website token>")
        ),
        (
            "https://threshold.app/unlock?site=cmVkZGl0LmNvbQ&category=c29jaWFs",
            .wrongShape(route: "unlock", expected: "https://threshold.app/unlock?site=<website token>")
        ),
        ("https://threshold.app/unlock/aW5zdGFncmFt?category=", .unexpectedQuery(route: "unlock")),
        ("https://threshold.app/unlock/aW5zdGFncmFt?category=a", .badToken("category token")),
        ("https://threshold.app/unlock/aW5zdGFncmFt?app=x", .unexpectedQuery(route: "unlock")),
        (
            "https://threshold.app/unlock?rule=team:x",
            .wrongShape(route: "unlock", expected: "…/unlock[/<app token>]?rule=<profile:id | gate:id | intention:id | tutorial>")
        ),
        ("https://threshold.app/unlock?rule=gate:a&rule=gate:b", .unexpectedQuery(route: "unlock")),
        ("threshold://session/a/b", .wrongShape(route: "session", expected: "…/session or …/session/<profile id>")),
        ("https://threshold.app/session?profile=work", .unexpectedQuery(route: "session")),
        ("https://threshold.app/session/work#x", .unexpectedFragment(route: "session")),
        ("https://threshold.app/home?x=1", .unexpectedQuery(route: "home")),
        ("https://threshold.app/tutorial/now", .wrongShape(route: "tutorial", expected: "…/tutorial")),
        ("https://threshold.app/pray?app=aW5zdGFncmFt&app=aW5zdGFncmFt", .unexpectedQuery(route: "pray")),
        ("https://threshold.app/pray?app=", .unexpectedQuery(route: "pray")),
        ("https://threshold.app/pray/now", .wrongShape(route: "pray", expected: "…/pray or …/pray?app=<app token>")),
        ("https://threshold.app/open/pray", .unknownRoute("open/pray")),
    ])
    func malformedLinks_areRefusedWithTheirReason(text: String, expected: LinkError) {
        #expect(throws: expected) { try LinkRoute(parsing: text) }
    }

    @Test func anOverlongLink_isRefusedBeforeItIsRead() {
        let text = "https://threshold.app/start/" + String(repeating: "a", count: 5_000)
        #expect(throws: LinkError.tooLong(length: text.utf8.count)) { try LinkRoute(parsing: text) }
    }

    // MARK: Properties

    @Test func anyProfileID_roundTripsThroughItsLink() async {
        await propertyCheck(input: Gen.unicodeScalar(in: " "..."\u{D7FF}").array(of: 1...40)) { scalars throws in
            var text = ""
            text.unicodeScalars.append(contentsOf: scalars)
            guard !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }), text.count <= 128 else { return }
            let route = LinkRoute.startProfile(ProfileID(text))
            for form in LinkForm.allCases {
                #expect(try LinkRoute(url: route.url(form)) == route)
            }
        }
    }

    @Test func anyTokenAndSecret_roundTripThroughTheirLinks() async {
        let bytes = Gen.uint8().array(of: 1...300)
        await propertyCheck(input: bytes, Gen.uint8().array(of: 16)) { token, secretBytes in
            let unlock = LinkRoute.open(
                .unlockGate(app: AppToken(data: Data(token)), category: CategoryToken(data: Data(token.reversed())), rule: nil))
            #expect(try LinkRoute(url: unlock.url(.deepLink)) == unlock)
            let key = LinkRoute.keyTap("t", try KeySecret(bytes: secretBytes))
            #expect(try LinkRoute(url: key.universalLink) == key)
        }
    }

    @Test func randomText_neverParsesToARouteItCannotWriteBack() async {
        let scalars = Array("https://threshold.app/kstartpraysessionunlock?category=#%2FAb_-0 <>é".unicodeScalars)
        let alphabet = Gen.int(in: 0..<scalars.count).map { scalars[$0] }
        await propertyCheck(count: 500, input: alphabet.array(of: 0...60)) { picked throws in
            var text = ""
            text.unicodeScalars.append(contentsOf: picked)
            guard let route = try? LinkRoute(parsing: text) else { return }
            #expect(try LinkRoute(url: route.universalLink) == route)
        }
    }
}

/// The plain start link's profile (issue 35 item 1): the last one used, else Key's first.
@Suite struct LastUsedProfileTests {
    @Test func theLatestSessionsProfile_elseKeysFirst_elseNone() throws {
        let work = Profile.make("work", path: .key), study = Profile.make("study", path: .key)
        let focus = Profile.make("focus", path: .present)
        #expect(ThresholdState.make().lastUsedProfile == nil)
        #expect(ThresholdState.make(profiles: [focus, work, study]).lastUsedProfile?.id == "work", "none used yet: Key's first")
        let used = ThresholdState.make(
            profiles: [focus, work, study],
            sessions: [
                .make("s1", profile: "work", start: at("2026-11-23 09:00")),
                .make("s2", profile: "study", start: at("2026-11-23 11:00"), ending: .init(at: at("2026-11-23 11:30"), state: .completed)),
            ])
        #expect(used.lastUsedProfile?.id == "study", "the one whose session started last")
        #expect(ThresholdState.make(profiles: [focus]).lastUsedProfile?.id == "focus", "without Key, the first that runs sessions")
    }
}
