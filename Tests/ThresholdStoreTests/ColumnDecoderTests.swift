import Foundation
import Testing
import TestSupport
import ThresholdCore
@testable import ThresholdStore

/// The store reads its JSON columns through a faster path; it must read exactly what
/// `JSONDecoder` reads, and refuse what it refuses.
@Suite struct ColumnDecoderTests {
    @Test func selectionsTheStoreWrites_readBackEqual_withoutTheGeneralDecoder() throws {
        var rng = SplitMix64(seed: 4)
        func tokens<Token: OpaqueToken>(_ prefix: String) -> Set<Token> {
            Set(
                (0..<Int.random(in: 0...6, using: &rng)).map { _ in
                    Token(data: Data((0..<Int.random(in: 1...120, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }))
                })
        }
        for _ in 0..<300 {
            let selection = Selection(applications: tokens("app"), categories: tokens("category"), webDomains: tokens("web"))
            let text = try JSONColumn.encode(selection)
            #expect(SelectionReader.read(text) == selection, "\(text)")
            #expect(try ColumnDecoder().selection(text) == selection)
        }
    }

    @Test func otherSpellings_fallBackToJSONDecoder_andReadTheSame() throws {
        let instagram = Data("instagram".utf8).base64EncodedString()
        let slashed = Data([0xFB, 0xFF]).base64EncodedString()  // "+/8="
        let spellings = [
            "{ \"applications\": [\"\(instagram)\"] }",
            "{\"webDomains\":[],\"applications\":[\"\(instagram)\"],\"unknown\":1}",
            "{\"applications\":[\"\(slashed.replacingOccurrences(of: "/", with: "\\/"))\"]}",
            "{\"applications\":[\"\\u0061\(instagram.dropFirst())\"]}",
        ]
        for text in spellings {
            #expect(SelectionReader.read(text) == nil, "\(text) is not the store's own form")
            #expect(try ColumnDecoder().selection(text) == JSONDecoder().decode(Selection.self, from: Data(text.utf8)))
        }
    }

    @Test func aTokenThatIsNotBase64_orIsEmpty_isRefused() {
        for text in ["{\"applications\":[\"not base64!\"]}", "{\"applications\":[\"\"]}", "{\"applications\":[1]}", "[]", ""] {
            #expect(SelectionReader.read(text) == nil)
            #expect(throws: (any Error).self, "\(text)") { try ColumnDecoder().selection(text) }
        }
    }

    @Test func policiesAndWeekdays_readOncePerText_asJSONDecoderReadsThem() throws {
        let columns = ColumnDecoder()
        for policy in [UnlockPolicy.prayer, .earnedAccess, .challenge, .none] {
            let text = try JSONColumn.encode(policy)
            #expect(try columns.unlockPolicy(text) == policy)
            #expect(try columns.unlockPolicy(text) == policy)
        }
        let text = try JSONColumn.encode([Weekday.monday, .friday])
        #expect(try columns.weekdays(text) == [.monday, .friday])
        #expect(throws: (any Error).self) { try columns.weekdays("[\"someday\"]") }
    }
}
