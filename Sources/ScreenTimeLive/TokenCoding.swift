import FamilyControls
import Foundation
import ManagedSettings
import ThresholdCore

/// Core's opaque tokens and Apple's: a Core token's bytes are the `JSONEncoder` encoding of the
/// Apple token (see `OpaqueToken`). The app encodes what the picker returns; everything that
/// talks to Screen Time decodes.
public enum TokenCoding {
    public static func application(_ token: AppToken) throws -> ApplicationToken {
        try JSONDecoder().decode(ApplicationToken.self, from: token.data)
    }

    public static func category(_ token: CategoryToken) throws -> ActivityCategoryToken {
        try JSONDecoder().decode(ActivityCategoryToken.self, from: token.data)
    }

    public static func webDomain(_ token: ThresholdCore.WebDomainToken) throws -> ManagedSettings.WebDomainToken {
        try JSONDecoder().decode(ManagedSettings.WebDomainToken.self, from: token.data)
    }

    public static func core(_ token: ApplicationToken) throws -> AppToken { AppToken(data: try JSONEncoder().encode(token)) }
    public static func core(_ token: ActivityCategoryToken) throws -> CategoryToken { CategoryToken(data: try JSONEncoder().encode(token)) }
    public static func core(_ token: ManagedSettings.WebDomainToken) throws -> ThresholdCore.WebDomainToken {
        ThresholdCore.WebDomainToken(data: try JSONEncoder().encode(token))
    }

    /// What the Screen Time picker returned, as Core's selection. Throws when a token cannot be
    /// encoded (nothing is saved then; the picker is shown again).
    public static func selection(_ picked: FamilyActivitySelection) throws -> Selection {
        Selection(
            applications: Set(try picked.applicationTokens.map(core)),
            categories: Set(try picked.categoryTokens.map(core)),
            webDomains: Set(try picked.webDomainTokens.map(core)))
    }

    /// Decodes every token it can; counts the ones it cannot.
    static func decodeAll<Core, Apple>(
        _ tokens: some Sequence<Core>, _ decode: (Core) throws -> Apple,
        unreadable: inout Int
    ) -> Set<Apple> where Apple: Hashable {
        var result = Set<Apple>()
        for token in tokens {
            do { result.insert(try decode(token)) } catch { unreadable += 1 }
        }
        return result
    }
}
