import Charts
import DesignSystem
import SwiftUI
import ThresholdCore

/// Today's score: 100 less a point for every ten minutes of screen time.
///
/// NB: views are `@MainActor` (the SDK marks `View` so from iOS 18 on); their initialisers are
/// `nonisolated` because a report scene builds them in its `content`, which the SDK does not isolate.
@MainActor
public struct ScoreView: View {
    let review: DailyReview

    nonisolated public init(review: DailyReview) { self.review = review }

    public var body: some View {
        HStack(spacing: 16) {
            Gauge(value: Double(review.score), in: 0...100) {
                Text("Score", bundle: .module)
            } currentValueLabel: {
                Text(review.score, format: .number).font(.title2.bold())
            }
            .gaugeStyle(.accessoryCircularCapacity)
            .tint(Palette.sage)
            VStack(alignment: .leading) {
                Text("Today's score", bundle: .module).font(.headline)
                Text("\(review.minutes) min of screen time", bundle: .module).font(.subheadline).foregroundStyle(.secondary)
            }
        }
        .accessibilityElement(children: .ignore)
        .accessibilityLabel(
            Text("Today's score \(review.score) out of 100, from \(review.minutes) minutes of screen time", bundle: .module))
    }
}

/// The daily review: the score, the apps the time went to, and pickups; or yesterday's, for the
/// app's Daily Review, which scores the day itself (so no second score sits beside its own).
@MainActor
public struct DailyReviewView: View {
    /// Which day the report covers, as its filter asked.
    public enum Day: Sendable { case today, yesterday }

    let review: DailyReview
    let day: Day

    nonisolated public init(review: DailyReview, day: Day = .today) {
        self.review = review
        self.day = day
    }

    public var body: some View {
        VStack(alignment: .leading, spacing: 16) {
            switch day {
            case .today: ScoreView(review: review)
            case .yesterday:
                VStack(alignment: .leading) {
                    Text("Yesterday on this iPhone", bundle: .module).font(.headline)
                    Text("\(review.minutes) min of screen time, every app", bundle: .module).font(.subheadline).foregroundStyle(.secondary)
                }
                .accessibilityElement(children: .combine)
            }
            if review.topApps.isEmpty {
                switch day {
                case .today: Text("No screen time recorded today.", bundle: .module).foregroundStyle(.secondary)
                case .yesterday: Text("No screen time recorded yesterday.", bundle: .module).foregroundStyle(.secondary)
                }
            } else {
                Chart(review.topApps) { app in
                    BarMark(
                        x: .value(Text("Minutes", bundle: .module), app.minutes),
                        y: .value(Text("App", bundle: .module), app.name)
                    )
                    .foregroundStyle(Palette.ember)
                    .annotation(position: .trailing) { Text("\(app.minutes) min", bundle: .module).font(.caption) }
                    .accessibilityLabel(app.name)
                    .accessibilityValue(Text("\(app.minutes) minutes", bundle: .module))
                }
                .chartXAxis(.hidden)
                .frame(minHeight: CGFloat(review.topApps.count) * 32)
            }
            Label {
                Text("\(review.pickups) pickups", bundle: .module)
            } icon: {
                Image(systemName: "iphone.radiowaves.left.and.right").accessibilityHidden(true)
            }
            .font(.subheadline)
        }
        .padding()
    }
}
