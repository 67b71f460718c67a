/// Runs a view tree the way SwiftUI does and keeps what it draws: the one place a step, the
/// crawler or a picture gets a screen from.
///
/// - A view's `body` is evaluated when the view is new, when its value differs from the last one
///   its parent gave (compared field by field, as SwiftUI does), when an `@Observable` value its
///   last `body` read has changed, when one of its `@State` values is set, or when an environment
///   value it reads has changed; otherwise its last `body` is kept, however the world moved on.
/// - `onAppear`, `onChange` and the start of `task` run after the frame that made them due;
///   `update()` renders until nothing is left to do.
/// - A `TimelineView` renders again when its schedule's next date has come on the host's clock.
/// - A frame is drawn only when something it could read has changed since the last (an
///   `@Observable` value read while drawing, a `@State`, the environment, a timeline's date);
///   otherwise what the last frame drew stands, as on iOS.
@MainActor
package final class ViewHost {
    private let root: any View
    private var rootNode: Node!
    package var environment: EnvironmentValues {
        didSet {
            if environment.host !== self { environment.host = self }
            changed.withLock { $0 = true }
        }
    }
    /// The phone's clock: what `TimelineView`, timers and relative dates read.
    package let now: () -> Date
    /// Symbols the views used that the layer accepts, does not draw, and does not document.
    var undocumented: Set<String> = []

    private(set) var frame = 0
    private var queue: [() -> Void] = []
    private let invalidated = Locked<[ObjectIdentifier: Node]>([:])
    /// Whether anything a frame read may have changed since the last frame: an `@Observable`
    /// value any view or control read while drawing, the environment, a `@State`. A frame with
    /// nothing changed would draw what the last one drew (SwiftUI draws nothing then either), so
    /// it is not drawn.
    private let changed = Locked(true)
    private var timelines: [ObjectIdentifier: (node: Node, next: Date)] = [:]
    private var runningTasks: [ObjectIdentifier: TaskRecord] = [:]
    /// Bodies evaluated since the host was made, for the crawler's measure of work.
    package private(set) var evaluations = 0

    package private(set) var elements: [Element] = []
    package private(set) var presentations = PresentationSink()

    package init(_ root: some View, environment: EnvironmentValues, now: @escaping () -> Date) {
        self.root = root
        self.environment = environment
        self.now = now
        rootNode = Node(host: self, parent: nil, key: .named("root"))
        // Words read the host's clock (timers, relative dates), not the machine's.
        self.environment.host = self
    }

    // MARK: Frames

    /// Renders until the screen is still: every due `onAppear`, `onChange` and task start has run
    /// and nothing they changed is left to draw. Throws when the views keep changing themselves.
    package func update() throws {
        for _ in 0..<50 {
            if needsFrame { renderFrame() }
            let undocumented = undocumented.union(Unrendered.undocumentedNoted)
            if !undocumented.isEmpty { throw ViewHostError.undocumented(undocumented.sorted()) }
            let unreadable = Catalogs.unreadable.withLock { $0 }
            if !unreadable.isEmpty { throw ViewHostError.unreadableCatalogs(unreadable.sorted()) }
            let due = queue
            queue = []
            for action in due { action() }
            let pending = invalidated.withLock { !$0.isEmpty }
            if due.isEmpty, !pending { return }
        }
        throw ViewHostError.neverSettles
    }

    /// ``update()``, then waits for the tasks the views started, and for a spinner on screen, to
    /// finish, rendering again after each, until the screen is still.
    package func settle(patience: Int = 30_000) async throws {
        // NB: patience counts this host's own waits of at least a millisecond each, not the wall
        // clock: where many hosts share the main actor (a parallel test run), the others' turns
        // do not use this one's up.
        var waited = 0
        var quiet = 0
        while quiet < 3 {
            try update()
            for _ in 0..<8 { await Task.yield() }
            // NB: a spinner on screen is work a person waits for, though a button's `Task` runs it.
            let spinning = screen.isSpinning
            let working = !runningTasks.isEmpty || spinning || invalidated.withLock { !$0.isEmpty } || !queue.isEmpty
            quiet = working ? 0 : quiet + 1
            guard working else { continue }
            waited += 1
            if waited > patience {
                throw ViewHostError.stillWorking(runningTasks.values.map(\.name).sorted() + (spinning ? ["a spinner"] : []))
            }
            if runningTasks.isEmpty || waited > 64 { try await Task.sleep(for: .milliseconds(1)) }
        }
    }

    /// What the screen shows now: made again only after a frame was drawn, or the clock moved
    /// (words such as a timer's are read when it is made), and once as the person reads it and once
    /// as drawn (``Reading``: a Spanish phone's differ).
    package var screen: Screen {
        let now = now()
        let drawn = Reading.asDrawn
        if let shown, shown.frame == frame, shown.at == now, shown.drawn == drawn { return shown.screen }
        let screen = Screen(self)
        shown = (frame, now, drawn, screen)
        return screen
    }

    private var shown: (frame: Int, at: Date, drawn: Bool, screen: Screen)?

    /// The clock moved: timelines whose next date has come draw again.
    package func timePassed() {
        let now = now()
        for (_, timeline) in timelines where timeline.next <= now {
            timeline.node.dirty = true
            changed.withLock { $0 = true }
        }
    }

    /// Whether the next frame could draw anything the last did not: something it read changed, a
    /// view is marked to draw again, or a timeline's next date has come.
    private var needsFrame: Bool {
        if changed.withLock({ $0 }) || invalidated.withLock({ !$0.isEmpty }) { return true }
        let now = now()
        return timelines.values.contains { $0.next <= now }
    }

    private func renderFrame() {
        frame += 1
        changed.withLock { $0 = false }
        let dirty = invalidated.withLock { nodes in
            defer { nodes = [:] }
            return nodes
        }
        for node in dirty.values { node.dirty = true }
        let sink = PresentationSink()
        let context = RenderContext(
            host: self, node: rootNode, environment: environment, fresh: false, navigation: nil,
            presentations: sink, views: sink.rootViews)
        rootNode.frame = frame
        // NB: one language for the app's process, as on iOS: words a view says through
        // `String(localized:)` while it draws (SystemWords' status, a repair notice) are read in
        // the same language as its `Text`s.
        // NB: what controls read while drawing (a toggle's or a sheet's binding) is tracked for the
        // whole frame, as SwiftUI tracks it inside its own views; bodies are tracked by their nodes too.
        elements = withObservationTracking {
            AppLanguage.$current.withValue(environment.appLanguage) { render(root, in: context) }
        } onChange: { [changed] in
            changed.withLock { $0 = true }
        }
        presentations = sink
    }

    // MARK: Rendering

    func render(_ view: any View, in context: RenderContext) -> [Element] {
        let elements: [Element]
        if let primitive = view as? any PrimitiveView {
            elements = primitive.render(in: context)
        } else {
            elements = renderView(view, in: context)
        }
        context.node.sweep()
        if context.node.view == nil { context.node.dirty = false }
        return elements
    }

    private func renderView<V: View>(_ view: V, in context: RenderContext) -> [Element] {
        renderComposite(view, body: { $0.body }, in: context)
    }

    func renderComposite<V, Body: View>(_ value: V, body: (V) -> Body, in context: RenderContext) -> [Element] {
        let node = context.node
        let name = Self.name(of: V.self)
        node.viewName = name
        let environmentChanged = DynamicProperties.link(value, to: node, environment: context.environment)
        let needsBody =
            node.dirty || node.body == nil || environmentChanged
            || (context.fresh && !(node.view.map { Equality.same($0, value) } ?? false))
        let made: Body
        if needsBody {
            evaluations += 1
            made = tracking(node) { body(value) }
            node.view = value
            node.body = made
        } else {
            made = node.body as! Body
        }
        node.dirty = false
        var inner = context
        inner.fresh = needsBody
        inner.views.note(name)
        let elements = inner.renderChild(made, key: .named("body"))
        for element in elements where element.view == nil { element.view = name }
        return elements
    }

    /// Runs `make`, and marks `node` to render again when an `@Observable` value it read changes.
    func tracking<T>(_ node: Node, _ make: () -> T) -> T {
        let id = ObjectIdentifier(node)
        return withObservationTracking(make) { [invalidated, weak node] in
            guard let node else { return }
            invalidated.withLock { $0[id] = node }
        }
    }

    /// A `@State` was set: the view that owns it renders again.
    func invalidate(_ node: Node) {
        node.dirty = true
        changed.withLock { $0 = true }
        invalidated.withLock { $0[ObjectIdentifier(node)] = node }
    }

    func enqueue(_ action: @escaping () -> Void) { queue.append(action) }

    func schedule(_ node: Node, next: Date?) {
        if let next { timelines[ObjectIdentifier(node)] = (node, next) } else { timelines[ObjectIdentifier(node)] = nil }
    }

    func forget(_ node: Node) {
        timelines[ObjectIdentifier(node)] = nil
    }

    // MARK: Tasks

    func start(_ name: String, for node: Node, _ action: @escaping @Sendable () async -> Void) -> TaskRecord {
        let record = TaskRecord(name: name)
        let id = ObjectIdentifier(record)
        runningTasks[id] = record
        record.task = Task { @MainActor [weak self] in
            await action()
            self?.runningTasks[id] = nil
        }
        return record
    }

    func taskEnded(_ record: TaskRecord) { runningTasks[ObjectIdentifier(record)] = nil }

    // MARK: Names

    /// A view's type without its generic arguments: `HomeView`.
    nonisolated static func name(of type: Any.Type) -> String {
        let full = String(describing: type)
        return String(full.prefix { $0 != "<" })
    }
}

/// A task a view started (`.task`), so ``ViewHost/settle()`` can wait for it.
@MainActor
final class TaskRecord {
    let name: String
    var task: Task<Void, Never>?
    init(name: String) { self.name = name }
    func cancel() { task?.cancel() }
}

package enum ViewHostError: Error, CustomStringConvertible {
    case neverSettles
    case stillWorking([String])
    case undocumented([String])
    case unreadableCatalogs([String])

    package var description: String {
        switch self {
        case .neverSettles: "the screen keeps changing itself: 50 frames in a row each scheduled another"
        case .stillWorking(let names):
            "the screen did not settle: \(names.isEmpty ? "work outside the views" : names.joined(separator: ", ")) still running"
        case .undocumented(let symbols):
            "the views use \(symbols.joined(separator: ", ")), which SwiftUI for Linux accepts but does not draw; draw it, or add it "
                + "with the reason to Unrendered.documented and Documentation/Screens.md"
        case .unreadableCatalogs(let problems): "String Catalogs that cannot be read: \(problems.joined(separator: "; "))"
        }
    }
}
