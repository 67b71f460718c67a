import EntryPoints
import Foundation
import StoreClient
import WidgetKit

/// Where the widgets read the App Group. Widgets are created by the system with `init()`, so the
/// widget bundle registers the store once in its own `init` (App/ThresholdWidgets).
public enum WidgetSource {
    private static let store = Connection<any StoreClient>()

    public static func connect(_ open: @escaping @Sendable () throws -> any StoreClient) {
        store.connect(open)
    }

    /// What the widgets show now; a store that cannot be opened or read is said plainly.
    static func snapshot(at now: Date = Date()) -> WidgetSnapshot {
        let calendar = Calendar.gregorian(in: .current)
        do {
            return WidgetSnapshot.read(from: try store.value(), now: now, calendar: calendar)
        } catch {
            return .unreadable(error)
        }
    }
}

/// One moment of a widget's timeline.
public struct SnapshotEntry: TimelineEntry {
    public let date: Date
    public let snapshot: WidgetSnapshot
}

/// Every widget's timeline: the snapshot now, read again when what it shows ends or at its kind's
/// refresh (``WidgetKind``); the reconciler also reloads the widgets whenever it changes something.
public struct SnapshotProvider: TimelineProvider {
    let kind: WidgetKind

    public init(_ kind: WidgetKind) { self.kind = kind }

    public func placeholder(in context: Context) -> SnapshotEntry {
        SnapshotEntry(date: Date(), snapshot: .placeholder)
    }

    public func getSnapshot(in context: Context, completion: @escaping (SnapshotEntry) -> Void) {
        completion(context.isPreview ? placeholder(in: context) : SnapshotEntry(date: Date(), snapshot: WidgetSource.snapshot()))
    }

    public func getTimeline(in context: Context, completion: @escaping (Timeline<SnapshotEntry>) -> Void) {
        let now = Date()
        let snapshot = WidgetSource.snapshot(at: now)
        completion(
            Timeline(entries: [SnapshotEntry(date: now, snapshot: snapshot)], policy: .after(snapshot.timelineEnd(after: now, kind: kind))))
    }
}
