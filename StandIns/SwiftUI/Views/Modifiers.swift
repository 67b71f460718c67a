// Modifiers: what they change in the elements, when their actions run, and the ones not drawn.

// MARK: Appearing, tasks and changes

nonisolated struct LifecycleModifier: ViewModifier, PrimitiveModifier {
    typealias Body = Never
    var onAppear: (() -> Void)?
    var onDisappear: (() -> Void)?

    @MainActor package func apply<Content: View>(to content: Content, in context: RenderContext) -> [Element] {
        let node = context.node
        node.onDisappear = onDisappear.map { [$0] } ?? []
        if !node.appeared {
            node.appeared = true
            if let onAppear { context.afterFrame(onAppear) }
        }
        return context.renderChild(content, key: .index(0))
    }
}

nonisolated struct TaskModifier: ViewModifier, PrimitiveModifier {
    typealias Body = Never
    let id: AnyHashable
    let name: String
    let action: @Sendable () async -> Void

    @MainActor package func apply<Content: View>(to content: Content, in context: RenderContext) -> [Element] {
        let node = context.node
        let elements = context.renderChild(content, key: .index(0))
        let running = node.storage[TaskKey.running] as? TaskRecord
        if !node.appeared || node.storage[TaskKey.id] as? AnyHashable != id || running == nil {
            let restart = node.appeared && running != nil
            node.appeared = true
            node.storage[TaskKey.id] = id
            if restart || running == nil {
                running?.cancel()
                if let running { context.host.taskEnded(running) }
                let action = action
                let name = name
                context.afterFrame { [weak node] in
                    guard let node, node.appeared else { return }
                    node.storage[TaskKey.running] = node.host.start(name, for: node, action)
                }
                node.storage[TaskKey.running] = TaskRecord(name: name)
            }
        }
        return elements
    }
}

nonisolated struct ChangeModifier<Value: Equatable>: ViewModifier, PrimitiveModifier {
    typealias Body = Never
    let value: Value
    let initial: Bool
    let action: (Value, Value) -> Void

    @MainActor package func apply<Content: View>(to content: Content, in context: RenderContext) -> [Element] {
        let node = context.node
        let elements = context.renderChild(content, key: .index(0))
        let value = value
        let action = action
        if let old = node.storage["change.value"] as? Value {
            if old != value { context.afterFrame { action(old, value) } }
        } else if initial {
            context.afterFrame { action(value, value) }
        }
        node.storage["change.value"] = value
        return elements
    }
}

@MainActor
extension View {
    public func onAppear(perform action: (() -> Void)? = nil) -> some View {
        modifier(LifecycleModifier(onAppear: action, onDisappear: nil))
    }

    public func onDisappear(perform action: (() -> Void)? = nil) -> some View {
        modifier(LifecycleModifier(onAppear: nil, onDisappear: action))
    }

    public func task(
        priority: TaskPriority = .userInitiated, @_inheritActorContext _ action: @escaping @Sendable () async -> Void
    ) -> some View {
        modifier(TaskModifier(id: AnyHashable(0), name: "task", action: action))
    }

    public func task<T: Equatable>(
        id value: T, priority: TaskPriority = .userInitiated,
        @_inheritActorContext _ action: @escaping @Sendable () async -> Void
    ) -> some View {
        modifier(
            TaskModifier(id: (value as? AnyHashable) ?? AnyHashable(String(describing: value)), name: "task(id: \(value))", action: action))
    }

    public func onChange<V: Equatable>(
        of value: V, initial: Bool = false, _ action: @escaping (_ oldValue: V, _ newValue: V) -> Void
    ) -> some View {
        modifier(ChangeModifier(value: value, initial: initial, action: action))
    }

    public func onChange<V: Equatable>(of value: V, initial: Bool = false, _ action: @escaping () -> Void) -> some View {
        modifier(ChangeModifier(value: value, initial: initial, action: { _, _ in action() }))
    }

    /// What the keyboard's return key does in the text fields within.
    public func onSubmit(of triggers: SubmitTriggers = .text, _ action: @escaping () -> Void) -> some View {
        environmentChange { $0.submit = action }
    }

    /// What the app does with a link iOS opens it at.
    public func onOpenURL(perform action: @escaping (URL) -> Void) -> some View {
        modifier(ElementModifier(symbol: "onOpenURL") { _, context in context.presentations.openURL.append(action) })
    }

    public func refreshable(@_inheritActorContext action: @escaping @Sendable () async -> Void) -> some View {
        environmentChange { $0.refresh = RefreshAction(action: action) }
    }
}

