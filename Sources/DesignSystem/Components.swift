import StoreClient
import SwiftUI
import SystemWords
import ThresholdCore

/// A rounded group on the grouped background: the home screen's and the session's building block.
@MainActor
public struct Card<Content: View>: View {
    let content: Content

    public init(@ViewBuilder content: () -> Content) { self.content = content() }

    public var body: some View {
        VStack(alignment: .leading, spacing: 12) { content }
            .frame(maxWidth: .infinity, alignment: .leading)
            .padding()
            .background(.background.secondary, in: RoundedRectangle(cornerRadius: 16, style: .continuous))
    }
}

/// The one prominent action on a screen: full width, the accent's colour, text that wraps.
public struct PrimaryButtonStyle: ButtonStyle {
    @Environment(\.isEnabled) private var isEnabled

    public init() {}

    public func makeBody(configuration: Configuration) -> some View {
        configuration.label
            .font(.headline)
            .multilineTextAlignment(.center)
            .frame(maxWidth: .infinity, minHeight: 44)
            .padding(.horizontal)
            .padding(.vertical, 8)
            .foregroundStyle(.white)
            .background(isEnabled ? Palette.accent : Color.secondary, in: RoundedRectangle(cornerRadius: 14, style: .continuous))
            .opacity(configuration.isPressed ? 0.8 : 1)
    }
}

extension ButtonStyle where Self == PrimaryButtonStyle {
    /// Threshold's prominent button.
    public static var primary: PrimaryButtonStyle { PrimaryButtonStyle() }
}

/// What went wrong and, when there is one, the way to repair it. Refusals and failures alike:
/// the message is the model's, in words the person can act on.
@MainActor
public struct ProblemBanner: View {
    private enum Message {
        case text(Text)
        case repair(RepairNotice.Message)
        case problem(Problem)
    }

    private let message: Message
    let systemImage: String
    @Environment(\.locale) private var locale
    @Environment(\.timeZone) private var timeZone

    /// A message from a model (a rule's refusal, a store failure), shown as written.
    public init(_ message: String, systemImage: String = "exclamationmark.triangle.fill") {
        self.init(Text(message), systemImage: systemImage)
    }

    public init(_ message: Text, systemImage: String = "exclamationmark.triangle.fill") {
        self.message = .text(message)
        self.systemImage = systemImage
    }

    /// A repair notice's message, said by SystemWords' `StatusWords` (the words the status
    /// Shortcut speaks too) in the phone's language and clock.
    public init(_ message: RepairNotice.Message, systemImage: String = "exclamationmark.triangle.fill") {
        self.message = .repair(message)
        self.systemImage = systemImage
    }

    /// Why a request was not done (a rule's refusal, a store failure), said by SystemWords'
    /// `RefusalWords` in the phone's language and clock.
    public init(_ problem: Problem, systemImage: String = "exclamationmark.triangle.fill") {
        self.message = .problem(problem)
        self.systemImage = systemImage
    }

    private var words: Text {
        switch message {
        case .text(let text): text
        // NB: said already, from the Status catalog.
        case .repair(let repair): Text(said: StatusWords(locale: locale, timeZone: timeZone).repair(repair))
        case .problem(let problem): Text(problem, locale: locale, timeZone: timeZone)
        }
    }

    public var body: some View {
        Label {
            words.font(.callout).fixedSize(horizontal: false, vertical: true)
        } icon: {
            Image(systemName: systemImage).foregroundStyle(Palette.warning).accessibilityHidden(true)
        }
        .frame(maxWidth: .infinity, alignment: .leading)
        .padding(12)
        .background(Palette.warning.opacity(0.12), in: RoundedRectangle(cornerRadius: 12, style: .continuous))
        .accessibilityElement(children: .combine)
    }
}

/// Nothing to show yet, with what to do about it.
@MainActor
public struct EmptyState: View {
    let title: Text
    let message: Text
    let systemImage: String

