import SwiftUI
import ThresholdCore

/// The time a session shows: counting down to the break's end, the goal or the session's end,
/// or counting up from its start when it is open-ended.
@MainActor
struct SessionTimer: View {
    let content: LiveActivityContent

    var body: some View {
        Text(timerInterval: interval.range, countsDown: interval.countsDown)
            .monospacedDigit()
            .accessibilityLabel(accessibilityLabel)
    }

    private var interval: (range: ClosedRange<Date>, countsDown: Bool) {
        let now = Date()
        switch content.phase {
        case .onBreak:
            if let until = content.breakUntil, until > now { return (now...until, true) }
        case .focusing:
            if let goal = content.goalAt, goal > now { return (now...goal, true) }
            if let end = content.endsAt, end > now { return (now...end, true) }
        case .goalReached:
            if let end = content.endsAt, end > now { return (now...end, true) }
        }
        return (content.startedAt...Date.distantFuture, false)
    }

    private var accessibilityLabel: Text {
        switch content.phase {
        case .onBreak: Text("Break time left", bundle: .module)
        case .focusing: interval.countsDown ? Text("Focus time left", bundle: .module) : Text("Time focused", bundle: .module)
        case .goalReached: Text("Time until the session ends", bundle: .module)
        }
    }
}
