import Foundation

/// The verses Selah's shield shows: one a day for each app, in the person's translation, from the
/// bundled prayers' verses short enough for a shield.
///
/// Built once from the library, it keeps only the prayers whose verse fits a shield in some
/// translation (about two thirds of them, well under a megabyte), and the ShieldConfiguration
/// extension lets the decoded library go. The choice is a pure function of the preferences, the app and the local day:
/// each day the next verse in the pool, from a starting point the app's token fixes, so the verse
/// stays all day, changes at midnight, and comes round again only after every other one has shown.
public struct ShieldVerses: Sendable {
    /// The prayers whose verse fits a shield in at least one translation, in library order.
    private let templates: [PrayerTemplate]
    public let maximumLength: Int

    public init(library: PrayerLibrary, maximumLength: Int = PrayerSelector.shieldVerseLength) {
        templates = library.templates.filter { template in
            ([template.verse.text] + template.alsoIn.values).contains { $0.count <= maximumLength }
        }
        self.maximumLength = maximumLength
    }

    /// The verse for `app`'s shield on `day`; `nil` only when no bundled verse is short enough.
    public func line(for preferences: SelahPreferences, app: AppToken?, on day: LocalDate) -> VerseLine? {
        let pool = PrayerSelector.verseLines(
            from: templates, tradition: preferences.tradition, translation: preferences.translation,
            maximumLength: maximumLength)
        guard !pool.isEmpty else { return nil }
        let start = Int(app.map { Self.stableHash($0.data) % UInt64(pool.count) } ?? 0)
        let today = ((day.dayNumber % pool.count) + pool.count) % pool.count
        return pool[(start + today) % pool.count]
    }

    /// FNV-1a: the same on every launch and device, unlike `Hasher`, which is seeded per process.
    static func stableHash(_ data: Data) -> UInt64 {
        data.reduce(0xcbf2_9ce4_8422_2325 as UInt64) { ($0 ^ UInt64($1)) &* 0x0000_0100_0000_01B3 }
    }
}
