import SwiftUI
import ThresholdCore

/// The time a session shows (``LiveActivityContent/timer(at:)``): up toward the goal, then the
/// extra time past it; down to a break's end or a session's end; up from the start when open-ended.
@MainActor
public struct SessionTimer: View {
    let content: LiveActivityContent

    nonisolated public init(content: LiveActivityContent) { self.content = content }

    public var body: some View {
        Text(timerInterval: interval.range, countsDown: interval.countsDown)
            .monospacedDigit()
            .accessibilityLabel(accessibilityLabel)
    }

    /// Counts down to the content's next boundary and stops there (the Live Activity goes stale
    /// then; only the app can move it on), or up from the start of an open-ended session.
    private var interval: (range: ClosedRange<Date>, countsDown: Bool) {
        // NB: a countdown reads the time to its end as it is drawn; the span's start matters only
        // to a count up, which starts at the session's own start or goal.
        let span = content.timer(at: .distantPast)
        return (span.from...span.to, span.countsDown)
    }

    private var accessibilityLabel: Text {
        switch content.phase {
        case .onBreak: Text("Break time left", bundle: .module)
        case .focusing where content.isRest:
            interval.countsDown ? Text("Rest time left", bundle: .module) : Text("Time resting", bundle: .module)
        case .focusing: interval.countsDown ? Text("Focus time left", bundle: .module) : Text("Time focused", bundle: .module)
        case .goalReached:
            content.goalAt != nil ? Text("Extra time", bundle: .module) : Text("Time until the session ends", bundle: .module)
        }
    }
}
