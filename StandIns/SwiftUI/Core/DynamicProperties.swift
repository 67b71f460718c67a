/// A property SwiftUI connects to the view's place in the tree before each `body`.
public protocol DynamicProperty {}

/// The layer's side of a dynamic property: connects it to the node it belongs to.
protocol LinkedProperty {
    /// Connects the property to `node`; returns whether what it reads changed since last time.
    @MainActor func link(to node: Node, label: String, environment: EnvironmentValues) -> Bool
}

@MainActor
enum DynamicProperties {
    /// Connects each `@State`, `@Environment`, … of `view` to `node`; whether any environment
    /// value the view reads has changed.
    static func link(_ view: Any, to node: Node, environment: EnvironmentValues) -> Bool {
        let type = ObjectIdentifier(Swift.type(of: view))
        // NB: most views hold no dynamic property; a type found to hold none is not read again.
        if withoutProperties.contains(type) { return false }
        var changed = false, linked = false
        for child in Mirror(reflecting: view).children {
            guard let property = child.value as? any LinkedProperty, let label = child.label else { continue }
            linked = true
            if property.link(to: node, label: label, environment: environment) { changed = true }
        }
        if !linked { withoutProperties.insert(type) }
        return changed
    }

    /// View types whose stored properties include no dynamic property.
    private static var withoutProperties: Set<ObjectIdentifier> = []
}

/// Where a `@State` value lives: the first instance made for a node keeps it; later view values
/// of the same identity point at it.
///
/// NB: views are used on the main thread only; the class is unchecked for the views that make
/// their `@State` outside the main actor's isolation (a nonisolated `init`).
final class StateLocation<Value>: @unchecked Sendable {
    private var stored: Value
    private var linked: StateLocation<Value>?
    weak var node: Node?

    init(_ value: Value) { stored = value }

    var value: Value {
        get { linked?.value ?? stored }
        set {
            if let linked {
                linked.value = newValue
            } else {
                stored = newValue
                if let node { MainActor.assumeIsolated { node.host.invalidate(node) } }
            }
        }
    }

    @MainActor func link(to node: Node, label: String) {
        if let kept = node.states[label] as? StateLocation<Value>, kept !== self {
            linked = kept
        } else {
            self.node = node
            node.states[label] = self
        }
    }
}

@propertyWrapper
public struct State<Value>: DynamicProperty {
    let location: StateLocation<Value>

    public init(wrappedValue value: Value) { location = StateLocation(value) }
    public init(initialValue value: Value) { self.init(wrappedValue: value) }
    public init() where Value: ExpressibleByNilLiteral { self.init(wrappedValue: nil) }

    public var wrappedValue: Value {
        get { location.value }
        nonmutating set { location.value = newValue }
    }

    public var projectedValue: Binding<Value> {
        let location = location
        return Binding(get: { location.value }, set: { location.value = $0 }, identity: ObjectIdentifier(location))
    }
}

extension State: LinkedProperty {
    func link(to node: Node, label: String, environment: EnvironmentValues) -> Bool {
        location.link(to: node, label: label)
        return false
    }
}

/// A reference to a value owned elsewhere.
@propertyWrapper @dynamicMemberLookup
public struct Binding<Value> {
    let get: () -> Value
    let set: (Value) -> Void
    /// What the binding reads and writes, when the layer knows (a `@State`, an object's property).
    let identity: AnyHashable?

    public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {
        self.init(get: get, set: set, identity: nil)
    }

    public init(get: @escaping () -> Value, set: @escaping (Value, Transaction) -> Void) {
        self.init(get: get, set: { set($0, Transaction()) }, identity: nil)
    }

    init(get: @escaping () -> Value, set: @escaping (Value) -> Void, identity: AnyHashable?) {
        self.get = get
        self.set = set
        self.identity = identity
    }

    public init(projectedValue: Binding<Value>) { self = projectedValue }

    public static func constant(_ value: Value) -> Binding<Value> { Binding(get: { value }, set: { _ in }, identity: nil) }

    public var wrappedValue: Value {
        get { get() }
        nonmutating set { set(newValue) }
    }

    public var projectedValue: Binding<Value> { self }

    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> {
        let get = get
        let set = set
        return Binding<Subject>(
            get: { get()[keyPath: keyPath] },
            set: { value in
                var whole = get()
                whole[keyPath: keyPath] = value
                set(whole)
            }, identity: identity.map { AnyHashable([$0, AnyHashable(keyPath)]) })
    }
}

extension Binding {
    /// `Binding<Value?>` from a `Binding<Value>`.
    public init<V>(_ base: Binding<V>) where Value == V? {
        self.init(get: { base.wrappedValue }, set: { if let value = $0 { base.wrappedValue = value } }, identity: base.identity)
    }

