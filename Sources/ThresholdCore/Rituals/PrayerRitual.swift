import Foundation

/// How the person prays (Selah onboarding): the prayers they are shown follow these.
public struct SelahPreferences: Hashable, Codable, Sendable {
    public var tradition: Tradition
    public var vibe: Vibe
    /// The translation they chose, if any: verses are shown in it when it is bundled (KJV, WEB).
    /// ESV, NIV, NKJV, NLT and NASB are stored but not shown: verses appear in the bundled
    /// public-domain text (the KJV for the NKJV, otherwise as the prayer quotes them; see
    /// ``BibleTranslation/shownAs``), labelled as such.
    public var translation: BibleTranslation?

    public init(tradition: Tradition = .nonDenominational, vibe: Vibe = .pastoral, translation: BibleTranslation? = nil) {
        self.tradition = tradition
        self.vibe = vibe
        self.translation = translation
    }

    public static let standard = SelahPreferences()

    private enum CodingKeys: String, CodingKey { case tradition, vibe, translation }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        tradition = try c.decodeIfPresent(Tradition.self, forKey: .tradition) ?? .nonDenominational
        vibe = try c.decodeIfPresent(Vibe.self, forKey: .vibe) ?? .pastoral
        translation = try c.decodeIfPresent(BibleTranslation.self, forKey: .translation)
    }
}

/// A prayer begun and not yet finished, saved so that leaving mid-prayer grants nothing and
/// the next open picks up at the same step with the same prayer.
public struct PrayerProgress: Hashable, Codable, Sendable {
    public let startedAt: Date
    public let mood: Mood?
    public let templateID: PrayerTemplateID?

    public init(startedAt: Date, mood: Mood? = nil, templateID: PrayerTemplateID? = nil) {
        self.startedAt = startedAt
        self.mood = mood
        self.templateID = templateID
    }
}

/// A completed prayer, as the history keeps it.
public struct PrayerRecord: Hashable, Codable, Sendable {
    public let mood: Mood
    public let templateID: PrayerTemplateID
    public let tradition: Tradition
    public let vibe: Vibe
    /// The translation the person chose, if any.
    public let preferredTranslation: BibleTranslation?
    /// The translation the verse was shown in (KJV, WEB or RV1909).
    public let shownTranslation: BibleTranslation

    public init(
        mood: Mood, templateID: PrayerTemplateID, tradition: Tradition, vibe: Vibe,
        preferredTranslation: BibleTranslation?, shownTranslation: BibleTranslation
    ) {
        self.mood = mood
        self.templateID = templateID
        self.tradition = tradition
        self.vibe = vibe
        self.preferredTranslation = preferredTranslation
        self.shownTranslation = shownTranslation
    }
}

/// Pray to unlock (Selah): mood → a prayer for tradition × vibe × mood → read, no timer →
/// "Amen" → a grant for the restrictions' window (10 minutes by default).
public struct PrayerRitual: Hashable, Sendable {
    public enum Step: Hashable, Sendable {
        /// Asking how the person is right now.
        case mood
        /// The prayer and its verse (`template`), read at the person's own pace.
        case reading
        case completed
    }

    public let terms: UnlockTerms
    public let preferences: SelahPreferences
    public private(set) var step: Step
    public private(set) var progress: PrayerProgress
    /// The prayer being read; kept after "Amen" for the confirmation.
    public private(set) var template: PrayerTemplate?
    /// Its verse as this person reads it: in their translation when the template carries it.
    public var verse: VerseLine? { template?.verseLine(in: preferences.translation) }
    public private(set) var completedAt: Date?

    /// How many recent prayers the selector avoids repeating.
    public static let recentCount = 5

    /// A new prayer, or the one saved in `saved` when it can still be shown from `library`.
    public init(terms: UnlockTerms, preferences: SelahPreferences, resuming saved: PrayerProgress?, library: PrayerLibrary, at now: Date) {
        self.terms = terms
        self.preferences = preferences
        if let saved, let mood = saved.mood, let id = saved.templateID,
            let template = library.templates.first(where: { $0.id == id && $0.moods.contains(mood) })
        {
            step = .reading
            progress = saved
            self.template = template
        } else {
            step = .mood
            progress = PrayerProgress(startedAt: saved?.startedAt ?? now)
        }
    }

    /// The person chose how they are: the prayer for their tradition, vibe and this mood,
    /// chosen by `seed` and avoiding the `recent` ones (most recent first). Throws only when the
    /// library has nothing for the mood, not even a universal prayer.
    public mutating func choose(_ mood: Mood, selector: PrayerSelector, seed: UInt64, recent: [PrayerTemplateID]) throws -> PrayerTemplate {
        guard step != .completed else { throw ValidationError("prayer", .prayerFinished) }
        guard
            let template = selector.prayer(
                tradition: preferences.tradition, vibe: preferences.vibe, mood: mood,
                seed: seed, recent: recent)
        else {
            throw ValidationError("prayer", .noPrayerForMood(mood))
        }
        step = .reading
        progress = PrayerProgress(startedAt: progress.startedAt, mood: mood, templateID: template.id)
        self.template = template
        return template
    }

    /// Back to the mood question, before "Amen".
    public mutating func changeMood() {
        guard step == .reading else { return }
        step = .mood
        progress = PrayerProgress(startedAt: progress.startedAt)
        template = nil
    }

    /// "Amen": the prayer is finished.
    public mutating func amen(at instant: Date) {
        guard step == .reading else { return }
        step = .completed
        completedAt = instant
    }

    /// What to save when the person leaves: the prayer in progress, or `nil` once finished.
    public var saved: PrayerProgress? { step == .completed ? nil : progress }

    /// The grant request and record, once "Amen" was said over a prayer.
    public var completion: RitualCompletion? {
        guard step == .completed, let completedAt, let mood = progress.mood, let id = progress.templateID,
            let shown = verse?.translation
        else { return nil }
        let record = PrayerRecord(
            mood: mood, templateID: id, tradition: preferences.tradition, vibe: preferences.vibe,
            preferredTranslation: preferences.translation, shownTranslation: shown)
        return RitualCompletion(request: terms.request(.ritual(.prayer), at: completedAt), detail: .prayer(record))
    }
}
