import Foundation
#if !canImport(Darwin)
import StringCatalogs
#endif

/// One of this module's String Catalogs, read for a phone's language and clock: a surface iOS
/// draws from Threshold's words without SwiftUI (a notification, a shield) says its phrases
/// through it.
struct Catalog: Sendable {
    /// The catalog's file name: `Notifications`, `Shields`.
    let table: String
    let locale: Locale
    let timeZone: TimeZone
    /// The phone's calendar in its language and zone, for the dates and times said.
    let calendar: Calendar

    init(table: String, locale: Locale, timeZone: TimeZone) {
        self.table = table
        self.locale = locale
        self.timeZone = timeZone
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        calendar.locale = locale
        self.calendar = calendar
    }
}

extension Catalog {
    /// A time of day on the phone's clock: "5:00 PM", "17:00".
    func time(_ instant: Date) -> String {
        instant.formatted(Date.FormatStyle(date: .omitted, time: .shortened, locale: locale, calendar: calendar, timeZone: timeZone))
    }

    /// A length in the phone's language: "30 min", "1 hr, 30 min".
    func duration(minutes: Int) -> String {
        var style = Duration.UnitsFormatStyle(allowedUnits: [.hours, .minutes], width: .abbreviated)
        style.locale = locale
        return Duration.seconds(minutes * 60).formatted(style)
    }
}

/// A phrase of a catalog, as Xcode extracts it (`"\(count) minutes"` is `%lld minutes`). On Linux
/// Foundation reads no String Catalogs: StringCatalogs (a stand-in iOS does not need) reads them
/// as iOS's `String(localized:)` does.
typealias Phrase = String.LocalizationValue

extension String.LocalizationValue {
    func said(in catalog: Catalog) -> String {
        String(localized: self, table: catalog.table, bundle: .module, locale: catalog.locale)
    }
}
