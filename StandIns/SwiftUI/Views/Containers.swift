// Containers: their children in order, in an element that says how they are arranged.

public enum HorizontalAlignment: Sendable { case leading, center, trailing }
public enum VerticalAlignment: Sendable { case top, center, bottom, firstTextBaseline, lastTextBaseline }
public struct Alignment: Sendable {
    public static let leading = Alignment()
    public static let center = Alignment()
    public static let trailing = Alignment()
    public static let top = Alignment()
    public static let bottom = Alignment()
    public static let topLeading = Alignment()
    public static let topTrailing = Alignment()
    public static let bottomLeading = Alignment()
    public static let bottomTrailing = Alignment()
}

/// A container drawn as one element around its content.
nonisolated struct ContainerView<Content: View>: View, PrimitiveView {
    typealias Body = Never
    let kind: Element.ContainerKind
    let content: Content
    var alignment: String?
    var spacing: Double?

    @MainActor package func render(in context: RenderContext) -> [Element] {
        let element = context.element(.container(kind), children: context.renderChild(content, key: .index(0)))
        element.style.alignment = alignment
        element.style.spacing = spacing
        return [element]
    }
}

nonisolated public struct VStack<Content: View>: View, PrimitiveView {
    public typealias Body = Never
    let content: Content
    let alignment: HorizontalAlignment
    let spacing: Double?
    public init(alignment: HorizontalAlignment = .center, spacing: Double? = nil, @ViewBuilder content: () -> Content) {
        self.content = content()
        self.alignment = alignment
        self.spacing = spacing
    }
    @MainActor package func render(in context: RenderContext) -> [Element] {
        ContainerView(kind: .vstack, content: content, alignment: "\(alignment)", spacing: spacing).render(in: context)
    }
}

nonisolated public struct HStack<Content: View>: View, PrimitiveView {
    public typealias Body = Never
    let content: Content
    let spacing: Double?
    public init(alignment: VerticalAlignment = .center, spacing: Double? = nil, @ViewBuilder content: () -> Content) {
        self.content = content()
        self.spacing = spacing
    }
    @MainActor package func render(in context: RenderContext) -> [Element] {
        ContainerView(kind: .hstack, content: content, spacing: spacing).render(in: context)
    }
}

nonisolated public struct ZStack<Content: View>: View, PrimitiveView {
    public typealias Body = Never
    let content: Content
    public init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) { self.content = content() }
    @MainActor package func render(in context: RenderContext) -> [Element] {
        ContainerView(kind: .zstack, content: content).render(in: context)
    }
}

public struct GridItem: Sendable {
    public enum Size: Sendable {
        case fixed(Double)
        case flexible(minimum: Double = 10, maximum: Double = .infinity)
        case adaptive(minimum: Double, maximum: Double = .infinity)
    }
    public init(_ size: Size = .flexible(), spacing: Double? = nil, alignment: Alignment? = nil) {}
}

nonisolated public struct LazyVGrid<Content: View>: View, PrimitiveView {
    public typealias Body = Never
    let content: Content
    public init(columns: [GridItem], alignment: HorizontalAlignment = .center, spacing: Double? = nil, @ViewBuilder content: () -> Content)
    {
        self.content = content()
    }
    @MainActor package func render(in context: RenderContext) -> [Element] {
        ContainerView(kind: .grid, content: content).render(in: context)
    }
}

nonisolated public struct Grid<Content: View>: View, PrimitiveView {
    public typealias Body = Never
    let content: Content
    public init(
        alignment: Alignment = .center, horizontalSpacing: Double? = nil, verticalSpacing: Double? = nil,
        @ViewBuilder content: () -> Content
    ) {
        self.content = content()
    }
    @MainActor package func render(in context: RenderContext) -> [Element] {
        ContainerView(kind: .grid, content: content).render(in: context)
    }
}

nonisolated public struct GridRow<Content: View>: View, PrimitiveView {
    public typealias Body = Never
    let content: Content
    public init(alignment: VerticalAlignment? = nil, @ViewBuilder content: () -> Content) { self.content = content() }
    @MainActor package func render(in context: RenderContext) -> [Element] {
        ContainerView(kind: .gridRow, content: content).render(in: context)
    }
}

nonisolated public struct ScrollView<Content: View>: View, PrimitiveView {
    public typealias Body = Never
    let content: Content
    public init(_ axes: Axis.Set = .vertical, showsIndicators: Bool = true, @ViewBuilder content: () -> Content) {
        self.content = content()
    }
    @MainActor package func render(in context: RenderContext) -> [Element] {
        ContainerView(kind: .scroll, content: content).render(in: context)
    }
}

nonisolated public struct List<SelectionValue: Hashable, Content: View>: View, PrimitiveView {
    public typealias Body = Never
    let content: Content
    @MainActor package func render(in context: RenderContext) -> [Element] {
        ContainerView(kind: .list, content: content).render(in: context)
    }
}

extension List where SelectionValue == Never {
    public init(@ViewBuilder content: () -> Content) { self.content = content() }

