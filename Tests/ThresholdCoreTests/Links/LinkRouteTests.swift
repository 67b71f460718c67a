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
            .keyTap("AbCdEfGhIjKl", secret),
            .prayer,
            .unlockGate(app: AppToken("instagram"), category: nil),
            .unlockGate(app: AppToken(data: Data([0xFB, 0xFF, 0x00])), category: CategoryToken("social")),
            .session(nil),
            .session("s-1"),
            .destination(.home),
            .destination(.tutorial),
            .destination(.prayer(app: nil)),
            .destination(.prayer(app: AppToken("instagram"))),
            .destination(.unlockOptions(app: AppToken("instagram"), rule: .profile("Deep work"))),
            .destination(.unlockOptions(app: nil, rule: .gate("selah:evening"))),
            .destination(.unlockOptions(app: nil, rule: .tutorial)),
            .destination(.session("café & co")),
        ]
        for route in routes {
            for form in LinkForm.allCases {
                #expect(try LinkRoute(url: route.url(form)) == route, "\(route) as \(form)")
            }
        }
    }

    @Test func links_readAsDocumented() {
        #expect(LinkRoute.keyTap("tag1", secret).universalLink.absoluteString == "https://threshold.app/k/tag1#AAECAwQFBgcICQoLDA0ODw")
        #expect(LinkRoute.prayer.url(.deepLink).absoluteString == "threshold://pray")
        #expect(LinkRoute.startProfile("Deep work").universalLink.absoluteString == "https://threshold.app/start/Deep%20work")
        #expect(LinkRoute.unlockGate(app: AppToken("instagram"), category: CategoryToken("social")).url(.deepLink).absoluteString
            == "threshold://unlock/aW5zdGFncmFt?category=c29jaWFs")
        // A key tap has no deep-link form: tags carry the universal link.
        #expect(LinkRoute.keyTap("tag1", secret).url(.deepLink) == LinkRoute.keyTap("tag1", secret).universalLink)
    }

    @Test func theShieldsNotificationLinks_parseBackToTheirDestination() throws {
        let destinations: [AppDestination] = [
            .home, .prayer(app: AppToken("tiktok")), .unlockOptions(app: AppToken("instagram"), rule: .intention("ig")),
            .session("work"), .tutorial,
        ]
        for destination in destinations {
            #expect(try LinkRoute(parsing: destination.url) == .destination(destination), "\(destination.url)")
        }
        #expect(try LinkRoute(parsing: "https://threshold.app/open/unlock?rule=gate:selah&app=aW5zdGFncmFt")
            == .destination(.unlockOptions(app: AppToken("instagram"), rule: .gate("selah"))))
    }

    @Test func schemeAndHost_ignoreCase_andATrailingSlashIsAccepted() throws {
        #expect(try LinkRoute(parsing: "HTTPS://Threshold.App/pray/") == .prayer)
        #expect(try LinkRoute(parsing: "THRESHOLD://session/") == .session(nil))
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
        ("https://threshold.app/start", .wrongShape(route: "start", expected: "…/start/<profile id>")),
        ("https://threshold.app/start/a/b", .wrongShape(route: "start", expected: "…/start/<profile id>")),
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
        ("https://threshold.app/unlock/", .wrongShape(route: "unlock", expected: "…/unlock/<app token>")),
        ("https://threshold.app/unlock/a", .badToken("app token")),
        ("https://threshold.app/unlock/aW5zdGFncmFt=", .badToken("app token")),
        ("https://threshold.app/unlock/aW5zdGFncmFt?category=", .badToken("category token")),
        ("https://threshold.app/unlock/aW5zdGFncmFt?app=x", .unexpectedQuery(route: "unlock")),
        ("threshold://session/a/b", .wrongShape(route: "session", expected: "…/session or …/session/<session id>")),
        ("https://threshold.app/open/settings", .unknownRoute("open/settings")),
        ("https://threshold.app/open/home?x=1", .unexpectedQuery(route: "open/home")),
        ("https://threshold.app/open/pray?app=aW5zdGFncmFt&app=aW5zdGFncmFt", .unexpectedQuery(route: "open/pray")),
        ("https://threshold.app/open/pray?app=", .unexpectedQuery(route: "open/pray")),
        ("https://threshold.app/open/unlock?app=aW5zdGFncmFt", .wrongShape(route: "open/unlock", expected: "…/open/unlock?app=<app token>&rule=<profile:id | gate:id | intention:id | tutorial>")),
        ("https://threshold.app/open/unlock?rule=team:x", .wrongShape(route: "open/unlock", expected: "…/open/unlock?app=<app token>&rule=<profile:id | gate:id | intention:id | tutorial>")),
        ("https://threshold.app/open/session", .wrongShape(route: "open/session", expected: "…/open/session?profile=<profile id>")),
        ("https://threshold.app/open/session?profile=work#x", .unexpectedFragment(route: "open")),
    ])
    func malformedLinks_areRefusedWithTheirReason(text: String, expected: LinkError) {
        #expect(throws: expected) { try LinkRoute(parsing: text) }
    }

    @Test func anOverlongLink_isRefusedBeforeItIsRead() {
        let text = "https://threshold.app/start/" + String(repeating: "a", count: 5_000)
        #expect(throws: LinkError.tooLong(length: text.utf8.count)) { try LinkRoute(parsing: text) }
    }

    @Test func everyRefusal_saysNothingWasOpened() {
        let errors: [LinkError] = [.tooLong(length: 9_000), .invalidCharacters, .notALink, .unsupportedScheme("ftp"),
                                   .unknownHost("x"), .unknownRoute("x"), .wrongShape(route: "k", expected: "y"),
                                   .badIdentifier(route: "start"), .badToken("app token"), .keyLinkNotUniversal,
                                   .badSecret, .unexpectedQuery(route: "pray"), .unexpectedFragment(route: "pray")]
        for error in errors {
            #expect(error.description.contains("nothing was opened") || error.description.contains("Nothing was opened"), "\(error)")
        }
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
            let unlock = LinkRoute.unlockGate(app: AppToken(data: Data(token)), category: CategoryToken(data: Data(token.reversed())))
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
