import Foundation
import ThresholdCore

/// Safari on the simulated phone: a website shows Screen Time's shield when a picked website is
/// shielded, iOS's "restricted" page when the web content filter blocks it (a typed website, or
/// an adult one under the adult filter), else the page.
public enum Safari {
    /// Websites iOS's adult-content filter knows as adult, for the simulated phone (iOS's own list
    /// is Apple's; scenarios name these reserved example domains).
    public static let adultWebsites = ["adult.example", "explicit.example", "nsfw.example"]

    /// What blocks `host` under `shields`, if anything.
    static func block(_ host: String, under shields: ManagedSettingsCentre) -> WebsiteVisit.Block? {
        let adult = adultWebsites.contains { host == $0 || host.hasSuffix("." + $0) }
        if shields.shields(webDomain: WebDomainToken(host), category: nil) { return .shielded }
        return shields.filters(website: host, adult: adult) ? .restricted : nil
    }
}

/// What Safari showed for a website.
public struct WebsiteVisit: Hashable, Sendable, CustomStringConvertible {
    public enum Block: String, Hashable, Sendable {
        /// A website the person picked is shielded (Screen Time's shield).
        case shielded
        /// The web content filter blocks it ("You cannot browse this page… because it is restricted").
        case restricted
    }

    public let host: String
    /// Why it did not open; `nil` when it opened.
    public let blocked: Block?
    /// What the shield shows, when a shield blocks it.
    public let content: ShieldContent?

    public init(host: String, blocked: Block?, content: ShieldContent? = nil) {
        self.host = host
        self.blocked = blocked
        self.content = content
    }

    public var description: String {
        switch blocked {
        case nil: "\(host) opens"
        case .shielded?: "\(host) shows the shield"
        case .restricted?: "\(host) is restricted (the web content filter blocks it)"
        }
    }
}
