// Navigation stacks, links, destinations, titles, toolbars and tab views.

/// What the views of one navigation level say about it: its title and toolbar, the destinations
/// they register, and the screens their bindings push.
@MainActor
final class NavigationSink {
    var title: [Element]?
    var toolbar: [ToolbarEntry] = []
    var destinations: [ObjectIdentifier: (AnyHashable) -> (any View)?] = [:]
    /// Each `NavigationLink(destination:)` drawn on the level, by its place: what it pushes now.
    var links: [String: any View] = [:]
    var pushes: [(key: String, view: any View, pop: () -> Void)] = []
}

/// Pushes a screen on the nearest navigation stack (`NavigationLink`).
struct NavigationPush {
    let push: (NavigationEntry) -> Void
}

enum NavigationEntry {
    /// A link's destination: the link's place, and its destination when it was tapped. A pushed
    /// screen follows its link as the link is drawn again (SwiftUI keeps the two together).
    case link(String, any View)
    case value(AnyHashable)
}

private struct NavigationPushKey: EnvironmentKey { static var defaultValue: NavigationPush? { nil } }

extension EnvironmentValues {
    var navigationPush: NavigationPush? {
        get { self[NavigationPushKey.self] }
        set { self[NavigationPushKey.self] = newValue }
    }
}

/// The path of a navigation stack when its values are of several types.
public struct NavigationPath: Equatable {
    var values: [AnyHashable] = []
    public init() {}
    public var count: Int { values.count }
    public var isEmpty: Bool { values.isEmpty }
    public mutating func append<V: Hashable>(_ value: V) { values.append(AnyHashable(value)) }
    public mutating func removeLast(_ k: Int = 1) { values.removeLast(k) }
}

nonisolated public struct NavigationStack<Data, Root: View>: View, PrimitiveView {
    public typealias Body = Never
    let root: Root
    let path: Binding<[AnyHashable]>?

    public init(@ViewBuilder root: () -> Root) where Data == NavigationPath {
        self.root = root()
        path = nil
    }

    public init(path: Binding<NavigationPath>, @ViewBuilder root: () -> Root) where Data == NavigationPath {
        self.root = root()
        self.path = Binding(get: { path.wrappedValue.values }, set: { path.wrappedValue.values = $0 })
    }

    public init(path: Binding<Data>, @ViewBuilder root: () -> Root)
    where Data: MutableCollection & RandomAccessCollection & RangeReplaceableCollection, Data.Element: Hashable {
        self.root = root()
        self.path = Self.erased(path)
    }

    private static func erased(_ path: Binding<Data>) -> Binding<[AnyHashable]>
    where Data: MutableCollection & RandomAccessCollection & RangeReplaceableCollection, Data.Element: Hashable {
        let path = ErasedPath(path: path)
        return Binding(get: { path.values }, set: { path.values = $0 })
    }

    @MainActor package func render(in context: RenderContext) -> [Element] {
        let node = context.node
        var entries = node.storage["entries"] as? [NavigationEntry] ?? []
        let path = self.path
        let push = NavigationPush { [weak node] entry in
            guard let node else { return }
            if case .value(let value) = entry, let path {
                path.wrappedValue.append(value)
            } else {
                var kept = node.storage["entries"] as? [NavigationEntry] ?? []
                kept.append(entry)
                node.storage["entries"] = kept
            }
            node.host.invalidate(node)
        }
        var environment = context.environment
        environment.navigationPush = push

        var levels: [NavigationContent.Level] = []
        var sinks: [NavigationSink] = []
        func level(_ view: any View, key: String, back: (() -> Void)?) {
            let sink = NavigationSink()
            let names = ViewNames()
            var level = context.at(node.child(.named(key)))
            level.navigation = sink
            level.views = names
            var levelEnvironment = environment
            if let back { levelEnvironment.dismiss = DismissAction(back) }
            level.environment = levelEnvironment
            let content = context.host.render(view, in: level)
            sinks.append(sink)
            levels.append(
                .init(
                    title: sink.title ?? [], toolbar: sink.toolbar, content: content, back: back,
                    view: names.names.first, views: names.names))
        }
        level(root, key: "root", back: nil)

        let values = path?.wrappedValue ?? []
        var valueIndex = 0
        var entryIndex = 0
        for depth in 1...32 {
            guard let sink = sinks.last else { break }
            if let pushed = sink.pushes.first {
                level(pushed.view, key: "level-\(depth)-\(pushed.key)", back: pushed.pop)
            } else if valueIndex < values.count {
                let value = values[valueIndex]
                let index = valueIndex
                valueIndex += 1
                guard let destination = sinks.lazy.compactMap({ $0.destinations[ObjectIdentifier(type(of: value.base))] }).first?(value)
                else { continue }
                level(destination, key: "level-\(depth)-value-\(value)", back: { path?.wrappedValue.removeLast(values.count - index) })
            } else if entryIndex < entries.count {
                let index = entryIndex
                entryIndex += 1
                let back: () -> Void = { [weak node] in
                    guard let node else { return }
                    var kept = node.storage["entries"] as? [NavigationEntry] ?? []
                    if kept.count > index { kept.removeLast(kept.count - index) }
                    node.storage["entries"] = kept
                    node.host.invalidate(node)
                }
                switch entries[index] {
                case .link(let place, let pushed):
                    let view = sinks.lazy.compactMap { $0.links[place] }.first ?? pushed
                    level(view, key: "level-\(depth)-\(place)", back: back)
                case .value(let value):
                    guard let destination = sinks.lazy.compactMap({ $0.destinations[ObjectIdentifier(type(of: value.base))] }).first?(value)
                    else {
                        entries.remove(at: index)
                        continue
                    }
                    level(destination, key: "level-\(depth)-value-\(value)", back: back)
                }
            } else {
                break
            }
        }
        // Tapping the tab a stack is in, when it is chosen already, goes back to the first screen.
        let backs = levels.compactMap(\.back).reversed()
        context.environment.tabReselect?.actions.append { for back in backs { back() } }
        return [context.element(.navigation(NavigationContent(levels: levels)))]
    }
}

