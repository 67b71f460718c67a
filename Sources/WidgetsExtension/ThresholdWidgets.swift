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
        StaticConfiguration(kind: "app.threshold.session", provider: SnapshotProvider()) { entry in
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
        CountConfiguration(kind: "app.threshold.streak", value: \.streakDays, symbol: "flame.fill", tint: Palette.ember,
                           caption: Text("day streak", bundle: .module), name: Text("Streak", bundle: .module),
                           description: Text("Days in a row under your screen-time goal, or with a prayer or a completed session.", bundle: .module),
                           detail: \.goalText, warmsWithValue: true, refreshMinutes: 30)
    }
}

/// The Focus Bank balance.
public struct BankWidget: Widget {
    public init() {}

    public var body: some WidgetConfiguration {
        CountConfiguration(kind: "app.threshold.bank", value: \.credits, symbol: "banknote.fill", tint: Palette.sage,
                           caption: Text("minutes banked", bundle: .module), name: Text("Focus Bank", bundle: .module),
                           description: Text("Credits earned by focusing, to spend on unlocks.", bundle: .module))
    }
}

/// A widget that shows one number of the snapshot.
struct CountConfiguration: WidgetConfiguration {
    let kind: String
    let value: KeyPath<WidgetSnapshot, Int>
    let symbol: String
    let tint: Color
    let caption: Text
    let name: Text
    let description: Text
    /// A line under the caption (the streak's goal), when the snapshot has one.
    var detail: KeyPath<WidgetSnapshot, String?>?
    /// Whether the background glows warmer as the number grows (the streak's).
    var warmsWithValue = false
    /// How often the timeline asks to be read again when nothing ends sooner.
    var refreshMinutes = 15

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: kind, provider: SnapshotProvider(refreshMinutes: refreshMinutes)) { entry in
            let value = entry.snapshot[keyPath: value]
            CountView(value: value, symbol: symbol, tint: tint, caption: caption,
                      unreadable: entry.snapshot.isUnreadable, detail: detail.flatMap { entry.snapshot[keyPath: $0] })
                .containerBackground(for: .widget) {
                    if warmsWithValue { StreakBackground(days: value) } else { Palette.stone }
                }
        }
        .configurationDisplayName(name)
        .description(description)
        .supportedFamilies([.systemSmall, .accessoryCircular])
    }
}

