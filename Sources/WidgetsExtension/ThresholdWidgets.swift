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

struct SessionWidgetView: View {
    @Environment(\.widgetFamily) private var family
    let snapshot: WidgetSnapshot

    var body: some View {
        if let session = snapshot.session {
            Group {
                switch family {
                case .accessoryInline:
                    HStack { Text(session.title); SessionTimer(content: session) }
                case .accessoryCircular:
                    VStack { Text(String(session.title.prefix(1))).font(.headline); SessionTimer(content: session).font(.caption2) }
                        .accessibilityElement(children: .combine)
                default:
                    VStack(alignment: .leading, spacing: 2) {
                        Text(session.title).font(.headline).lineLimit(1)
                        if let finish = session.goalAt ?? session.endsAt, finish > session.startedAt {
                            // NB: a timer-driven bar, so it moves without a timeline entry per minute.
                            ProgressView(timerInterval: session.startedAt...finish, countsDown: false) { EmptyView() } currentValueLabel: { EmptyView() }
                                .tint(Palette.ember)
                        }
                        Text.phase(session.phase).font(.caption).foregroundStyle(.secondary)
                        SessionTimer(content: session).font(.title3.weight(.semibold))
                    }
                    .frame(maxWidth: .infinity, alignment: .leading)
                    .accessibilityElement(children: .combine)
                }
            }
            .widgetURL(snapshot.sessionLink)
        } else if snapshot.isUnreadable {
            Text(snapshot.headline)
                .font(family == .systemSmall ? .headline : .caption)
                .minimumScaleFactor(0.7)
        } else {
            VStack(alignment: .leading, spacing: 2) {
                if family != .accessoryInline { Image(systemName: "timer").accessibilityHidden(true) }
                Text("Start Session", bundle: .module).font(family == .systemSmall ? .headline : .caption)
            }
            .widgetURL(snapshot.sessionLink)
        }
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

/// A number with its symbol and caption; says so plainly when the data cannot be read.
struct CountView: View {
    @Environment(\.widgetFamily) private var family
    let value: Int
    let symbol: String
    let tint: Color
    let caption: Text
    let unreadable: Bool
    var detail: String?

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
                if let detail { Text(verbatim: detail).font(.caption2).foregroundStyle(.white.opacity(0.7)).lineLimit(1) }
            }
            .frame(maxWidth: .infinity, alignment: .leading)
            .accessibilityElement(children: .combine)
        }
    }
}

/// The streak widget's background, drawn (the project's own, no artwork): stone, warming through
/// ember as the streak grows, with one more ring for each stage (0, 1–2, 3–6, 7–13, 14 days on).
struct StreakBackground: View {
    let days: Int

    private var stage: Int { days == 0 ? 0 : days < 3 ? 1 : days < 7 ? 2 : days < 14 ? 3 : 4 }

    var body: some View {
        ZStack {
            Palette.stone
            LinearGradient(colors: [Palette.ember.opacity(0.15 * Double(stage)), .clear], startPoint: .bottomTrailing, endPoint: .topLeading)
            ForEach(0..<stage, id: \.self) { ring in
                Circle()
                    .stroke(Palette.ember.opacity(0.25), lineWidth: 2)
                    .scaleEffect(0.6 + 0.35 * Double(ring))
                    .offset(x: 50, y: 50)
            }
        }
        .accessibilityHidden(true)
    }
}
