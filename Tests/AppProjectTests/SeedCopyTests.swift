import Foundation
import Testing

/// The words seed 000 (Selah) gives a screen, where PRODUCT.md does not say otherwise: each is the
/// English value of a key in the module's String Catalog, and a view of that module shows that key.
@Suite struct SeedCopyTests {
    struct Words: Sendable, CustomStringConvertible {
        let module: String
        let words: String
        var description: String { "\(module): “\(words)”" }
    }

    static let selah = [
        Words(module: "UnlockFeature", words: "How are you right now?"),
        Words(module: "OnboardingFeature", words: "Selah turns distraction into devotion"),
        Words(module: "OnboardingFeature", words: "Vibe"),
        Words(module: "OnboardingFeature", words: "Bible translation (optional)"),
        Words(module: "OnboardingFeature", words: "Unlock duration"),
        Words(module: "SettingsFeature", words: "Vibe"),
    ]

    @Test(arguments: selah)
    func seedWords_areShownByAView(_ expected: Words) throws {
        let catalog = try StringCatalogTests.catalog(expected.module)
        let keys = catalog.compactMap { key, entry -> String? in
            let value =
                ((((entry as? [String: Any])?["localizations"] as? [String: Any])?["en"] as? [String: Any])?["stringUnit"]
                as? [String: Any])?["value"] as? String
            return value?.contains(expected.words) == true ? key : nil
        }
        #expect(!keys.isEmpty, "no English value in \(expected.module)'s catalog says “\(expected.words)”")
        let sources = try ProjectFiles.swiftFiles(at: ProjectFiles.root.appendingPathComponent("Sources/\(expected.module)"))
            .map { try String(contentsOf: $0, encoding: .utf8) }
            .joined(separator: "\n")
        #expect(
            keys.contains { sources.contains("Text(\"\($0)\", bundle: .module)") },
            "no view in \(expected.module) shows “\(expected.words)”")
    }

    @Test func theMoodQuestion_isNotAskedInOtherWords() throws {
        let prayerView = try String(
            contentsOf: ProjectFiles.root.appendingPathComponent("Sources/UnlockFeature/PrayerView.swift"), encoding: .utf8)
        #expect(!prayerView.contains("How are you coming?"))
        #expect(try StringCatalogTests.catalog("UnlockFeature")["How are you coming?"] == nil, "a stale key stays in the catalog")
    }
}
