import DesignSystem
import DeviceActivity
import ReportExtension
import SwiftUI
import ThresholdCore

/// The Daily Review of yesterday (seed 001 §6), which the 9 AM "Your Daily Review is ready"
/// reminder opens (``DailyReviewModel``): the report extension's view of yesterday (given
/// yesterday's interval), the screen time and score as Threshold counted them, the goal's result,
/// and the thumbs, which the app saves (the report extension cannot send data out).
@MainActor
public struct DailyReviewView: View {
    let model: DailyReviewModel
    let close: () -> Void

    public init(model: DailyReviewModel, close: @escaping () -> Void) {
        self.model = model
        self.close = close
    }

    public var body: some View {
        NavigationStack {
            List {
                if let problem = model.problem { ProblemBanner(problem) }
                Section {
                    // NB: iOS's count of every app; the one score is Threshold's, below.
                    DeviceActivityReport(.yesterday, filter: DeviceActivityFilter(segment: .daily(during: model.yesterday))).frame(
                        minHeight: 220)
                }
                if let review = model.review {
                    Section {
                        // The day the review is for, by its date as well as "Yesterday".
                        Text.day(review.day).font(.headline)
                        if !review.isCounted {
                            Text(
                                "Set a daily screen-time limit in Settings and Threshold will count the apps you shield each day and score it.",
                                bundle: .module
                            )
                            .foregroundStyle(.secondary)
                        } else if let minutes = review.minutes, let score = review.score {
                            (Text("Yesterday:", bundle: .module) + Text(verbatim: " ") + Text.minutes(TimeInterval(minutes * 60))
                                + Text(verbatim: " · ") + Text("score \(score)", bundle: .module))
                            Text("Counted in the apps you shield, as Home counts them.", bundle: .module).font(.footnote).foregroundStyle(
                                .secondary)
                        } else {
                            Text("Yesterday's screen time was not reported.", bundle: .module)
                        }
                        if let under = review.underGoal {
                            if under {
                                Text("Under your limit. Well kept.", bundle: .module)
                            } else {
                                Text("Over your limit.", bundle: .module)
                            }
                        }
                    }
                    Section {
                        switch review.rating {
                        case .thumbsUp?: Text("You gave yesterday a thumbs up.", bundle: .module).foregroundStyle(.secondary)
                        case .thumbsDown?: Text("You gave yesterday a thumbs down.", bundle: .module).foregroundStyle(.secondary)
                        case nil: Text("How did yesterday feel?", bundle: .module).foregroundStyle(.secondary)
                        }
                        HStack {
                            Button {
                                model.rate(.thumbsUp)
                            } label: {
                                Label {
                                    Text("Thumbs up", bundle: .module)
                                } icon: {
                                    Image(systemName: review.rating == .thumbsUp ? "hand.thumbsup.fill" : "hand.thumbsup")
                                }
                            }
                            Button {
                                model.rate(.thumbsDown)
                            } label: {
                                Label {
                                    Text("Thumbs down", bundle: .module)
                                } icon: {
                                    Image(systemName: review.rating == .thumbsDown ? "hand.thumbsdown.fill" : "hand.thumbsdown")
                                }
                            }
                        }
                        .buttonStyle(.bordered)
                    }
                }
            }
            .navigationTitle(Text("Daily Review", bundle: .module))
            .toolbar {
                ToolbarItem(placement: .cancellationAction) { Button(action: close) { Text("Close", bundle: .module) } }
            }
        }
        .onAppear { model.load() }
    }
}