    /// `Binding<Value>` from a `Binding<Value?>` that holds a value; `nil` when it does not.
    public init?(_ base: Binding<Value?>) {
        guard let value = base.wrappedValue else { return nil }
        let kept = value
        self.init(get: { base.wrappedValue ?? kept }, set: { base.wrappedValue = $0 }, identity: base.identity)
    }
}

extension Binding: LayerComparable {
    func isSame(as other: Any) -> Bool {
        guard let other = other as? Binding<Value>, let identity, identity == other.identity else { return false }
        return Equality.same(get(), other.get())
    }
}

extension Binding where Value: MutableCollection {
    subscript(index: Value.Index) -> Binding<Value.Element> {
        let get = get
        let set = set
        return Binding<Value.Element>(
            get: { get()[index] },
            set: { value in
                var whole = get()
                whole[index] = value
                set(whole)
            }, identity: nil)
    }
}

/// The transaction a change happens in; animations are not drawn here.
public struct Transaction {
    public init() {}
}

/// Bindings to an `@Observable` object's properties (`$model.name`).
@propertyWrapper @dynamicMemberLookup
public struct Bindable<Value> {
    public var wrappedValue: Value
    public init(wrappedValue: Value) { self.wrappedValue = wrappedValue }
    public init(_ wrappedValue: Value) { self.wrappedValue = wrappedValue }
    public var projectedValue: Bindable<Value> { self }

    public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<Value, Subject>) -> Binding<Subject> where Value: AnyObject {
        let object = wrappedValue
        return Binding(
            get: { object[keyPath: keyPath] }, set: { object[keyPath: keyPath] = $0 },
            identity: AnyHashable([AnyHashable(ObjectIdentifier(object)), AnyHashable(keyPath)]))
    }
}

extension Bindable: DynamicProperty {}

extension Bindable: LayerComparable {
    func isSame(as other: Any) -> Bool {
        guard let other = other as? Bindable<Value> else { return false }
        return Equality.same(wrappedValue, other.wrappedValue)
    }
}

/// A value from the environment (`@Environment(\.dismiss)`).
@propertyWrapper
public struct Environment<Value>: DynamicProperty {
    let keyPath: KeyPath<EnvironmentValues, Value>
    let box = EnvironmentBox()

    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) { self.keyPath = keyPath }

    @MainActor public var wrappedValue: Value {
        guard let values = box.values else { return EnvironmentValues()[keyPath: keyPath] }
        return values[keyPath: keyPath]
    }
}

final class EnvironmentBox: @unchecked Sendable {
    var values: EnvironmentValues?
}

extension Environment: LinkedProperty {
    func link(to node: Node, label: String, environment: EnvironmentValues) -> Bool {
        box.values = environment
        let value = environment[keyPath: keyPath]
        defer { node.environmentReads[label] = value }
        guard let last = node.environmentReads[label] else { return false }
        return !Equality.same(last, value)
    }
}

extension Environment: LayerComparable {
    func isSame(as other: Any) -> Bool { other is Environment<Value> }
}

extension State: LayerComparable {
    func isSame(as other: Any) -> Bool { other is State<Value> }
}

/// Whether a field has the keyboard (`@FocusState`); the layer keeps the value, with no keyboard.
@propertyWrapper
public struct FocusState<Value: Hashable>: DynamicProperty {
    let location: StateLocation<Value>

    public init() where Value == Bool { location = StateLocation(false) }
    public init<T: Hashable>() where Value == T? { location = StateLocation(nil) }

    public var wrappedValue: Value {
        get { location.value }
        nonmutating set { location.value = newValue }
    }

    public var projectedValue: FocusState<Value>.Binding {
        let location = location
        return Binding(
            binding: SwiftUI.Binding(get: { location.value }, set: { location.value = $0 }, identity: ObjectIdentifier(location)))
    }

    @propertyWrapper
    public struct Binding {
        let binding: SwiftUI.Binding<Value>
        public var wrappedValue: Value {
            get { binding.wrappedValue }
            nonmutating set { binding.wrappedValue = newValue }
        }
        public var projectedValue: FocusState<Value>.Binding { self }
    }
}

extension FocusState: LinkedProperty {
    func link(to node: Node, label: String, environment: EnvironmentValues) -> Bool {
        location.link(to: node, label: label)
        return false
    }
}

extension FocusState: LayerComparable {
    func isSame(as other: Any) -> Bool { other is FocusState<Value> }
}

/// A length that grows with Dynamic Type; drawn at the default size here.
@propertyWrapper
public struct ScaledMetric<Value: BinaryFloatingPoint>: DynamicProperty {
    public var wrappedValue: Value
    public init(wrappedValue: Value, relativeTo textStyle: Font.TextStyle) { self.wrappedValue = wrappedValue }
    public init(wrappedValue: Value) { self.wrappedValue = wrappedValue }
}
