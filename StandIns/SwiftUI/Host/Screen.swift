/// What the phone's screen shows of the views a ``ViewHost`` draws: the app, and over it each
/// sheet, cover, alert, dialog or system sheet, the last on top. A navigation stack shows its top
/// screen; a tab view its chosen tab and the tab bar. A person uses only the top layer.
@MainActor
package struct Screen {
    package struct Layer {
        package enum Kind: Equatable {
            case app, sheet, fullScreenCover, alert, confirmationDialog
            case system(String)
        }

        package let kind: Kind
        /// The navigation title of the screen shown, or an alert's title.
        package let title: String?
        /// An alert's or dialog's message.
        package let message: String?
        /// The views (Threshold's types) the screen shown is made of, outermost first.
        package let views: [String]
        /// What the screen shows, in order: containers with the visible content in them.
        package let content: [Element]
        package let toolbar: [Element]
        /// The toolbar's items with where each is placed (Cancel leading, Done trailing, the
        /// bottom bar), for pictures.
        package let toolbarEntries: [ToolbarEntry]
        package let tabs: [TabsContent.Tab]
        /// The back button: the screen beneath's title, and what it does.
        package let back: (label: String, action: () -> Void)?
        /// A swipe down, a tap outside, Cancel: `nil` where iOS offers none.
        package let dismiss: (() -> Void)?
        /// A system sheet's context and how it is answered.
        package let context: Any?
        package let answer: ((Any) -> Void)?
    }

    package let layers: [Layer]
    package var top: Layer { layers[layers.count - 1] }
    /// Presentations asked for while their presenter already showed another, which iOS refuses
    /// (the first stays): each named by its kind and views.
    package let refused: [String]

    /// Whether the screen shows a spinner (a `ProgressView` with no value): work under way.
    package var isSpinning: Bool {
        func spins(_ element: Element) -> Bool {
            if case .progress(let progress) = element.kind, progress.fraction == nil, progress.timer == nil { return true }
            return element.children.contains(where: spins)
        }
        return layers.contains { $0.content.contains(where: spins) || $0.toolbar.contains(where: spins) }
    }

    /// The screen a host draws now.
    package init(_ host: ViewHost) {
        var layers: [Layer] = [
            Self.layer(
                .app, title: nil, message: nil, content: host.elements, dismiss: nil,
                views: host.presentations.rootViews.names, context: nil, answer: nil)
        ]
        var sink: PresentationSink? = host.presentations
        var refused: [String] = []
        while let presented = sink.flatMap({ Self.shown(in: $0, refusing: &refused) }) {
            let kind: Layer.Kind =
                switch presented.kind {
                case .sheet: .sheet
                case .fullScreenCover: .fullScreenCover
                case .alert: .alert
                case .confirmationDialog: .confirmationDialog
                case .system(let name): .system(name)
                }
            let title = presented.title.isEmpty ? nil : Self.words(presented.title)
            let message = presented.message.isEmpty ? nil : Self.words(presented.message)
            layers.append(
                Self.layer(
                    kind, title: title, message: message, content: presented.content, dismiss: presented.dismiss,
                    views: presented.views, context: presented.context, answer: presented.answer))
            sink = presented.presented
        }
        self.layers = layers
        self.refused = refused
    }

    /// The presentations iOS refuses on `host` now, without reading its screen.
    package static func refused(on host: ViewHost) -> [String] {
        var refused: [String] = []
        var sink: PresentationSink? = host.presentations
        while let presented = sink.flatMap({ shown(in: $0, refusing: &refused) }) { sink = presented.presented }
        return refused
    }

    /// One presentation at a time from each presenter: the one already up stays, and one asked for
    /// over it is refused (added to `refused`), whichever of their modifiers is drawn first.
    private static func shown(in sink: PresentationSink, refusing refused: inout [String]) -> PresentedLayer? {
        guard let presented = sink.layers.first(where: { !$0.isNew }) ?? sink.layers.first else { return nil }
        for other in sink.layers where other.isNew && !(other.views == presented.views && other.kind == presented.kind) {
            refused.append("\(other.kind) \(other.views.joined(separator: ", "))")
        }
        return presented
    }

    private static func layer(
        _ kind: Layer.Kind, title: String?, message: String?, content: [Element], dismiss: (() -> Void)?,
        views: [String], context: Any?, answer: ((Any) -> Void)?
    ) -> Layer {
        var visible = Visible()
        let shown = visible.walk(content)
        // The views around the navigation stack, then those of its screen shown; a screen pushed
        // covers the one the stack started with, and so the views around it.
        var seen = Set<String>()
        let views = ((visible.pushed ? [] : views) + (visible.views ?? [])).filter { seen.insert($0).inserted }
        return Layer(
            kind: kind, title: title ?? visible.title, message: message, views: views, content: shown, toolbar: visible.toolbar,
            toolbarEntries: visible.toolbarEntries, tabs: visible.tabs, back: visible.back, dismiss: dismiss, context: context,
            answer: answer)
    }

    /// What a navigation stack or tab view shows of what it holds.
    @MainActor
    private struct Visible {
        var title: String?
        var toolbar: [Element] = []
        var toolbarEntries: [ToolbarEntry] = []
        var tabs: [TabsContent.Tab] = []
        var back: (label: String, action: () -> Void)?
        var views: [String]?
        var pushed = false

        mutating func walk(_ elements: [Element]) -> [Element] {
            elements.flatMap { element -> [Element] in
                // NB: what is hidden or fully transparent is not seen, read or tapped on an iPhone
                // (UIKit does not hit-test a view at opacity 0), though it keeps its place.
                guard !element.style.hidden, element.style.opacity > 0 else { return [] }
                switch element.kind {
                case .tabs(let content):
                    tabs = content.tabs
                    return walk(element.children)
                case .navigation(let navigation):
                    guard let level = navigation.levels.last else { return [] }
                    let shownTitle = Screen.words(level.title)
                    if !shownTitle.isEmpty { title = shownTitle }
                    toolbar = level.toolbar.flatMap(\.content)
                    toolbarEntries = level.toolbar
                    if let action = level.back, navigation.levels.count > 1 {
                        let beneath = Screen.words(navigation.levels[navigation.levels.count - 2].title)
                        back = (beneath.isEmpty ? "Back" : beneath, action)
                    }
                    views = level.views
                    pushed = navigation.levels.count > 1
                    return walk(level.content)
                default:
                    return [element.copy(children: walk(element.children))]
                }
            }
        }
    }

    // MARK: Words

    /// The words of elements as a person reads them, in order, one space between.
    package static func words(_ elements: [Element]) -> String {
        elements.flatMap(\.readableTexts).joined(separator: " ").normalizedSpaces
    }
}

