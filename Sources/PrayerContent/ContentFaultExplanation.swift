import ThresholdCore

extension ContentFault {
    /// What is wrong and how to fix it, in a sentence or two. Developer-facing English for content
    /// authors (the people writing `Resources/Prayers`, and whoever configures a team id); it is
    /// not localised and no screen shows it: the app says a broken file through `RefusalWords`.
    public var explanation: String {
        switch self {
        case .malformedID:
            "An id is letters, digits and single hyphens, like “catholic-liturgical-anxious-01”."
        case .traditionListedTwice(let tradition):
            "The tradition “\(tradition.rawValue)” is listed twice."
        case .vibeListedTwice(let vibe):
            "The vibe “\(vibe.rawValue)” is listed twice."
        case .moodListedTwice(let mood):
            "The mood “\(mood.rawValue)” is listed twice."
        case .universalNamesTraditionsOrVibes:
            "A universal template serves every tradition and vibe: leave “traditions” and “vibes” empty."
        case .noTradition:
            "Name at least one tradition, or mark the template “universal”."
        case .noVibe:
            "Name at least one vibe, or mark the template “universal”."
        case .noMood:
            "Name at least one mood the prayer is for."
        case .noPrayer:
            "Write the prayer."
        case .sentenceCount(let count):
            "A prayer is \(PrayerTemplate.sentenceRange.lowerBound) or \(PrayerTemplate.sentenceRange.upperBound) sentences; this one has \(count)."
        case .noVerseText(let reference):
            "Quote the text of \(reference)."
        case .translationNotBundled(let translation):
            "Quote the verse from a bundled translation (\(Self.bundled)), not \(translation.abbreviation)."
        case .alsoInNotTheOtherBundled(let translation):
            "“alsoIn” gives the verse in the other bundled translation (\(Self.bundled)), not \(translation.abbreviation)."
        case .alsoInTextEmpty(let reference, let translation):
            "Quote the text of \(reference) in the \(translation.abbreviation), or leave it out."

        case .duplicateID(let id, .none):
            "Two templates share the id “\(id)”; every template needs its own."
        case .duplicateID(let id, .sameFile?):
            "The id “\(id)” is already used earlier in this file; every template needs its own."
        case .duplicateID(let id, .file(let file)?):
            "The id “\(id)” is already used in \(file); every template needs its own."
        case .emptyFile:
            "The file is empty; it should be a JSON array of templates."
        case .truncated(let line):
            "The file ends in the middle of its JSON (at line \(line)); it looks truncated."
        case .notJSON(.none, _, _):
            "It is not valid JSON."
        case .notJSON(let detail?, let line, let column):
            "It is not valid JSON: \(Self.withoutFullStop(detail))\(Self.place(line: line, column: column))."
        case .notAnArray(let found):
            "A prayer file is a JSON array of templates: \(Self.readableTypes(found))"
        case .inTemplate(let index, let id, let field, let fault):
            "\(Self.location(index: index, id: id, field: field)): \(fault.explanation)"
        case .wrongType(let description):
            Self.readableTypes(description)
        case .missingValue:
            "A value is missing (null)."
        case .missingKey(let key):
            "“\(key)” is missing."
        case .undecodable(let detail):
            detail
        case .unreadable(let detail):
            "It could not be read: \(Self.withoutFullStop(detail))."
        case .noPrayersFolder:
            "The bundle has no “Prayers” folder; the build did not copy Resources/Prayers."

        case .notABookName(let book):
            "“\(book)” is not a book name; write it like “Psalms”, “1 Peter” or “Song of Solomon”."
        case .countsFromOne:
            "Chapters and verses count from 1."
        case .malformedReference(let text):
            "“\(text)” is not a reference; write it as “Book C:V” or “Book C:V-W”, e.g. “Psalms 46:10” or “Matthew 11:28-30”."
        case .versesBackwards(let book, let chapter, let first, let last):
            "A run of verses goes forwards: write “\(book) \(chapter):\(min(first, last))-\(max(first, last))”, or a single verse without “-”."

        case .notATeamID(let text):
            "“\(text)” is not a team id: ten capital letters and digits, as Xcode's DEVELOPMENT_TEAM shows it."
        }
    }

    /// The bundled translations, `KJV, WEB or RV1909`.
    private static var bundled: String {
        let names = BibleTranslation.allCases.filter(\.isBundled).map(\.abbreviation)
        return names.dropLast().joined(separator: ", ") + " or " + names[names.count - 1]
    }

    /// `template 2 (“second”), moods`: where in a file a fault is.
    private static func location(index: Int?, id: String?, field: String) -> String {
        var parts: [String] = []
        if let index { parts.append("template \(index + 1)" + (id.map { " (“\($0)”)" } ?? "")) }
        if !field.isEmpty { parts.append(field) }
        return parts.isEmpty ? "the file" : parts.joined(separator: ", ")
    }

    /// ` (line 2, column 7)`, or less as less is known.
    private static func place(line: Int?, column: Int?) -> String {
        switch (line, column) {
        case (let line?, let column?): " (line \(line), column \(column))"
        case (let line?, nil): " (line \(line))"
        default: ""
        }
    }

    private static func withoutFullStop(_ text: String) -> String {
        text.hasSuffix(".") ? String(text.dropLast()) : text
    }

    /// A decoder's type description with Swift's type names put as a content author knows them.
    private static func readableTypes(_ text: String) -> String {
        text.replacingOccurrences(of: "Array<Any>", with: "a list")
            .replacingOccurrences(of: "Dictionary<String, Any>", with: "an object")
            .replacingOccurrences(of: "to decode String", with: "text")
            .replacingOccurrences(of: "to decode Bool", with: "true or false")
            .replacingOccurrences(of: "to decode ", with: "")
    }
}

extension PrayerContent {
    /// An error as a content author reads it: `catholic.json: template 2 (“second”), moods: …` for a
    /// content fault (its ``ThresholdCore/ContentFault/explanation``), the error's description for
    /// anything else. Developer-facing English, like the explanation.
    public static func explanation(of error: any Error) -> String {
        guard let error = error as? ValidationError, case .contentFile(let fault) = error.refusal else {
            return String(describing: error)
        }
        return "\(error.subject): \(fault.explanation)"
    }
}