/// A typed navigation path read and written as values of any type.
struct ErasedPath<Data: MutableCollection & RandomAccessCollection & RangeReplaceableCollection> where Data.Element: Hashable {
    let path: Binding<Data>
    var values: [AnyHashable] {
        get {
            var erased: [AnyHashable] = []
            for element in path.wrappedValue { erased.append(AnyHashable(element)) }
            return erased
        }
        nonmutating set {
            var typed = Data()
            for value in newValue { if let element = value.base as? Data.Element { typed.append(element) } }
            path.wrappedValue = typed
        }
    }
}

/// A row that pushes a screen.
nonisolated public struct NavigationLink<Label: View, Destination: View>: View, PrimitiveView {
    public typealias Body = Never
    let label: Label
    let destination: Destination?
    let entry: (() -> NavigationEntry)?

    public init(@ViewBuilder destination: () -> Destination, @ViewBuilder label: () -> Label) {
        self.destination = destination()
        self.label = label()
        entry = nil
    }

    public init<P: Hashable>(value: P?, @ViewBuilder label: () -> Label) where Destination == Never {
        self.label = label()
        destination = nil
        entry = { value.map { .value(AnyHashable($0)) } ?? .value(AnyHashable(0)) }
    }

    @MainActor package func render(in context: RenderContext) -> [Element] {
        let push = context.environment.navigationPush
        let place = context.node.path
        if let destination { context.navigation?.links[place] = destination }
        let entry: () -> NavigationEntry = self.entry ?? { [destination] in .link(place, destination ?? EmptyView()) }
        let element = context.element(
            .button(ButtonContent(action: { push?.push(entry()) }, role: nil)),
            children: context.renderChild(label, key: .named("label")))
        element.style.buttonStyle = "navigationLink"
        if push == nil { element.isDisabled = true }
        return [element]
    }
}

extension NavigationLink where Label == Text {
    public init(_ titleKey: LocalizedStringKey, @ViewBuilder destination: () -> Destination) {
        self.init(destination: destination) { Text(titleKey) }
    }
}

@MainActor
extension View {
    public func navigationDestination<D: Hashable, C: View>(for data: D.Type, @ViewBuilder destination: @escaping (D) -> C) -> some View {
        modifier(
            ElementModifier(symbol: "navigationDestination") { _, context in
                context.navigation?.destinations[ObjectIdentifier(D.self)] = { value in (value.base as? D).map(destination) }
            })
    }

    public func navigationDestination<D, C: View>(item: Binding<D?>, @ViewBuilder destination: @escaping (D) -> C) -> some View {
        modifier(
            ElementModifier(symbol: "navigationDestination") { _, context in
                guard let value = item.wrappedValue else { return }
                let key = (value as? any Identifiable).map { "\($0.id)" } ?? "item"
                context.navigation?.pushes.append((key: key, view: destination(value), pop: { item.wrappedValue = nil }))
            })
    }

