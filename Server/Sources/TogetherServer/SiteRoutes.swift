import Foundation
import HTTPTypes
import Hummingbird
import ThresholdCore

/// The web side of the app's domain: the universal-link file iOS fetches, and a small page for the
/// app's links opened where Threshold is not installed (a key's tag read by another phone, an
/// invitation opened on a laptop, a start link in a browser). Neither touches the database.
public struct SiteRoutes: Sendable {
    /// The Apple team the app is signed by (`THRESHOLD_TEAM_ID`); `nil`: no file is served (404),
    /// never one with a placeholder team.
    public let team: String?
    /// Where to get Threshold (`THRESHOLD_APP_STORE_URL`); `nil`: the page names the App Store.
    public let appStore: URL?

    public init(team: String?, appStore: URL? = nil) {
        self.team = team
        self.appStore = appStore
    }

    /// Every route, as the OpenAPI document names it.
    public static let routes: [(method: HTTPRequest.Method, path: String)] = [
        (.get, "/.well-known/apple-app-site-association"),
        (.get, "/k/{tag}"),
        (.get, "/p/{code}"),
        (.get, "/start/{profile}"),
    ]

    public func register(on router: Router<BasicRequestContext>) {
        router.get("/.well-known/apple-app-site-association") { _, _ in association() }
        router.get("/k/:tag") { request, _ in page(.key, in: Self.language(of: request)) }
        router.get("/p/:code") { request, _ in page(.invitation, in: Self.language(of: request)) }
        router.get("/start/:profile") { request, context in
            page(.start(profile: context.parameters.get("profile") ?? ""), in: Self.language(of: request))
        }
    }

    /// The page's language from the request's `Accept-Language`; several such headers read as one list, as HTTP says.
    static func language(of request: Request) -> PageLanguage {
        PageLanguage(acceptLanguage: request.headers[values: .acceptLanguage].joined(separator: ","))
    }

    func association() -> Response {
        guard let team, let data = try? SiteAssociation.document(team: team) else {
            return Self.text(.notFound, "No team id is configured (THRESHOLD_TEAM_ID), so no site association is served.\n")
        }
        var response = Response(status: .ok, body: .init(byteBuffer: ByteBuffer(bytes: data)))
        response.headers[.contentType] = "application/json"
        return response
    }

    /// What a landing page is about.
    enum Link {
        case key, invitation
        case start(profile: String)
    }

    /// The page for a link, in the language chosen for the request: `Content-Language` names it and
    /// `Vary` tells caches that another request's page may be in the other.
    func page(_ link: Link, in language: PageLanguage) -> Response {
        let words = LandingWords(link, in: language)
        var actions = ""
        // NB: a start link the app would refuse gets no button: the page only explains.
        if case .start(let profile) = link, let url = URL(string: "https://\(LinkRoute.host)/start/\(profile)"),
            let route = try? LinkRoute(url: url)
        {
            actions +=
                "<p><a class=\"button\" href=\"\(Self.escape(route.url(.deepLink).absoluteString))\">\(Self.escape(words.open))</a></p>\n"
        }
        let store =
            appStore.map { "<a href=\"\(Self.escape($0.absoluteString))\">\(Self.escape(words.download))</a>" }
            ?? Self.escape(words.onTheAppStore)
        let html = """
            <!doctype html>
            <html lang="\(language.rawValue)"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(Self.escape(words.title))</title>
            <style>body{font:17px -apple-system,system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;line-height:1.45}
            .button{display:inline-block;padding:.7rem 1.2rem;border-radius:.8rem;background:#b4532a;color:#fff;text-decoration:none}</style>
            </head><body>
            <h1>\(Self.escape(words.title))</h1>
            <p>\(Self.escape(words.body))</p>
            \(actions)<p>\(store)</p>
            </body></html>

            """
        var response = Response(status: .ok, body: .init(byteBuffer: ByteBuffer(string: html)))
        response.headers[.contentType] = "text/html; charset=utf-8"
        response.headers[.contentLanguage] = language.rawValue
        response.headers[.vary] = "Accept-Language"
        return response
    }

    static func text(_ status: HTTPResponse.Status, _ text: String) -> Response {
        var response = Response(status: status, body: .init(byteBuffer: ByteBuffer(string: text)))
        response.headers[.contentType] = "text/plain; charset=utf-8"
        return response
    }

    /// Text safe inside HTML: what a link carries is never markup.
    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "'", with: "&#39;")
    }
}
