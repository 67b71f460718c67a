@_exported import Foundation
@_exported import Observation

// SwiftUI for Linux: the public API Threshold's views use, with SwiftUI's documented semantics
// where they change what a person sees or can do. A view's `body` is evaluated into a tree of
// ``Element``s that a step, the crawler or a picture reads (`ViewHost`). Never built for iOS,
// where the SDK's SwiftUI is used; `Documentation/Screens.md` says what this layer renders and
// what it leaves out.

/// A piece of user interface (SwiftUI's `View`). As from the iOS 18 SDK on, a view is isolated to
/// the main actor (a type conforming to it is, where it declares the conformance); the layer's
/// own views opt out with `nonisolated`. `Scripts/check-ios` builds the views against the iOS 17.0
/// SDK's isolation too.
@MainActor @preconcurrency
public protocol View {
    associatedtype Body: View
    @ViewBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

extension Never: View {
    public typealias Body = Never
    public var body: Never { fatalError("Never has no body") }
}

/// A view the layer draws itself (`Body == Never`): it turns its value into elements.
package protocol PrimitiveView {
    @MainActor func render(in context: RenderContext) -> [Element]
}

extension PrimitiveView {
    public var body: Never { fatalError("\(Self.self) is drawn by the layer; it has no body") }
}

/// Nothing.
nonisolated public struct EmptyView: View, PrimitiveView {
    public typealias Body = Never
    nonisolated public init() {}
    @MainActor package func render(in context: RenderContext) -> [Element] { [] }
}

/// A type-erased view.
nonisolated public struct AnyView: View, PrimitiveView {
    public typealias Body = Never
    let view: any View
    nonisolated public init<V: View>(_ view: V) { self.view = view }
    nonisolated public init<V: View>(erasing view: V) { self.view = view }
    @MainActor package func render(in context: RenderContext) -> [Element] {
        context.renderChild(view, key: .type(String(reflecting: type(of: view))))
    }
}

/// Several views in a row, as a `@ViewBuilder` block makes them.
nonisolated public struct TupleView<T>: View, PrimitiveView {
    public typealias Body = Never
    public var value: T
    let views: [any View]
    nonisolated init(_ value: T, views: [any View]) {
        self.value = value
        self.views = views
    }
    @MainActor package func render(in context: RenderContext) -> [Element] {
        views.enumerated().flatMap { index, view in context.renderChild(view, key: .index(index)) }
    }
}

/// One of two views, chosen by an `if` or a `switch` in a `@ViewBuilder`.
nonisolated public struct _ConditionalContent<TrueContent: View, FalseContent: View>: View, PrimitiveView {
    public typealias Body = Never
    enum Storage {
        case trueContent(TrueContent)
        case falseContent(FalseContent)
    }
    let storage: Storage
    nonisolated init(storage: Storage) { self.storage = storage }
    @MainActor package func render(in context: RenderContext) -> [Element] {
        switch storage {
        case .trueContent(let view): context.renderChild(view, key: .branch(true))
        case .falseContent(let view): context.renderChild(view, key: .branch(false))
        }
    }
}

extension Optional: View where Wrapped: View {
    public typealias Body = Never
    public var body: Never { fatalError("Optional is drawn by the layer") }
}

extension Optional: PrimitiveView where Wrapped: View {
    @MainActor package func render(in context: RenderContext) -> [Element] {
        switch self {
        case .some(let view): context.renderChild(view, key: .branch(true))
        case .none: []
        }
    }
}

/// Views grouped without a container of their own; modifiers apply to each.
nonisolated public struct Group<Content: View>: View, PrimitiveView {
    public typealias Body = Never
    let content: Content
    public init(@ViewBuilder content: () -> Content) { self.content = content() }
    @MainActor package func render(in context: RenderContext) -> [Element] { context.renderChild(content, key: .index(0)) }
}

@resultBuilder
public enum ViewBuilder {
    public static func buildBlock() -> EmptyView { EmptyView() }
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
    // NB: two to ten views, as the iOS 17 SDK's view builder takes (an eleventh is "extra argument
    // in call" there), so a view that compiles here compiles for the phone.
    public static func buildBlock<C0: View, C1: View>(_ c0: C0, _ c1: C1) -> TupleView<(C0, C1)> { tuple(c0, c1) }
    public static func buildBlock<C0: View, C1: View, C2: View>(
        _ c0: C0, _ c1: C1, _ c2: C2
    ) -> TupleView<(C0, C1, C2)> {
        tuple(c0, c1, c2)
    }
    public static func buildBlock<C0: View, C1: View, C2: View, C3: View>(
        _ c0: C0, _ c1: C1, _ c2: C2, _ c3: C3
    ) -> TupleView<(C0, C1, C2, C3)> {
        tuple(c0, c1, c2, c3)
    }
    public static func buildBlock<C0: View, C1: View, C2: View, C3: View, C4: View>(
        _ c0: C0, _ c1: C1, _ c2: C2, _ c3: C3, _ c4: C4
    ) -> TupleView<(C0, C1, C2, C3, C4)> {
        tuple(c0, c1, c2, c3, c4)
    }
    public static func buildBlock<C0: View, C1: View, C2: View, C3: View, C4: View, C5: View>(
        _ c0: C0, _ c1: C1, _ c2: C2, _ c3: C3, _ c4: C4, _ c5: C5
    ) -> TupleView<(C0, C1, C2, C3, C4, C5)> {
        tuple(c0, c1, c2, c3, c4, c5)
    }
    public static func buildBlock<C0: View, C1: View, C2: View, C3: View, C4: View, C5: View, C6: View>(
        _ c0: C0, _ c1: C1, _ c2: C2, _ c3: C3, _ c4: C4, _ c5: C5, _ c6: C6
    ) -> TupleView<(C0, C1, C2, C3, C4, C5, C6)> {
        tuple(c0, c1, c2, c3, c4, c5, c6)
    }
    public static func buildBlock<C0: View, C1: View, C2: View, C3: View, C4: View, C5: View, C6: View, C7: View>(
        _ c0: C0, _ c1: C1, _ c2: C2, _ c3: C3, _ c4: C4, _ c5: C5, _ c6: C6, _ c7: C7
    ) -> TupleView<(C0, C1, C2, C3, C4, C5, C6, C7)> {
        tuple(c0, c1, c2, c3, c4, c5, c6, c7)
    }
    public static func buildBlock<C0: View, C1: View, C2: View, C3: View, C4: View, C5: View, C6: View, C7: View, C8: View>(
        _ c0: C0, _ c1: C1, _ c2: C2, _ c3: C3, _ c4: C4, _ c5: C5, _ c6: C6, _ c7: C7, _ c8: C8
    ) -> TupleView<(C0, C1, C2, C3, C4, C5, C6, C7, C8)> {
        tuple(c0, c1, c2, c3, c4, c5, c6, c7, c8)
    }
    public static func buildBlock<C0: View, C1: View, C2: View, C3: View, C4: View, C5: View, C6: View, C7: View, C8: View, C9: View>(
        _ c0: C0, _ c1: C1, _ c2: C2, _ c3: C3, _ c4: C4, _ c5: C5, _ c6: C6, _ c7: C7, _ c8: C8, _ c9: C9
    ) -> TupleView<(C0, C1, C2, C3, C4, C5, C6, C7, C8, C9)> {
        tuple(c0, c1, c2, c3, c4, c5, c6, c7, c8, c9)
    }

