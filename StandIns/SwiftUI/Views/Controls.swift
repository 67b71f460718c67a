import CoreTransferable

// The controls a person uses: each becomes an element with what using it does.

public struct ButtonRole: Hashable, Sendable {
    let name: String
    public static let destructive = ButtonRole(name: "destructive")
    public static let cancel = ButtonRole(name: "cancel")
}

nonisolated public struct Button<Label: View>: View, PrimitiveView {
    public typealias Body = Never
    let role: ButtonRole?
    let action: () -> Void
    let label: Label

    public init(action: @escaping () -> Void, @ViewBuilder label: () -> Label) {
        self.init(role: nil, action: action, label: label)
    }

    public init(role: ButtonRole?, action: @escaping () -> Void, @ViewBuilder label: () -> Label) {
        self.role = role
        self.action = action
        self.label = label()
    }

    @MainActor package func render(in context: RenderContext) -> [Element] {
        let labelElements: [Element]
        if let style = context.environment.buttonStyle, let makeBody = style.makeBody {
            let label = context.renderChild(self.label, key: .named("label"))
            labelElements = makeBody(ButtonStyleConfiguration(label: .init(elements: label), isPressed: false, role: role), context)
        } else {
            labelElements = context.renderChild(label, key: .named("label"))
        }
        let stripped = !ButtonFaults.stripped.isEmpty && ButtonFaults.stripped.contains(Screen.words(labelElements))
        let element = context.element(.button(ButtonContent(action: stripped ? {} : action, role: role)), children: labelElements)
        element.style.buttonStyle = context.environment.buttonStyle?.name
        element.style.tint = context.environment.tint
        return [element]
    }
}

/// A test build's fault: buttons whose words are here draw as usual and do nothing when tapped,
/// as a button whose action was removed would. Task-local, so only what the test runs (and the
/// tasks it starts) meets it: the crawler's own test strips one and expects it reported
/// (Tests/ScreenCrawlerTests); nothing else sets it.
package enum ButtonFaults {
    @TaskLocal package static var stripped: Set<String> = []
}

extension Button where Label == Text {
    public init(_ titleKey: LocalizedStringKey, role: ButtonRole? = nil, action: @escaping () -> Void) {
        self.init(role: role, action: action) { Text(titleKey) }
    }

    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, role: ButtonRole? = nil, action: @escaping () -> Void) {
        self.init(role: role, action: action) { Text(title) }
    }
}

// MARK: Button styles

/// How a button's label is drawn (SwiftUI's `ButtonStyle`).
@MainActor @preconcurrency
public protocol ButtonStyle {
    associatedtype Body: View
    typealias Configuration = ButtonStyleConfiguration
    @ViewBuilder @MainActor @preconcurrency func makeBody(configuration: Self.Configuration) -> Self.Body
}

public struct ButtonStyleConfiguration {
    /// The button's label, as its view drew it.
    nonisolated public struct Label: View, PrimitiveView {
        public typealias Body = Never
        let elements: [Element]
        /// The label takes on the font and colour of where the style places it, as SwiftUI's
        /// does (a style's `.foregroundStyle(.white)` colours it), unless its words set their own.
        @MainActor package func render(in context: RenderContext) -> [Element] {
            for element in elements.flatMap(\.flattened) {
                switch element.kind {
                case .text, .image:
                    if element.style.foreground == nil { element.style.foreground = context.environment.foreground }
                    if element.style.font == nil { element.style.font = context.environment.font }
                default: break
                }
            }
            return elements
        }
    }
    public let label: ButtonStyleConfiguration.Label
    public let isPressed: Bool
    public let role: ButtonRole?
}

/// A button style the layer knows by name; a custom one draws through its `makeBody`.
struct AnyButtonStyle {
    let name: String
    let makeBody: ((ButtonStyleConfiguration, RenderContext) -> [Element])?
}

/// The system's own styles, drawn by name in pictures.
public struct SystemButtonStyle: PrimitiveButtonStyle, Sendable {
    let name: String
}

public protocol PrimitiveButtonStyle {}

