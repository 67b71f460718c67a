import Foundation

/// String Catalogs (`Localizable.xcstrings`) read as iOS reads their compiled form: a key's
/// string for the phone's language (the catalog's source language when it has none), its plural
/// variation chosen by the argument's number, `%#@name@` substitutions, then the arguments.
package enum Catalogs {
    private static let loaded = Locked<[String: Catalog?]>([:])

    /// Keys looked up that a catalog does not hold, by catalog: what the crawler reports.
    package static let missing = Locked<Set<String>>([])

    /// Every key looked up so far that its catalog does not hold, as “Module/Localizable: key”
    /// (iOS shows the key itself).
    package static var missingKeys: Set<String> { missing.withLock { $0 } }

    /// `key`'s words with `arguments` put in, from `table` of `bundle`, as `context` shows them.
    package static func string(
        _ key: String, arguments: [FormatArgument], table: String?, bundle: Bundle?, in context: TextContext
    ) -> String {
        let found = bundle.flatMap { Catalogs.catalog(in: $0, table: table ?? "Localizable") }
        var language = context.reading ? "en" : context.locale.language.languageCode?.identifier ?? "en"
        var format = key
        var substitutions: [String: Catalog.Substitution] = [:]
        var fromCatalog = false
        if let catalog = found {
            if let entry = catalog.strings[key] {
                fromCatalog = true
                // NB: words in the source language (the phone's has none) take the source
                // language's plural rules: a Japanese phone reads "1 of 1 open", not "1 of 1 opens".
                if entry.localizations[language] == nil { language = catalog.sourceLanguage }
                if let localization = entry.localizations[language] {
                    format = localization.unit.value(for: arguments.first?.number, language: language)
                    substitutions = localization.substitutions
                }
            } else {
                _ = missing.withLock { $0.insert("\(catalog.name): \(key)") }
            }
        }
        // The pseudolanguage accents the catalog's words, never the arguments put into them.
        guard fromCatalog, context.language == .pseudo else {
            let words = CatalogFormat.apply(
                format, arguments: arguments, substitutions: substitutions, language: language, context: context)
            if fromCatalog, language != found?.sourceLanguage, !context.reading {
                Reading.record(words, english: string(key, arguments: arguments, table: table, bundle: bundle, in: context.read))
            }
            return words
        }
        format = PseudoLanguage.accent(format, keepingSpecifiers: true)
        substitutions = substitutions.mapValues { $0.accented }
        return PseudoLanguage.bracket(
            CatalogFormat.apply(format, arguments: arguments, substitutions: substitutions, language: language, context: context))
    }

    private static func catalog(in bundle: Bundle, table: String) -> Catalog? {
        let id = bundle.bundlePath + "/" + table
        if let known = loaded.withLock({ $0[id] }) { return known }
        let name = "\(bundle.bundleURL.deletingPathExtension().lastPathComponent)/\(table)"
        var catalog: Catalog?
        // NB: no catalog is iOS's case of a module without one (the key is shown); one that
        // cannot be read would fail Xcode's build, so here it fails every frame (`unreadable`).
        if let url = bundle.url(forResource: table, withExtension: "xcstrings") {
            do {
                catalog = try Catalog(data: Data(contentsOf: url), name: name)
            } catch {
                _ = unreadable.withLock { $0.insert("\(name).xcstrings: \(error)") }
            }
        }
        loaded.withLock { $0[id] = catalog }
        return catalog
    }

    /// Catalogs that exist and cannot be read, with why.
    package static let unreadable = Locked<Set<String>>([])
}

/// One `.xcstrings` file.
struct Catalog: Sendable {
    struct Unit: Sendable {
        var value: String?
        var plural: [String: String] = [:]

        func value(for number: Double?, language: String) -> String {
            guard !plural.isEmpty, let number else { return value ?? plural["other"] ?? "" }
            return plural[PluralRules.category(of: number, language: language, available: Set(plural.keys))] ?? plural["other"] ?? value
                ?? ""
        }
    }

    struct Substitution: Sendable {
        let argument: Int
        let specifier: String
        let unit: Unit

        /// Its variants in the pseudolanguage, `%arg` kept.
        var accented: Substitution {
            var unit = unit
            unit.value = unit.value.map { PseudoLanguage.accent($0, keepingSpecifiers: true) }
            unit.plural = unit.plural.mapValues { PseudoLanguage.accent($0, keepingSpecifiers: true) }
            return Substitution(argument: argument, specifier: specifier, unit: unit)
        }
    }

    struct Localization: Sendable {
        let unit: Unit
        let substitutions: [String: Substitution]
    }

    struct Entry: Sendable {
        let localizations: [String: Localization]
    }

    let name: String
    let sourceLanguage: String
    let strings: [String: Entry]

