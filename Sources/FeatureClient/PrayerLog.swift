import Foundation
import StoreClient
import ThresholdCore

/// Prayers said, read back from the event log: Selah's streak and history.
public enum PrayerLog {
    /// The event kinds prayers are read from.
    public static let eventKinds: Set<String> = PrayerCompletion.eventKinds

    /// Every prayer in `events`, each in the time zone it was said in (`deviceZone` only for a
    /// record written before rituals kept theirs), with its first line and verse when the
    /// library has the prayer.
    public static func completions(_ events: [LoggedEvent], deviceZone: TimeZone, library: PrayerLibrary?) -> [PrayerCompletion] {
        PrayerCompletion.prayers(in: events, deviceZone: deviceZone, library: library)
    }

    /// The prayers of the last 400 days (the longest streak worth reading back), oldest first.
    ///
    /// - Parameter titled: each with its first line and verse, read from the prayer library;
    ///   `false` for a count of days (a streak), which needs only when each was said.
    package static func read(_ client: AppClient, titled: Bool = true) throws -> [PrayerCompletion] {
        let since = client.now.addingTimeInterval(-400 * 86_400)
        let events = try client.runtime.store.events(EventQuery(kinds: eventKinds, from: since))
        // NB: without the library the prayers are still listed and counted, only without their
        // first lines; the prayer screen is where an unreadable library is reported.
        var library: PrayerLibrary?
        if titled { do { library = try client.library() } catch { library = nil } }
        return completions(events, deviceZone: client.calendar.timeZone, library: library)
    }
}
