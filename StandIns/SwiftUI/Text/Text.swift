/// Words on the screen (SwiftUI's `Text`): a String Catalog entry with its arguments, a verbatim
/// string, a date or a timer, or several of those joined with `+`.
public struct Text: Equatable, @unchecked Sendable, CatalogWords {
    enum Storage {
        case verbatim(String)
        case localized(LocalizedStringKey, table: String?, bundle: Bundle?)
        case date(Date, DateStyle)
        case timer(ClosedRange<Date>, countsDown: Bool, showsHours: Bool)
        case formatted(signature: String, any FormattedValue)
        /// How far along a timer-driven bar is, in whole percent.
        case progress(ClosedRange<Date>, countsDown: Bool)
        case joined([Text])
    }

    let storage: Storage
    var style = TextStyle()

    init(storage: Storage) { self.storage = storage }

    public init(verbatim content: String) { storage = .verbatim(content) }

    @_disfavoredOverload
    public init<S: StringProtocol>(_ content: S) { storage = .verbatim(String(content)) }

    public init(_ key: LocalizedStringKey, tableName: String? = nil, bundle: Bundle? = nil, comment: StaticString? = nil) {
        storage = .localized(key, table: tableName, bundle: bundle)
    }

    public init(_ date: Date, style: DateStyle) { storage = .date(date, style) }

    public init(timerInterval: ClosedRange<Date>, pauseTime: Date? = nil, countsDown: Bool = true, showsHours: Bool = true) {
        storage = .timer(timerInterval, countsDown: countsDown, showsHours: showsHours)
    }

    public init<F: FormatStyle>(_ input: F.FormatInput, format: F) where F.FormatInput: Equatable, F.FormatOutput == String {
        storage = .formatted(signature: "\(input)|\(format)", Formatted(input: input, format: format))
    }

    public init(_ image: Image) { storage = .verbatim("") }

    public static func + (lhs: Text, rhs: Text) -> Text { Text(storage: .joined([lhs, rhs])) }

    public static func == (lhs: Text, rhs: Text) -> Bool { lhs.signature == rhs.signature && lhs.style == rhs.style }

    package var signature: String {
        switch storage {
        case .verbatim(let string): "v:\(string)"
        case .localized(let key, let table, let bundle):
            "l:\(key.key)|\(key.arguments.map(\.signature))|\(table ?? "")|\(bundle?.bundlePath ?? "")"
        case .date(let date, let style): "d:\(date.timeIntervalSinceReferenceDate)|\(style)"
        case .timer(let range, let down, let hours): "t:\(range)|\(down)|\(hours)"
        case .formatted(let signature, _): "f:\(signature)"
        case .joined(let parts): "j:" + parts.map(\.signature).joined(separator: "‖")
        case .progress(let range, let down): "p:\(range)|\(down)"
        }
    }

    public enum DateStyle: Hashable, Sendable {
        case time, date, relative, offset, timer
    }

    public enum TruncationMode: Sendable { case head, tail, middle }
    public enum Case: Sendable { case uppercase, lowercase }

    // MARK: Resolving

    /// The words as the phone shows them now.
    package func resolve(in context: TextContext) -> String {
        switch storage {
        case .verbatim(let string): return context.reading ? Reading.english(whole: string) : string
        case .localized(let key, let table, let bundle):
            return Catalogs.string(key.key, arguments: key.arguments, table: table, bundle: bundle, in: context)
        case .date(let date, let style): return Text.format(date, style: style, in: context)
        case .timer(let range, let countsDown, let showsHours):
            let now = context.now
            let total = range.upperBound.timeIntervalSince(range.lowerBound)
            let shown = countsDown ? range.upperBound.timeIntervalSince(now) : now.timeIntervalSince(range.lowerBound)
            return Text.clock(min(max(0, shown), max(0, total)), showsHours: showsHours)
        case .formatted(_, let value): return value.resolve(in: context)
        case .joined(let parts): return parts.map { $0.resolve(in: context) }.joined()
        case .progress(let range, let countsDown):
            let total = range.upperBound.timeIntervalSince(range.lowerBound)
            let done = total > 0 ? min(1, max(0, context.now.timeIntervalSince(range.lowerBound) / total)) : 1
            return "\(Int(((countsDown ? 1 - done : done) * 100).rounded(.down)))%"
        }
    }