public struct SubmitTriggers: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let text = SubmitTriggers(rawValue: 1)
    public static let search = SubmitTriggers(rawValue: 2)
}

private struct SubmitKey: EnvironmentKey { static var defaultValue: (() -> Void)? { nil } }
private struct HostKey: EnvironmentKey { static let defaultValue = WeakHost() }

final class WeakHost: @unchecked Sendable {
    weak var host: ViewHost?
}

extension EnvironmentValues {
    var submit: (() -> Void)? {
        get { self[SubmitKey.self] }
        set { self[SubmitKey.self] = newValue }
    }

    /// The host drawing the views, so words read its clock.
    @MainActor var host: ViewHost? {
        get { self[HostKey.self].host }
        set {
            let box = WeakHost()
            box.host = newValue
            self[HostKey.self] = box
        }
    }
}

// MARK: Using and not using

@MainActor
extension View {
    public func disabled(_ disabled: Bool) -> some View {
        environmentChange { if disabled { $0.isEnabled = false } }
    }

    /// Identity: a new id is a new view (its state starts again).
    public func id<ID: Hashable>(_ id: ID) -> some View { IdentifiedView(content: self, id: AnyHashable(id)) }

    public func onLongPressGesture(
        minimumDuration: Double = 0.5, maximumDistance: Double = 10, perform action: @escaping () -> Void,
        onPressingChanged: ((Bool) -> Void)? = nil
    ) -> some View {
        elements("onLongPressGesture") { element in
            element.longPress = LongPressContent(minimumDuration: minimumDuration, perform: action, pressing: onPressingChanged)
        }
    }

    public func onTapGesture(count: Int = 1, perform action: @escaping () -> Void) -> some View {
        modifier(
            ElementModifier(symbol: "onTapGesture") { elements, context in
                elements = [context.element(.button(ButtonContent(action: action, role: nil)), children: elements)]
            })
    }

    public func swipeActions<T: View>(
        edge: HorizontalEdge = .trailing, allowsFullSwipe: Bool = true, @ViewBuilder content: () -> T
    ) -> some View {
        let actions = content()
        return modifier(
            ElementModifier(symbol: "swipeActions") { elements, context in
                let buttons = context.renderChild(actions, key: .named("swipeActions")).flatMap(\.flattened).filter {
                    if case .button = $0.kind { true } else { false }
                }
                for element in elements { element.swipeActions += buttons }
            })
    }

    public func contextMenu<M: View>(@ViewBuilder menuItems: () -> M) -> some View {
        let items = menuItems()
        return modifier(
            ElementModifier(symbol: "contextMenu") { elements, context in
                let buttons = context.renderChild(items, key: .named("contextMenu")).flatMap(\.flattened).filter {
                    if case .button = $0.kind { true } else { false }
                }
                for element in elements { element.contextMenu += buttons }
            })
    }

    public func focused(_ binding: FocusState<Bool>.Binding) -> some View { unrendered("focused") }
    public func focused<V: Hashable>(_ binding: FocusState<V?>.Binding, equals value: V) -> some View { unrendered("focused") }
    public func keyboardType(_ type: UIKeyboardType) -> some View { unrendered("keyboardType") }
    public func textInputAutocapitalization(_ autocapitalization: TextInputAutocapitalization?) -> some View {
        unrendered("textInputAutocapitalization")
    }
    public func autocorrectionDisabled(_ disable: Bool = true) -> some View { unrendered("autocorrectionDisabled") }
    public func textContentType(_ type: UITextContentType?) -> some View { unrendered("textContentType") }
    public func textSelection(_ selectability: TextSelectability) -> some View { unrendered("textSelection") }
    public func contentShape<S: Shape>(_ shape: S) -> some View { unrendered("contentShape") }
}

public enum HorizontalEdge: Sendable { case leading, trailing }

nonisolated struct IdentifiedView<Content: View>: View, PrimitiveView {
    typealias Body = Never
    let content: Content
    let id: AnyHashable
    @MainActor package func render(in context: RenderContext) -> [Element] { context.renderChild(content, key: .id(id)) }
}

public struct UIKeyboardType: Sendable {
    public static let `default` = UIKeyboardType()
    public static let numberPad = UIKeyboardType()
    public static let numbersAndPunctuation = UIKeyboardType()
    public static let decimalPad = UIKeyboardType()
    public static let URL = UIKeyboardType()
    public static let emailAddress = UIKeyboardType()
}

