import DesignSystem
import EntryPoints
import SwiftUI
import SystemWords
import ThresholdCore
import WidgetKit

// NB: from the iOS 18 SDK on, `View` is `@MainActor`, and so is every type that conforms to it
// where it is declared. The iOS 17.0 SDK marks none of them, and its `StaticConfiguration` builds
// views outside the main actor, so these views take their isolation from their conformance.

/// The session widget's view: the running session's name, a bar toward its goal or end, its
/// phase and time; with none running, "Start Session". Each opens the Session tab.
public struct SessionWidgetView: View {
    @Environment(\.widgetFamily) private var family
    @Environment(\.locale) private var locale
    @Environment(\.timeZone) private var timeZone
    let snapshot: WidgetSnapshot

    public init(snapshot: WidgetSnapshot) { self.snapshot = snapshot }

    public var body: some View {
        if let session = snapshot.session {
            Group {
                switch family {
                case .accessoryInline:
                    HStack {
                        Text(session.title); SessionTimer(content: session)
                    }
                case .accessoryCircular:
                    VStack {
                        Text(String(session.title.prefix(1))).font(.headline); SessionTimer(content: session).font(.caption2)
                    }
                    .accessibilityElement(children: .combine)
                default:
                    VStack(alignment: .leading, spacing: 2) {
                        Text(session.title).font(.headline).lineLimit(1)
                        if let finish = session.goalAt ?? session.endsAt, finish > session.startedAt {
                            // NB: a timer-driven bar, so it moves without a timeline entry per minute.
                            ProgressView(timerInterval: session.startedAt...finish, countsDown: false) {
                                EmptyView()
                            } currentValueLabel: {
                                EmptyView()
                            }
                            .tint(Palette.ember)
                        }
                        Text.phase(session.phase, rest: session.isRest).font(.caption).foregroundStyle(.secondary)
                        SessionTimer(content: session).font(.title3.weight(.semibold))
                    }
                    .frame(maxWidth: .infinity, alignment: .leading)
                    .accessibilityElement(children: .combine)
                }
            }
            .widgetURL(snapshot.sessionLink)
        } else if snapshot.isUnreadable {
            // NB: said by SystemWords, the status's words (Home's headline, the status Shortcut).
            Text(said: StatusWords(locale: locale, timeZone: timeZone).headline(snapshot.headline))
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

/// The streak widget's view: the days in a row, and the goal when one is set.
public struct StreakWidgetView: View {
    let snapshot: WidgetSnapshot

    public init(snapshot: WidgetSnapshot) { self.snapshot = snapshot }

    public var body: some View {
        CountView(
            value: snapshot.streakDays, symbol: "flame.fill", tint: Palette.ember, caption: Text("day streak", bundle: .module),
            unreadable: snapshot.isUnreadable, detail: snapshot.goalMinutes.map(Text.dailyGoal))
    }
}

/// The Focus Bank widget's view: the credits banked.
public struct BankWidgetView: View {
    let snapshot: WidgetSnapshot
    /// When the widget is shown (its timeline entry's date): a mode's end on a later day says its weekday.
    let now: Date
    @Environment(\.calendar) private var calendar

    public init(snapshot: WidgetSnapshot, now: Date) {
        self.snapshot = snapshot
        self.now = now
    }

    public var body: some View {
        if snapshot.showsBank {
            CountView(
                value: snapshot.credits, symbol: "banknote.fill", tint: Palette.sage, caption: Text("credits banked", bundle: .module),
                unreadable: snapshot.isUnreadable, detail: modeLine)
        } else {
            // Not a count of credits this person never earns: whose the bank is.
            VStack(alignment: .leading, spacing: 4) {
                Image(systemName: "banknote").foregroundStyle(Palette.sage).accessibilityHidden(true)
                Text("Focus Bank is part of Earned Access.", bundle: .module).font(.caption)
            }
        }
    }
}

extension BankWidgetView {
    /// The mode in force (seed 002 flow B's "Active mode"): "🏦 Work mode on until 5:00 PM".
    private var modeLine: Text {
        guard let title = snapshot.modeTitle else { return Text("No mode on now", bundle: .module) }
        guard let until = snapshot.modeUntil else { return Text("\(Text(verbatim: title)) on", bundle: .module) }
        return Text(
            "\(Text(verbatim: title)) on until \(until, format: Text.endFormat(of: until, from: now, calendar: calendar))", bundle: .module)
    }
}

/// A number with its symbol and caption; says so plainly when the data cannot be read.
public struct CountView: View {
    @Environment(\.widgetFamily) private var family
    let value: Int
    let symbol: String
    let tint: Color
    let caption: Text
    let unreadable: Bool
    var detail: Text?

    public init(value: Int, symbol: String, tint: Color, caption: Text, unreadable: Bool, detail: Text? = nil) {
        self.value = value
        self.symbol = symbol
        self.tint = tint
        self.caption = caption
        self.unreadable = unreadable
        self.detail = detail
    }

    public var body: some View {
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
                if let detail { detail.font(.caption2).foregroundStyle(.white.opacity(0.7)).lineLimit(1) }
            }
            .frame(maxWidth: .infinity, alignment: .leading)
            .accessibilityElement(children: .combine)
        }
    }
}

extension Text {
    /// The daily screen-time goal as the streak widget's caption: "Under 3 h a day",
    /// "Under 2 h 30 min a day", "Under 45 min a day".
    static func dailyGoal(_ minutes: Int) -> Text {
        let (hours, rest) = (minutes / 60, minutes % 60)
        return switch (hours, rest) {
        case (0, _): Text("Under \(rest) min a day", bundle: .module)
        case (_, 0): Text("Under \(hours) h a day", bundle: .module)
        default: Text("Under \(hours) h \(rest) min a day", bundle: .module)
        }
    }
}

/// The streak widget's background, drawn (the project's own, no artwork): stone, warming through
/// ember as the streak grows, with one more ring for each stage (0, 1–2, 3–6, 7–13, 14 days on).
public struct StreakBackground: View {
    let days: Int

    public init(days: Int) { self.days = days }

    private var stage: Int { days == 0 ? 0 : days < 3 ? 1 : days < 7 ? 2 : days < 14 ? 3 : 4 }

    public var body: some View {
        ZStack {
            Palette.stone
            LinearGradient(
                colors: [Palette.ember.opacity(0.15 * Double(stage)), .clear], startPoint: .bottomTrailing, endPoint: .topLeading)
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
