import Foundation
import ThresholdCore

/// The apps installed on the simulated phone: a name, the token the Screen Time picker would
/// give for it, and the App Store category iOS files it under.
public struct AppCatalogue: Hashable, Codable, Sendable {
    public struct App: Hashable, Codable, Sendable {
        /// How scenarios name it: `instagram`.
        public let name: String
        /// How iOS names it on the shield: `Instagram`.
        public let displayName: String
        public let token: AppToken
        public let category: CategoryToken?
        public init(name: String, displayName: String? = nil, category: String?) {
            self.name = name
            self.displayName = displayName ?? name
            self.token = AppToken(name)
            self.category = category.map(CategoryToken.init)
        }
    }

    public private(set) var apps: [String: App] = [:]

    public init(_ apps: [App] = []) {
        for app in apps { self.apps[app.name] = app }
    }

    /// A catalogue of common apps, for the demo and for scenarios that name no apps.
    public static let standard = AppCatalogue([
        App(name: "instagram", displayName: "Instagram", category: "social"), App(name: "tiktok", displayName: "TikTok", category: "social"),
        App(name: "x", displayName: "X", category: "social"), App(name: "youtube", displayName: "YouTube", category: "entertainment"),
        App(name: "netflix", displayName: "Netflix", category: "entertainment"), App(name: "reddit", displayName: "Reddit", category: "social"),
        App(name: "chess", displayName: "Chess", category: "games"), App(name: "candycrush", displayName: "Candy Crush", category: "games"),
        App(name: "maps", displayName: "Maps", category: "navigation"), App(name: "messages", displayName: "Messages", category: "social-messaging"),
        App(name: "mail", displayName: "Mail", category: "productivity"), App(name: "notes", displayName: "Notes", category: "productivity"),
        App(name: "safari", displayName: "Safari", category: "utilities"), App(name: "music", displayName: "Music", category: "music"),
    ])

    public mutating func install(_ app: App) { apps[app.name] = app }

    /// The person deletes it (the phone checks `denyAppRemoval` first).
    public mutating func remove(named name: String) { apps[name] = nil }

    public func app(named name: String) -> App? { apps[name] }
    public func app(for token: AppToken) -> App? { apps.values.first { $0.token == token } }
    public var names: [String] { apps.keys.sorted() }
}