    public func navigationDestination<V: View>(isPresented: Binding<Bool>, @ViewBuilder destination: () -> V) -> some View {
        let view = destination()
        return modifier(
            ElementModifier(symbol: "navigationDestination") { _, context in
                guard isPresented.wrappedValue else { return }
                context.navigation?.pushes.append((key: "presented", view: view, pop: { isPresented.wrappedValue = false }))
            })
    }

    public func navigationTitle(_ title: Text) -> some View {
        modifier(
            ElementModifier(symbol: "navigationTitle") { _, context in
                guard let navigation = context.navigation, navigation.title == nil else { return }
                navigation.title = title.render(in: context)
            })
    }

    public func navigationTitle(_ titleKey: LocalizedStringKey) -> some View { navigationTitle(Text(titleKey)) }

    @_disfavoredOverload
    public func navigationTitle<S: StringProtocol>(_ title: S) -> some View { navigationTitle(Text(title)) }

    public func navigationBarTitleDisplayMode(_ mode: NavigationBarItem.TitleDisplayMode) -> some View {
        unrendered("navigationBarTitleDisplayMode")
    }

    public func navigationBarBackButtonHidden(_ hidden: Bool = true) -> some View { unrendered("navigationBarBackButtonHidden") }
}

public enum NavigationBarItem {
    public enum TitleDisplayMode: Sendable { case automatic, inline, large }
}

// MARK: Toolbars

public struct ToolbarItemPlacement: Hashable, Sendable {
    package let name: String
    public static let automatic = ToolbarItemPlacement(name: "automatic")
    public static let cancellationAction = ToolbarItemPlacement(name: "cancellationAction")
    public static let confirmationAction = ToolbarItemPlacement(name: "confirmationAction")
    public static let primaryAction = ToolbarItemPlacement(name: "primaryAction")
    public static let destructiveAction = ToolbarItemPlacement(name: "destructiveAction")
    public static let topBarLeading = ToolbarItemPlacement(name: "topBarLeading")
    public static let topBarTrailing = ToolbarItemPlacement(name: "topBarTrailing")
    public static let bottomBar = ToolbarItemPlacement(name: "bottomBar")
    public static let principal = ToolbarItemPlacement(name: "principal")
    public static let keyboard = ToolbarItemPlacement(name: "keyboard")
}

/// What a toolbar holds.
public protocol ToolbarContent {
    var items: [ToolbarItemRecord] { get }
}

public struct ToolbarItemRecord {
    let placement: ToolbarItemPlacement
    let view: any View
}

public struct ToolbarItem<ID, Content: View>: ToolbarContent {
    let placement: ToolbarItemPlacement
    let content: Content
    public init(placement: ToolbarItemPlacement = .automatic, @ViewBuilder content: () -> Content) where ID == () {
        self.placement = placement
        self.content = content()
    }
    public var items: [ToolbarItemRecord] { [ToolbarItemRecord(placement: placement, view: content)] }
}

public struct ToolbarItems: ToolbarContent {
    public let items: [ToolbarItemRecord]
}

@resultBuilder
public enum ToolbarContentBuilder {
    public static func buildBlock(_ content: any ToolbarContent...) -> ToolbarItems { ToolbarItems(items: content.flatMap(\.items)) }
    public static func buildExpression<C: ToolbarContent>(_ content: C) -> any ToolbarContent { content }
    public static func buildExpression<V: View>(_ content: V) -> any ToolbarContent {
        ToolbarItems(items: [ToolbarItemRecord(placement: .automatic, view: content)])
    }
    public static func buildOptional(_ content: (any ToolbarContent)?) -> any ToolbarContent { content ?? ToolbarItems(items: []) }
    public static func buildEither(first: any ToolbarContent) -> any ToolbarContent { first }
    public static func buildEither(second: any ToolbarContent) -> any ToolbarContent { second }
    public static func buildFinalResult(_ content: ToolbarItems) -> ToolbarItems { content }
    public static func buildFinalResult(_ content: any ToolbarContent) -> ToolbarItems { ToolbarItems(items: content.items) }
}

@MainActor
extension View {
    public func toolbar(@ToolbarContentBuilder content: () -> ToolbarItems) -> some View {
        let items = content().items
        return modifier(
            ElementModifier(symbol: "toolbar") { _, context in
                for (index, item) in items.enumerated() {
                    let elements = context.renderChild(item.view, key: .named("toolbar-\(index)"))
                    context.navigation?.toolbar.append(ToolbarEntry(placement: item.placement, content: elements))
                }
            })
    }

    public func toolbar(_ visibility: Visibility, for bars: ToolbarPlacement...) -> some View { unrendered("toolbarVisibility") }
}

