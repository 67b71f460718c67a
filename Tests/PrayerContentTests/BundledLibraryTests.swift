import Foundation
import PrayerContent
import Testing
import ThresholdCore

/// Checks over the prayers that ship with the app. Verse wording is checked by `Scripts/check-verses`.
@Suite struct BundledLibraryTests {
    /// One file per tradition, named by its raw value, plus the universal fallbacks.
    static let expectedFiles = (Tradition.allCases.map { "\($0.rawValue).json" } + ["universal.json"]).sorted()

    private let library: PrayerLibrary
    private let contents: [String: Data]
    private var files: [String] { contents.keys.sorted() }

    init() throws {
        library = try PrayerContent.bundledLibrary()
        contents = try PrayerContent.bundledFiles()
    }

    /// The traditions whose file is bundled (all seven once every branch is merged).
    private var presentTraditions: [Tradition] {
        Tradition.allCases.filter { files.contains("\($0.rawValue).json") }
    }

    @Test func everyBundledFileDecodesAndPassesTheContentRules() throws {
        // Decoding runs every template's validation, so loading at all means the rules hold.
        for (file, data) in contents {
            do { _ = try PrayerLibrary(data: data, file: file) } catch { Issue.record("\(PrayerContent.explanation(of: error))") }
            #expect(Self.expectedFiles.contains(file), "unexpected prayer file \(file)")
        }
        #expect(library.templates.count >= 48 * presentTraditions.count + 12)
    }

    @Test func allEightPrayerFilesAreBundled() {
        #expect(files == Self.expectedFiles, "missing: \(Set(Self.expectedFiles).subtracting(files).sorted())")
    }

    @Test func templateIdsAreUniqueAcrossFiles() {
        let ids = library.templates.map(\.id)
        #expect(Set(ids).count == ids.count)
    }

    @Test func eachFileHoldsOnlyItsOwnTradition() throws {
        for (file, data) in contents {
            let templates = try PrayerLibrary(data: data, file: file).templates
            if file == "universal.json" {
                #expect(templates.allSatisfy { $0.isUniversal }, "\(file) holds a template that is not universal")
            } else {
                let tradition = try #require(Tradition(rawValue: String(file.dropLast(".json".count))))
                for template in templates {
                    #expect(!template.isUniversal, "\(file): \(template.id) is universal; universal templates go in universal.json")
                    #expect(template.traditions.contains(tradition), "\(file): \(template.id) is not written for \(tradition.rawValue)")
                }
            }
        }
    }

    @Test func everyCellOfEachBundledTraditionHasAtLeastTwoTemplates() {
        for tradition in Tradition.allCases where presentTraditions.contains(tradition) {
            let thin = library.cells(withFewerThan: 2, traditions: [tradition])
            #expect(thin.isEmpty, "\(tradition.rawValue): fewer than two templates in \(thin.map(\.description))")
        }
    }

    @Test func everyMoodHasAtLeastTwoUniversalTemplates() {
        for mood in Mood.allCases {
            #expect(library.universalTemplates(mood: mood).count >= 2, "\(mood.rawValue)")
        }
    }

    @Test func everyCellOfABundledTraditionIsServedByItsOwnPrayers() {
        let selector = PrayerSelector(library: library)
        for cell in PrayerCell.all where presentTraditions.contains(cell.tradition) {
            let chosen = selector.prayer(tradition: cell.tradition, vibe: cell.vibe, mood: cell.mood, seed: 1)
            #expect(chosen?.isWritten(for: cell.tradition, cell.vibe, cell.mood) == true, "\(cell)")
        }
    }

    @Test func everyTraditionHasShortVersesForTheShield() {
        let selector = PrayerSelector(library: library)
        for tradition in Tradition.allCases {
            let line = selector.verseLine(tradition: tradition, seed: 3)
            #expect((line?.text.count ?? .max) <= PrayerSelector.shieldVerseLength, "\(tradition.rawValue)")
        }
    }
}
