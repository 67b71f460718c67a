import DesignSystem
import Foundation
import SwiftUI
import Testing
import TestSupport
import ThresholdCore

/// A phone in Spanish (issue 36): its views draw every catalog's Spanish in es_ES's formats, and
/// the person of a scenario, whose steps are English, reads each catalog's English with the same
/// arguments (`Reading`), names the app worded in Spanish and times it formatted included.
@Suite @MainActor struct SpanishReadingTests {
    /// What a view shows on a phone whose app speaks `language`: as the person reads it, or as drawn.
    func texts(_ view: some View, in language: AppLanguage, drawn: Bool = false) throws -> [String] {
        var environment = EnvironmentValues()
        environment.locale = language.locale
        environment.timeZone = TimeZone(identifier: "America/New_York")!
        environment.calendar = TestSupport.calendar("America/New_York")
        environment.calendar.locale = language.locale
        environment.appLanguage = language
        let host = ViewHost(view, environment: environment, now: { at("2026-11-23 10:00") })
        try host.update()
        return Reading.$asDrawn.withValue(drawn) { host.screen.top.content.flatMap(\.readableTexts).map(\.normalizedSpaces) }
    }

    @Test func aCatalogsWords_areDrawnInSpanish_andReadAsItsEnglish() throws {
        let view = VStack {
            Text.ritual(.prayer)
            Text.availableAgain(
                at: at("2026-11-23 17:40"), from: at("2026-11-23 10:00"), calendar: TestSupport.calendar("America/New_York"))
        }
        let english = try texts(view, in: .english)
        let drawn = try texts(view, in: .spanish, drawn: true)
        #expect(drawn.first == "Oración")
        #expect(drawn.last?.contains("17:40") == true, "es_ES's 24-hour clock: \(drawn)")
        #expect(try texts(view, in: .spanish) == english, "read as the English the same key and time give")
        #expect(english.last?.contains("5:40 PM") == true, "\(english)")
    }

    @Test func anEnglishOrPseudoPhone_isReadAsItIsDrawn() throws {
        let view = VStack {
            Text.ritual(.prayer); Text(verbatim: "Trabajo")
        }
        for language in [AppLanguage.english, .pseudo] {
            #expect(try texts(view, in: language) == texts(view, in: language, drawn: true))
        }
    }

    /// A profile named on a Spanish phone keeps its Spanish name (it is the person's data); the
    /// person reads it as its English wherever it shows, inside other words too.
    @Test func aNameTheAppWordedInSpanish_isReadAsItsEnglish_wherever_itShows() throws {
        let name = AppLanguage.$current.withValue(.spanish) { ProfilePreset.work.localizedName }
        #expect(name == "Trabajo")
        let view = VStack {
            Text(verbatim: name)
            Text(verbatim: "💼 \(name)")
            Text("Start \(name)", bundle: .main)
        }
        #expect(try texts(view, in: .spanish, drawn: true) == ["Trabajo", "💼 Trabajo", "Start Trabajo"])
        #expect(try texts(view, in: .spanish) == ["Work", "💼 Work", "Start Work"])
    }

    @Test func aDatePicker_isDrawnInTheLocale_andReadInEnglish() throws {
        let picker = DatePicker(selection: .constant(at("2026-11-23 17:00")), displayedComponents: .hourAndMinute) {
            Text(verbatim: "Starts")
        }
        var environment = EnvironmentValues()
        environment.locale = AppLanguage.spanish.locale
        environment.timeZone = TimeZone(identifier: "America/New_York")!
        environment.appLanguage = .spanish
        let host = ViewHost(picker, environment: environment, now: { at("2026-11-23 10:00") })
        try host.update()
        let shown = { Screen(host).top.content.flatMap(\.readableTexts).joined(separator: " ").normalizedSpaces }
        #expect(shown() == "Starts 5:00 PM")
        #expect(Reading.$asDrawn.withValue(true) { shown() } == "Starts 17:00")
    }

    /// Words iOS shows outside the app's screens (a banner's, a shield's, a notification's) were
    /// resolved to a `String` in Spanish: the person reads each catalog sentence in them, one or
    /// several in a row, as its English.
    @Test func aSystemSentence_isReadAsItsEnglish_aloneOrBesideAnother() throws {
        let banner = ProblemBanner(RepairNotice.Message.notAuthorized)
        let english = "Screen Time access is not granted, so iOS enforces nothing. Allow it in Settings › Screen Time."
        let spanish = try texts(banner, in: .spanish, drawn: true)
        #expect(spanish.count == 1 && spanish != [english])
        #expect(Reading.english(spanish[0]) == english)
        #expect(Reading.english(spanish[0] + " " + spanish[0]) == english + " " + english, "two notices joined")
        #expect(Reading.english("Instagram") == "Instagram", "a name is read as it is")
    }

    @Test(arguments: [
        ("17:00–22:00", "5:00 PM–10:00 PM"),
        ("hasta las 9:05", "hasta las 9:05 AM"),
        ("0:30", "12:30 AM"),
        ("1 h y 30 min de tiempo en pantalla", "1 hr, 30 min de tiempo en pantalla"),
        ("2 h", "2 hr"),
        ("martes", "Tuesday"),
        ("Martes", "Tuesday"),
        ("1:05:00", "1:05:00"),
        ("9:00 PM", "9:00 PM"),
        ("1,5", "1,5"),
    ])
    func spanishFormats_areReadAsEnUSWritesThem(spanish: String, english: String) {
        #expect(Reading.english(spanish) == english)
    }
}
