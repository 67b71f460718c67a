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
            let response = try await client.execute(
                uri: "/start/%3Cscript%3Ealert(1)%3C%2Fscript%3E", method: .get, headers: [:], body: nil)
            #expect(response.status == .ok)
            let page = String(buffer: response.body)
            #expect(!page.contains("<script"))
            let refused = String(buffer: try await client.execute(uri: "/start/a%00b", method: .get, headers: [:], body: nil).body)
            #expect(!refused.contains("Open in Threshold"), "a profile id with a control character is refused by the link router")
        }
    }

    /// A landing page's address and its title in either language.
    typealias Page = (uri: String, english: String, spanish: String)

    static let pages: [Page] = [
        ("/k/AbCdEf123456", "A Threshold key", "Una Llave de Threshold"),
        ("/p/ABCDEFGHJKMN", "An invitation to Threshold Together", "Una invitación a Threshold Together"),
        ("/start/work", "Start a Threshold profile", "Empieza un perfil de Threshold"),
    ]

    /// Every landing page as a browser sending `acceptLanguage` (none: no header) gets it.
    func landingPages(
        _ site: SiteRoutes, acceptLanguage: String?,
        _ check: @Sendable (Page, TestResponse, _ text: String) throws -> Void
    ) async throws {
        try await withSite(site) { client in
            for page in Self.pages {
                let headers = HTTPFields(acceptLanguage.map { [HTTPField(name: .acceptLanguage, value: $0)] } ?? [])
                let response = try await client.execute(uri: page.uri, method: .get, headers: headers, body: nil)
                #expect(response.status == .ok && response.headers[.vary] == "Accept-Language", "\(page.uri)")
                try check(page, response, String(buffer: response.body))
            }
        }
    }

    @Test(arguments: ["es", "es-MX", "es-ES,en;q=0.5", "fr, es;q=0.5"])
    func aBrowserThatReadsSpanish_getsEveryPageInSpanish(acceptLanguage: String) async throws {
        let store = URL(string: "https://apps.apple.com/app/id0000000000")!
        try await landingPages(SiteRoutes(team: nil, appStore: store), acceptLanguage: acceptLanguage) { page, response, text in
            #expect(response.headers[.contentLanguage] == "es" && text.contains("<html lang=\"es\">"), "\(page.uri)")
            #expect(
                text.contains("<title>\(page.spanish)</title>") && text.contains("<h1>\(page.spanish)</h1>") && !text.contains(page.english)
            )
            #expect(text.contains(">Descargar Threshold en el App Store</a>") && !text.contains("Get Threshold"))
            #expect(text.contains(">Abrir en Threshold</a>") == page.uri.hasPrefix("/start/"), "\(page.uri)")
            #expect(!text.contains("Open in Threshold"))
        }
    }

    @Test(arguments: ["en", "fr", nil, "garbage ;;; q=x", "en;q=0.9, es;q=0.8"] as [String?])
    func anyOtherBrowser_getsEveryPageInEnglish(acceptLanguage: String?) async throws {
        try await landingPages(SiteRoutes(team: nil), acceptLanguage: acceptLanguage) { page, response, text in
            #expect(response.headers[.contentLanguage] == "en" && text.contains("<html lang=\"en\">"), "\(page.uri)")
            #expect(text.contains("<h1>\(page.english)</h1>") && !text.contains(page.spanish))
            #expect(text.contains("Threshold is on the App Store for iPhone."))
            #expect(text.contains(">Open in Threshold</a>") == page.uri.hasPrefix("/start/"), "\(page.uri)")
        }
    }

    /// The Spanish keeps the app's glossary and describes Beast Mode rather than naming it.
    @Test func theSpanishPages_keepTheGlossary() async throws {
        try await landingPages(SiteRoutes(team: nil), acceptLanguage: "es") { page, _, text in
            #expect(text.contains("Threshold está en el App Store para iPhone."))
            #expect(!text.contains("Modo bestia") && !text.contains("Beast Mode") && !text.contains("Configuración"))
            switch page.uri {
            case "/k/AbCdEf123456": #expect(text.contains("Esta es una Llave de Threshold."))
            case "/p/ABCDEFGHJKMN": #expect(text.contains("compañeros de responsabilidad") && text.contains("Ajustes › Together"))
            default: #expect(text.contains("un perfil estricto"))
            }
        }
    }

    /// A start link carrying markup is never echoed as markup in Spanish either, and a refused one is not offered.
    @Test func aHostileStartLink_isNeitherEchoedNorOffered_inSpanish() async throws {
        try await withSite(SiteRoutes(team: nil)) { client in
            let spanish: HTTPFields = [.acceptLanguage: "es"]
            let response = try await client.execute(
                uri: "/start/%3Cscript%3Ealert(1)%3C%2Fscript%3E", method: .get, headers: spanish, body: nil)
            let page = String(buffer: response.body)
            #expect(response.status == .ok && page.contains("<html lang=\"es\">") && !page.contains("<script"))
            let refused = String(buffer: try await client.execute(uri: "/start/a%00b", method: .get, headers: spanish, body: nil).body)
            #expect(refused.contains("Empieza un perfil de Threshold") && !refused.contains("Abrir en Threshold"))
        }
    }

    /// Several `Accept-Language` fields read as one list, as HTTP combines them.
    @Test func severalAcceptLanguageFields_readAsOneList() async throws {
        try await withSite(SiteRoutes(team: nil)) { client in
            var headers = HTTPFields()
            headers.append(HTTPField(name: .acceptLanguage, value: "fr"))
            headers.append(HTTPField(name: .acceptLanguage, value: "es;q=0.5"))
            let response = try await client.execute(uri: "/k/AbCdEf123456", method: .get, headers: headers, body: nil)
            #expect(response.headers[.contentLanguage] == "es")
        }
    }

    /// The site association is one file for every language: it neither names nor varies by one.
    @Test func theSiteAssociation_isTheSameInEveryLanguage() async throws {
        try await withSite(SiteRoutes(team: "ABCDE12345")) { client in
            let response = try await client.execute(
                uri: "/.well-known/apple-app-site-association", method: .get,
                headers: [.acceptLanguage: "es"], body: nil)
            #expect(response.status == .ok && response.headers[.contentLanguage] == nil && response.headers[.vary] == nil)
        }
    }

    @Test func theConfiguration_refusesAMalformedTeamOrStoreLink() throws {
        #expect(try TogetherConfiguration.site([:]).team == nil)
        #expect(try TogetherConfiguration.site(["THRESHOLD_TEAM_ID": "ABCDE12345"]).team == "ABCDE12345")
        #expect(throws: ConfigurationError.self) { try TogetherConfiguration.site(["THRESHOLD_TEAM_ID": "TEAMID"]) }
        #expect(throws: ConfigurationError.self) { try TogetherConfiguration.site(["THRESHOLD_APP_STORE_URL": "http://example.com"]) }
    }
}
