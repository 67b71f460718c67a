import Foundation
import ScenarioSteps
import SwiftUI

/// Words no person should see on a screen shown in en_US: an identifier or an enum case's name, a
/// format placeholder, a count with the wrong plural, a date or time not in the phone's locale,
/// a control with no words at all. (A String Catalog key with no entry is caught where it is
/// looked up: `Catalogs.missingKeys`.)
package enum TextAudit {
    package struct Problem: Hashable, Sendable {
        package let kind: Finding.Kind
        /// The words as shown.
        package let text: String
        /// The part of them that is wrong.
        package let hit: String
        /// What is wrong with it.
        package let why: String
    }

    /// The problems of what `layer` shows.
    @MainActor
    package static func problems(in layer: Screen.Layer) -> [Problem] {
        var found: [Problem] = []
        for words in Set(layer.words) {
            found += problems(in: words)
        }
        let controls = layer.controls()
        for control in controls where control.name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            found.append(
                Problem(
                    kind: .emptyLabel, text: control.description, hit: control.description,
                    why: "a control with no words and no VoiceOver label \(control.place)"))
        }
        // A disabled control says why: a line of its own under its title, words beside it or under
        // its group, its VoiceOver hint, or a problem or state the screen shows (a banner, a lock's
        // included; a field's error in the warning colour).
        let unexplained = controls.filter { control in
            guard control.isDisabled, control.reason == nil, let element = control.element else { return false }
            return (element.accessibility.hint?.string.isEmpty ?? true) && element.readableTexts.count < 2
        }
        // NB: the screen is searched only when a control needs it.
        let screenSaysWhy =
            unexplained.isEmpty || layer.content.flatMap(\.flattened).contains { $0.view == "ProblemBanner" } || !layer.problems.isEmpty
        for control in unexplained where !screenSaysWhy {
            found.append(
                Problem(
                    kind: .unexplained, text: control.description, hit: control.name,
                    why: "a disabled control \(control.place) with nothing beside it saying why, or when it comes back"))
        }
        return Array(Set(found)).sorted { ($0.kind.rawValue, $0.text) < ($1.kind.rawValue, $1.text) }
    }

    /// Under the pseudolanguage, the words `layer` shows that are still plain English: a run of two
    /// or more words of unaccented letters, which a String Catalog's would not be (its letters are
    /// accented, its arguments are numbers, dates and names). Content (``ContentText``: prayers,
    /// verses, help answers) and `names` (the apps, profiles, gates and keys the person named or
    /// picked, and what they typed) are not words of the app's, so not found.
    @MainActor
    package static func escaped(in layer: Screen.Layer, names: Set<String>) -> [Problem] {
        var texts = [layer.title, layer.message].compactMap { $0 }
        texts += (layer.content + layer.toolbar).flatMap(catalogTexts)
        texts += layer.tabs.flatMap { $0.label.flatMap(catalogTexts) }
        return sentences(texts, .escaped, hits: { escapedRuns(in: $0, names: names) }) {
            "plain English (\($0)) under the pseudolanguage: from no String Catalog"
        }
    }

    /// Words a `lineLimit` cuts short on an iPhone SE (320 points wide) at the first accessibility
    /// text size (AX1), by an estimate (``Truncation``).
    @MainActor
    package static func truncated(in layer: Screen.Layer) -> [Problem] {
        var found: Set<Problem> = []
        for element in (layer.content + layer.toolbar).flatMap(\.flattened) {
            guard case .text(let text) = element.kind, let lines = element.style.lineLimit else { continue }
            let words = text.string.normalizedSpaces
            let style = element.style.font?.style ?? .body
            guard Truncation.lines(words, in: style) > lines else { continue }
            found.insert(
                Problem(
                    kind: .truncated, text: words, hit: words,
                    why:
                        "at the first accessibility text size it needs \(Truncation.lines(words, in: style)) lines of a 320-point iPhone, and lineLimit(\(lines)) cuts it"
                ))
        }
        return found.sorted { $0.text < $1.text }
    }

    /// How many lines words take on the narrowest iPhone at AX1, estimated: SF Pro's average
    /// letter is about half its point size wide, and a 320-point screen keeps about 256 points
    /// for text inside a list's row (16 points each side for the list, 16 for the row). Each
    /// text style's AX1 size is Apple's (Human Interface Guidelines, Dynamic Type sizes). Words
    /// wrap whole; a word longer than a line takes its own lines.
    package enum Truncation {
        static let width = 256.0
        static let letterWidth = 0.52
        static let sizes: [Font.TextStyle: Double] = [
            .largeTitle: 44, .title: 38, .title2: 34, .title3: 31, .headline: 28, .body: 28, .callout: 26, .subheadline: 25,
            .footnote: 23, .caption: 22, .caption2: 20,
        ]

        package static func lines(_ words: String, in style: Font.TextStyle) -> Int {
            let perLine = max(1, Int(width / ((sizes[style] ?? 28) * letterWidth)))
            var lines = 0
            var used = perLine
            for word in words.split(separator: " ").map(\.count) {
                if used + 1 + word <= perLine {
                    used += 1 + word
                } else {
                    lines += max(1, (word + perLine - 1) / perLine)
                    used = word > perLine ? word % perLine : word
                }
            }
            return lines
        }
    }

    /// On a Spanish phone, the words `layer` shows in English: a text with a word Spanish does not
    /// have (“the”, “your”, “until”, “seconds”). `drawnTitle` and `drawnMessage` are the layer's as
    /// drawn (``Reading``); content and `names` are skipped as under the pseudolanguage.
    @MainActor
    package static func untranslated(in layer: Screen.Layer, drawnTitle: String?, drawnMessage: String?, names: Set<String>) -> [Problem] {
        let elements = layer.content + layer.toolbar + layer.tabs.flatMap(\.label)
        let drawn = [drawnTitle, drawnMessage].compactMap { $0 } + Reading.$asDrawn.withValue(true) { elements.flatMap(catalogTexts) }
        return sentences(drawn, .untranslated, hits: { Words.tokens(withoutNames($0, names)).filter(Patterns.englishOnly.contains) }) {
            "English (\($0)) on a Spanish screen: from no String Catalog's Spanish"
        }
    }

    /// The runs of plain English words in `text` once `names` are taken out.
    package static func escapedRuns(in text: String, names: some Collection<String>) -> [String] {
        let rest = withoutNames(text, names)
        let range = NSRange(rest.startIndex..., in: rest)
        return Patterns.plainWords.matches(in: rest, range: range).compactMap { Range($0.range, in: rest).map { String(rest[$0]) } }
            .filter { $0.contains(where: PseudoLanguage.changes) }
    }

    /// One problem for each text with hits, in the words as shown: each is one sentence to bring
    /// into a catalog. `why` is told the hits, quoted.
    private static func sentences(
        _ texts: [String], _ kind: Finding.Kind, hits: (String) -> [String], why: (String) -> String
    ) -> [Problem] {
        Set(texts.map(\.normalizedSpaces)).filter { !$0.isEmpty }.sorted().compactMap { text in
            let found = hits(text)
            guard !found.isEmpty else { return nil }
            return Problem(kind: kind, text: text, hit: text, why: why(found.map { "“\($0)”" }.joined(separator: ", ")))
        }
    }

    /// `text` with each of `names` taken out, the longest first, so a name inside another (`Work`
    /// in `Deep work`) goes with it.
    static func withoutNames(_ text: String, _ names: some Collection<String>) -> String {
        var rest = text
        for name in names.filter({ !$0.isEmpty }).sorted(by: { $0.count > $1.count }) {
            rest = rest.replacingOccurrences(of: name, with: " · ")
        }
        return rest
    }

    /// The view that shows content (DesignSystem's `ContentText`): words from content files.
    static let contentView = "ContentText"

    /// The words an element and those inside it show that could be a catalog's: not content, not
    /// what a field holds (the person typed it), not a date picker's reading.
    @MainActor
    private static func catalogTexts(_ element: Element) -> [String] {
        if element.view == contentView { return [] }
        var texts = [element.accessibility.label?.string, element.accessibility.value?.string].compactMap { $0 }
        switch element.kind {
        case .text(let text): texts.append(text.string)
        case .textField(let field): texts += field.prompt.flatMap(catalogTexts)
        case .picker(let picker): texts += picker.options.flatMap { $0.label.flatMap(catalogTexts) }
        case .section(let header, let footer): texts += (header + footer).flatMap(catalogTexts)
        default: break
        }
        return texts + (element.children + element.swipeActions).flatMap(catalogTexts)
    }

    /// The problems of one run of words.
    package static func problems(in words: String) -> [Problem] {
        var found: [Problem] = []
        func add(_ kind: Finding.Kind, _ pattern: NSRegularExpression, _ why: String, where keep: (String) -> Bool = { _ in true }) {
            let range = NSRange(words.startIndex..., in: words)
            for match in pattern.matches(in: words, range: range) {
                guard let span = Range(match.range, in: words) else { continue }
                let hit = String(words[span])
                if keep(hit) { found.append(Problem(kind: kind, text: words, hit: hit, why: why)) }
            }
        }
        add(.placeholder, Patterns.placeholder, "a format placeholder left unfilled")
        add(.identifier, Patterns.camelCase, "an identifier (a case or property name)") { !Patterns.words.contains($0) }
        add(.identifier, Patterns.snakeCase, "an identifier")
        add(.identifier, Patterns.typeDump, "a value printed as Swift describes it")
        add(.identifier, Patterns.ruleReference, "an identifier (a rule's reference)")
        add(.plural, Patterns.pluralAfterOne, "one of something, in the plural") { hit in
            let noun = hit.split(separator: " ").last.map(String.init) ?? ""
            return !Patterns.notPlurals.contains(noun.lowercased()) && !noun.hasSuffix("ss") && !noun.hasSuffix("us")
                && !noun.hasSuffix("is")
        }
        add(.plural, Patterns.singularAfterMany, "a count other than one, in the singular")
        add(.locale, Patterns.isoDate, "a date as a machine writes it; en_US reads “Nov 23, 2026”")
        add(.locale, Patterns.dayBeforeMonth, "the day before the month; en_US reads “November 23”")
        add(.locale, Patterns.dayMonthYear, "day/month/year; en_US reads month/day/year")
        add(.locale, Patterns.twentyFourHourRange, "a 24-hour time; en_US reads “5:00 PM”")
        add(.locale, Patterns.twentyFourHourContext, "a 24-hour time; en_US reads “5:00 PM”")
        add(.locale, Patterns.zeroPaddedHour, "a 24-hour time; en_US reads “9:00 AM”")
        return found
    }

    private enum Patterns {
        static func regex(_ pattern: String) -> NSRegularExpression {
            do { return try NSRegularExpression(pattern: pattern) } catch { fatalError("TextAudit: \(pattern): \(error)") }
        }

        /// Two or more words of ASCII letters (an apostrophe inside one), nothing but spaces between.
        static let plainWords = regex(
            #"(?<![\p{L}\p{M}\d_])[A-Za-z]+(?:['’][A-Za-z]+)?(?:[ ]+[A-Za-z]+(?:['’][A-Za-z]+)?)+(?![\p{L}\p{M}\d_])"#)
        /// `%lld`, `%@`, `%1$@`, `%.1f`, `%#@minutes@`, `%arg`.
        static let placeholder = regex(#"%(\d+\$)?[-+#0]?\d*(\.\d+)?(ll|l|hh|h|q|z|t|j)?[@dDiuUxXoOfFeEgGcCsSpaA](?![a-z])|%#@\w+@|%arg\b"#)
        /// `mathChallenge`, `earnedAccess`: a lower-case word with a capital inside, of two letters
        /// or more before it (`iPhone`, `iCloud` and `iOS` are words).
        static let camelCase = regex(#"(?<![\p{L}\d./:#@-])[a-z]{2,}[A-Z][A-Za-z\d]*(?![\p{L}\d])"#)
        static let words: Set<String> = ["macOS", "watchOS", "tvOS", "visionOS", "eBay", "iPadOS"]
        /// `streak_freeze`.
        static let snakeCase = regex(#"(?<![\p{L}\d./:#@-])[a-z]+_[a-z_\d]+(?![\p{L}\d])"#)
        /// `Optional(…)`, `ProfileID(rawValue: …)`, `Profile(id: …`.
        static let typeDump = regex(#"Optional\(|\(rawValue:|\b[A-Z][A-Za-z]+\([a-z]+: "#)
        /// `gate:selah`, `profile:work`.
        static let ruleReference = regex(#"\b(gate|profile|intention|tutorial|session|rule):[a-z][\w-]*"#)
        /// “1 breaks”, “1 minutes”.
        static let pluralAfterOne = regex(#"(?<![\d.,:/-])\b1 [a-z]+s\b"#)
        static let notPlurals: Set<String> = [
            "is", "was", "has", "does", "focus", "bonus", "status", "plus", "minus", "always", "yes", "its",
            "this", "us", "as", "his", "news", "series", "across", "less", "thanks",
        ]
        /// “3 minute”, “2 break”.
        static let singularAfterMany = regex(
            #"(?<![\d.,:/-])\b(0|[2-9]|[1-9]\d+) (minute|hour|day|week|second|break|app|prayer|session|credit|coin|point|profile|intention|streak|game|problem|partner|key|website|category|schedule|mode|time|member)\b(?![-’'])"#
        )
        /// English words Spanish does not write (“has”, “me”, “a” and “no” are Spanish too).
        static let englishOnly: Set<String> = [
            "the", "and", "you", "your", "of", "is", "are", "for", "with", "this", "that", "it", "to", "be",
            "will", "on", "at", "from", "have", "not", "can", "was", "what", "when", "after", "before",
            "until", "here", "there", "all", "any", "than", "then", "by", "or", "an", "its", "it's", "isn't",
            "second", "seconds", "minute", "minutes", "hour", "hours", "hr", "day", "days", "week", "weeks",
            "today", "yesterday", "tomorrow", "left", "ago", "every",
        ]
        /// 2026-11-23.
        static let isoDate = regex(#"\b\d{4}-\d{2}-\d{2}\b"#)
        /// 23 November.
        static let dayBeforeMonth = regex(
            #"\b\d{1,2} (January|February|March|April|May|June|July|August|September|October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)\b"#
        )
        /// 23/11/2026.
        static let dayMonthYear = regex(#"\b(1[3-9]|2\d|3[01])/(0?[1-9]|1[0-2])/\d{2,4}\b"#)
        /// 09:00–17:00, 9:00-17:30.
        static let twentyFourHourRange = regex(#"\b([01]?\d|2[0-3]):[0-5]\d\s?[–-]\s?([01]?\d|2[0-3]):[0-5]\d\b(?!\s?[AaPp]\.?[Mm])"#)
        /// at 17:00, until 13:30, from 21:15, by 22:00.
        static let twentyFourHourContext = regex(
            #"(?i:\b(at|until|from|by|to|till|starts|ends|since)) (1[3-9]|2[0-3]):[0-5]\d\b(?!:\d)(?!\s?[AaPp]\.?[Mm])"#)
        /// 09:00, 00:30: a timer never pads its first figure.
        static let zeroPaddedHour = regex(#"(?<![\d:])0\d:[0-5]\d\b(?!:\d)(?!\s?[AaPp]\.?[Mm])"#)
    }
}
