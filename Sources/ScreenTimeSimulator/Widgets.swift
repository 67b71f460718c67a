import EntryPoints
import Foundation
import ThresholdCore

/// WidgetKit on the simulated phone: each widget's timeline, made when WidgetKit reads it and made
/// again only when Threshold reloads the widgets or the timeline runs out (``WidgetKind``). A
/// widget nothing reloads stays as it was, as on a phone.
public struct WidgetCentre: Sendable {
    /// How many times Threshold has asked WidgetKit to reload its timelines.
    public internal(set) var reloads = 0
    /// Each widget's timeline: its snapshot, when it runs out, and the reload it was made after.
    private var timelines: [WidgetKind: (snapshot: WidgetSnapshot, end: Date, reloads: Int)] = [:]

    init(reloads: Int = 0) { self.reloads = reloads }

    mutating func reload() { reloads += 1 }

    /// What a widget of `kind` draws at `now`: its timeline's, or `read()` made into a new one.
    mutating func drawn(_ kind: WidgetKind, at now: Date, reading read: () -> WidgetSnapshot) -> WidgetSnapshot {
        if let timeline = timelines[kind], timeline.reloads == reloads, now < timeline.end { return timeline.snapshot }
        let snapshot = read()
        timelines[kind] = (snapshot, snapshot.timelineEnd(after: now, kind: kind), reloads)
        return snapshot
    }
}
