import Foundation
import StoreClient
import ThresholdCore

/// Prayers said, read back from the event log: Selah's streak and history.
public enum PrayerLog {
    /// The event kinds prayers are read from.
    public static let eventKinds: Set<String> = ["ritualCompleted"]

    /// Every prayer in `events`, with the verse the library names for it.
    ///
    /// NB: the log keeps the instant, not the time zone the device was in; a prayer is placed in
    /// `timeZone` (the device's now), which differs only for someone who has since travelled.
    public static func completions(_ events: [LoggedEvent], timeZone: TimeZone, library: PrayerLibrary?) -> [PrayerCompletion] {
        let templates = Dictionary((library?.templates ?? []).map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        return events.compactMap { logged in
            guard case .ritualCompleted(let record) = logged.event, case .prayer(let prayer) = record.detail else { return nil }
            let verse = templates[prayer.templateID].map { "\($0.verse.reference) (\($0.translation.abbreviation))" }
            return PrayerCompletion(at: logged.at, timeZoneIdentifier: timeZone.identifier, mood: prayer.mood, verse: verse)
        }
    }

    /// The prayers of the last 400 days (the longest streak worth reading back), oldest first.
    static func read(_ client: AppClient) throws -> [PrayerCompletion] {
        let since = client.now.addingTimeInterval(-400 * 86_400)
        let events = try client.runtime.store.events(EventQuery(kinds: eventKinds, from: since))
        return completions(events, timeZone: client.calendar.timeZone, library: try? client.library())
    }
}
