import DesignSystem
import EntryPoints
import SwiftUI
import ThresholdCore
import WidgetKit

// NB: from the iOS 18 SDK on, `Widget`, `WidgetConfiguration` and `View` are `@MainActor`, and so
// is every type that conforms to them where it is declared. The iOS 17.0 SDK that compiles this
// on Linux marks none of them, and its `StaticConfiguration` builds views outside the main actor,
// so an explicit `@MainActor` on a widget, or on a view a configuration builds, does not build
// there. Those take their isolation from their conformance (views built only inside other views,
// like `SessionTimer`, say it), and nothing that does not conform builds a configuration
// (``CountConfiguration`` conforms itself).

/// The running session on the lock screen (and the home screen): its name, phase and time.
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

struct SessionWidgetView: View {
    @Environment(\.widgetFamily) private var family
    let snapshot: WidgetSnapshot

    var body: some View {
        if let session = snapshot.session {
            switch family {
            case .accessoryInline:
                HStack { Text(session.title); SessionTimer(content: session) }
            case .accessoryCircular:
                VStack { Text(String(session.title.prefix(1))).font(.headline); SessionTimer(content: session).font(.caption2) }
                    .accessibilityElement(children: .combine)
            default:
                VStack(alignment: .leading, spacing: 2) {
                    Text(session.title).font(.headline).lineLimit(1)
                    Text.phase(session.phase).font(.caption).foregroundStyle(.secondary)
                    SessionTimer(content: session).font(.title3.weight(.semibold))
                }
                .frame(maxWidth: .infinity, alignment: .leading)
                .accessibilityElement(children: .combine)
            }
        } else {
            Text(snapshot.headline)
                .font(family == .systemSmall ? .headline : .caption)
                .minimumScaleFactor(0.7)
        }
    }
}

/// The day streak on the home screen.
public struct StreakWidget: Widget {
    public init() {}

    public var body: some WidgetConfiguration {
        CountConfiguration(kind: "app.threshold.streak", value: \.streakDays, symbol: "flame.fill", tint: Palette.ember,
                           caption: Text("day streak", bundle: .module), name: Text("Streak", bundle: .module),
                           description: Text("Days in a row with a prayer or a completed session.", bundle: .module))
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

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: kind, provider: SnapshotProvider()) { entry in
            CountView(value: entry.snapshot[keyPath: value], symbol: symbol, tint: tint, caption: caption,
                      unreadable: entry.snapshot.isUnreadable)
                .containerBackground(for: .widget) { Palette.stone }
        }
        .configurationDisplayName(name)
        .description(description)
        .supportedFamilies([.systemSmall, .accessoryCircular])
    }
}

/// A number with its symbol and caption; says so plainly when the data cannot be read.
struct CountView: View {
    @Environment(\.widgetFamily) private var family
    let value: Int
    let symbol: String
    let tint: Color
    let caption: Text
    let unreadable: Bool

    var body: some View {
        if unreadable {
            Text("Open Threshold", bundle: .module).font(.headline)
        } else if family == .accessoryCircular {
            VStack(spacing: 0) {
                Image(systemName: symbol).accessibilityHidden(true)
                Text(value, format: .number).font(.headline)
            }
            .accessibilityElement(children: .ignore)
            .accessibilityLabel(Text(value, format: .number) + Text(" ") + caption)
        } else {
            VStack(alignment: .leading) {
                Image(systemName: symbol).font(.title2).foregroundStyle(tint).accessibilityHidden(true)
                Spacer()
                Text(value, format: .number).font(.largeTitle.bold()).foregroundStyle(.white).minimumScaleFactor(0.5)
                caption.font(.caption).foregroundStyle(.white.opacity(0.8))
            }
            .frame(maxWidth: .infinity, alignment: .leading)
            .accessibilityElement(children: .combine)
        }
    }
}
