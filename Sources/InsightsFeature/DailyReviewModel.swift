import FeatureClient
import Foundation
import HomeFeature
import Observation
import StoreClient
import ThresholdCore

/// The Daily Review of yesterday (seed 001 §6) as its own screen, which the 9 AM "Your Daily
/// Review is ready" reminder opens (``AppDestination/dailyReview``): yesterday's screen time and
/// score as Threshold counted them, the goal's result, and the thumbs up or down, saved by the app
/// (the report extension cannot send data out) and listed in Insights.
@MainActor @Observable
public final class DailyReviewModel {
    /// Yesterday as the review shows it; `nil` until loaded or when the state cannot be read.
    public private(set) var review: HomeModel.DailyReview?
    /// The state could not be read or the rating was refused.
    public private(set) var problem: Problem?
    let client: AppClient

    public init(client: AppClient) { self.client = client }

    /// Yesterday, midnight to midnight, for the report extension's view of it.
    public var yesterday: DateInterval { client.reportDay(daysAgo: 1) }

    /// Reads yesterday: its reported minutes, the goal, and the rating if given.
    public func load() {
        do {
            let stored = try client.read()
            review = .yesterday(of: Clockwork(calendar: client.calendar).localDate(of: client.now), in: stored)
            problem = nil
        } catch {
            problem = Problem(error)
        }
    }

    /// Rates yesterday, saved (and shown in Insights); a second rating replaces the first.
    public func rate(_ rating: ProgressRecord.DayReview.Rating) {
        let refused = HomeModel.DailyReview.rateYesterday(rating, client: client)
        load()
        if let refused { problem = refused }
    }
}
