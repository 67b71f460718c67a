import Foundation

/// How the person of a scenario reads a phone whose app speaks Spanish: its screens are drawn in
/// Spanish, and the person, whose steps are written in English, reads each catalog's words in the
/// catalog's English instead, with the same arguments (a shadow reading). The views, layout,
/// controls and state are the Spanish phone's; only the words the person compares are English.
///
/// A `Text` holds its catalog key, so it is read again in English directly. Words the app resolved
/// into a plain `String` first are read through what the catalogs resolved:
/// - each Spanish string a catalog gave is recorded with its English twin (a shield's or a
///   notification's sentences);
/// - what `String(localized:)` gave is kept as a name the app stores (a profile's first name,
///   “Trabajo”), read as its English wherever it shows, inside other words too;
/// - dates, times and lengths the app formatted in Spanish before wording them (“17:00”, “1 h y
///   30 min”, “martes”) are read as en_US writes them.
package enum Reading {
    /// Whether words are read as drawn — for pictures, and for the crawler's look for English left
    /// on a Spanish screen — rather than as the person reads them.
    @TaskLocal package static var asDrawn = false

    /// The locale the person reads dates, times and numbers in: the one the steps were written in.
    package static let locale = Locale(identifier: "en_US")

    /// Each Spanish string a catalog resolved, with the English the same key and arguments give.
    private static let twins = Locked(Twins())
    /// Each name the app worded in Spanish, with its English.
    private static let names = Locked<[String: String]>([:])

    /// Keeps `shown`'s English twin. Where two keys give the same Spanish words, the first kept
    /// stays (the person reads them one way).
    package static func record(_ shown: String, english: String) {
        guard shown != english, !shown.isEmpty else { return }
        twins.withLock { $0.add(shown, english) }
    }

    /// Keeps a name the app worded with `String(localized:)`, and its English.
    package static func recordName(_ shown: String, english: String) {
        guard shown != english, !shown.isEmpty else { return }
        names.withLock { if $0[shown] == nil { $0[shown] = english } }
    }

    /// Words the app resolved before a `Text` showed them, as the person reads them: the English
    /// twin of a catalog's whole sentence, else with every name in English (a profile's, “💼
    /// Trabajo”), else as they are (content, a number).
    package static func english(whole text: String) -> String {
        if let day = weekdayWords[text] { return day }
        return twins.withLock { $0.english(text) } ?? englishNames(in: text)
    }

    /// A string put into a catalog's sentence (a name, a time the app formatted), as the person
    /// reads it.
    package static func english(argument text: String) -> String {
        englishFormats(in: english(whole: text))
    }

    /// Words iOS shows from Threshold's catalogs outside its screens (a notification, a shield, a
    /// refusal), as the person reads them: the pseudolanguage read back; every Spanish sentence a
    /// catalog gave, the longest first, in English; and the names, dates and times in it.
    package static func english(_ text: String) -> String {
        let text = PseudoLanguage.english(text)
        let twins = twins.withLock { $0 }
        if let whole = twins.english(text) { return englishFormats(in: englishNames(in: whole)) }
        guard !twins.all.isEmpty else { return text }
        var read = text
        for (spanish, english) in twins.all.sorted(by: { $0.key.count > $1.key.count }) where read.contains(spanish) {
            read = replacingWholeWords(spanish, with: english, in: read)
        }
        return englishFormats(in: englishNames(in: read))
    }

    /// The catalogs' Spanish strings and their English, found whole or as a list of them.
    struct Twins {
        var all: [String: String] = [:]
        /// The Spanish strings by their first letter, the longest first.
        private var byFirst: [Character: [String]] = [:]

        mutating func add(_ spanish: String, _ english: String) {
            guard all[spanish] == nil, let first = spanish.first else { return }
            all[spanish] = english
            byFirst[first, default: []].append(spanish)
            byFirst[first]?.sort { $0.count > $1.count }
        }

        /// `text` in English where it is one catalog's string, or several in a row (a screen's
        /// notices joined, a list “créditos del Banco de enfoque, un reto”); a sentence begun with
        /// a capital where the catalog's began small (“Tu intención”) reads as its English begun so.
        func english(_ text: String) -> String? {
            if let whole = all[text] { return whole }
            if let first = text.first, first.isUppercase {
                let lowered = first.lowercased() + text.dropFirst()
                if let english = all[lowered] { return english.prefix(1).uppercased() + english.dropFirst() }
            }
            return segments(of: Substring(text))
        }

        /// The separators between strings in a row, and how English writes each.
        private static let separators: [(String, String)] = [
            (" y ", " and "), (" o ", " or "), (", ", ", "), ("; ", "; "), (" · ", " · "), (" ", " "), ("\n", "\n"),
        ]

        private func segments(of text: Substring) -> String? {
            var rest = text
            var read = ""
            while let first = rest.first {
                guard let spanish = byFirst[first]?.first(where: { rest.hasPrefix($0) }) else { return nil }
                read += all[spanish] ?? spanish
                rest = rest.dropFirst(spanish.count)
                guard !rest.isEmpty else { return read }
                guard let (separator, english) = Self.separators.first(where: { rest.hasPrefix($0.0) }) else { return nil }
                read += english
                rest = rest.dropFirst(separator.count)
            }
            return nil
        }
    }

    private static func englishNames(in text: String) -> String {
        let names = names.withLock { $0 }
        if let whole = names[text] { return whole }
        var read = text
        // The longest first, so “Modo Trabajo” goes whole before “Trabajo”.
        for (spanish, english) in names.sorted(by: { $0.key.count > $1.key.count }) where read.contains(spanish) {
            read = replacingWholeWords(spanish, with: english, in: read)
        }
        return read
    }

    /// `text` with `spanish` as `english` wherever it stands as whole words (“Hoy” is not read
    /// inside “Hoyos”).
    private static func replacingWholeWords(_ spanish: String, with english: String, in text: String) -> String {
        let pattern = "(?<![\\p{L}\\p{N}])" + NSRegularExpression.escapedPattern(for: spanish) + "(?![\\p{L}\\p{N}])"
        return text.replacingOccurrences(of: pattern, with: NSRegularExpression.escapedTemplate(for: english), options: .regularExpression)
    }

    // MARK: Formats

    /// es_ES's dates, times and lengths as en_US writes them: “17:00” as “5:00 PM”, “1 h y 30 min”
    /// as “1 hr, 30 min”, “martes” as “Tuesday”.
    package static func englishFormats(in text: String) -> String {
        var read = text
        for (pattern, template) in lengths {
            read = read.replacingOccurrences(of: pattern, with: template, options: .regularExpression)
        }
        read = clockTimes(in: read)
        for (spanish, english) in weekdays where read.localizedCaseInsensitiveContains(spanish) {
            read = replacingWholeWords(spanish, with: english, in: read)
            read = replacingWholeWords(spanish.capitalized, with: english, in: read)
        }
        return read
    }

    /// Abbreviated lengths (`Duration.UnitsFormatStyle`): es_ES joins units with “y” and writes an
    /// hour “h”.
    private static let lengths: [(String, String)] = [
        ("(\\d) h y (\\d+) min", "$1 hr, $2 min"),
        ("(\\d) h(?![\\p{L}])", "$1 hr"),
        ("(\\d) min y (\\d+) s(?![\\p{L}])", "$1 min, $2 sec"),
    ]

    /// A 24-hour time (“9:05”, “17:00”), not a part of a longer clock (“1:05:00”) or a ratio.
    private static let clock = try! NSRegularExpression(
        pattern: "(?<![\\d:.,])([01]?\\d|2[0-3]):([0-5]\\d)(?![\\d:]|\\s?[AaPp]\\.?\\s?[Mm])")

    private static func clockTimes(in text: String) -> String {
        let matches = clock.matches(in: text, range: NSRange(text.startIndex..., in: text))
        guard !matches.isEmpty else { return text }
        var read = text
        for match in matches.reversed() {
            guard let whole = Range(match.range, in: read), let hourRange = Range(match.range(at: 1), in: read),
                let minuteRange = Range(match.range(at: 2), in: read), let hour = Int(read[hourRange])
            else { continue }
            let english = "\(hour % 12 == 0 ? 12 : hour % 12):\(read[minuteRange]) \(hour < 12 ? "AM" : "PM")"
            read.replaceSubrange(whole, with: english)
        }
        return read
    }

    /// A day's name shown on its own: whole (“martes”), short, or its first two letters as a
    /// schedule's day buttons show them (“vi”, “Fr”).
    private static let weekdayWords: [String: String] = {
        let initials = Array(
            zip(
                spanishCalendar.shortStandaloneWeekdaySymbols.map { String($0.prefix(2)) },
                englishCalendar.shortStandaloneWeekdaySymbols.map { String($0.prefix(2)) }))
        return Dictionary(weekdays + initials, uniquingKeysWith: { first, _ in first })
    }()

    private static let spanishCalendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.locale = Locale(identifier: "es_ES")
        return calendar
    }()

    private static let englishCalendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.locale = locale
        return calendar
    }()

    /// es_ES's days of the week, wide and abbreviated, with en_US's.
    private static let weekdays: [(String, String)] =
        Array(zip(spanishCalendar.weekdaySymbols, englishCalendar.weekdaySymbols))
        + Array(zip(spanishCalendar.shortWeekdaySymbols, englishCalendar.shortWeekdaySymbols))
}
