import Foundation

/// Selah's streak and history read the prayers from the event log: each completed prayer ritual
/// is logged as `Event.ritualCompleted` with prayer detail, stamped with the device's time zone.
extension PrayerCompletion {
    /// The event kinds that record prayers.
    public static let eventKinds: Set<String> = ["ritualCompleted"]

    /// The prayer a logged event records, or `nil` for any other event.
    ///
    /// - Parameters:
    ///   - deviceZone: the zone for a record written before rituals kept theirs.
    ///   - library: when given, the prayer's first line (its title) and its verse's reference, with
    ///     the translation it was shown in ("Psalms 46:10 (KJV)").
    public init?(_ logged: LoggedEvent, deviceZone: TimeZone, library: PrayerLibrary? = nil) {
        guard case .ritualCompleted(let record) = logged.event, case .prayer(let prayed) = record.detail else { return nil }
        let template = library?.template(prayed.templateID)
        self.init(
            at: logged.at, timeZoneIdentifier: record.timeZoneIdentifier ?? deviceZone.identifier, mood: prayed.mood,
            title: template?.firstLine, verse: template.map { "\($0.verse.reference) (\(prayed.shownTranslation.abbreviation))" })
    }

    /// Every prayer among `events`, in log order.
    public static func prayers(in events: [LoggedEvent], deviceZone: TimeZone, library: PrayerLibrary? = nil) -> [PrayerCompletion] {
        events.compactMap { PrayerCompletion($0, deviceZone: deviceZone, library: library) }
    }
}
