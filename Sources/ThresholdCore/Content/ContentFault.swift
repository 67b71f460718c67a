/// Why a bundled content file (the prayers), or a value written into one, was refused, as a
/// value: the case names the rule and carries what broke it. Core never words it; the sentences
/// for content authors are `PrayerContent`'s (``Refusal/contentFile(_:)`` is developer-facing).
public indirect enum ContentFault: Hashable, Codable, Sendable {
    // MARK: A template

    /// A template id is ASCII letters, digits and single hyphens, neither starting nor ending with
    /// a hyphen, at most 80 characters.
    case malformedID
    /// A template names this tradition more than once.
    case traditionListedTwice(Tradition)
    /// A template names this vibe more than once.
    case vibeListedTwice(Vibe)
    /// A template names this mood more than once.
    case moodListedTwice(Mood)
    /// A universal template serves every tradition and vibe, so it names none.
    case universalNamesTraditionsOrVibes
    /// A template that is not universal names at least one tradition.
    case noTradition
    /// A template that is not universal names at least one vibe.
    case noVibe
    /// A template names at least one mood.
    case noMood
    /// The prayer is empty (or only whitespace).
    case noPrayer
    /// The prayer has this many sentences, outside ``PrayerTemplate/sentenceRange``.
    case sentenceCount(Int)
    /// The quoted text of this verse is empty.
    case noVerseText(VerseReference)
    /// The verse is quoted from this translation, which is not one of the bundled ones.
    case translationNotBundled(BibleTranslation)
    /// `alsoIn` gives the verse in this translation, which is not the other bundled one.
    case alsoInNotTheOtherBundled(BibleTranslation)
    /// `alsoIn` gives an empty text for this verse in this translation.
    case alsoInTextEmpty(VerseReference, BibleTranslation)

    // MARK: A library

    /// Two templates share this id; `earlier` is where the first one is (`nil`: the templates
    /// were not read from files).
    case duplicateID(PrayerTemplateID, earlier: Place?)
    /// The file is empty or only whitespace.
    case emptyFile
    /// The file stops inside a string, an array or an object, at this line: cut short.
    case truncated(line: Int)
    /// The file is not JSON: the parser's detail (`nil` when it gave none) and, when it named a
    /// character, that character's line and column (both from 1).
    case notJSON(String?, line: Int?, column: Int?)
    /// The file is JSON but not an array of templates: the decoder's description of what it found.
    case notAnArray(String)
    /// Something inside one template: its `index` in the file's array (from 0; `nil` when the
    /// path does not start at a template), its `id` if the file gives one, the `field` path inside
    /// it (`moods[1]`, `verse.reference`; empty for the template itself), and the fault there.
    case inTemplate(index: Int?, id: String?, field: String, ContentFault)
    /// A value of the wrong type: the decoder's description of what it expected and found.
    case wrongType(String)
    /// A value is null.
    case missingValue
    /// A key the template needs is missing.
    case missingKey(String)
    /// The decoder refused a value for a reason of its own: its detail.
    case undecodable(String)
    /// Reading failed in a way no rule foresaw: the error as thrown.
    case unreadable(String)
    /// The app's bundle has no `Prayers` folder: the build did not copy `Resources/Prayers`.
    case noPrayersFolder

    // MARK: A verse reference

    /// The book of a reference is not a book name: words of letters, the first capitalised,
    /// optionally after a book number 1 to 3.
    case notABookName(String)
    /// A chapter or a verse numbered 0: they count from 1.
    case countsFromOne
    /// This text is not a reference in the form `Book C:V` or `Book C:V-W`.
    case malformedReference(String)
    /// A run of verses written backwards (`last` is not after `first`).
    case versesBackwards(book: String, chapter: Int, first: Int, last: Int)

    // MARK: The site association

    /// This text is not an Apple Developer team id: ten capital letters and digits.
    case notATeamID(String)

    /// Where the first template with a repeated id is.
    public enum Place: Hashable, Codable, Sendable {
        /// Earlier in the same file.
        case sameFile
        /// In the file of this name.
        case file(String)
    }
}