    /// Each run of words with the style it is drawn in, for pictures.
    func runs(in context: TextContext, inherited: TextStyle = TextStyle()) -> [(String, TextStyle)] {
        let style = inherited.merged(with: self.style)
        if case .joined(let parts) = storage { return parts.flatMap { $0.runs(in: context, inherited: style) } }
        return [(resolve(in: context), style)]
    }

    static func clock(_ seconds: TimeInterval, showsHours: Bool = true) -> String {
        let whole = Int(seconds.rounded(.down))
        let (hours, minutes, rest) = (whole / 3_600, (whole % 3_600) / 60, whole % 60)
        if hours > 0, showsHours { return String(format: "%d:%02d:%02d", hours, minutes, rest) }
        return String(format: "%d:%02d", showsHours ? minutes : whole / 60, rest)
    }

    static func format(_ date: Date, style: DateStyle, in context: TextContext) -> String {
        switch style {
        case .time:
            return date.formatted(
                Date.FormatStyle(
                    date: .omitted, time: .shortened, locale: context.locale,
                    calendar: context.calendar, timeZone: context.timeZone))
        case .date:
            return date.formatted(
                Date.FormatStyle(
                    date: .long, time: .omitted, locale: context.locale,
                    calendar: context.calendar, timeZone: context.timeZone))
        case .relative, .offset:
            let seconds = date.timeIntervalSince(context.now)
            let words = Duration.seconds(abs(seconds).rounded(.down))
                .formatted(.units(allowed: [.days, .hours, .minutes, .seconds], width: .abbreviated, maximumUnitCount: 2))
            return style == .offset ? (seconds >= 0 ? "+" : "-") + words : words
        case .timer:
            return clock(abs(date.timeIntervalSince(context.now)))
        }
    }

    static func format<F: FormatStyle>(_ input: F.FormatInput, with format: F, in context: TextContext) -> String
    where F.FormatOutput == String {
        if var date = format as? Date.FormatStyle, let value = input as? Date {
            // NB: a style made without a zone or calendar follows the phone's, as on iOS.
            if date.timeZone == TimeZone.autoupdatingCurrent { date.timeZone = context.timeZone }
            if date.calendar == Calendar.autoupdatingCurrent { date.calendar = context.calendar }
            return date.locale(context.locale).format(value)
        }
        return format.locale(context.locale).format(input)
    }
}

/// A value and the format style it is shown with.
protocol FormattedValue {
    func resolve(in context: TextContext) -> String
}

struct Formatted<F: FormatStyle>: FormattedValue where F.FormatOutput == String {
    let input: F.FormatInput
    let format: F
    func resolve(in context: TextContext) -> String { Text.format(input, with: format, in: context) }
}

/// How a run of text is drawn.
package struct TextStyle: Equatable {
    package var font: Font?
    package var weight: Font.Weight?
    package var italic = false
    package var monospaced = false
    package var color: Color?
    package var strikethrough = false

    func merged(with inner: TextStyle) -> TextStyle {
        var merged = self
        if let font = inner.font { merged.font = font }
        if let weight = inner.weight { merged.weight = weight }
        if inner.italic { merged.italic = true }
        if inner.monospaced { merged.monospaced = true }
        if let color = inner.color { merged.color = color }
        if inner.strikethrough { merged.strikethrough = true }
        return merged
    }
}

extension Text {
    private func styled(_ change: (inout TextStyle) -> Void) -> Text {
        var copy = self
        change(&copy.style)
        return copy
    }