public struct TextInputAutocapitalization: Sendable {
    public static let never = TextInputAutocapitalization()
    public static let words = TextInputAutocapitalization()
    public static let sentences = TextInputAutocapitalization()
    public static let characters = TextInputAutocapitalization()
}

public struct UITextContentType: Sendable {
    public static let nickname = UITextContentType()
    public static let name = UITextContentType()
    public static let username = UITextContentType()
}

public struct TextSelectability: Sendable {
    public static let enabled = TextSelectability()
    public static let disabled = TextSelectability()
}

// MARK: Accessibility

public struct AccessibilityTraits: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let isButton = AccessibilityTraits(rawValue: 1 << 0)
    public static let isHeader = AccessibilityTraits(rawValue: 1 << 1)
    public static let isSelected = AccessibilityTraits(rawValue: 1 << 2)
    public static let isLink = AccessibilityTraits(rawValue: 1 << 3)
    public static let updatesFrequently = AccessibilityTraits(rawValue: 1 << 4)
    public static let isImage = AccessibilityTraits(rawValue: 1 << 5)
    public static let isStaticText = AccessibilityTraits(rawValue: 1 << 6)
}

public enum AccessibilityChildBehavior: Sendable {
    case ignore, combine, contain
}

@MainActor
extension View {
    public func accessibilityLabel(_ label: Text) -> some View {
        elements("accessibilityLabel") { element, context in element.accessibility.label = ResolvableText(label, context.environment) }
    }

    public func accessibilityLabel(_ key: LocalizedStringKey) -> some View { accessibilityLabel(Text(key)) }

    @_disfavoredOverload
    public func accessibilityLabel<S: StringProtocol>(_ label: S) -> some View { accessibilityLabel(Text(label)) }

    public func accessibilityHint(_ hint: Text) -> some View {
        elements("accessibilityHint") { element, context in element.accessibility.hint = ResolvableText(hint, context.environment) }
    }

    public func accessibilityValue(_ value: Text) -> some View {
        elements("accessibilityValue") { element, context in element.accessibility.value = ResolvableText(value, context.environment) }
    }

    public func accessibilityAddTraits(_ traits: AccessibilityTraits) -> some View {
        elements("accessibilityAddTraits") { element in element.accessibility.traits.formUnion(traits) }
    }

    public func accessibilityHidden(_ hidden: Bool) -> some View {
        elements("accessibilityHidden") { element in if hidden { element.accessibility.hidden = true } }
    }

    public func accessibilityElement(children: AccessibilityChildBehavior = .ignore) -> some View {
        modifier(
            ElementModifier(symbol: "accessibilityElement") { elements, context in
                // One element for VoiceOver: what it wraps stays drawn, read as one.
                if elements.count == 1, elements[0].accessibility.combine == nil {
                    elements[0].accessibility.combine = children
                } else {
                    let element = context.element(.container(.stack), children: elements)
                    element.accessibility.combine = children
                    elements = [element]
                }
            })
    }

    public func accessibilityAction(named name: Text, _ handler: @escaping () -> Void) -> some View {
        elements("accessibilityAction") { element, context in
            element.accessibility.actions.append((ResolvableText(name, context.environment), handler))
        }
    }
}

// MARK: Styles drawn in pictures

@MainActor
extension View {
    public func font(_ font: Font?) -> some View { environmentChange { $0.font = font } }

    public func fontWeight(_ weight: Font.Weight?) -> some View {
        elements("fontWeight") { element in element.style.weight = weight }
    }

    public func bold(_ isActive: Bool = true) -> some View { elements("bold") { element in if isActive { element.style.weight = .bold } } }
    public func italic(_ isActive: Bool = true) -> some View { elements("italic") { element in element.style.italic = isActive } }
    public func monospacedDigit() -> some View { elements("monospacedDigit") { element in element.style.monospaced = true } }
    public func monospaced(_ isActive: Bool = true) -> some View {
        elements("monospaced") { element in element.style.monospaced = isActive }
    }

    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> some View { environmentChange { $0.foreground = AnyShapeStyle(style) } }
    public func foregroundColor(_ color: Color?) -> some View { environmentChange { $0.foreground = color.map(AnyShapeStyle.init) } }
    public func tint(_ tint: Color?) -> some View { environmentChange { $0.tint = tint } }

    public func background<S: ShapeStyle>(_ style: S, ignoresSafeAreaEdges edges: Edge.Set = .all) -> some View {
        elements("background") { element in element.style.background = AnyShapeStyle(style) }
    }