extension PrimitiveButtonStyle where Self == SystemButtonStyle {
    public static var bordered: SystemButtonStyle { SystemButtonStyle(name: "bordered") }
    public static var borderedProminent: SystemButtonStyle { SystemButtonStyle(name: "borderedProminent") }
    public static var borderless: SystemButtonStyle { SystemButtonStyle(name: "borderless") }
    public static var plain: SystemButtonStyle { SystemButtonStyle(name: "plain") }
    public static var automatic: SystemButtonStyle { SystemButtonStyle(name: "automatic") }
}

@MainActor
extension View {
    public func buttonStyle<S: PrimitiveButtonStyle>(_ style: S) -> some View {
        let name = (style as? SystemButtonStyle)?.name ?? ViewHost.name(of: S.self)
        return environmentChange { $0.buttonStyle = AnyButtonStyle(name: name, makeBody: nil) }
    }

    public func buttonStyle<S: ButtonStyle>(_ style: S) -> some View {
        environmentChange { environment in
            environment.buttonStyle = AnyButtonStyle(name: ViewHost.name(of: S.self)) { configuration, context in
                context.renderComposite(style, body: { $0.makeBody(configuration: configuration) }, key: .named("style"), always: true)
            }
        }
    }
}

// MARK: Toggles, pickers, steppers, dates, fields

nonisolated public struct Toggle<Label: View>: View, PrimitiveView {
    public typealias Body = Never
    let isOn: Binding<Bool>
    let label: Label

    public init(isOn: Binding<Bool>, @ViewBuilder label: () -> Label) {
        self.isOn = isOn
        self.label = label()
    }

    @MainActor package func render(in context: RenderContext) -> [Element] {
        let binding = isOn
        return [
            context.element(
                .toggle(isOn: binding.wrappedValue, set: { binding.wrappedValue = $0 }),
                children: context.renderChild(label, key: .named("label")))
        ]
    }
}

extension Toggle where Label == Text {
    public init(_ titleKey: LocalizedStringKey, isOn: Binding<Bool>) { self.init(isOn: isOn) { Text(titleKey) } }
}

nonisolated public struct Picker<Label: View, SelectionValue: Hashable, Content: View>: View, PrimitiveView {
    public typealias Body = Never
    let selection: Binding<SelectionValue>
    let content: Content
    let label: Label

    public init(selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {
        self.selection = selection
        self.content = content()
        self.label = label()
    }

    @MainActor package func render(in context: RenderContext) -> [Element] {
        let options = context.renderChild(content, key: .named("content")).compactMap { element -> PickerContent.Option? in
            guard let tag = element.tag else { return nil }
            return PickerContent.Option(label: [element], tag: tag)
        }
        let binding = selection
        let picker = PickerContent(options: options, selection: AnyHashable(binding.wrappedValue)) { tag in
            if let value = tag.base as? SelectionValue { binding.wrappedValue = value }
        }
        let element = context.element(.picker(picker), children: context.renderChild(label, key: .named("label")))
        element.style.pickerStyle = context.environment.pickerStyle
        return [element]
    }
}

extension Picker where Label == Text {
    public init(_ titleKey: LocalizedStringKey, selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content) {
        self.init(selection: selection, content: content) { Text(titleKey) }
    }
}

public struct PickerStyleValue: Sendable {
    let name: String
}

public protocol PickerStyle {}
extension PickerStyleValue: PickerStyle {}

extension PickerStyle where Self == PickerStyleValue {
    public static var segmented: PickerStyleValue { PickerStyleValue(name: "segmented") }
    public static var menu: PickerStyleValue { PickerStyleValue(name: "menu") }
    public static var inline: PickerStyleValue { PickerStyleValue(name: "inline") }
    public static var wheel: PickerStyleValue { PickerStyleValue(name: "wheel") }
    public static var navigationLink: PickerStyleValue { PickerStyleValue(name: "navigationLink") }
    public static var automatic: PickerStyleValue { PickerStyleValue(name: "automatic") }
    public static var palette: PickerStyleValue { PickerStyleValue(name: "palette") }
}

@MainActor
extension View {
    public func pickerStyle<S: PickerStyle>(_ style: S) -> some View {
        let name = (style as? PickerStyleValue)?.name ?? "automatic"
        return environmentChange { $0.pickerStyle = name }
    }
}

nonisolated public struct Stepper<Label: View>: View, PrimitiveView {
    public typealias Body = Never
    let increment: (() -> Void)?
    let decrement: (() -> Void)?
    let label: Label

    @MainActor
    public init<V: Strideable>(value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride = 1, @ViewBuilder label: () -> Label) {
        let current = value.wrappedValue
        let up = Swift.min(bounds.upperBound, current.advanced(by: step))
        let down = Swift.max(bounds.lowerBound, current.advanced(by: -step))
        if current < bounds.upperBound { increment = { value.wrappedValue = up } } else { increment = nil }
        if current > bounds.lowerBound { decrement = { value.wrappedValue = down } } else { decrement = nil }
        self.label = label()
    }

    @MainActor
    public init<V: Strideable>(value: Binding<V>, step: V.Stride = 1, @ViewBuilder label: () -> Label) {
        let current = value.wrappedValue
        let up = current.advanced(by: step)
        let down = current.advanced(by: -step)
        increment = { value.wrappedValue = up }
        decrement = { value.wrappedValue = down }
        self.label = label()
    }

    @MainActor package func render(in context: RenderContext) -> [Element] {
        [
            context.element(
                .stepper(StepperContent(increment: increment, decrement: decrement)),
                children: context.renderChild(label, key: .named("label")))
        ]
    }
}

public struct DatePickerComponents: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let hourAndMinute = DatePickerComponents(rawValue: 1)
    public static let date = DatePickerComponents(rawValue: 2)
}