    public func font(_ font: Font?) -> Text { styled { $0.font = font } }
    public func fontWeight(_ weight: Font.Weight?) -> Text { styled { $0.weight = weight } }
    public func bold() -> Text { styled { $0.weight = .bold } }
    public func bold(_ isActive: Bool) -> Text { isActive ? bold() : self }
    public func italic() -> Text { styled { $0.italic = true } }
    public func italic(_ isActive: Bool) -> Text { isActive ? italic() : self }
    public func monospaced() -> Text { styled { $0.monospaced = true } }
    public func monospaced(_ isActive: Bool) -> Text { isActive ? monospaced() : self }
    public func monospacedDigit() -> Text { styled { $0.monospaced = true } }
    public func foregroundColor(_ color: Color?) -> Text { styled { $0.color = color } }
    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> Text { styled { $0.color = AnyShapeStyle(style).color } }
    public func strikethrough(_ isActive: Bool = true, color: Color? = nil) -> Text { styled { $0.strikethrough = isActive } }
    public func underline(_ isActive: Bool = true, color: Color? = nil) -> Text { unrendered("Text.underline") }
    public func kerning(_ kerning: Double) -> Text { unrendered("Text.kerning") }
    public func tracking(_ tracking: Double) -> Text { unrendered("Text.tracking") }
    public func baselineOffset(_ offset: Double) -> Text { unrendered("Text.baselineOffset") }

    /// The text, itself: its typography is not kept (``Unrendered``).
    private func unrendered(_ symbol: String) -> Text {
        Unrendered.note(symbol)
        return self
    }
}

extension View {
    /// Shows the text below in `textCase`, as the environment's locale writes it; `nil` as written.
    public func textCase(_ textCase: Text.Case?) -> some View {
        environmentChange { $0.textCase = textCase }
    }
}

extension Text: View, PrimitiveView {
    public typealias Body = Never

    @MainActor package func render(in context: RenderContext) -> [Element] {
        let element = context.element(.text(ResolvableText(self, context.environment)))
        element.style.font = style.font ?? context.environment.font
        element.style.foreground = style.color.map(AnyShapeStyle.init) ?? context.environment.foreground
        element.style.weight = style.weight
        element.style.italic = style.italic
        element.style.monospaced = style.monospaced
        return [element]
    }
}

/// Text kept with the environment it was drawn in, resolved when read.
@MainActor
package struct ResolvableText {
    let text: Text
    let locale: Locale
    let timeZone: TimeZone
    let calendar: Calendar
    let language: AppLanguage
    /// The case the environment shows it in (`textCase(_:)`), as the locale writes it.
    let textCase: Text.Case?
    /// The clock of the host that drew it (the phone's).
    let now: () -> Date

    package init(_ text: Text, _ environment: EnvironmentValues) {
        self.text = text
        locale = environment.locale
        timeZone = environment.timeZone
        calendar = environment.calendar
        language = environment.appLanguage
        textCase = environment.textCase
        now = environment.host?.now ?? { Date() }
    }

    private var context: TextContext {
        TextContext(locale: locale, timeZone: timeZone, calendar: calendar, now: now(), language: language)
    }

    /// The words as they read now: as the person reads them, who reads a Spanish phone's in
    /// English (``Reading``); as drawn in pictures.
    package var string: String {
        guard language == .spanish, !Reading.asDrawn else { return cased(text.resolve(in: context)) }
        return cased(text.resolve(in: context.read), in: Reading.locale)
    }

    /// The runs of words with their styles, for pictures.
    package var runs: [(String, TextStyle)] { text.runs(in: context).map { (cased($0.0), $0.1) } }

    private func cased(_ words: String, in locale: Locale? = nil) -> String {
        switch textCase {
        case .uppercase: words.uppercased(with: locale ?? self.locale)
        case .lowercase: words.lowercased(with: locale ?? self.locale)
        case nil: words
        }
    }
}