    private static func tuple<each Content: View>(_ content: repeat each Content) -> TupleView<(repeat each Content)> {
        var views: [any View] = []
        repeat views.append(each content)
        return TupleView((repeat each content), views: views)
    }

    public static func buildExpression<Content: View>(_ content: Content) -> Content { content }
    public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }
    public static func buildEither<T: View, F: View>(first: T) -> _ConditionalContent<T, F> { .init(storage: .trueContent(first)) }
    public static func buildEither<T: View, F: View>(second: F) -> _ConditionalContent<T, F> { .init(storage: .falseContent(second)) }
    public static func buildLimitedAvailability<Content: View>(_ content: Content) -> AnyView { AnyView(content) }
}

/// A modifier applied to a view (SwiftUI's `ModifiedContent`).
public struct ModifiedContent<Content, Modifier> {
    public var content: Content
    public var modifier: Modifier
    public init(content: Content, modifier: Modifier) {
        self.content = content
        self.modifier = modifier
    }
}

extension ModifiedContent: View where Content: View, Modifier: ViewModifier {
    public typealias Body = Never
    public var body: Never { fatalError("ModifiedContent is drawn by the layer") }
}

extension ModifiedContent: PrimitiveView where Content: View, Modifier: ViewModifier {
    @MainActor package func render(in context: RenderContext) -> [Element] {
        if let primitive = modifier as? any PrimitiveModifier {
            return primitive.apply(to: content, in: context)
        }
        // A modifier written as a view: its body gets the content as `ViewModifier.Content`.
        let proxy = _ViewModifier_Content<Modifier>(render: { [content] context in context.renderChild(content, key: .index(0)) })
        return context.renderComposite(modifier, body: { $0.body(content: proxy) }, key: .index(0))
    }
}

