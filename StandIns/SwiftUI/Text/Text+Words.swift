import Foundation

extension Text {
    /// The words as a phone with `locale`, `timeZone` and `calendar` shows them at `now`: what a
    /// surface that says a catalog's words without drawing them (a notification) reads, as
    /// `String(localized:bundle:locale:)` does on iOS.
    /// The catalogs are read in the app's language on the phone whose steps run now
    /// (``AppLanguage/current``), as `String(localized:)` reads the scheme's App Language.
    package func words(locale: Locale, timeZone: TimeZone, calendar: Calendar, now: Date = Date()) -> String {
        resolve(in: TextContext(locale: locale, timeZone: timeZone, calendar: calendar, now: now, language: AppLanguage.current))
    }
}
