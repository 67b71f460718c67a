import SwiftUI

/// "4:59 left, until 10:15 AM": the time left in an unlock window, counting down live, and when
/// it ends, in the person's own time format.
@MainActor
public struct TimeLeft: View {
    let until: Date

    public init(until: Date) { self.until = until }

    public var body: some View {
        Text(timerInterval: Date.now...max(Date.now, until), countsDown: true)
            + Text(verbatim: " ") + Text("left, until", bundle: .module) + Text(verbatim: " ") + Text(until, style: .time)
    }
}
