import DesignSystem
import Foundation
import SwiftUI
import Testing
import TestSupport
import ThresholdCore

/// The pseudolanguage (issue 25's proof): every word from a String Catalog accented, longer and
/// bracketed, the arguments put into it as they are, plural variants chosen as in English; and it
/// reads back as the English it came from.
@Suite @MainActor struct PseudoLanguageTests {
    /// What a view shows on a phone whose app speaks `language`, each text as drawn.
    func shown(_ view: some View, in language: AppLanguage) throws -> [String] {
        var environment = EnvironmentValues()
        environment.locale = Locale(identifier: "en_US")
        environment.timeZone = TimeZone(identifier: "America/New_York")!
        environment.calendar = TestSupport.calendar("America/New_York")
        environment.appLanguage = language
        let host = ViewHost(view, environment: environment, now: { at("2026-11-23 10:00") })
        try host.update()
        return Screen(host).top.content.flatMap(\.readableTexts)
    }

    func read(_ text: Text, in language: AppLanguage) throws -> String {
        try shown(text, in: language).joined(separator: " ").normalizedSpaces
    }

    @Test func everyLetterButQ_isAccented_andReadsBack() {
        let letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
        let accented = PseudoLanguage.transform(letters)
        #expect(accented.hasPrefix("[áḃçďéḟĝĥíĵķĺḿñóṗqŕšťúṽŵẋýžÁḂ"))
        #expect(letters.filter(PseudoLanguage.changes).count == 50, "every ASCII letter but q and Q")
        #expect(!accented.contains { $0.isASCII && $0.isLetter && $0 != "q" && $0 != "Q" })
        #expect(PseudoLanguage.english(accented) == letters)
    }

    @Test func aString_isAtLeastFortyPercentLonger_andBracketed() {
        for length in 1...160 {
            let english = String(repeating: "Continue ", count: length / 9 + 1).prefix(length).description
            let pseudo = PseudoLanguage.transform(english)
            #expect(Double(pseudo.count) >= 1.4 * Double(english.count), "\(english.count) → \(pseudo.count)")
            #expect(pseudo.first == "[" && pseudo.last == "]")
        }
        #expect(PseudoLanguage.transform("Continue") == "[Çóñťíñúé ~~]")
        #expect(PseudoLanguage.transform("") == "", "no words, nothing to bracket")
    }

    @Test func english_readsBackNestedAndJoinedPseudolanguage_andLeavesEnglishAlone() {
        let inner = PseudoLanguage.transform("two")
        let outer = PseudoLanguage.bracket(
            PseudoLanguage.accent("You earned %@ credits", keepingSpecifiers: true)
                .replacingOccurrences(of: "%@", with: inner))
        #expect(PseudoLanguage.english(outer) == "You earned two credits")
        #expect(PseudoLanguage.english(PseudoLanguage.transform("Until") + " 5:00 PM") == "Until 5:00 PM")
        for english in ["Café [draft]", "Shielding now: Reading", "a ~] b"] {
            #expect(PseudoLanguage.english(english) == english)
        }
    }

    @Test func aCatalogsWords_areShownInThePseudolanguage_theirArgumentsAsTheyAre() throws {
        let now = at("2026-11-23 10:00")
        let calendar = TestSupport.calendar("America/New_York")
        let english = try read(.availableAgain(at: at("2026-11-23 10:40"), from: now, calendar: calendar), in: .english)
        let pseudo = try read(.availableAgain(at: at("2026-11-23 10:40"), from: now, calendar: calendar), in: .pseudo)
        #expect(english == "Available again at 10:40 AM")
        #expect(
            pseudo.hasPrefix("[Áṽáíĺáḃĺé áĝáíñ [áť 10:40 AM ~"),
            "the time goes in as the phone's locale says it, in its own phrase: \(pseudo)")
        #expect(Double(pseudo.count) >= 1.4 * Double(english.count))
        #expect(PseudoLanguage.english(pseudo) == english)

        let title = StartConfirmation(
            profile: "deep", name: "🦁 Deep work", lockedUntil: at("2026-11-23 10:25"), selectedItems: 2,
            listMode: .blockList, byLink: false)
        let said = try read(.startTitle(title), in: .pseudo)
        #expect(said.contains("🦁 Deep work"), "a name goes in as the person wrote it: \(said)")
        #expect(PseudoLanguage.english(said) == "Start 🦁 Deep work in Beast Mode?")
    }

    @Test func pluralVariants_areStillChosen() throws {
        func message(_ items: Int) -> Text {
            .startMessage(
                StartConfirmation(
                    profile: "deep", name: "🦁 Deep", lockedUntil: at("2026-11-23 10:25"), selectedItems: items,
                    listMode: .blockList, byLink: false), now: at("2026-11-23 10:00"))
        }
        let one = try read(message(1), in: .pseudo), two = try read(message(2), in: .pseudo)
        #expect(one.contains("1 áṗṗ, çáťéĝóŕý óŕ ŵéḃšíťé"), "\(one)")
        #expect(two.contains("2 áṗṗš, çáťéĝóŕíéš áñď ŵéḃšíťéš"), "\(two)")
        #expect(PseudoLanguage.english(one) == (try read(message(1), in: .english)))
        #expect(PseudoLanguage.english(two) == (try read(message(2), in: .english)))
    }

    @Test func aView_showsItsCatalogWordsInThePseudolanguage_andVerbatimWordsAsTheyAre() throws {
        let view = VStack {
            Text.ritual(.prayer)
            Text(verbatim: "Some English words here")
            ContentText("The Lord is my shepherd")
        }
        #expect(try shown(view, in: .english) == ["Prayer", "Some English words here", "The Lord is my shepherd"])
        #expect(try shown(view, in: .pseudo) == ["[Ṗŕáýéŕ ~~]", "Some English words here", "The Lord is my shepherd"])
    }

    /// A repair notice's banner says it from SystemWords' Status catalog, in the phone's language:
    /// the view's own, as the app's process has one (issue 25).
    @Test func aRepairBanner_saysItsNoticeFromTheStatusCatalog_inThePhonesLanguage() throws {
        let banner = ProblemBanner(RepairNotice.Message.notAuthorized)
        let english = "Screen Time access is not granted, so iOS enforces nothing. Allow it in Settings › Screen Time."
        #expect(try shown(banner, in: .english) == [english])
        let pseudo = try shown(banner, in: .pseudo)
        #expect(pseudo != [english] && pseudo.map(PseudoLanguage.english) == [english], "\(pseudo)")
    }
}
