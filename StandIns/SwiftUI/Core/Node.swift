/// A view's place in the tree: where its `@State` lives, what its `body` was, and its
/// appearance. A node lives as long as the view's identity (its position in its parent's
/// `body`, or its `ForEach` id, or `.id(_:)`), as SwiftUI's do.
package enum NodeKey: Hashable, CustomStringConvertible {
    case index(Int)
    case branch(Bool)
    case type(String)
    case id(AnyHashable)
    case named(String)

    package var description: String {
        switch self {
        case .index(let index): "\(index)"
        case .branch(let branch): branch ? "if" : "else"
        case .type(let name): name
        case .id(let id): "[\(id)]"
        case .named(let name): name
        }
    }
}

@MainActor
final class Node {
    unowned let host: ViewHost
    weak var parent: Node?
    let key: NodeKey
    let path: String
    private(set) var children: [NodeKey: Node] = [:]
    /// The frame in which the node was last rendered (or kept).
    var frame = 0

    // A view with a body.
    var view: Any?
    var body: Any?
    var viewName: String?
    /// Something the last `body` read changed, or a `@State` of the view was set.
    var dirty = true
    /// `@State`, `@FocusState`: by the property's name.
    var states: [String: AnyObject] = [:]
    /// The environment values the view's `@Environment` properties read last time.
    var environmentReads: [String: Any] = [:]

    /// Whether the view is on screen (`onAppear` ran and `onDisappear` has not).
    var appeared = false
    /// What a primitive keeps between frames: a navigation stack's screens, `onChange`'s last
    /// value, a task, a closure's last result.
    var storage: [String: Any] = [:]
    var onDisappear: [() -> Void] = []

    init(host: ViewHost, parent: Node?, key: NodeKey) {
        self.host = host
        self.parent = parent
        self.key = key
        path = parent.map { $0.path.isEmpty ? key.description : "\($0.path)/\(key)" } ?? ""
    }

    func child(_ key: NodeKey) -> Node {
        let child =
            children[key]
            ?? {
                let made = Node(host: host, parent: self, key: key)
                children[key] = made
                return made
            }()
        child.frame = host.frame
        return child
    }

    /// Removes the children the last render did not reach: they disappear.
    func sweep() {
        for (key, child) in children where child.frame != host.frame {
            children[key] = nil
            child.disappear(removed: true)
        }
    }

    /// Keeps a child without rendering it (a tab not shown): its state stays.
    func keep(_ key: NodeKey) {
        children[key]?.frame = host.frame
    }

    /// The node and everything beneath leave the screen: `onDisappear` runs, tasks are canceled.
    func disappear(removed: Bool) {
        for child in children.values { child.disappear(removed: removed) }
        if appeared || removed {
            for action in onDisappear { host.enqueue(action) }
        }
        appeared = false
        if let task = storage[TaskKey.running] as? TaskRecord { task.cancel() }
        storage[TaskKey.running] = nil
        storage[TaskKey.id] = nil
        if removed { host.forget(self) }
    }
}

enum TaskKey {
    static let running = "task.running"
    static let id = "task.id"
}

/// The environment and position a view is rendered at.
@MainActor
package struct RenderContext {
    unowned let host: ViewHost
    let node: Node
    package var environment: EnvironmentValues
    /// The view being rendered came from a `body` evaluated in this frame (so a view beneath it
    /// is compared with its last value); otherwise it is the value kept from an earlier frame.
    var fresh: Bool
    /// Where the screen's title, toolbar and destinations go (the nearest navigation level).
    var navigation: NavigationSink?
    /// Where sheets, alerts and dialogs presented from here go.
    var presentations: PresentationSink
    /// The views rendered on the screen being drawn (a navigation level, a sheet), outermost first.
    var views: ViewNames

    func with(environment: EnvironmentValues) -> RenderContext {
        var copy = self
        copy.environment = environment
        return copy
    }

    func at(_ node: Node) -> RenderContext {
        RenderContext(
            host: host, node: node, environment: environment, fresh: fresh, navigation: navigation,
            presentations: presentations, views: views)
    }

    /// Renders `view` as the child at `key`.
    package func renderChild(_ view: any View, key: NodeKey) -> [Element] {
        host.render(view, in: at(node.child(key)))
    }

    /// Renders a view with a body (or a `ViewModifier`'s body) at `key`.
    func renderComposite<V, Body: View>(_ value: V, body: (V) -> Body, key: NodeKey, always: Bool = false) -> [Element] {
        let child = node.child(key)
        // A body that depends on more than its value (a button style's on its configuration).
        if always { child.dirty = true }
        return host.renderComposite(value, body: body, in: at(child))
    }

    /// The value `make` returns, made again only when this view is new in this frame or something
    /// `make` read has changed since (a closure's result: a `ForEach`'s rows, a timeline's content),
    /// and the context to draw it in: when it was made again, its views are compared with their
    /// last values as a parent's new body's are.
    package func remembered<T>(_ name: String, _ make: () -> T) -> (T, RenderContext) {
        if !fresh, !node.dirty, let kept = node.storage["remembered." + name] as? T { return (kept, self) }
        let made = host.tracking(node, make)
        node.storage["remembered." + name] = made
        var remade = self
        remade.fresh = true
        return (made, remade)
    }

    package func element(_ kind: Element.Kind, children: [Element] = []) -> Element {
        let element = Element(kind, children: children, path: node.path)
        element.isDisabled = !environment.isEnabled
        return element
    }

    /// Runs `action` after this frame (onAppear, onChange, a task's start), as SwiftUI does.
    package func afterFrame(_ action: @escaping () -> Void) {
        host.enqueue(action)
    }
}

/// The views a screen is made of, in the order they rendered: the first is the screen's own.
@MainActor
package final class ViewNames {
    package private(set) var names: [String] = []
    func note(_ name: String) { names.append(name) }
}
