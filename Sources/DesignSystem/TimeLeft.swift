import SwiftUI

/// "4:59 left, until 10:15 AM": the time left in an unlock window, counting down live, and when
/// it ends, in the person's own time format.
@MainActor
public struct TimeLeft: View {
    let until: Date

    public init(until: Date) { self.until = until }

    public var body: some View {
        // NB: a countdown shows the time to the range's end, so the range starts at any earlier
        // instant; it reads no clock while the view is made, and stops at 0:00 once `until` passes.
        Text("\(Text(timerInterval: Date.distantPast...until, countsDown: true)) left, until \(Text(until, style: .time))", bundle: .module)
    }
}