    public init<Data: RandomAccessCollection, RowContent: View>(
        _ data: Data, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
    )
    where Content == ForEach<Data, Data.Element.ID, RowContent>, Data.Element: Identifiable {
        content = ForEach(data, content: rowContent)
    }

    public init<Data: RandomAccessCollection, ID: Hashable, RowContent: View>(
        _ data: Data, id: KeyPath<Data.Element, ID>,
        @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
    )
    where Content == ForEach<Data, ID, RowContent> {
        content = ForEach(data, id: id, content: rowContent)
    }
}

nonisolated public struct Form<Content: View>: View, PrimitiveView {
    public typealias Body = Never
    let content: Content
    public init(@ViewBuilder content: () -> Content) { self.content = content() }
    @MainActor package func render(in context: RenderContext) -> [Element] {
        ContainerView(kind: .form, content: content).render(in: context)
    }
}

nonisolated public struct Section<Parent: View, Content: View, Footer: View>: View, PrimitiveView {
    public typealias Body = Never
    let header: Parent
    let content: Content
    let footer: Footer

    public init(@ViewBuilder content: () -> Content, @ViewBuilder header: () -> Parent, @ViewBuilder footer: () -> Footer) {
        self.content = content()
        self.header = header()
        self.footer = footer()
    }

    @MainActor package func render(in context: RenderContext) -> [Element] {
        let header = context.renderChild(self.header, key: .named("header"))
        let footer = context.renderChild(self.footer, key: .named("footer"))
        let content = context.renderChild(self.content, key: .named("content"))
        return [context.element(.section(header: header, footer: footer), children: content)]
    }
}

extension Section where Parent == EmptyView, Footer == EmptyView {
    public init(@ViewBuilder content: () -> Content) { self.init(content: content, header: { EmptyView() }, footer: { EmptyView() }) }
}

extension Section where Footer == EmptyView {
    public init(@ViewBuilder content: () -> Content, @ViewBuilder header: () -> Parent) {
        self.init(content: content, header: header, footer: { EmptyView() })
    }
}

extension Section where Parent == EmptyView {
    public init(@ViewBuilder content: () -> Content, @ViewBuilder footer: () -> Footer) {
        self.init(content: content, header: { EmptyView() }, footer: footer)
    }
}

extension Section where Parent == Text, Footer == EmptyView {
    public init(_ titleKey: LocalizedStringKey, @ViewBuilder content: () -> Content) {
        self.init(content: content, header: { Text(titleKey) }, footer: { EmptyView() })
    }
}

/// Views made from data, one per element, each with the identity of its id.
nonisolated public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content: View>: View, PrimitiveView {
    public typealias Body = Never
    let data: Data
    let id: (Data.Element) -> ID
    let content: (Data.Element) -> Content

    public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.data = data
        self.id = { $0[keyPath: id] }
        self.content = content
    }

    @MainActor package func render(in context: RenderContext) -> [Element] {
        let (rows, drawing): ([(ID, Content)], RenderContext) = context.remembered("rows") { data.map { (id($0), content($0)) } }
        var seen = Set<ID>()
        return rows.flatMap { id, view -> [Element] in
            // NB: a repeated id is a mistake SwiftUI warns of; the later row gets its own place here.
            let key: NodeKey = seen.insert(id).inserted ? .id(AnyHashable(id)) : .named("dup-\(id)-\(UUID())")
            return drawing.renderChild(view, key: key)
        }
    }
}

extension ForEach where ID == Data.Element.ID, Data.Element: Identifiable {
    public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.init(data, id: \.id, content: content)
    }
}

extension ForEach where Data == Range<Int>, ID == Int {
    public init(_ data: Range<Int>, @ViewBuilder content: @escaping (Int) -> Content) {
        self.init(data, id: \.self, content: content)
    }
}

extension ForEach {
    /// Rows over a binding to a collection: each row gets a binding to its element.
    @MainActor
    public init<C: MutableCollection & RandomAccessCollection>(
        _ data: Binding<C>, @ViewBuilder content: @escaping (Binding<C.Element>) -> Content
    ) where Data == [Binding<C.Element>], ID == C.Element.ID, C.Element: Identifiable {
        let whole = data.wrappedValue
        let rows: [Binding<C.Element>] = whole.indices.map { index in
            let id = whole[index].id
            return Binding(
                get: { data.wrappedValue.first { $0.id == id } ?? whole[index] },
                set: { value in
                    var changed = data.wrappedValue
                    if let at = changed.firstIndex(where: { $0.id == id }) { changed[at] = value }
                    data.wrappedValue = changed
                })
        }
        self.data = rows
        self.id = { binding in binding.wrappedValue.id }
        self.content = content
    }
}

/// A rounded box with an optional label.
nonisolated public struct GroupBox<Label: View, Content: View>: View, PrimitiveView {
    public typealias Body = Never
    let content: Content
    public init(@ViewBuilder content: () -> Content) where Label == EmptyView { self.content = content() }
    @MainActor package func render(in context: RenderContext) -> [Element] {
        ContainerView(kind: .group, content: content).render(in: context)
    }
}