/// A change to a view (SwiftUI's `ViewModifier`).
@MainActor @preconcurrency
public protocol ViewModifier {
    associatedtype Body: View
    typealias Content = _ViewModifier_Content<Self>
    @ViewBuilder @MainActor @preconcurrency func body(content: Self.Content) -> Self.Body
}

/// The content a ``ViewModifier`` wraps.
nonisolated public struct _ViewModifier_Content<Modifier: ViewModifier>: View, PrimitiveView {
    public typealias Body = Never
    let render: (RenderContext) -> [Element]
    @MainActor package func render(in context: RenderContext) -> [Element] { render(context) }
}

/// A modifier the layer applies itself.
package protocol PrimitiveModifier {
    @MainActor func apply<Content: View>(to content: Content, in context: RenderContext) -> [Element]
}

extension PrimitiveModifier {
    public func body(content: _ViewModifier_Content<Self>) -> Never where Self: ViewModifier {
        fatalError("\(Self.self) is applied by the layer")
    }
}

@MainActor
extension View {
    public func modifier<M: ViewModifier>(_ modifier: M) -> ModifiedContent<Self, M> {
        ModifiedContent(content: self, modifier: modifier)
    }
}

/// Something that changes the elements a view made: their attributes, their wrapping.
nonisolated package struct ElementModifier: ViewModifier, PrimitiveModifier {
    package typealias Body = Never
    /// The symbol, for `Documentation/Screens.md`'s account of what is not rendered.
    let symbol: String
    let change: (inout [Element], RenderContext) -> Void

    package init(symbol: String, change: @escaping (inout [Element], RenderContext) -> Void) {
        self.symbol = symbol
        self.change = change
    }

    @MainActor package func apply<Content: View>(to content: Content, in context: RenderContext) -> [Element] {
        var elements = context.renderChild(content, key: .index(0))
        change(&elements, context)
        return elements
    }
}

/// Something that changes the environment of the view it modifies.
nonisolated struct EnvironmentModifier: ViewModifier, PrimitiveModifier {
    typealias Body = Never
    let change: (inout EnvironmentValues) -> Void
    @MainActor package func apply<Content: View>(to content: Content, in context: RenderContext) -> [Element] {
        var environment = context.environment
        change(&environment)
        return context.with(environment: environment).renderChild(content, key: .index(0))
    }
}

@MainActor
extension View {
    /// Applies `change` to each element this view makes.
    package func elements(_ symbol: String, _ change: @escaping (Element) -> Void) -> ModifiedContent<Self, ElementModifier> {
        modifier(ElementModifier(symbol: symbol) { elements, _ in elements.forEach(change) })
    }

    /// Applies `change` to each element this view makes, with the render's context.
    package func elements(_ symbol: String, _ change: @escaping (Element, RenderContext) -> Void) -> ModifiedContent<Self, ElementModifier>
    {
        modifier(ElementModifier(symbol: symbol) { elements, context in elements.forEach { change($0, context) } })
    }

    /// A modifier this layer accepts but does not render (layout, animation, hit-testing): named
    /// in ``Unrendered/documented``, so a test can hold the list to what `Screens.md` says.
    package func unrendered(_ symbol: String) -> ModifiedContent<Self, ElementModifier> {
        modifier(ElementModifier(symbol: symbol) { _, context in Unrendered.use(symbol, by: context.host) })
    }

    func environmentChange(_ change: @escaping (inout EnvironmentValues) -> Void) -> ModifiedContent<Self, EnvironmentModifier> {
        modifier(EnvironmentModifier(change: change))
    }
}
