import Foundation

/// A short passage to copy out by hand.
public struct CopyPassage: Hashable, Codable, Sendable, Identifiable {
    public let id: String
    public let text: String

    public init(id: String, text: String) {
        self.id = id
        self.text = text
    }

    /// The passages the quest draws from in `language`: original lines about choosing where
    /// attention goes, each long enough that copying it takes about a minute and a half on a
    /// phone. Each language has the same ids, for passages that say the same thing in their own
    /// words, so a copy's record (``RitualDetail/copyText(passage:restarts:refusedPastes:)``)
    /// names the same passage whichever language it was copied in.
    public static func all(in language: ContentLanguage) -> [CopyPassage] {
        switch language {
        case .english: english
        case .spanish: spanish
        }
    }

    private static let english: [CopyPassage] = [
        CopyPassage(
            id: "on-purpose",
            text:
                "I am opening this app on purpose. Before I do, I will name what I came for, and I will close it again when that one thing is done."
        ),
        CopyPassage(
            id: "the-pull",
            text:
                "The pull I feel right now is a habit, not a need. I can notice it, let it pass, and still choose to come back later if it matters."
        ),
        CopyPassage(
            id: "one-thing",
            text:
                "My attention is the one thing I cannot get back. I would rather spend the next few minutes on something I will be glad I chose."
        ),
        CopyPassage(
            id: "slow-down",
            text:
                "Slowing down to type this is the point. If I still want to open the app when I reach the end, I will open it calmly and with a plan."
        ),
        CopyPassage(
            id: "what-for",
            text:
                "What am I hoping to find in there? If the answer is rest, a short walk or a glass of water might give it to me faster than a feed."
        ),
    ]

    private static let spanish: [CopyPassage] = [
        CopyPassage(
            id: "on-purpose",
            text:
                "Abro esta app a propósito. Antes de entrar, me diré a qué vengo, y la volveré a cerrar en cuanto haya hecho eso y nada más."
        ),
        CopyPassage(
            id: "the-pull",
            text:
                "Estas ganas de abrir la app son costumbre, no necesidad. Puedo notarlas, dejarlas pasar y volver más tarde si de verdad importa."
        ),
        CopyPassage(
            id: "one-thing",
            text:
                "Mi atención es lo único que no puedo recuperar. Prefiero dar los próximos minutos a algo que luego me alegre de haber elegido."
        ),
        CopyPassage(
            id: "slow-down",
            text:
                "Ir despacio para escribir esto es justo la idea. Si al llegar al final aún quiero abrir la app, la abriré con calma y con un plan."
        ),
        CopyPassage(
            id: "what-for",
            text:
                "¿Qué espero encontrar ahí dentro? Si lo que busco es descanso, un paseo corto o un vaso de agua me lo darán antes que la pantalla."
        ),
    ]

    /// A passage of `language`, at random.
    public static func random(in language: ContentLanguage, using generator: inout some RandomNumberGenerator) -> CopyPassage {
        all(in: language).randomElement(using: &generator)!
    }
}

/// Copy a passage by hand for 90 seconds to unlock (Earned Access).
///
/// The copy must match the passage (ignoring runs of spaces, accents, and the curly quotes and
/// dashes iOS's smart punctuation types); the quest completes only when it matches *and* 90 seconds
/// have run, so fast typing cannot speed it up. An edit that inserts more than
/// `maximumInsertion` characters at once is a paste, and is refused: the text stays as it was.
/// Moving the clock or leaving the screen starts the quest over, text included.
public struct CopyTextQuest: Hashable, Sendable {
    /// What an edit did.
    public enum EditOutcome: Hashable, Sendable {
        /// Kept; the first `matching` characters of the passage are copied correctly.
        case accepted(matching: Int)
        /// Too much text arrived at once: a paste. The edit was not kept.
        case pasteRefused
        /// The clock moved; the quest started over and the text was cleared.
        case restarted(QuestTimer.Interruption)
        /// The quest is not running (not started or already complete).
        case notRunning
    }

    /// What pressing "Done" did.
    public enum FinishOutcome: Hashable, Sendable {
        case completed
        /// The copy does not match yet: the first difference is at this character.
        case mismatch(at: Int)
        /// The copy matches but the 90 s are not over.
        case tooEarly(remaining: TimeInterval)
        case restarted(QuestTimer.Interruption)
        case notRunning
    }

