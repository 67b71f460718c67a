import Foundation
import TestSupport
import Testing
import ThresholdCore

@Suite struct StringCatalogTests {
    /// The modules with a String Catalog.
    static let modules = ["AppLive", "ReportExtension", "ShieldConfigurationExtension", "WidgetsExtension", "DesignSystem",
                          "SelectionFeature", "OnboardingFeature", "SessionsFeature", "HomeFeature",
                          "UnlockFeature", "ProfilesFeature", "IntentionsFeature",
                          "InsightsFeature", "SettingsFeature", "AppFeature"]

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
                    key += raw[last..<range.lowerBound] + (argument.contains(", format:") || argument.contains(", style:") || argument.hasPrefix("\\(Text") ? "%@" : "%lld")
                    last = range.upperBound
                }
                key += raw[last...]
                #expect(keys.contains(key), "\(file.lastPathComponent): “\(key)” is not in \(module)'s catalog (run Scripts/string-catalogs)")
            }
        }
    }

    @Test func everyFixedShieldLabel_isInTheShieldCatalog() throws {
        let keys = Set(try Self.catalog("ShieldConfigurationExtension").keys)
        let now = at("2026-03-02 10:00")
        // One restriction of every kind, each over its own app, so every reason shows somewhere.
        let state = ThresholdState.make(
            profiles: [.make("work", path: .key, selection: .apps("a")),
                       .make("beast", path: .present, selection: .apps("b"), strictness: .locked),
                       .make("goal", path: .present, selection: .apps("c")),
                       .make("mode", path: .earnedAccess, selection: .apps("d"), unlockPolicy: .earnedAccess)],
            gates: [.make("selah", path: .selah, selection: .apps("e")),
                    .make("math", path: .challenge, selection: .apps("f"), unlockPolicy: .challenge),
                    .make("wall", path: .earnedAccess, selection: .apps("g"), strictness: .locked)],
            intentions: [.make("ig", app: "h", opens: 1), .make("tt", app: "i", opens: 1)],
            sessions: [.make("s1", profile: "work", start: now), .make("s2", profile: "beast", start: now),
                       .make("s3", profile: "goal", start: now.adding(minutes: -60), plan: .goal(minutes: 30)),
                       .make("s4", profile: "mode", start: now)],
            grants: [.make("g1", .app("i"), from: now.adding(minutes: -30), minutes: 5, origin: .intentionOpen("tt"))],
            streakFreezeDays: [day("2026-03-03")],
            tutorial: Tutorial(startedAt: now))
        let reasons = Array(evaluate(state, at: now, calendar: TestSupport.calendar()).reasons.values)
        #expect(reasons.count >= 8)
        // Each reason as first drawn, and as an intention past its opens asks "Are you sure?" after a press.
        let contents = reasons.flatMap { [ShieldContent(reason: $0, appName: "Instagram"), ShieldContent(reason: $0, appName: "Instagram", asking: true)] }
            + [.unknownReason]
        #expect(contents.contains { $0.title == "Are you sure?" })
        for content in contents {
            for button in [content.primary] + [content.secondary].compactMap({ $0 }) where !button.label.contains("Instagram") {
                #expect(keys.contains(button.label), "the shield button “\(button.label)” is not in the catalog")
            }
            #expect(content.title.contains("Instagram") || content.title.contains("Work") || content.title.contains("Beast")
                    || content.title.contains("Goal") || content.title.contains("Mode") || content.title.contains("Selah")
                    || content.title.contains("Math") || content.title.contains("Wall") || keys.contains(content.title),
                    "the shield title “\(content.title)” is neither a name nor in the catalog")
        }
    }
}