    public func background<S: ShapeStyle, T: Shape>(_ style: S, in shape: T, fillStyle: FillStyle = FillStyle()) -> some View {
        elements("background") { element in
            element.style.background = AnyShapeStyle(style)
            element.style.cornerRadius = (shape as? RoundedRectangle)?.cornerRadius ?? (shape is Capsule ? 999 : nil)
        }
    }

    public func background<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> some View {
        let background = content()
        return modifier(
            ElementModifier(symbol: "background") { elements, context in
                let drawn = context.renderChild(background, key: .named("background"))
                // A background view is kept as its colour: the first it draws (a ZStack's base colour).
                let color = drawn.flatMap(\.flattened).lazy.compactMap { element -> Color? in
                    if case .color(let value) = element.kind { value } else { nil }
                }.first
                if let color { elements.forEach { $0.style.background = AnyShapeStyle(color) } }
            })
    }

    public func opacity(_ opacity: Double) -> some View { elements("opacity") { element in element.style.opacity *= opacity } }

    /// Keeps its place and shows nothing: iOS neither draws it nor lets it be tapped or read.
    public func hidden() -> some View { elements("hidden") { element in element.style.hidden = true } }

    public func padding(_ length: Double? = nil) -> some View { elements("padding") { element in element.style.padded = true } }
    public func padding(_ edges: Edge.Set, _ length: Double? = nil) -> some View {
        elements("padding") { element in element.style.padded = true }
    }

    public func lineLimit(_ number: Int?) -> some View { elements("lineLimit") { element in element.style.lineLimit = number } }
    public func multilineTextAlignment(_ alignment: TextAlignment) -> some View {
        elements("multilineTextAlignment") { element in element.style.alignment = "\(alignment)" }
    }

    /// Content above or below, pinned (the onboarding's and paywall's buttons).
    public func safeAreaInset<V: View>(
        edge: VerticalEdge, alignment: HorizontalAlignment = .center, spacing: Double? = nil,
        @ViewBuilder content: () -> V
    ) -> some View {
        let inset = content()
        return modifier(
            ElementModifier(symbol: "safeAreaInset") { elements, context in
                let drawn = context.renderChild(inset, key: .named("inset"))
                elements = edge == .top ? drawn + elements : elements + drawn
            })
    }

    public func overlay<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> some View {
        let overlay = content()
        return modifier(
            ElementModifier(symbol: "overlay") { elements, context in
                let drawn = context.renderChild(overlay, key: .named("overlay"))
                // NB: an overlay is sized to what it covers; a colour or shape in it fills that and
                // takes every touch (UIKit hit-tests the frontmost), unless it lets them pass.
                if drawn.contains(where: \.takesTouchesOverAll) { elements.forEach { $0.style.covered = true } }
                elements += drawn
            })
    }

    /// With `false`, touches pass through the view and what it holds to what is under it.
    public func allowsHitTesting(_ enabled: Bool) -> some View {
        elements("allowsHitTesting") { element in if !enabled { element.style.passesTouches = true } }
    }

    // Layout, animation and drawing effects: accepted, not drawn (`Unrendered`).
    public func frame(width: Double? = nil, height: Double? = nil, alignment: Alignment = .center) -> some View { unrendered("frame") }
    public func frame(
        minWidth: Double? = nil, idealWidth: Double? = nil, maxWidth: Double? = nil, minHeight: Double? = nil,
        idealHeight: Double? = nil, maxHeight: Double? = nil, alignment: Alignment = .center
    ) -> some View { unrendered("frame") }
    public func fixedSize(horizontal: Bool = true, vertical: Bool = true) -> some View { unrendered("fixedSize") }
    public func minimumScaleFactor(_ factor: Double) -> some View { unrendered("minimumScaleFactor") }
    public func aspectRatio(_ ratio: Double? = nil, contentMode: ContentMode) -> some View { unrendered("aspectRatio") }
    public func scaledToFit() -> some View { unrendered("scaledToFit") }
    public func scaledToFill() -> some View { unrendered("scaledToFill") }
    public func rotationEffect(_ angle: Angle, anchor: UnitPoint = .center) -> some View { unrendered("rotationEffect") }
    public func scaleEffect(_ scale: Double, anchor: UnitPoint = .center) -> some View { unrendered("scaleEffect") }
    public func offset(x: Double = 0, y: Double = 0) -> some View { unrendered("offset") }
    public func animation<V: Equatable>(_ animation: Animation?, value: V) -> some View { unrendered("animation") }
    public func clipShape<S: Shape>(_ shape: S) -> some View { unrendered("clipShape") }
    public func shadow(color: Color = .black, radius: Double, x: Double = 0, y: Double = 0) -> some View { unrendered("shadow") }
    public func ignoresSafeArea(_ regions: SafeAreaRegions = .all, edges: Edge.Set = .all) -> some View { unrendered("ignoresSafeArea") }
    public func layoutPriority(_ value: Double) -> some View { unrendered("layoutPriority") }
    public func dynamicTypeSize(_ range: ClosedRange<DynamicTypeSize>) -> some View { unrendered("dynamicTypeSize") }
}

