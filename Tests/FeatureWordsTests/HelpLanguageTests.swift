import Foundation
@testable import SettingsFeature
import SwiftUI
import Testing
import TestSupport
import ThresholdCore

/// Settings › Help in the phone's language: Spanish written for every English topic, and the
/// English for a phone in a language Threshold has no Help in (never keys, never nothing).
@Suite @MainActor struct HelpLanguageTests {
    /// The words Help shows on a phone set to `locale`.
    func helpShown(on locale: String) throws -> String {
        var environment = EnvironmentValues()
        environment.locale = Locale(identifier: locale)
        environment.timeZone = TimeZone(identifier: "America/New_York")!
        environment.calendar = TestSupport.calendar("America/New_York")
        let host = ViewHost(HelpView(paths: []), environment: environment, now: { at("2026-11-23 10:00") })
        try host.update()
        return Screen(host).top.content.flatMap(\.readableTexts).joined(separator: " ")
    }

    @Test func theSpanishHelp_answersEveryEnglishTopic_inItsOwnWords() throws {
        let english = try HelpTopics.loaded(in: .english).get(), spanish = try HelpTopics.loaded(in: .spanish).get()
        #expect(!spanish.isEmpty)
        #expect(spanish.count == english.count)
        for (es, en) in zip(spanish, english) {
            #expect(es.question != en.question, "\(es.question)")
            #expect(es.answer != en.answer, "\(es.question)")
        }
        #expect(Set(spanish.map(\.question)).count == spanish.count)
        #expect(spanish.allSatisfy { $0.answer.count > 80 && $0.answer.count < 600 })
        let text = spanish.map { $0.question + " " + $0.answer }
        for subject in ["ahora mismo", "acceso a Tiempo de uso", "llave NFC", "código de Tiempo de uso"] {
            #expect(text.contains { $0.localizedCaseInsensitiveContains(subject) }, "no topic covers “\(subject)”")
        }
    }

    @Test(arguments: [
        ("es_MX", ContentLanguage.spanish), ("es_ES", .spanish), ("en_US", .english), ("de_DE", .english), ("fr_FR", .english),
    ])
    func help_isShownInThePhonesLanguage_elseInEnglish(locale: String, reads language: ContentLanguage) throws {
        let shown = try helpShown(on: locale)
        let topics = try HelpTopics.loaded(in: language).get()
        #expect(shown.contains(topics[0].question), "\(locale): \(shown.prefix(200))")
        #expect(shown.contains(topics[topics.count - 1].question), "\(locale)")
    }

    @Test func help_answersThePathsThePersonUses_andNotOthers() throws {
        let topics = try HelpTopics.loaded(in: .english).get()
        let key = try #require(topics.first { $0.question.contains("NFC key") })
        let urgent = try #require(topics.first { $0.answer.contains("emergency unlock") })
        let selah = try HelpTopics.shown(in: .english, to: [.selah]).get()
        #expect(!selah.contains(key) && !selah.contains(urgent))
        #expect(selah.contains(topics[0]) && selah.count < topics.count)
        #expect(try HelpTopics.shown(in: .english, to: [.key]).get().contains(key))
        #expect(try HelpTopics.shown(in: .english, to: [.earnedAccess]).get().contains(urgent))
        // Nothing set up yet: every question.
        #expect(try HelpTopics.shown(in: .english, to: []).get() == topics)
    }
}
