import SwiftUI
import ThresholdCore

/// The time a session shows: counting down to the break's end, the goal or the session's end
/// (``LiveActivityContent/nextBoundary``), or counting up from its start when it is open-ended.
@MainActor
struct SessionTimer: View {
    let content: LiveActivityContent

    var body: some View {
        Text(timerInterval: interval.range, countsDown: interval.countsDown)
            .monospacedDigit()
            .accessibilityLabel(accessibilityLabel)
    }

    /// Counts down to the content's next boundary and stops there (the Live Activity goes stale
    /// then; only the app can move it on), or up from the start of an open-ended session.
    private var interval: (range: ClosedRange<Date>, countsDown: Bool) {
        let span = content.timer(at: Date())
        return (span.from...span.to, span.countsDown)
    }

    private var accessibilityLabel: Text {
        switch content.phase {
        case .onBreak: Text("Break time left", bundle: .module)
        case .focusing: interval.countsDown ? Text("Focus time left", bundle: .module) : Text("Time focused", bundle: .module)
        case .goalReached: Text("Time until the session ends", bundle: .module)
        }
    }
}
