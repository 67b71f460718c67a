import DesignSystem
import EntryPoints
import SwiftUI
import ThresholdCore
import WidgetKit
import WidgetViews

// NB: from the iOS 18 SDK on, `Widget`, `WidgetConfiguration` and `View` are `@MainActor`, and so
// is every type that conforms to them where it is declared. The iOS 17.0 SDK that compiles this
// on Linux marks none of them, and its `StaticConfiguration` builds views outside the main actor,
// so an explicit `@MainActor` on a widget, or on a view a configuration builds, does not build
// there. Those take their isolation from their conformance (views built only inside other views,
// like `SessionTimer`, say it), and nothing that does not conform builds a configuration
// (``CountConfiguration`` conforms itself).

/// The running session on the lock screen (and the home screen): its name, a progress bar toward
/// its goal or end, and its time; with none running, a "Start Session" call to action. Each opens
/// the app's Session tab (seed 001 §7).
public struct SessionWidget: Widget {
    public init() {}

    public var body: some WidgetConfiguration {
        StaticConfiguration(kind: WidgetKind.session.rawValue, provider: SnapshotProvider(.session)) { entry in
            SessionWidgetView(snapshot: entry.snapshot)
                .containerBackground(for: .widget) { Color.clear }
        }
        .configurationDisplayName(Text("Session", bundle: .module))
        .description(Text("Your running session and the time left.", bundle: .module))
        .supportedFamilies([.accessoryRectangular, .accessoryInline, .accessoryCircular, .systemSmall])
    }
}

/// The day streak on the home screen.
public struct StreakWidget: Widget {
    public init() {}

    public var body: some WidgetConfiguration {
        StaticConfiguration(kind: WidgetKind.streak.rawValue, provider: SnapshotProvider(.streak)) { entry in
            StreakWidgetView(snapshot: entry.snapshot)
                .containerBackground(for: .widget) { StreakBackground(days: entry.snapshot.streakDays) }
        }
        .configurationDisplayName(Text("Streak", bundle: .module))
        .description(Text("Days in a row under your screen-time limit, or with a prayer or a completed session.", bundle: .module))
        .supportedFamilies([.systemSmall, .accessoryCircular])
    }
}

/// The Focus Bank balance.
public struct BankWidget: Widget {
    public init() {}

    public var body: some WidgetConfiguration {
        StaticConfiguration(kind: WidgetKind.bank.rawValue, provider: SnapshotProvider(.bank)) { entry in
            BankWidgetView(snapshot: entry.snapshot, now: entry.date).containerBackground(for: .widget) { Palette.stone }
        }
        .configurationDisplayName(Text("Focus Bank", bundle: .module))
        .description(Text("Credits earned by focusing, to spend on unlocks.", bundle: .module))
        .supportedFamilies([.systemSmall, .accessoryCircular])
    }
}