nonisolated public struct DatePicker<Label: View>: View, PrimitiveView {
    public typealias Body = Never
    public typealias Components = DatePickerComponents
    let selection: Binding<Date>
    let range: ClosedRange<Date>?
    let components: DatePickerComponents
    let label: Label

    public init(
        selection: Binding<Date>, displayedComponents: DatePickerComponents = [.hourAndMinute, .date], @ViewBuilder label: () -> Label
    ) {
        self.selection = selection
        range = nil
        components = displayedComponents
        self.label = label()
    }

    public init(
        selection: Binding<Date>, in range: ClosedRange<Date>, displayedComponents: DatePickerComponents = [.hourAndMinute, .date],
        @ViewBuilder label: () -> Label
    ) {
        self.selection = selection
        self.range = range
        components = displayedComponents
        self.label = label()
    }

    @MainActor package func render(in context: RenderContext) -> [Element] {
        let binding = selection
        let range = range
        // What the wheels show, in the phone's locale, zone and calendar.
        var style = Date.FormatStyle(
            locale: context.environment.locale, calendar: context.environment.calendar,
            timeZone: context.environment.timeZone)
        if components.contains(.date) { style = style.year().month().day() }
        if components.contains(.hourAndMinute) { style = style.hour().minute() }
        // NB: the wheels stop at the range's ends.
        let set: (Date) -> Void = { date in binding.wrappedValue = range.map { min(max(date, $0.lowerBound), $0.upperBound) } ?? date }
        return [
            context.element(
                .datePicker(
                    DatePickerContent(
                        date: binding.wrappedValue, style: style, language: context.environment.appLanguage,
                        set: set, components: components)),
                children: context.renderChild(label, key: .named("label")))
        ]
    }
}

public enum Axis: Hashable, Sendable {
    case horizontal, vertical
    public struct Set: OptionSet, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let horizontal = Set(rawValue: 1)
        public static let vertical = Set(rawValue: 2)
    }
}

nonisolated public struct TextField<Label: View>: View, PrimitiveView {
    public typealias Body = Never
    let text: Binding<String>
    let axis: Axis
    let label: Label

    public init(text: Binding<String>, prompt: Text? = nil, axis: Axis = .horizontal, @ViewBuilder label: () -> Label) {
        self.text = text
        self.axis = axis
        self.label = label()
    }

    @MainActor package func render(in context: RenderContext) -> [Element] {
        let binding = text
        let prompt = context.renderChild(label, key: .named("label"))
        let field = TextFieldContent(
            text: binding.wrappedValue, set: { binding.wrappedValue = $0 }, prompt: prompt,
            multiline: axis == .vertical, submit: context.environment.submit)
        return [context.element(.textField(field))]
    }
}

extension TextField where Label == Text {
    public init(_ titleKey: LocalizedStringKey, text: Binding<String>, axis: Axis = .horizontal) {
        self.init(text: text, axis: axis) { Text(titleKey) }
    }
}

