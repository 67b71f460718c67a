import Testing
@testable import TogetherServer

/// The landing pages' language from `Accept-Language` as browsers send it: the highest q among
/// Threshold's languages, ties in header order, and English for anything else, never an error.
@Suite struct PageLanguageTests {
    @Test(arguments: [
        "es", "ES", "es-MX", "es-419", "es-ES,en;q=0.5", "es-MX,es;q=0.9,en;q=0.8", "fr, es;q=0.5", "de-DE,de;q=0.9,es;q=0.3",
    ])
    func aBrowserThatReadsSpanish_getsSpanish(header: String) {
        #expect(PageLanguage(acceptLanguage: header) == .es)
    }

    @Test(arguments: ["en", "en-GB", "fr", "fr-FR,de;q=0.5", "", "en;q=0.9, es;q=0.8", "es;q=0.2,en;q=0.21"])
    func anyOtherBrowser_getsEnglish(header: String) {
        #expect(PageLanguage(acceptLanguage: header) == .en)
    }

    @Test func equalWeights_goToTheLanguageNamedFirst() {
        #expect(PageLanguage(acceptLanguage: "es;q=0.8, en;q=0.8") == .es)
        #expect(PageLanguage(acceptLanguage: "en;q=0.8, es;q=0.8") == .en)
        #expect(PageLanguage(acceptLanguage: "fr, es, en") == .es)
        #expect(PageLanguage(acceptLanguage: "es;q=0.5, en;q=0.500") == .es, "0.5 and 0.500 are one weight")
    }

    /// `q=0` is "not this one", and `*` stands for every language the header does not name.
    @Test func aRefusedLanguage_andTheWildcard() {
        #expect(PageLanguage(acceptLanguage: "es;q=0") == .en)
        #expect(PageLanguage(acceptLanguage: "es-MX;q=0.000, fr") == .en)
        #expect(PageLanguage(acceptLanguage: "es;q=0.001") == .es)
        #expect(PageLanguage(acceptLanguage: "*") == .en)
        #expect(PageLanguage(acceptLanguage: "en;q=0, *") == .es)
        #expect(PageLanguage(acceptLanguage: "en;q=0, es;q=0, *") == .en, "nothing left: English")
        #expect(PageLanguage(acceptLanguage: "fr, *;q=0.5") == .en)
        #expect(PageLanguage(acceptLanguage: "es, *;q=0.1") == .es)
    }

    /// Browsers put spaces and capitals where RFC 9110 lets them.
    @Test func spacesCapitalsAndEmptyEntries_areRead() {
        #expect(PageLanguage(acceptLanguage: "  es-mx ; q=0.7 , en ;Q=0.6 ") == .es)
        #expect(PageLanguage(acceptLanguage: ",,es,,") == .es)
        #expect(PageLanguage(acceptLanguage: "en;q=1.000, es;q=1.") == .en)
    }

    /// An entry that does not parse is skipped, the rest still count; a header of nothing but such entries is English.
    @Test(arguments: [
        "garbage ;;; q=x", "español", "es;q=abc", "es;q=1.5", "es;q=0.5000", "es;q=-1", "es;q=", "es;q = 0.5",
        "es;level=1", "es-", "-es", "e s", "es-abcdefghi", "x1", "es;q=0.5;q=0.6", ";q=1", "es!", String(repeating: "es", count: 5),
    ])
    func anEntryThatDoesNotParse_isSkipped(header: String) {
        #expect(PageLanguage(acceptLanguage: header) == .en)
        #expect(PageLanguage(acceptLanguage: header + ", fr, es;q=0.4") == .es)
    }

    @Test func anEntry_readsAsItsRangeAndWeight() {
        typealias Preference = PageLanguage.Preference
        #expect(Preference("es-MX;q=0.8") == Preference(range: .language(.es), weight: 800))
        #expect(Preference("EN") == Preference(range: .language(.en), weight: 1000))
        #expect(Preference("zh-Hant-TW;q=0.05") == Preference(range: .other, weight: 50))
        #expect(Preference("*;q=0") == Preference(range: .any, weight: 0))
        #expect(Preference("es;q=1.001") == nil)
    }
}
