import Foundation
import ThresholdCore

/// Content bundled as one JSON file per language: `Name.json` in English, `Name.es.json` in
/// Spanish. The quips (``Quips``) and Settings › Help read theirs through it, for a
/// ``ContentLanguage`` (English for every language Threshold has no content in, so a phone in
/// German reads the English file, never keys).
public enum BundledContent {
    /// The file's name, without `.json`, in `language`: `Quips`, `Quips.es`.
    public static func fileName(_ name: String, in language: ContentLanguage) -> String {
        switch language {
        case .english: name
        case .spanish: "\(name).\(language.rawValue)"
        }
    }

    /// Every language's file `name` in `bundle`, each decoded once as `Content`, or why it could
    /// not be read (a file missing from the bundle, or malformed).
    public static func load<Content: Decodable & Sendable>(
        _ type: Content.Type, named name: String, from bundle: Bundle
    ) -> [ContentLanguage: Result<Content, any Error>] {
        Dictionary(
            uniqueKeysWithValues: ContentLanguage.allCases.map { language in
                (language, Result { try decode(type, from: bundle, file: fileName(name, in: language)) })
            })
    }

    private static func decode<Content: Decodable>(_ type: Content.Type, from bundle: Bundle, file: String) throws -> Content {
        guard let url = bundle.url(forResource: file, withExtension: "json") else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "The bundle has no \(file).json."])
        }
        return try JSONDecoder().decode(type, from: Data(contentsOf: url))
    }
}