nonisolated public struct TextEditor: View, PrimitiveView {
    public typealias Body = Never
    let text: Binding<String>
    public init(text: Binding<String>) { self.text = text }

    @MainActor package func render(in context: RenderContext) -> [Element] {
        let binding = text
        let field = TextFieldContent(
            text: binding.wrappedValue, set: { binding.wrappedValue = $0 }, prompt: [], multiline: true, submit: nil)
        return [context.element(.textField(field))]
    }
}

// MARK: Links and sharing

nonisolated public struct Link<Label: View>: View, PrimitiveView {
    public typealias Body = Never
    let destination: URL
    let label: Label

    public init(destination: URL, @ViewBuilder label: () -> Label) {
        self.destination = destination
        self.label = label()
    }

    @MainActor package func render(in context: RenderContext) -> [Element] {
        [context.element(.link(destination), children: context.renderChild(label, key: .named("label")))]
    }
}

/// The share sheet's button: what it shares, said in words a step can check.
nonisolated public struct ShareLink<Label: View>: View, PrimitiveView {
    public typealias Body = Never
    let item: String
    let label: Label

    public init(item: URL, subject: Text? = nil, message: Text? = nil, @ViewBuilder label: () -> Label) {
        self.item = item.absoluteString
        self.label = label()
    }

    public init(item: String, subject: Text? = nil, message: Text? = nil, @ViewBuilder label: () -> Label) {
        self.item = item
        self.label = label()
    }

    public init<I: Transferable>(
        item: I, subject: Text? = nil, message: Text? = nil, preview: SharePreview, @ViewBuilder label: () -> Label
    ) {
        self.item = preview.title
        self.label = label()
    }

    @MainActor package func render(in context: RenderContext) -> [Element] {
        [context.element(.share(item), children: context.renderChild(label, key: .named("label")))]
    }
}

/// What the share sheet shows of an item.
public struct SharePreview {
    let title: String
    public init(_ text: Text) {
        title = text.resolve(in: TextContext(locale: Locale(identifier: "en_US"), timeZone: .gmt, calendar: .current, now: Date()))
    }
}

// MARK: Progress and gauges

nonisolated public struct ProgressView<Label: View, CurrentValueLabel: View>: View, PrimitiveView {
    public typealias Body = Never
    let content: ProgressContent
    let label: Label?
    /// Drawn beneath the bar (a timer's time left), as iOS's linear style does.
    var currentValueLabel: CurrentValueLabel?

    @MainActor package func render(in context: RenderContext) -> [Element] {
        let children =
            (label.map { context.renderChild($0, key: .named("label")) } ?? [])
            + (currentValueLabel.map { context.renderChild($0, key: .named("value")) } ?? [])
        let element = context.element(.progress(content), children: children)
        // What VoiceOver reads of a bar: how far along it is, now.
        if let timer = content.timer {
            element.accessibility.value = ResolvableText(
                Text(storage: .progress(timer, countsDown: content.countsDown)), context.environment)
        } else if let fraction = content.fraction {
            element.accessibility.value = ResolvableText(Text(Int((fraction * 100).rounded(.down)).formatted() + "%"), context.environment)
        }
        return [element]
    }
}

extension ProgressView where Label == EmptyView, CurrentValueLabel == EmptyView {
    public init() {
        content = ProgressContent(fraction: nil, timer: nil, countsDown: false)
        label = nil
    }

    public init<V: BinaryFloatingPoint>(value: V?, total: V = 1) {
        content = ProgressContent(fraction: value.map { Double($0 / total) }, timer: nil, countsDown: false)
        label = nil
    }
}

extension ProgressView where CurrentValueLabel == EmptyView {
    public init(@ViewBuilder label: () -> Label) {
        content = ProgressContent(fraction: nil, timer: nil, countsDown: false)
        self.label = label()
    }
}

extension ProgressView {
    public init(
        timerInterval: ClosedRange<Date>, countsDown: Bool = true, @ViewBuilder label: () -> Label,
        @ViewBuilder currentValueLabel: () -> CurrentValueLabel
    ) {
        content = ProgressContent(fraction: nil, timer: timerInterval, countsDown: countsDown)
        self.label = label()
        self.currentValueLabel = currentValueLabel()
    }
}