public enum ContentMode: Sendable { case fit, fill }
public enum TextAlignment: Sendable { case leading, center, trailing }
public enum VerticalEdge: Sendable { case top, bottom }
public enum Edge: Sendable {
    case top, leading, bottom, trailing
    public struct Set: OptionSet, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let top = Set(rawValue: 1)
        public static let leading = Set(rawValue: 2)
        public static let bottom = Set(rawValue: 4)
        public static let trailing = Set(rawValue: 8)
        public static let all: Set = [.top, .leading, .bottom, .trailing]
        public static let horizontal: Set = [.leading, .trailing]
        public static let vertical: Set = [.top, .bottom]
    }
}
public struct SafeAreaRegions: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let all = SafeAreaRegions(rawValue: 3)
    public static let container = SafeAreaRegions(rawValue: 1)
    public static let keyboard = SafeAreaRegions(rawValue: 2)
}
public struct FillStyle: Sendable {
    public init(eoFill: Bool = false, antialiased: Bool = true) {}
}
public struct Animation: Sendable {
    public static let `default` = Animation()
    public static let easeInOut = Animation()
    public static let easeIn = Animation()
    public static let easeOut = Animation()
    public static let linear = Animation()
    public static let spring = Animation()
}

/// The modifiers this layer accepts and does not draw, each with the reason; `Screens.md` lists
/// the same, and `ScreensDocumentationTests` holds the two together.
package enum Unrendered {
    package static let documented: [String: String] = [
        "frame": "layout: sizes and alignment are not computed",
        "fixedSize": "layout",
        "minimumScaleFactor": "layout: text is never shrunk to fit",
        "aspectRatio": "layout",
        "scaledToFit": "layout",
        "scaledToFill": "layout",
        "rotationEffect": "a drawing effect",
        "scaleEffect": "a drawing effect",
        "offset": "layout",
        "animation": "animation: changes appear at once",
        "clipShape": "a drawing effect",
        "shadow": "a drawing effect",
        "ignoresSafeArea": "layout",
        "layoutPriority": "layout",
        "dynamicTypeSize": "layout: pictures choose the text size",
        "stroke": "a shape's outline is drawn as the shape",
        "fill": "a shape's fill is drawn as the shape",
        "focused": "no keyboard: a step types into a field by its words",
        "keyboardType": "no keyboard",
        "textInputAutocapitalization": "no keyboard",
        "autocorrectionDisabled": "no keyboard",
        "textContentType": "no keyboard",
        "textSelection": "no selection: words are read whole",
        "contentShape": "hit-testing: a control is used by its words",
        "gaugeStyle": "a gauge is drawn as its fraction",
        "navigationBarTitleDisplayMode": "layout: the title is drawn one way",
        "navigationBarBackButtonHidden": "unused by Threshold; the back button always shows",
        "toolbarVisibility": "layout",
        "chartXAxis": "a chart is read as its marks",
        "Image.resizable": "an image is read by its name and label, not drawn",
        "Image.interpolation": "an image is read by its name and label, not drawn",
        "Image.renderingMode": "an image is read by its name and label, not drawn",
        "Image.symbolRenderingMode": "an image is read by its name and label, not drawn",
        "Font.monospacedDigit": "typography: digits are read, not measured",
        "Text.underline": "typography",
        "Text.kerning": "typography",
        "Text.tracking": "typography",
        "Text.baselineOffset": "typography",
        "Shape.trim": "a drawing effect: a shape is drawn whole",
        "ShapeStyle.opacity": "a style is kept as its colour, without its shade",
        "ShapeStyle.secondary": "a style is kept as its colour, without its shade",
    ]

    private static let used = Locked<Set<String>>([])
    private static let noted = Locked<Set<String>>([])

    /// Undocumented symbols a value used (an image's or a text's method, made before any host
    /// draws it) since the process started: every host's frame fails while there is one.
    static var undocumentedNoted: Set<String> { noted.withLock { $0 } }

    /// A value's method that is not drawn was used.
    nonisolated static func note(_ symbol: String) {
        _ = used.withLock { $0.insert(symbol) }
        if documented[symbol] == nil { _ = noted.withLock { $0.insert(symbol) } }
    }

    /// Every unrendered symbol a view has used since the process started.
    package static var symbols: Set<String> { used.withLock { $0 } }

    /// A view drew `symbol`: one not documented fails the host's frame (``ViewHostError/undocumented(_:)``).
    @MainActor static func use(_ symbol: String, by host: ViewHost) {
        _ = used.withLock { $0.insert(symbol) }
        if documented[symbol] == nil { host.undocumented.insert(symbol) }
    }
}

