import Foundation
import Testing

/// Threshold en español (issue 36 item 1): every String Catalog (the screens', the extensions',
/// SystemWords', InfoPlist, the App Intents' and the Shortcuts phrases') holds Spanish for every
/// key, written rather than left in English, with its plural forms and the English arguments.
@Suite struct SpanishCatalogTests {
    /// Every `.xcstrings` in the package's modules and the app's folder.
    static let catalogs: [String] = {
        var found: [String] = []
        for folder in ["Sources", "App"] {
            let base = ProjectFiles.root.appendingPathComponent(folder)
            let all = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil)?.allObjects as? [URL] ?? []
            found += all.filter { $0.pathExtension == "xcstrings" }.map { String($0.path.dropFirst(ProjectFiles.root.path.count + 1)) }
        }
        return found.sorted()
    }()

    static func strings(_ path: String) throws -> [String: [String: Any]] {
        let url = ProjectFiles.root.appendingPathComponent(path)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        #expect(json["sourceLanguage"] as? String == "en", "\(path)")
        return try #require(json["strings"] as? [String: [String: Any]])
    }

    /// One language's text of a key: its string, its plural forms and its substitutions' forms.
    struct Localized: Equatable {
        var value: String?
        var plural: [String: String] = [:]
        var substitutions: [String: Substitution] = [:]

        struct Substitution: Equatable {
            var specifier: String
            var plural: [String: String]
        }

        init?(_ body: Any?) {
            guard let body = body as? [String: Any] else { return nil }
            value = (body["stringUnit"] as? [String: Any])?["value"] as? String
            plural = Self.forms(body)
            for (name, substitution) in body["substitutions"] as? [String: [String: Any]] ?? [:] {
                substitutions[name] = Substitution(
                    specifier: substitution["formatSpecifier"] as? String ?? "lld", plural: Self.forms(substitution))
            }
        }

        init(source key: String) { value = key }

        static func forms(_ body: [String: Any]) -> [String: String] {
            let plural = (body["variations"] as? [String: Any])?["plural"] as? [String: Any] ?? [:]
            return plural.compactMapValues { (($0 as? [String: Any])?["stringUnit"] as? [String: Any])?["value"] as? String }
        }

        /// The text said for most numbers: the string, else its `other` form.
        var main: String? { value ?? plural["other"] }
        var isPlural: Bool { !plural.isEmpty || substitutions.values.contains { !$0.plural.isEmpty } }
        /// Every text it holds, for saying whether two languages differ.
        var texts: [String] {
            [value].compactMap { $0 } + plural.sorted { $0.key < $1.key }.map(\.value)
                + substitutions.sorted { $0.key < $1.key }.flatMap { $0.value.plural.sorted { $0.key < $1.key }.map(\.value) }
        }
    }

    /// The format arguments a text takes, as a multiset of their types (`lld`, `@`): positions
    /// (`%2$@`) are the translation's word order, and `%#@name@` takes its substitution's type.
    static func arguments(_ text: String, substitutions: [String: Localized.Substitution]) -> [String: Int] {
        let pattern = try! NSRegularExpression(
            pattern: #"%(?:\d+\$)?(?:#@(\w+)@|[-+ 0#]*\d*(?:\.\d+)?(hh|h|ll|l|q|z|t|j)?([@dDiuUxXoOfFeEgGcCsSpaA]))|%%"#)
        var counts: [String: Int] = [:]
        for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
            let whole = String(text[Range(match.range, in: text)!])
            guard whole != "%%" else { continue }
            let type: String
            if let name = Range(match.range(at: 1), in: text) {
                type = substitutions[String(text[name])]?.specifier ?? "missing substitution \(text[name])"
            } else {
                let length = Range(match.range(at: 2), in: text).map { String(text[$0]) } ?? ""
                type = length + String(text[Range(match.range(at: 3), in: text)!])
            }
            counts[type, default: 0] += 1
        }
        return counts
    }

    static func isSubset(_ small: [String: Int], of large: [String: Int]) -> Bool {
        small.allSatisfy { large[$0.key, default: 0] >= $0.value }
    }

    @Test func thereAreCatalogsToRead() {
        #expect(Self.catalogs.count >= 20, "\(Self.catalogs)")
        #expect(Self.catalogs.contains("App/Threshold/InfoPlist.xcstrings"))
        #expect(Self.catalogs.contains("Sources/SystemWords/Resources/Refusals.xcstrings"))
        #expect(Self.catalogs.contains("App/Threshold/AppShortcuts.xcstrings"))
    }

    @Test(arguments: catalogs)
    func everyKey_hasSpanish_withItsPluralForms_andTheEnglishArguments(catalog: String) throws {
        for (key, entry) in try Self.strings(catalog).sorted(by: { $0.key < $1.key }) {
            let localizations = entry["localizations"] as? [String: Any] ?? [:]
            let english = Localized(localizations["en"]) ?? Localized(source: key)
            guard let spanish = Localized(localizations["es"]) else {
                Issue.record("\(catalog): “\(key)” has no Spanish")
                continue
            }
            #expect(
                spanish.texts.allSatisfy { !$0.trimmingCharacters(in: .whitespaces).isEmpty },
                "\(catalog): “\(key)” has an empty Spanish text")
            // Plural forms: English's plural variations, or a substitution's, have Spanish one and other.
            if !english.plural.isEmpty {
                #expect(
                    spanish.plural["one"] != nil && spanish.plural["other"] != nil, "\(catalog): “\(key)” lacks Spanish one/other forms")
            }
            if !english.substitutions.isEmpty {
                #expect(!spanish.substitutions.isEmpty, "\(catalog): “\(key)” has no Spanish substitutions")
                for (name, substitution) in spanish.substitutions {
                    #expect(
                        substitution.plural["one"] != nil && substitution.plural["other"] != nil,
                        "\(catalog): “\(key)”'s \(name) lacks one/other")
                    #expect(
                        substitution.plural["other"]?.contains("%arg") == true, "\(catalog): “\(key)”'s \(name) does not say its number")
                }
            }
            // The same arguments, of the same types; a `one` form may leave its number unsaid.
            let expected = Self.arguments(try #require(english.main, "\(catalog): “\(key)”"), substitutions: english.substitutions)
            let said = Self.arguments(spanish.main ?? "", substitutions: spanish.substitutions)
            #expect(said == expected, "\(catalog): “\(key)” takes \(expected) in English, \(said) in Spanish")
            for (category, form) in spanish.plural where category != "other" {
                #expect(
                    Self.isSubset(Self.arguments(form, substitutions: spanish.substitutions), of: expected),
                    "\(catalog): “\(key)” (\(category))")
            }
        }
    }

    /// Spanish is written, not the English left in place: a key whose text is the same in both
    /// (a name, a number, an emoji) says so with Xcode's own mark, `"shouldTranslate" : false`.
    @Test(arguments: catalogs)
    func noSpanishText_isTheEnglishUnchanged_unlessMarkedTheSameInBoth(catalog: String) throws {
        for (key, entry) in try Self.strings(catalog) {
            let localizations = entry["localizations"] as? [String: Any] ?? [:]
            let english = Localized(localizations["en"]) ?? Localized(source: key)
            guard let spanish = Localized(localizations["es"]) else { continue }
            let same = entry["shouldTranslate"] as? Bool == false
            if !same {
                #expect(spanish.texts != english.texts, "\(catalog): “\(key)” is the English text in Spanish")
            } else {
                // A key marked the same is the same: a name or a format, never a sentence.
                #expect(spanish.texts == english.texts, "\(catalog): “\(key)” is marked the same in both but differs")
                #expect(
                    english.texts.allSatisfy { $0.split(separator: " ").count <= 3 },
                    "\(catalog): “\(key)” is a sentence marked as not to translate")
            }
        }
    }

    /// iOS offers a language an app declares: every target's Info.plist names English and Spanish.
    @Test func everyTarget_declaresEnglishAndSpanish() throws {
        let project = try ProjectFiles()
        for target in project.targets.values {
            guard let path = target.infoPlistPath else { continue }
            let localizations = try ProjectFiles.plist(path)["CFBundleLocalizations"] as? [String]
            #expect(localizations == ["en", "es"], "\(target.name): \(localizations ?? [])")
        }
    }
}
