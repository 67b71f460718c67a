import Foundation
import ThresholdCore

/// The apps installed on the simulated phone: a name, the token the Screen Time picker would
/// give for it, and the App Store category iOS files it under.
///
/// Screen Time tokens belong to the device that picked them (PLATFORM.md: "not portable to other
/// devices"): a catalogue ``onDevice(_:)`` mints every token for that device (`new-iphone.instagram`),
/// so a token picked on one phone (carried by a restored backup) names nothing on another and
/// shields nothing there. The phone scenarios start on mints plain names (`instagram`).
public struct AppCatalogue: Hashable, Codable, Sendable {
    public struct App: Hashable, Codable, Sendable {
        /// How scenarios name it: `instagram`.
        public let name: String
        /// How iOS names it on the shield: `Instagram`.
        public let displayName: String
        public let token: AppToken
        public let category: CategoryToken?
        public init(name: String, displayName: String? = nil, category: String?, device: String? = nil) {
            self.name = name
            self.displayName = displayName ?? name
            self.token = AppToken(device.map { "\($0).\(name)" } ?? name)
            self.category = category.map { category in CategoryToken(device.map { "\($0).\(category)" } ?? category) }
        }
    }

    public private(set) var apps: [String: App] = [:]
    /// The device whose Screen Time picker gives these tokens; `nil`: the phone scenarios start on.
    public private(set) var device: String?

    public init(_ apps: [App] = []) {
        for app in apps { self.apps[app.name] = app }
    }

    /// A catalogue of common apps, for the demo and for scenarios that name no apps.
    public static let standard = AppCatalogue([
        App(name: "instagram", displayName: "Instagram", category: "social"),
        App(name: "tiktok", displayName: "TikTok", category: "social"),
        App(name: "x", displayName: "X", category: "social"), App(name: "youtube", displayName: "YouTube", category: "entertainment"),
        App(name: "netflix", displayName: "Netflix", category: "entertainment"),
        App(name: "reddit", displayName: "Reddit", category: "social"),
        App(name: "chess", displayName: "Chess", category: "games"), App(name: "candycrush", displayName: "Candy Crush", category: "games"),
        App(name: "maps", displayName: "Maps", category: "navigation"),
        App(name: "messages", displayName: "Messages", category: "social-messaging"),
        App(name: "mail", displayName: "Mail", category: "productivity"),
        App(name: "notes", displayName: "Notes", category: "productivity"),
        App(name: "safari", displayName: "Safari", category: "utilities"), App(name: "music", displayName: "Music", category: "music"),
    ])

    /// The same apps as another device's picker gives them: every app's and category's token
    /// minted for `device`, so that tokens from this catalogue shield nothing there.
    public func onDevice(_ device: String) -> AppCatalogue {
        var other = AppCatalogue(
            apps.values.map { app in
                // NB: a catalogue's own category tokens are readable names (the phone's, or another device's).
                let category = app.category.flatMap { String(data: $0.data, encoding: .utf8) }
                    .map { name in self.device.map { name.replacingOccurrences(of: "\($0).", with: "") } ?? name }
                return App(name: app.name, displayName: app.displayName, category: category, device: device)
            })
        other.device = device
        return other
    }

    /// Installs an app, its token minted by this catalogue's device.
    public mutating func install(_ app: App) {
        guard let device, !app.token.description.hasPrefix("\(device).") else { return apps[app.name] = app }
        let category = app.category.flatMap { String(data: $0.data, encoding: .utf8) }
        apps[app.name] = App(name: app.name, displayName: app.displayName, category: category, device: device)
    }

    /// The person deletes it (the phone checks `denyAppRemoval` first).
    public mutating func remove(named name: String) { apps[name] = nil }

    public func app(named name: String) -> App? { apps[name] }
    public func app(for token: AppToken) -> App? { apps.values.first { $0.token == token } }
    public var names: [String] { apps.keys.sorted() }
}
