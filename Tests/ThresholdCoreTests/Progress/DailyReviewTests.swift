import Foundation
import Testing
import TestSupport
@testable import ThresholdCore

/// The Daily Review's thumbs (seed 001 §6; issue 13, item 2).
@Suite struct DailyReviewTests {
    let tuesday = try! LocalDate(parsing: "2026-11-24")

    @Test func yesterday_isRated_andRatingAgainChangesIt() throws {
        var progress = ProgressRecord()
        try progress.review(tuesday.adding(days: -1), .thumbsUp, today: tuesday)
        #expect(progress.review(of: tuesday.adding(days: -1)) == .thumbsUp)
        try progress.review(tuesday.adding(days: -1), .thumbsDown, today: tuesday)
        #expect(progress.reviews.count == 1 && progress.review(of: tuesday.adding(days: -1)) == .thumbsDown)
    }

    @Test func anotherDay_isRefused_andNothingChanges() {
        var progress = ProgressRecord()
        #expect(throws: ValidationError.self) { try progress.review(tuesday, .thumbsUp, today: tuesday) }
        #expect(throws: ValidationError.self) { try progress.review(tuesday.adding(days: -3), .thumbsUp, today: tuesday) }
        #expect(progress.reviews.isEmpty)
    }

    @Test func reviews_surviveEncoding_andOldRecordsDecodeWithoutThem() throws {
        var progress = ProgressRecord()
        try progress.review(tuesday.adding(days: -1), .thumbsUp, today: tuesday)
        let decoded = try JSONDecoder().decode(ProgressRecord.self, from: try JSONEncoder().encode(progress))
        #expect(decoded.reviews == progress.reviews)
        #expect(try JSONDecoder().decode(ProgressRecord.self, from: Data("{}".utf8)).reviews.isEmpty)
    }
}
