import AppIntents
import EntryPoints
import Foundation
import StoreClient
import ThresholdCore

/// A profile (Work, Study, Sleep…) as Shortcuts lists and picks it.
public struct ProfileEntity: AppEntity, Sendable {
    public static var typeDisplayRepresentation: TypeDisplayRepresentation { "Profile" }
    public static var defaultQuery: ProfileQuery { ProfileQuery() }

    public let id: String
    public let name: String
    public let emoji: String

    public init(id: String, name: String, emoji: String) {
        self.id = id
        self.name = name
        self.emoji = emoji
    }

    init(_ profile: Profile) {
        self.init(id: profile.id.rawValue, name: profile.name, emoji: profile.emoji)
    }

    public var displayRepresentation: DisplayRepresentation { DisplayRepresentation(title: "\(emoji) \(name)") }
}

/// Finds profiles in the App Group's saved state.
public struct ProfileQuery: EntityQuery, Sendable {
    public init() {}

    public func entities(for identifiers: [String]) async throws -> [ProfileEntity] {
        try await profiles().filter { identifiers.contains($0.id) }
    }

    public func suggestedEntities() async throws -> [ProfileEntity] {
        try await profiles()
    }

    private func profiles() async throws -> [ProfileEntity] {
        try await IntentRuntime.run { runtime in
            do {
                return try runtime.store.read().engine.profiles.map(ProfileEntity.init)
            } catch {
                throw IntentFailure(String(describing: error))
            }
        }
    }
}
