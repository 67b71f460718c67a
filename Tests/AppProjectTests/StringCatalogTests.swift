import Foundation
import TestSupport
import Testing
import ThresholdCore

@Suite struct StringCatalogTests {
    /// The modules with a String Catalog.
    static let modules = [
        "AppLive", "ReportExtension", "WidgetsExtension", "WidgetViews", "DesignSystem",
        "SelectionFeature", "PaywallFeature", "BackupFeature", "OnboardingFeature", "SessionsFeature", "HomeFeature",
        "UnlockFeature", "ProfilesFeature", "IntentionsFeature",
        "InsightsFeature", "SettingsFeature", "AppFeature",
    ]

    static func catalog(_ module: String) throws -> [String: Any] {
        let url = ProjectFiles.root.appendingPathComponent("Sources/\(module)/Resources/Localizable.xcstrings")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        return try #require(json["strings"] as? [String: Any])
    }

    @Test(arguments: modules)
    func everyLocalizedText_hasItsKeyInTheCatalog(module: String) throws {
        let keys = Set(try Self.catalog(module).keys)
        let literal = try NSRegularExpression(pattern: #"Text\("((?:[^"\\]|\\.)*)",\s*bundle: \.module\)"#)
        let interpolation = try NSRegularExpression(pattern: #"\\\((?:[^()]|\([^()]*\))*\)"#)
        for file in ProjectFiles.swiftFiles(at: ProjectFiles.root.appendingPathComponent("Sources/\(module)")) {
            let text = try String(contentsOf: file, encoding: .utf8)
            for match in literal.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                let raw = String(text[Range(match.range(at: 1), in: text)!])
                // A value with a format or style is keyed as text (%@), as SwiftUI does; anything else a count.
                var key = ""
                var last = raw.startIndex
                for found in interpolation.matches(in: raw, range: NSRange(raw.startIndex..., in: raw)) {
                    let range = Range(found.range, in: raw)!
                    let argument = raw[range]
                    key +=
                        raw[last..<range.lowerBound]
                        + (argument.contains(", format:") || argument.contains(", style:") || argument.hasPrefix("\\(Text") ? "%@" : "%lld")
                    last = range.upperBound
                }
                key += raw[last...]
                #expect(
                    keys.contains(key), "\(file.lastPathComponent): “\(key)” is not in \(module)'s catalog (run Scripts/string-catalogs)")
            }
        }
    }
}