public enum Visibility: Sendable { case automatic, visible, hidden }
public struct ToolbarPlacement: Sendable {
    public static let navigationBar = ToolbarPlacement()
    public static let tabBar = ToolbarPlacement()
}

// MARK: Tabs

/// A tab bar over its tabs: only the chosen tab's content is drawn; the others keep their state.
nonisolated public struct TabView<SelectionValue: Hashable, Content: View>: View, PrimitiveView {
    public typealias Body = Never
    let selection: Binding<SelectionValue>?
    let content: Content

    public init(selection: Binding<SelectionValue>?, @ViewBuilder content: () -> Content) {
        self.selection = selection
        self.content = content()
    }

    @MainActor package func render(in context: RenderContext) -> [Element] {
        // First the tab bar: each tab's label and tag, with no tab's content drawn.
        var probe = context
        probe.environment.shownTab = .none
        let stubs = probe.renderChild(content, key: .named("tabs"))
        let selected = selection.map { AnyHashable($0.wrappedValue) }
        let chosen = stubs.firstIndex { $0.tag == selected } ?? 0
        // Then again, with the chosen tab's content.
        var shown = context
        shown.environment.shownTab = stubs.indices.contains(chosen) ? .path(stubs[chosen].path) : .none
        let drawn = shown.renderChild(content, key: .named("tabs"))
        let reselect = drawn.indices.contains(chosen) ? drawn[chosen].tabReselect : nil
        let tabs = stubs.enumerated().map { index, stub in
            TabsContent.Tab(
                label: stub.tabItem ?? [],
                tag: stub.tag,
                select: index == chosen ? (reselect ?? {}) : Self.choose(stub.tag, in: selection),
                isSelected: index == chosen
            )
        }
        let content = drawn.indices.contains(chosen) ? drawn[chosen].children : []
        return [context.element(.tabs(TabsContent(tabs: tabs)), children: content)]
    }

    /// Tapping a tab that isn't chosen chooses it.
    private static func choose(_ tag: AnyHashable?, in selection: Binding<SelectionValue>?) -> () -> Void {
        {
            if let value = tag?.base as? SelectionValue { selection?.wrappedValue = value }
        }
    }
}

enum ShownTab {
    /// Not inside a tab view.
    case all
    /// Reading the tab bar: no tab's content.
    case none
    /// The tab whose label element has this path.
    case path(String)
}

private struct ShownTabKey: EnvironmentKey { static let defaultValue = ShownTab.all }

extension EnvironmentValues {
    var shownTab: ShownTab {
        get { self[ShownTabKey.self] }
        set { self[ShownTabKey.self] = newValue }
    }
}

/// What tapping a chosen tab again does: the navigation stacks in it go back to their first screen.
@MainActor
final class TabReselect {
    var actions: [() -> Void] = []
}

private struct TabReselectKey: EnvironmentKey { static var defaultValue: TabReselect? { nil } }

extension EnvironmentValues {
    var tabReselect: TabReselect? {
        get { self[TabReselectKey.self] }
        set { self[TabReselectKey.self] = newValue }
    }
}

/// Marks a tab's content: its label in the tab bar. When the tab bar is read, the content is not
/// drawn (only its label and tag); a tab whose content is not chosen keeps its state.
nonisolated struct TabItemModifier<TabLabel: View>: ViewModifier, PrimitiveModifier {
    typealias Body = Never
    let label: TabLabel

    @MainActor package func apply<Content: View>(to content: Content, in context: RenderContext) -> [Element] {
        let label = context.renderChild(self.label, key: .named("tabItem"))
        let element = context.element(.container(.stack))
        element.tabItem = label
        let isShown: Bool =
            switch context.environment.shownTab {
            case .all: true
            case .none: false
            case .path(let path): path == context.node.path
            }
        let wasShown = context.node.storage["shown"] as? Bool ?? false
        if isShown {
            var inner = context
            inner.environment.shownTab = .all
            let reselect = TabReselect()
            inner.environment.tabReselect = reselect
            element.children = inner.renderChild(content, key: .index(0))
            element.tabReselect = { for action in reselect.actions { action() } }
        } else {
            if wasShown, case .path = context.environment.shownTab { context.node.children[.index(0)]?.disappear(removed: false) }
            context.node.keep(.index(0))
        }
        if case .none = context.environment.shownTab {} else { context.node.storage["shown"] = isShown }
        return [element]
    }
}

@MainActor
extension View {
    public func tabItem<V: View>(@ViewBuilder _ label: () -> V) -> some View { modifier(TabItemModifier(label: label())) }

    public func tag<V: Hashable>(_ tag: V) -> some View {
        elements("tag") { element in element.tag = AnyHashable(tag) }
    }
}
