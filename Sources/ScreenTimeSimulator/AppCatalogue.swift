import Foundation
import ThresholdCore

/// The apps installed on the simulated phone: a name, the token the Screen Time picker would
/// give for it, and the App Store category iOS files it under.
public struct AppCatalogue: Hashable, Codable, Sendable {
    public struct App: Hashable, Codable, Sendable {
        public let name: String
        public let token: AppToken
        public let category: CategoryToken?
        public init(name: String, category: String?) {
            self.name = name
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
        App(name: "instagram", category: "social"), App(name: "tiktok", category: "social"),
        App(name: "x", category: "social"), App(name: "youtube", category: "entertainment"),
        App(name: "netflix", category: "entertainment"), App(name: "reddit", category: "social"),
        App(name: "chess", category: "games"), App(name: "candycrush", category: "games"),
        App(name: "maps", category: "navigation"), App(name: "messages", category: "social-messaging"),
        App(name: "mail", category: "productivity"), App(name: "notes", category: "productivity"),
        App(name: "safari", category: "utilities"), App(name: "music", category: "music"),
    ])

    public mutating func install(_ app: App) { apps[app.name] = app }

    public func app(named name: String) -> App? { apps[name] }
    public func app(for token: AppToken) -> App? { apps.values.first { $0.token == token } }
    public var names: [String] { apps.keys.sorted() }
}