    init(data: Data, name: String) throws {
        self.name = name
        guard let root = try JSONSerialization.jsonObject(with: data) as? [String: Any] else { throw CocoaError(.fileReadCorruptFile) }
        sourceLanguage = root["sourceLanguage"] as? String ?? "en"
        var strings: [String: Entry] = [:]
        for (key, value) in root["strings"] as? [String: Any] ?? [:] {
            var localizations: [String: Localization] = [:]
            let entry = value as? [String: Any] ?? [:]
            for (language, body) in entry["localizations"] as? [String: Any] ?? [:] {
                let body = body as? [String: Any] ?? [:]
                var substitutions: [String: Substitution] = [:]
                for (name, substitution) in body["substitutions"] as? [String: Any] ?? [:] {
                    let substitution = substitution as? [String: Any] ?? [:]
                    substitutions[name] = Substitution(
                        argument: substitution["argNum"] as? Int ?? 1,
                        specifier: substitution["formatSpecifier"] as? String ?? "lld",
                        unit: Self.unit(substitution))
                }
                localizations[language] = Localization(unit: Self.unit(body), substitutions: substitutions)
            }
            strings[key] = Entry(localizations: localizations)
        }
        self.strings = strings
    }

    private static func unit(_ body: [String: Any]) -> Unit {
        var unit = Unit()
        unit.value = (body["stringUnit"] as? [String: Any])?["value"] as? String
        let plural = (body["variations"] as? [String: Any])?["plural"] as? [String: Any] ?? [:]
        for (category, variation) in plural {
            if let value = ((variation as? [String: Any])?["stringUnit"] as? [String: Any])?["value"] as? String {
                unit.plural[category] = value
            }
        }
        return unit
    }
}

/// CLDR's plural categories for the languages Threshold may be shown in.
enum PluralRules {
    static func category(of number: Double, language: String, available: Set<String>) -> String {
        if number == 0, available.contains("zero") { return "zero" }
        let whole = number.rounded(.towardZero) == number
        switch language {
        case "ja", "zh", "ko": return "other"
        case "fr": return number >= 0 && number < 2 ? "one" : "other"
        default: return whole && number == 1 ? "one" : "other"
        }
    }
}

/// `printf`-style formatting of a catalog string, with positional arguments and substitutions.
enum CatalogFormat {
    static func apply(
        _ format: String, arguments: [FormatArgument], substitutions: [String: Catalog.Substitution],
        language: String, context: TextContext
    ) -> String {
        var result = ""
        var next = 0
        var index = format.startIndex
        while index < format.endIndex {
            let character = format[index]
            guard character == "%" else {
                result.append(character)
                index = format.index(after: index)
                continue
            }
            var cursor = format.index(after: index)
            guard cursor < format.endIndex else { result.append("%"); break }
            if format[cursor] == "%" {
                result.append("%")
                index = format.index(after: cursor)
                continue
            }
            // %#@name@: a substitution.
            if format[cursor] == "#", format.index(after: cursor) < format.endIndex, format[format.index(after: cursor)] == "@" {
                let nameStart = format.index(cursor, offsetBy: 2)
                if let end = format[nameStart...].firstIndex(of: "@") {
                    let name = String(format[nameStart..<end])
                    if let substitution = substitutions[name] {
                        let argument = arguments.indices.contains(substitution.argument - 1) ? arguments[substitution.argument - 1] : nil
                        let variant = substitution.unit.value(for: argument?.number, language: language)
                        let specifier = "%" + substitution.specifier
                        result += variant.replacingOccurrences(
                            of: "%arg", with: argument.map { render($0, specifier: specifier, context: context) } ?? "")
                    }
                    index = format.index(after: end)
                    continue
                }
            }
            // Positional `%2$@`.
            var position: Int?
            var digits = ""
            var scan = cursor
            while scan < format.endIndex, format[scan].isNumber { digits.append(format[scan]); scan = format.index(after: scan) }
            if !digits.isEmpty, scan < format.endIndex, format[scan] == "$" {
                position = Int(digits).map { $0 - 1 }
                cursor = format.index(after: scan)
            }
            // Flags, width, precision, length, conversion.
            var specifier = "%"
            while cursor < format.endIndex {
                let c = format[cursor]
                specifier.append(c)
                cursor = format.index(after: cursor)
                if "@dDiuUxXoOfFeEgGcCsSpaA".contains(c) { break }
            }
            let argumentIndex = position ?? next
            if position == nil { next += 1 }
            if arguments.indices.contains(argumentIndex) {
                result += render(arguments[argumentIndex], specifier: specifier, context: context)
            }
            index = cursor
        }
        return result
    }

    static func render(_ argument: FormatArgument, specifier: String, context: TextContext) -> String {
        switch argument {
        case .string(let string): return context.reading ? Reading.english(argument: string) : string
        case .words(let words): return words.resolve(in: context)
        case .int(let value):
            if specifier.hasSuffix("f") || specifier.hasSuffix("@") { return String(value) }
            return String(
                format: specifier.replacingOccurrences(of: "ll", with: "l").replacingOccurrences(of: "hh", with: "").replacingOccurrences(
                    of: "h", with: ""), Int(value))
        case .unsigned(let value): return String(value)
        case .double(let value):
            if specifier.hasSuffix("d") || specifier.hasSuffix("@") { return String(value) }
            return String(format: specifier.replacingOccurrences(of: "l", with: ""), value)
        }
    }
}