    public static let duration: TimeInterval = 90
    /// The most characters one edit may add; autocorrect and predictive text replace a word at
    /// a time, well under this.
    public static let maximumInsertion = 16

    public let terms: UnlockTerms
    public let passage: CopyPassage
    public private(set) var typed = ""
    public private(set) var timer = QuestTimer(duration: CopyTextQuest.duration)
    public private(set) var refusedPastes = 0
    public private(set) var completedAt: Date?

    public init(terms: UnlockTerms, passage: CopyPassage) {
        self.terms = terms
        self.passage = passage
    }

    public mutating func start(at moment: ClockReading) {
        guard completedAt == nil else { return }
        typed = ""
        timer.start(at: moment)
    }

    /// The text field changed to `text`.
    public mutating func edit(to text: String, at moment: ClockReading) -> EditOutcome {
        guard let reading = check(at: moment) else { return .notRunning }
        guard reading != .clockMoved else { return .restarted(.clockMoved) }
        guard CopyTextQuest.inserted(from: typed, to: text) <= CopyTextQuest.maximumInsertion else {
            refusedPastes += 1
            return .pasteRefused
        }
        typed = text
        return .accepted(matching: matchingPrefix)
    }

    /// The person pressed "Done".
    public mutating func finish(at moment: ClockReading) -> FinishOutcome {
        guard let reading = check(at: moment) else { return .notRunning }
        switch reading {
        case .clockMoved:
            return .restarted(.clockMoved)
        case .running(_, let remaining):
            return matches ? .tooEarly(remaining: remaining) : .mismatch(at: matchingPrefix)
        case .done where matches:
            completedAt = moment.wall
            return .completed
        case .done, .notStarted:
            return .mismatch(at: matchingPrefix)
        }
    }

    /// Reads the timer at `moment`: `nil` when the quest is not running (not started or
    /// complete); a moved clock starts it over and clears the text.
    private mutating func check(at moment: ClockReading) -> QuestTimer.Reading? {
        guard completedAt == nil else { return nil }
        let reading = timer.check(at: moment)
        if reading == .clockMoved { typed = "" }
        return reading == .notStarted ? nil : reading
    }

    /// The person left the screen: the quest starts over, text cleared, when they return.
    public mutating func leave() {
        guard completedAt == nil else { return }
        typed = ""
        timer.leave()
    }

    /// Whether the copy matches the passage.
    public var matches: Bool { CopyTextQuest.normalized(typed) == CopyTextQuest.normalized(passage.text) }

    /// How many characters of the (normalized) passage the copy gets right from the start.
    public var matchingPrefix: Int {
        zip(CopyTextQuest.normalized(typed), CopyTextQuest.normalized(passage.text)).prefix { $0 == $1 }.count
    }

    /// The grant request and record, once the copy matches and 90 s have run.
    public var completion: RitualCompletion? {
        guard let completedAt else { return nil }
        return RitualCompletion(
            request: terms.request(.ritual(.copyTextQuest), at: completedAt),
            detail: .copyText(passage: passage.id, restarts: timer.restarts, refusedPastes: refusedPastes))
    }

    /// Characters an edit from `old` to `new` adds: what is left of `new` after the part it
    /// shares with `old` at the start and at the end.
    static func inserted(from old: String, to new: String) -> Int {
        let old = Array(old), new = Array(new)
        let head = zip(old, new).prefix { $0 == $1 }.count
        let tail = zip(old.dropFirst(head).reversed(), new.dropFirst(head).reversed()).prefix { $0 == $1 }.count
        return new.count - head - tail
    }

    /// The text as compared: accents dropped (a Spanish passage copied as "atencion" matches
    /// "atención"), smart quotes and dashes made plain, whitespace runs made one space, trimmed.
    static func normalized(_ text: String) -> [Character] {
        var out: [Character] = []
        for character in text.folding(options: .diacriticInsensitive, locale: nil) {
            let plain: Character
            switch character {
            case "\u{2018}", "\u{2019}": plain = "'"
            case "\u{201C}", "\u{201D}": plain = "\""
            case "\u{2013}", "\u{2014}": plain = "-"
            case _ where character.isWhitespace: plain = " "
            default: plain = character
            }
            if plain == " ", out.last == " " || out.isEmpty { continue }
            out.append(plain)
        }
        if out.last == " " { out.removeLast() }
        return out
    }
}
