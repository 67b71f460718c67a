import DeviceActivity
import Foundation
import SwiftUI
import ThresholdCore

extension DeviceActivityReport.Context {
    /// Today's review: screen time, the apps it went to, pickups and the score.
    public static var daily: Self { Self("daily") }
    /// Today's score alone, for the home screen.
    public static var score: Self { Self("score") }
    /// Yesterday's screen time, for the Daily Review: the apps it went to and pickups, labelled
    /// yesterday, with no score (the app's review scores the day on the apps Threshold counts).
    public static var yesterday: Self { Self("yesterday") }
}

/// A day of screen time, as only the report extension can see it (PLATFORM.md: the minutes
/// never leave it; the app shows this view inside its own screens).
public struct DailyReview: Hashable, Sendable {
    public struct AppTime: Hashable, Sendable, Identifiable {
        public let name: String
        public let minutes: Int
        public var id: String { name }
    }

    public let minutes: Int
    public let pickups: Int
    /// The apps with the most time, most first (at most ``topCount``).
    public let topApps: [AppTime]
    /// The day's score (``ScreenTimeScore/score(minutes:)``).
    public var score: Int { ScreenTimeScore.score(minutes: minutes) }
    /// The day's screen-time points (``ScreenTimeScore/points(minutes:)``).
    public var points: Int { ScreenTimeScore.points(minutes: minutes) }

    public static let topCount = 5

    public init(seconds: TimeInterval, pickups: Int, appSeconds: [String: TimeInterval]) {
        minutes = Int(seconds / 60)
        self.pickups = pickups
        topApps =
            appSeconds
            .map { AppTime(name: $0.key, minutes: Int($0.value / 60)) }
            .filter { $0.minutes > 0 }
            .sorted { ($0.minutes, $1.name) > ($1.minutes, $0.name) }
            .prefix(Self.topCount)
            .map { $0 }
    }

    /// Adds up what iOS reports for the filter's interval.
    static func reading(_ data: DeviceActivityResults<DeviceActivityData>) async -> DailyReview {
        var seconds: TimeInterval = 0
        var pickups = 0
        var apps: [String: TimeInterval] = [:]
        for await datum in data {
            for await segment in datum.activitySegments {
                seconds += segment.totalActivityDuration
                pickups += segment.totalPickupsWithoutApplicationActivity
                for await category in segment.categories {
                    for await app in category.applications {
                        let name = app.application.localizedDisplayName ?? app.application.bundleIdentifier ?? "?"
                        apps[name, default: 0] += app.totalActivityDuration
                        pickups += app.numberOfPickups
                    }
                }
            }
        }
        return DailyReview(seconds: seconds, pickups: pickups, appSeconds: apps)
    }
}

/// A report scene over one day's ``DailyReview``: the review or the score.
///
/// NB: `nonisolated`, so the scene's work runs off the main actor under every SDK, as its
/// requirements ask. From iOS 18 on, `DeviceActivityReportScene` refines ExtensionKit's
/// `@MainActor AppExtensionScene` and Swift would infer `@MainActor` for this struct; yet only
/// `body` (which the SDK supplies) is main-actor: `context`, `content` and
/// `makeConfiguration(representing:)` are nonisolated requirements. Main-actor witnesses cannot
/// satisfy them, and `makeConfiguration` would have to send iOS's non-`Sendable`
/// `DeviceActivityResults` into the main actor. Nonisolated, the day is read on the concurrent
/// executor (as it always was against the iOS 17 SDK), the results never cross an actor, and the
/// extension's main thread stays free to draw. `@preconcurrency` on the conformance would only
/// trade these errors for runtime checks.
public nonisolated struct DailyReport<Content: View>: DeviceActivityReportScene {
    public let context: DeviceActivityReport.Context
    public let content: (DailyReview) -> Content

    public init(_ context: DeviceActivityReport.Context, content: @escaping (DailyReview) -> Content) {
        self.context = context
        self.content = content
    }

    public func makeConfiguration(representing data: DeviceActivityResults<DeviceActivityData>) async -> DailyReview {
        await DailyReview.reading(data)
    }
}

/// The scenes the report extension offers.
public enum DailyReports {
    /// The daily review (``DeviceActivityReport/Context/daily``).
    public static func review() -> DailyReport<DailyReviewView> { DailyReport(.daily) { DailyReviewView(review: $0) } }
    /// The score alone (``DeviceActivityReport/Context/score``).
    public static func score() -> DailyReport<ScoreView> { DailyReport(.score) { ScoreView(review: $0) } }
    /// Yesterday, for the Daily Review (``DeviceActivityReport/Context/yesterday``).
    public static func yesterday() -> DailyReport<DailyReviewView> {
        DailyReport(.yesterday) { DailyReviewView(review: $0, day: .yesterday) }
    }
}
