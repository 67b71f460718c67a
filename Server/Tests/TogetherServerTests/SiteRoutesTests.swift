import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import ThresholdCore
@testable import TogetherServer

/// The app's domain on the web (issue 24 item 31): the site association for the configured team,
/// claiming exactly the router's paths, and a landing page for the app's links opened without it.
/// No route here touches the database, so the router is tested alone.
@Suite struct SiteRoutesTests {
    func withSite(_ site: SiteRoutes, _ body: @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        let router = Router(context: BasicRequestContext.self)
        site.register(on: router)
        try await Application(router: router).test(.router) { client in try await body(client) }
    }

    @Test func theSiteAssociation_namesTheConfiguredTeam_andClaimsTheRoutersPaths() async throws {
        try await withSite(SiteRoutes(team: "ABCDE12345")) { client in
            let response = try await client.execute(uri: "/.well-known/apple-app-site-association", method: .get, headers: [:], body: nil)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "application/json")
            #expect(Data(response.body.readableBytesView) == (try SiteAssociation.document(team: "ABCDE12345")))
            let text = String(buffer: response.body)
            #expect(text.contains("ABCDE12345.app.threshold") && !text.contains("TEAMID"))
        }
    }

    @Test func withoutATeam_noSiteAssociationIsServed() async throws {
        try await withSite(SiteRoutes(team: nil)) { client in
            let response = try await client.execute(uri: "/.well-known/apple-app-site-association", method: .get, headers: [:], body: nil)
            #expect(response.status == .notFound)
            #expect(String(buffer: response.body).contains("THRESHOLD_TEAM_ID"))
        }
    }

    @Test func aLinkOpenedWithoutTheApp_landsOnAPageThatSaysWhatItIs() async throws {
        let store = URL(string: "https://apps.apple.com/app/id0000000000")!
        try await withSite(SiteRoutes(team: "ABCDE12345", appStore: store)) { client in
            let start = try await client.execute(uri: "/start/work", method: .get, headers: [:], body: nil)
            #expect(start.status == .ok && start.headers[.contentType] == "text/html; charset=utf-8")
            let page = String(buffer: start.body)
            #expect(page.contains("Open in Threshold") && page.contains("href=\"threshold://start/work\""))
            #expect(page.contains("href=\"https://apps.apple.com/app/id0000000000\""))

            let key = String(buffer: try await client.execute(uri: "/k/AbCdEf123456", method: .get, headers: [:], body: nil).body)
            #expect(key.contains("A Threshold key") && !key.contains("Open in Threshold"))
            let invitation = String(buffer: try await client.execute(uri: "/p/ABCDEFGHJKMN", method: .get, headers: [:], body: nil).body)
            #expect(invitation.contains("Settings › Together asks"))
        }
    }

    /// A start link carrying markup is never echoed as markup; one the link router refuses is not offered.
    @Test func aHostileStartLink_isNeitherEchoedNorOffered() async throws {
        try await withSite(SiteRoutes(team: nil)) { client in
            let response = try await client.execute(uri: "/start/%3Cscript%3Ealert(1)%3C%2Fscript%3E", method: .get, headers: [:], body: nil)
            #expect(response.status == .ok)
            let page = String(buffer: response.body)
            #expect(!page.contains("<script"))
            let refused = String(buffer: try await client.execute(uri: "/start/a%00b", method: .get, headers: [:], body: nil).body)
            #expect(!refused.contains("Open in Threshold"), "a profile id with a control character is refused by the link router")
        }
    }

    @Test func theConfiguration_refusesAMalformedTeamOrStoreLink() throws {
        #expect(try TogetherConfiguration.site([:]).team == nil)
        #expect(try TogetherConfiguration.site(["THRESHOLD_TEAM_ID": "ABCDE12345"]).team == "ABCDE12345")
        #expect(throws: ConfigurationError.self) { try TogetherConfiguration.site(["THRESHOLD_TEAM_ID": "TEAMID"]) }
        #expect(throws: ConfigurationError.self) { try TogetherConfiguration.site(["THRESHOLD_APP_STORE_URL": "http://example.com"]) }
    }
}
