/// What a view drew: one node of the rendered tree that steps, the crawler and pictures read.
///
/// Words are kept as ``Text`` with the environment they were drawn in and resolved when read, so
/// a timer or a relative date reads as it would at that moment on the phone, while everything else
/// reads as it was when the view last evaluated its `body` (a view that would be stale on a phone
/// is stale here).
@MainActor
package final class Element {
    package enum Kind {
        case text(ResolvableText)
        case image(ImageContent)
        case button(ButtonContent)
        case toggle(isOn: Bool, set: (Bool) -> Void)
        case picker(PickerContent)
        case stepper(StepperContent)
        case datePicker(DatePickerContent)
        case textField(TextFieldContent)
        case link(URL)
        case share(String)
        case progress(ProgressContent)
        case gauge(fraction: Double)
        case container(ContainerKind)
        case section(header: [Element], footer: [Element])
        case spacer
        case divider
        case shape(String)
        case color(Color)
        case chart
        case chartMark(ChartMarkContent)
        case navigation(NavigationContent)
        case tabs(TabsContent)
        /// A view another process draws into the app (the report extension's), or a system view.
        case placeholder(String)
    }

    package enum ContainerKind: String {
        case vstack, hstack, zstack, grid, gridRow, scroll, list, form, group, label, labeledContent, unavailable, stack
    }

    package var kind: Kind
    package var children: [Element]
    package var style = ElementStyle()
    package var accessibility = AccessibilityContent()
    /// `.disabled(true)` here or on a container around it.
    package var isDisabled = false
    /// `.tag(_:)`: what a picker or a tab view selects by it.
    package var tag: AnyHashable?
    /// `.tabItem { }`: the tab bar's label for this tab's content.
    package var tabItem: [Element]?
    /// What tapping this tab again, when it is chosen, does.
    package var tabReselect: (() -> Void)?
    package var swipeActions: [Element] = []
    package var contextMenu: [Element] = []
    package var longPress: LongPressContent?
    /// The innermost view (a type of Threshold's) whose `body` made this element.
    package var view: String?
    /// Where in the tree the element was made: the identity path of its node.
    package let path: String

    init(_ kind: Kind, children: [Element] = [], path: String) {
        self.kind = kind
        self.children = children
        self.path = path
    }
}

package struct ElementStyle {
    package var font: Font?
    package var weight: Font.Weight?
    package var italic = false
    package var monospaced = false
    package var foreground: AnyShapeStyle?
    package var background: AnyShapeStyle?
    package var tint: Color?
    package var buttonStyle: String?
    package var pickerStyle: String?
    package var opacity: Double = 1
    /// `.hidden()`: laid out, never shown, never tapped.
    package var hidden = false
    /// `.allowsHitTesting(false)`: shown, but touches pass through it and what it holds.
    package var passesTouches = false
    /// Under an overlay that takes the touches (a colour or shape filling it): shown, not tapped.
    package var covered = false
    package var padded = false
    package var cornerRadius: Double?
    package var lineLimit: Int?
    package var alignment: String?
    /// A stack's spacing, where its view gives one (pictures space its children by it).
    package var spacing: Double?
    package var strikethrough = false
}

package struct AccessibilityContent {
    package var label: ResolvableText?
    package var hint: ResolvableText?
    package var value: ResolvableText?
    package var traits: AccessibilityTraits = []
    package var hidden = false
    /// `.accessibilityElement(children: .combine)` (or `.ignore`): read as one element.
    package var combine: AccessibilityChildBehavior?
    package var actions: [(name: ResolvableText, action: () -> Void)] = []
}

package struct ButtonContent {
    package let action: () -> Void
    package let role: ButtonRole?
}

package struct PickerContent {
    package struct Option {
        package let label: [Element]
        package let tag: AnyHashable
    }
    package let options: [Option]
    package let selection: AnyHashable?
    package let select: (AnyHashable) -> Void
}

package struct StepperContent {
    package let increment: (() -> Void)?
    package let decrement: (() -> Void)?
}

package struct DatePickerContent {
    package let date: Date
    /// How the wheels show it: in the phone's locale, zone and calendar.
    let style: Date.FormatStyle
    let language: AppLanguage
    package let set: (Date) -> Void
    package let components: DatePickerComponents

    /// The date as the picker's wheels show it, as the person reads them (``Reading``).
    package var shown: String {
        language == .spanish && !Reading.asDrawn ? date.formatted(style.locale(Reading.locale)) : date.formatted(style)
    }
}

package struct TextFieldContent {
    package let text: String
    package let set: (String) -> Void
    package let prompt: [Element]
    package let multiline: Bool
    package var submit: (() -> Void)?
}

package struct ProgressContent {
    package let fraction: Double?
    package let timer: ClosedRange<Date>?
    package let countsDown: Bool
}

package struct ChartMarkContent {
    package init(kind: String, x: String, y: String) {
        self.kind = kind
        self.x = x
        self.y = y
    }

    package let kind: String
    package let x: String
    package let y: String
}

package struct LongPressContent {
    package let minimumDuration: Double
    package let perform: () -> Void
    package let pressing: ((Bool) -> Void)?
}

/// A navigation stack as drawn: the root and every pushed screen, the last one showing.
package struct NavigationContent {
    package struct Level {
        package let title: [Element]
        package let toolbar: [ToolbarEntry]
        package let content: [Element]
        /// The back button's action; `nil` at the root.
        package let back: (() -> Void)?
        /// The view at the top of this level (a type of Threshold's).
        package let view: String?
        package let views: [String]
    }
    package let levels: [Level]
}

package struct ToolbarEntry {
    package let placement: ToolbarItemPlacement
    package let content: [Element]
}

/// A tab view as drawn: each tab's label in the tab bar, and the chosen tab's content.
package struct TabsContent {
    package struct Tab {
        package let label: [Element]
        package let tag: AnyHashable?
        package let select: () -> Void
        package let isSelected: Bool
    }
    package let tabs: [Tab]
}

extension Element {
    /// The same element with other children.
    func copy(children: [Element]) -> Element {
        let copy = Element(kind, children: children, path: path)
        copy.style = style
        copy.accessibility = accessibility
        copy.isDisabled = isDisabled
        copy.tag = tag
        copy.tabItem = tabItem
        copy.tabReselect = tabReselect
        copy.swipeActions = swipeActions
        copy.contextMenu = contextMenu
        copy.longPress = longPress
        copy.view = view
        return copy
    }

    /// Every element beneath, depth first, this one included.
    package var flattened: [Element] { [self] + children.flatMap(\.flattened) }

    /// Whether, in an overlay, it fills the overlay's whole frame and takes its touches: a colour
    /// or shape that is seen and hit-tested, or a container holding one.
    var takesTouchesOverAll: Bool {
        guard !style.passesTouches, !style.hidden, style.opacity > 0 else { return false }
        switch kind {
        // NB: a clear colour is not hit-tested on iOS (it takes touches only with a contentShape).
        case .color(let color): return color.opacity > 0 && color != .clear
        case .shape: return true
        default: return children.contains(where: \.takesTouchesOverAll)
        }
    }

    /// Whether a touch can reach it: not covered by an overlay, not letting touches pass.
    package var isTouchable: Bool { !style.covered && !style.passesTouches }

    package var isControl: Bool {
        switch kind {
        case .button, .toggle, .picker, .stepper, .datePicker, .textField, .link, .share: true
        default: longPress != nil
        }
    }
}