    public init(_ title: Text, message: Text, systemImage: String) {
        self.title = title
        self.message = message
        self.systemImage = systemImage
    }

    public var body: some View {
        ContentUnavailableView {
            Label {
                title
            } icon: {
                Image(systemName: systemImage)
            }
        } description: {
            message
        }
    }
}

/// A number with its label beneath, for the "today" and streak rows; read as one element.
@MainActor
public struct Stat: View {
    let value: Text
    let label: Text

    public init(value: Text, label: Text) {
        self.value = value
        self.label = label
    }

    public var body: some View {
        VStack(alignment: .leading, spacing: 2) {
            value.font(.title2.weight(.semibold)).monospacedDigit()
            label.font(.caption).foregroundStyle(.secondary)
        }
        .frame(maxWidth: .infinity, alignment: .leading)
        .accessibilityElement(children: .combine)
    }
}

extension Text {
    /// A duration as "1:05:09" or "4:09": what timers show.
    public static func clock(_ seconds: TimeInterval) -> Text {
        let duration = Duration.seconds(max(0, seconds.rounded(.down)))
        return Text(duration, format: .time(pattern: seconds >= 3_600 ? .hourMinuteSecond : .minuteSecond))
    }

    /// A duration in words for VoiceOver and summaries: "25 minutes", "1 hour, 5 minutes" (in the
    /// environment's locale, as every duration here: "1 hora y 5 minutos").
    public static func spoken(_ seconds: TimeInterval) -> Text {
        let duration = Duration.seconds(max(0, seconds.rounded(.down)))
        return Text(duration, format: .units(allowed: [.hours, .minutes, .seconds], width: .wide, maximumUnitCount: 2))
    }

    /// Whole minutes in words: "45 min", "2 hr, 5 min".
    public static func minutes(_ seconds: TimeInterval) -> Text {
        let duration = Duration.seconds(max(0, (seconds / 60).rounded(.down) * 60))
        return Text(duration, format: .units(allowed: [.hours, .minutes], width: .abbreviated))
    }
}

/// A model shown in a sheet or pushed screen: identified by the object itself, so `.sheet(item:)`
/// works for `@MainActor` models that cannot conform to `Identifiable` across isolation.
public struct Shown<Model: AnyObject>: Identifiable {
    public let model: Model
    public var id: ObjectIdentifier { ObjectIdentifier(model) }

    public init(_ model: Model) { self.model = model }
}

/// Runs `action` when each of `dates` comes, on the phone's clock: a screen whose state changes
/// by itself then (an unlock's end, a break's end, a schedule's start) reads it again. Drawn
/// nowhere; put it in a `.background`.
public struct Reload: View {
    let dates: [Date]
    let action: () -> Void

    public init(at dates: [Date], _ action: @escaping () -> Void) {
        self.dates = dates
        self.action = action
    }

    public var body: some View {
        TimelineView(.explicit(dates)) { context in
            Color.clear.onChange(of: context.date) { action() }
        }
        .accessibilityHidden(true)
    }
}

extension Text {
    /// Why a request was not done, said by SystemWords' `RefusalWords` from its catalog in
    /// `locale` and `timeZone` (the view's environment): the one place a screen turns a
    /// ``Problem`` into words. (Already said, so shown as it was said.)
    public init(_ problem: Problem, locale: Locale, timeZone: TimeZone) {
        self.init(verbatim: RefusalWords(locale: locale, timeZone: timeZone).words(problem))
    }
}

/// Why a request was not done, in the phone's language and clock: a ``Problem`` as a view, for a
/// screen that shows it beside a control rather than in a ``ProblemBanner``.
@MainActor
public struct ProblemText: View {
    private let problem: Problem
    @Environment(\.locale) private var locale
    @Environment(\.timeZone) private var timeZone

    public init(_ problem: Problem) { self.problem = problem }

    public var body: some View { Text(problem, locale: locale, timeZone: timeZone) }
}