nonisolated public struct Gauge<Label: View, CurrentValueLabel: View>: View, PrimitiveView {
    public typealias Body = Never
    let fraction: Double
    let label: Label
    let currentValueLabel: CurrentValueLabel

    public init<V: BinaryFloatingPoint>(
        value: V, in bounds: ClosedRange<V> = 0...1, @ViewBuilder label: () -> Label,
        @ViewBuilder currentValueLabel: () -> CurrentValueLabel
    ) {
        fraction = Double((value - bounds.lowerBound) / (bounds.upperBound - bounds.lowerBound))
        self.label = label()
        self.currentValueLabel = currentValueLabel()
    }

    @MainActor package func render(in context: RenderContext) -> [Element] {
        [
            context.element(
                .gauge(fraction: fraction),
                children: context.renderChild(label, key: .named("label"))
                    + context.renderChild(currentValueLabel, key: .named("value")))
        ]
    }
}

public struct GaugeStyleValue: Sendable {}
public protocol GaugeStyle {}
extension GaugeStyleValue: GaugeStyle {}
extension GaugeStyle where Self == GaugeStyleValue {
    public static var accessoryCircularCapacity: GaugeStyleValue { GaugeStyleValue() }
    public static var accessoryCircular: GaugeStyleValue { GaugeStyleValue() }
    public static var linearCapacity: GaugeStyleValue { GaugeStyleValue() }
}

@MainActor
extension View {
    public func gaugeStyle<S: GaugeStyle>(_ style: S) -> some View { unrendered("gaugeStyle") }
}

// MARK: Labels

nonisolated public struct Label<Title: View, Icon: View>: View, PrimitiveView {
    public typealias Body = Never
    let title: Title
    let icon: Icon

    public init(@ViewBuilder title: () -> Title, @ViewBuilder icon: () -> Icon) {
        self.title = title()
        self.icon = icon()
    }

    @MainActor package func render(in context: RenderContext) -> [Element] {
        let icon = context.renderChild(self.icon, key: .named("icon"))
        let title = context.renderChild(self.title, key: .named("title"))
        return [context.element(.container(.label), children: icon + title)]
    }
}

extension Label where Title == Text, Icon == Image {
    public init(_ titleKey: LocalizedStringKey, systemImage: String) {
        self.init(title: { Text(titleKey) }, icon: { Image(systemName: systemImage) })
    }

    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, systemImage: String) {
        self.init(title: { Text(title) }, icon: { Image(systemName: systemImage) })
    }
}

nonisolated public struct LabeledContent<Label: View, Content: View>: View, PrimitiveView {
    public typealias Body = Never
    let content: Content
    let label: Label

    public init(@ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {
        self.content = content()
        self.label = label()
    }

    @MainActor package func render(in context: RenderContext) -> [Element] {
        let label = context.renderChild(self.label, key: .named("label"))
        let content = context.renderChild(self.content, key: .named("content"))
        return [context.element(.container(.labeledContent), children: label + content)]
    }
}

extension LabeledContent where Label == Text, Content == Text {
    public init<S: StringProtocol>(_ titleKey: LocalizedStringKey, value: S) {
        self.init(content: { Text(value) }, label: { Text(titleKey) })
    }
}

nonisolated public struct Spacer: View, PrimitiveView {
    public typealias Body = Never
    public init(minLength: Double? = nil) {}
    @MainActor package func render(in context: RenderContext) -> [Element] { [context.element(.spacer)] }
}

nonisolated public struct Divider: View, PrimitiveView {
    public typealias Body = Never
    public init() {}
    @MainActor package func render(in context: RenderContext) -> [Element] { [context.element(.divider)] }
}

nonisolated public struct ContentUnavailableView<Label: View, Description: View, Actions: View>: View, PrimitiveView {
    public typealias Body = Never
    let label: Label
    let description: Description
    let actions: Actions

    public init(
        @ViewBuilder label: () -> Label, @ViewBuilder description: () -> Description = { EmptyView() },
        @ViewBuilder actions: () -> Actions = { EmptyView() }
    ) {
        self.label = label()
        self.description = description()
        self.actions = actions()
    }

    @MainActor package func render(in context: RenderContext) -> [Element] {
        [
            context.element(
                .container(.unavailable),
                children: context.renderChild(label, key: .named("label"))
                    + context.renderChild(description, key: .named("description")) + context.renderChild(actions, key: .named("actions")))
        ]
    }
}