// MARK: Time

/// A view drawn again on a schedule: the content gets the schedule's date.
nonisolated public struct TimelineView<Schedule: TimelineSchedule, Content: View>: View, PrimitiveView {
    public typealias Body = Never
    public typealias Context = TimelineViewDefaultContext

    let schedule: Schedule
    let content: (Context) -> Content

    public init(_ schedule: Schedule, @ViewBuilder content: @escaping (Context) -> Content) {
        self.schedule = schedule
        self.content = content
    }

    @MainActor package func render(in context: RenderContext) -> [Element] {
        let now = context.host.now()
        let node = context.node
        let due = (node.storage["timeline.next"] as? Date).map { $0 <= now } ?? true
        if due { node.dirty = true }
        let date = due ? now : node.storage["timeline.date"] as? Date ?? now
        let (view, drawing) = context.remembered("content") { content(Context(date: date, cadence: .seconds)) }
        node.storage["timeline.date"] = date
        let next = schedule.entries(from: date, mode: .normal).first { $0 > date }
        node.storage["timeline.next"] = next
        context.host.schedule(node, next: next)
        return drawing.renderChild(view, key: .index(0))
    }
}

/// What a timeline's content is drawn for: the schedule's date.
public struct TimelineViewDefaultContext {
    public let date: Date
    public let cadence: Cadence
    public enum Cadence: Comparable, Sendable { case live, seconds, minutes }
}

public protocol TimelineSchedule: Sendable {
    func entries(from startDate: Date, mode: TimelineScheduleMode) -> [Date]
}

public enum TimelineScheduleMode: Sendable { case normal, lowFrequency }

public struct PeriodicTimelineSchedule: TimelineSchedule {
    let start: Date
    let interval: TimeInterval
    public init(from startDate: Date, by interval: TimeInterval) {
        start = startDate
        self.interval = interval
    }
    public func entries(from startDate: Date, mode: TimelineScheduleMode) -> [Date] {
        // NB: a start the clock has not reached yet (`.now` read from another clock) counts from now.
        guard startDate >= start else { return [startDate.addingTimeInterval(interval)] }
        let elapsed = startDate.timeIntervalSince(start)
        let next = start.addingTimeInterval((elapsed / interval).rounded(.down) * interval + interval)
        return [next]
    }
}

public struct EveryMinuteTimelineSchedule: TimelineSchedule {
    public init() {}
    public func entries(from startDate: Date, mode: TimelineScheduleMode) -> [Date] {
        let seconds = startDate.timeIntervalSinceReferenceDate
        return [Date(timeIntervalSinceReferenceDate: (seconds / 60).rounded(.down) * 60 + 60)]
    }
}

public struct ExplicitTimelineSchedule: TimelineSchedule {
    let dates: [Date]
    public init<S: Sequence>(_ dates: S) where S.Element == Date { self.dates = dates.sorted() }
    public func entries(from startDate: Date, mode: TimelineScheduleMode) -> [Date] { dates.filter { $0 > startDate } }
}

extension TimelineSchedule where Self == PeriodicTimelineSchedule {
    public static func periodic(from startDate: Date, by interval: TimeInterval) -> PeriodicTimelineSchedule {
        PeriodicTimelineSchedule(from: startDate, by: interval)
    }
}

extension TimelineSchedule where Self == EveryMinuteTimelineSchedule {
    public static var everyMinute: EveryMinuteTimelineSchedule { EveryMinuteTimelineSchedule() }
}

extension TimelineSchedule where Self == ExplicitTimelineSchedule {
    public static func explicit<S: Sequence>(_ dates: S) -> ExplicitTimelineSchedule where S.Element == Date {
        ExplicitTimelineSchedule(dates)
    }
}
