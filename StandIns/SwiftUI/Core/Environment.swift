/// A key for a value in the environment.
public protocol EnvironmentKey {
    associatedtype Value
    static var defaultValue: Self.Value { get }
}

/// The values a view inherits from the views around it.
public struct EnvironmentValues: CustomStringConvertible {
    private var values: [ObjectIdentifier: Any] = [:]

    public init() {}

    public subscript<K: EnvironmentKey>(key: K.Type) -> K.Value {
        get { values[ObjectIdentifier(key)] as? K.Value ?? K.defaultValue }
        set { values[ObjectIdentifier(key)] = newValue }
    }

    public var description: String { "EnvironmentValues(\(values.count) set)" }
}

@MainActor
extension View {
    public func environment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V) -> some View {
        environmentChange { $0[keyPath: keyPath] = value }
    }

    public func transformEnvironment<V>(
        _ keyPath: WritableKeyPath<EnvironmentValues, V>,
        transform: @escaping (inout V) -> Void
    ) -> some View {
        environmentChange { transform(&$0[keyPath: keyPath]) }
    }
}

// MARK: The values SwiftUI provides

private struct IsEnabledKey: EnvironmentKey { static let defaultValue = true }
private struct ScenePhaseKey: EnvironmentKey { static let defaultValue = ScenePhase.active }
private struct TimeZoneKey: EnvironmentKey { static var defaultValue: TimeZone { .current } }
private struct CalendarKey: EnvironmentKey { static var defaultValue: Calendar { .current } }
private struct LocaleKey: EnvironmentKey { static var defaultValue: Locale { Locale(identifier: "en_US") } }
private struct DismissKey: EnvironmentKey { static var defaultValue: DismissAction { DismissAction(nil) } }
private struct OpenURLKey: EnvironmentKey { static var defaultValue: OpenURLAction { OpenURLAction { _ in .discarded } } }
private struct ColorSchemeKey: EnvironmentKey { static let defaultValue = ColorScheme.light }
private struct DynamicTypeSizeKey: EnvironmentKey { static let defaultValue = DynamicTypeSize.large }
private struct FontKey: EnvironmentKey { static let defaultValue: Font? = nil }
private struct ForegroundKey: EnvironmentKey { static let defaultValue: AnyShapeStyle? = nil }
private struct TintKey: EnvironmentKey { static let defaultValue: Color? = nil }
private struct ButtonStyleKey: EnvironmentKey { static var defaultValue: AnyButtonStyle? { nil } }
private struct PickerStyleKey: EnvironmentKey { static let defaultValue = "automatic" }
private struct RefreshKey: EnvironmentKey { static let defaultValue: RefreshAction? = nil }
private struct IsPresentedKey: EnvironmentKey { static let defaultValue = false }
private struct TextCaseKey: EnvironmentKey { static let defaultValue: Text.Case? = nil }

extension EnvironmentValues {
    public var isEnabled: Bool {
        get { self[IsEnabledKey.self] }
        set { self[IsEnabledKey.self] = newValue }
    }

    public var scenePhase: ScenePhase {
        get { self[ScenePhaseKey.self] }
        set { self[ScenePhaseKey.self] = newValue }
    }

    public var timeZone: TimeZone {
        get { self[TimeZoneKey.self] }
        set { self[TimeZoneKey.self] = newValue }
    }

    public var calendar: Calendar {
        get { self[CalendarKey.self] }
        set { self[CalendarKey.self] = newValue }
    }

    public var locale: Locale {
        get { self[LocaleKey.self] }
        set { self[LocaleKey.self] = newValue }
    }

    public var dismiss: DismissAction {
        get { self[DismissKey.self] }
        set { self[DismissKey.self] = newValue }
    }

    public var isPresented: Bool {
        get { self[IsPresentedKey.self] }
        set { self[IsPresentedKey.self] = newValue }
    }

    public var openURL: OpenURLAction {
        get { self[OpenURLKey.self] }
        set { self[OpenURLKey.self] = newValue }
    }

    public var colorScheme: ColorScheme {
        get { self[ColorSchemeKey.self] }
        set { self[ColorSchemeKey.self] = newValue }
    }

    public var dynamicTypeSize: DynamicTypeSize {
        get { self[DynamicTypeSizeKey.self] }
        set { self[DynamicTypeSizeKey.self] = newValue }
    }

    /// The case text below shows in (`textCase(_:)`); `nil` as written.
    public var textCase: Text.Case? {
        get { self[TextCaseKey.self] }
        set { self[TextCaseKey.self] = newValue }
    }

    public var refresh: RefreshAction? {
        get { self[RefreshKey.self] }
        set { self[RefreshKey.self] = newValue }
    }

    var font: Font? {
        get { self[FontKey.self] }
        set { self[FontKey.self] = newValue }
    }

    var foreground: AnyShapeStyle? {
        get { self[ForegroundKey.self] }
        set { self[ForegroundKey.self] = newValue }
    }

    var tint: Color? {
        get { self[TintKey.self] }
        set { self[TintKey.self] = newValue }
    }

    var buttonStyle: AnyButtonStyle? {
        get { self[ButtonStyleKey.self] }
        set { self[ButtonStyleKey.self] = newValue }
    }

    var pickerStyle: String {
        get { self[PickerStyleKey.self] }
        set { self[PickerStyleKey.self] = newValue }
    }
}

/// The app's state in the scene: on screen, between, or away.
public enum ScenePhase: Hashable, Comparable, Sendable {
    case background, inactive, active
}

public enum ColorScheme: Hashable, Sendable, CaseIterable {
    case light, dark
}

public enum DynamicTypeSize: Hashable, Comparable, Sendable, CaseIterable {
    case xSmall, small, medium, large, xLarge, xxLarge, xxxLarge
    case accessibility1, accessibility2, accessibility3, accessibility4, accessibility5

    public var isAccessibilitySize: Bool { self >= .accessibility1 }
}

/// Dismisses the sheet or pushed screen the view is in (`@Environment(\.dismiss)`).
public struct DismissAction {
    let action: (() -> Void)?
    init(_ action: (() -> Void)?) { self.action = action }
    @MainActor public func callAsFunction() { action?() }
}

/// Opens a URL (`@Environment(\.openURL)`); the host decides what opening does.
public struct OpenURLAction {
    public struct Result: Sendable {
        let handled: Bool
        public static let handled = Result(handled: true)
        public static let discarded = Result(handled: false)
        public static let systemAction = Result(handled: false)
    }
    let handler: (URL) -> Result
    public init(handler: @escaping (URL) -> Result) { self.handler = handler }
    @MainActor public func callAsFunction(_ url: URL) { _ = handler(url) }
}

/// Pull to refresh (`.refreshable`).
public struct RefreshAction: Sendable {
    let action: @Sendable () async -> Void
    @MainActor public func callAsFunction() async { await action() }
}