extension Element {
    /// The words drawn in this element and beneath it, in order.
    package var readableTexts: [String] {
        switch kind {
        case .text(let text): return [text.string]
        case .picker(let picker):
            let label = children.flatMap(\.readableTexts)
            let chosen = picker.options.first { $0.tag == picker.selection }.map { Screen.words($0.label) }
            return label + (chosen.map { [$0] } ?? [])
        case .textField(let field):
            return (field.text.isEmpty ? field.prompt.flatMap(\.readableTexts) : [field.text])
        case .toggle:
            return children.flatMap(\.readableTexts)
        case .datePicker(let picker):
            return children.flatMap(\.readableTexts) + [picker.shown]
        case .section(let header, let footer):
            return header.flatMap(\.readableTexts) + children.flatMap(\.readableTexts) + footer.flatMap(\.readableTexts)
        case .chartMark:
            return [accessibility.label?.string, accessibility.value?.string].compactMap { $0 }
        case .placeholder(let text):
            return [text]
        default:
            return children.flatMap(\.readableTexts)
        }
    }

    /// The words that name a control: what it shows, or what VoiceOver reads when it shows none.
    package var name: String {
        let shown: String =
            switch kind {
            case .textField(let field): Screen.words(field.prompt)
            case .text, .image, .placeholder: Screen.words([self])
            default: Screen.words(children)
            }
        if shown.isEmpty, let label = accessibility.label?.string { return label.normalizedSpaces }
        return shown
    }
}

extension String {
    /// With every kind of space (iOS puts a narrow one before AM and PM) as a plain one.
    package var normalizedSpaces: String {
        String(unicodeScalars.map { $0.properties.isWhitespace ? " " : Character($0) }).trimmingCharacters(in: .whitespaces)
    }
}
