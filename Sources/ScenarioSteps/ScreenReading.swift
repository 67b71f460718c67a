import DesignSystem
import Foundation
import SwiftUI

// Reading the screen the app's real views draw (SwiftUI for Linux's `Screen`): the controls a
// person can use on the top layer, found by the words they show; what the screen says; which
// screen it is. Nothing here knows what any screen of Threshold's contains.

/// Something a person can use on the screen, by the words that name it.
package struct Control: CustomStringConvertible {
    package enum Kind {
        case button, toggle(isOn: Bool), link(URL), share(String), tab(isSelected: Bool), back, option(picker: String, isSelected: Bool)
        case field(text: String), stepper, datePicker(shown: String), longPress(seconds: Double), swipeAction(row: String),
            accessibilityAction
    }

    package let kind: Kind
    package let name: String
    package let isDisabled: Bool
    /// What the screen says beside a disabled control: why, and when it returns.
    package let reason: String?
    /// What using it does (a tap, a toggle, a pick); for a field, `set` types.
    package let use: () -> Void
    package var set: ((String) -> Void)?
    /// A stepper's + and −: `nil` at its end.
    package var increment: (() -> Void)?
    package var decrement: (() -> Void)?
    package var submit: (() -> Void)?
    package let element: Element?
    /// A button VoiceOver calls selected (its `.isSelected` trait): a plan, a path chosen.
    package var isSelected = false
    /// Where the screen shows it, as a person would point: “under “Profiles””, “in the toolbar”.
    package var place = "on the screen"

    package var description: String {
        var text = "[\(name.isEmpty ? "(no words)" : name)"
        switch kind {
        case .toggle(let isOn): text += isOn ? " — on" : " — off"
        case .tab(let isSelected): text += isSelected ? " — tab, chosen" : " — tab"
        case .back: text += " — back"
        case .option(let picker, let isSelected):
            text += " — \(picker.isEmpty ? "a choice" : "a choice of “\(picker)”")\(isSelected ? ", chosen" : "")"
        case .field(let value): text += ": “\(value)”"
        case .link: text += " — link"
        case .share: text += " — share"
        case .stepper: text += " — stepper"
        case .datePicker(let shown): text += " — \(shown)"
        case .longPress(let seconds): text += " — press and hold \(Int(seconds)) s"
        case .swipeAction(let row): text += " — swipe “\(row)”"
        case .accessibilityAction: text += " — VoiceOver action"
        case .button: if isSelected { text += " — selected" }
        }
        if isDisabled { text += " — disabled\(reason.map { ": \($0)" } ?? "")" }
        return text + "]"
    }
}

@MainActor
extension Screen.Layer {
    /// Every control a person can use on this layer, in the order the screen shows them.
    package func controls() -> [Control] {
        var found: [Control] = []
        if let back {
            found.append(Control(kind: .back, name: "‹ " + back.label, isDisabled: false, reason: nil, use: back.action, element: nil))
        }
        collect(content, into: &found, place: "on the screen")
        collect(toolbar, into: &found, place: "in the toolbar")
        for tab in tabs {
            found.append(
                Control(
                    kind: .tab(isSelected: tab.isSelected), name: Screen.words(tab.label), isDisabled: false, reason: nil,
                    use: tab.select, element: nil, place: "in the tab bar"))
        }
        return found
    }

    /// - Parameter footer: the words under the group the elements are in (a section's footer),
    ///   which say why for a disabled control with no words of its own beside it.
    private func collect(_ elements: [Element], into found: inout [Control], place: String, footer: String? = nil) {
        // NB: what touches cannot reach (under a filling overlay, or letting them pass) is shown and
        // read, and offers nothing to tap.
        for (index, element) in elements.enumerated() where element.isTouchable {
            let first = found.count
            defer { for new in first..<found.count where found[new].place == "on the screen" { found[new].place = place } }
            // Why a disabled control is disabled: the words beside it, after it or else before it;
            // an empty field just before it (a button that acts on what is typed); the group's footer.
            let following = elements.dropFirst(index + 1).prefix { !$0.flattened.contains(where: \.isControl) }
            let preceding = elements.prefix(index).reversed().prefix { !$0.flattened.contains(where: \.isControl) }.reversed()
            let emptyField = elements.prefix(index).last.flatMap { before -> String? in
                guard case .textField(let field) = before.kind, field.text.isEmpty else { return nil }
                return "“\(before.name)” is empty"
            }
            let reason = Screen.words(Array(following)).nilIfEmpty ?? Screen.words(Array(preceding)).nilIfEmpty ?? emptyField ?? footer
            if let control = Self.control(element, reason: reason) { found.append(control) }
            for action in element.swipeActions {
                if let control = Self.control(action, reason: nil) {
                    found.append(
                        Control(
                            kind: .swipeAction(row: Screen.words(element.children).nilIfEmpty ?? element.name), name: control.name,
                            isDisabled: control.isDisabled, reason: nil, use: control.use, element: action))
                }
            }
            if let press = element.longPress {
                found.append(
                    Control(
                        kind: .longPress(seconds: press.minimumDuration), name: element.name, isDisabled: element.isDisabled,
                        reason: reason, use: press.perform, element: element))
            }
            for action in element.accessibility.actions {
                found.append(
                    Control(
                        kind: .accessibilityAction, name: action.name.string.normalizedSpaces, isDisabled: element.isDisabled,
                        reason: nil, use: action.action, element: element))
            }
            if case .picker(let picker) = element.kind {
                let pickerName = Screen.words(element.children)
                for option in picker.options {
                    let tag = option.tag
                    found.append(
                        Control(
                            kind: .option(picker: pickerName, isSelected: option.tag == picker.selection), name: Screen.words(option.label),
                            isDisabled: element.isDisabled, reason: reason, use: { picker.select(tag) }, element: element))
                }
                continue
            }
            var inside = place
            var under = footer
            if case .section(let header, let footer) = element.kind {
                if let title = Screen.words(header).nilIfEmpty { inside = "under “\(title)”" }
                under = Screen.words(footer).nilIfEmpty
            }
            switch element.kind {
            case .button, .toggle, .link, .share, .textField, .stepper, .datePicker: continue
            default: collect(element.children, into: &found, place: inside, footer: under)
            }
            if case .section(let header, let footer) = element.kind {
                collect(header, into: &found, place: place)
                collect(footer, into: &found, place: inside)
            }
        }
    }

    private static func control(_ element: Element, reason: String?) -> Control? {
        let disabled = element.isDisabled
        let why = disabled ? reason : nil
        switch element.kind {
        case .button(let button):
            var control = Control(
                kind: .button, name: element.name, isDisabled: disabled, reason: why, use: button.action, element: element)
            control.isSelected = element.accessibility.traits.contains(.isSelected)
            return control
        case .toggle(let isOn, let set):
            return Control(
                kind: .toggle(isOn: isOn), name: element.name, isDisabled: disabled, reason: why, use: { set(!isOn) }, element: element)
        case .link(let url):
            return Control(kind: .link(url), name: element.name, isDisabled: disabled, reason: why, use: {}, element: element)
        case .share(let item):
            return Control(kind: .share(item), name: element.name, isDisabled: disabled, reason: why, use: {}, element: element)
        case .textField(let field):
            var control = Control(
                kind: .field(text: field.text), name: element.name, isDisabled: disabled, reason: why, use: {}, element: element)
            control.set = field.set
            control.submit = field.submit
            return control
        case .stepper(let stepper):
            var control = Control(
                kind: .stepper, name: element.name, isDisabled: disabled, reason: why, use: stepper.increment ?? {}, element: element)
            control.increment = stepper.increment
            control.decrement = stepper.decrement
            return control
        case .datePicker(let picker):
            var control = Control(
                kind: .datePicker(shown: picker.shown), name: element.name, isDisabled: disabled, reason: why, use: {}, element: element)
            control.set = { _ in }
            return control
        default:
            return nil
        }
    }

    /// Every word the layer shows, as the person reads them: in English, the pseudolanguage read
    /// back (`PseudoLanguage.english`), so a step's English words find what a catalog says.
    package var words: [String] { shownWords.map(PseudoLanguage.english) }

    /// Every word the layer shows, as drawn: its title and message, its content, toolbar, tab bar
    /// and back button; what VoiceOver reads as one element (a stat, a labelled value, a row) read
    /// whole; the choices a segmented or inline picker shows.
    package var shownWords: [String] {
        var words: [String] = [title, message, back?.label].compactMap { $0 }
        words += content.flatMap(\.readableTexts) + toolbar.flatMap(\.readableTexts) + tabs.flatMap { $0.label.flatMap(\.readableTexts) }
        for element in content.flatMap(\.flattened) {
            if let label = element.accessibility.label?.string { words.append(label) }
            if let value = element.accessibility.value?.string { words.append(value) }
            if case .button = element.kind { words.append(element.name) }
            let readWhole: Bool =
                if case .container(.labeledContent) = element.kind { true } else { element.accessibility.combine == .combine }
            if readWhole { words.append(element.readableTexts.joined(separator: " ")) }
            if case .picker(let picker) = element.kind, ["segmented", "inline", "palette"].contains(element.style.pickerStyle ?? "") {
                words += picker.options.map { Screen.words($0.label) }
            }
        }
        return words.map(\.normalizedSpaces).filter { !$0.isEmpty }
    }

    /// Whether the layer shows `text` somewhere in its words.
    package func shows(_ text: String) -> Bool {
        let wanted = text.normalizedSpaces
        return words.contains { $0.range(of: wanted, options: [.caseInsensitive, .diacriticInsensitive]) != nil }
    }

    /// The problems the layer shows: its warning banners (⚠; a banner with a lock or a wrench says
    /// how things stand, not that something failed), and words in the warning colour.
    package var problems: [String] {
        content.flatMap(\.flattened).filter { element in
            if element.view == "ProblemBanner", element.accessibility.combine != nil {
                return element.flattened.contains {
                    if case .image(let image) = $0.kind { image.source == .system("exclamationmark.triangle.fill") } else { false }
                }
            }
            if case .text = element.kind, element.style.foreground?.color == Palette.warning { return true }
            return false
        }.map { PseudoLanguage.english(Screen.words([$0])) }.filter { !$0.isEmpty }
    }

    /// What kind of layer it is, as a person would say it.
    package var kindWords: String {
        switch kind {
        case .app: ""
        case .sheet: "sheet"
        case .fullScreenCover: "cover"
        case .alert: "alert"
        case .confirmationDialog: "confirmation"
        case .system(let name): name
        }
    }

    /// The screen's name: its own views' names in words ("onboarding: welcome", "unlock gate"),
    /// or its title.
    package var name: String {
        let own = views.filter { !Screen.Layer.plumbing.contains($0) && ($0.hasSuffix("View") || $0.hasSuffix("Step")) }
            .prefix(2).map(Screen.Layer.humanized).joined(separator: ": ").nilIfEmpty
        return [kindWords.nilIfEmpty, own ?? title.map(PseudoLanguage.english)].compactMap { $0 }.joined(separator: " ").nilIfEmpty
            ?? "screen"
    }

    /// Whether `name` names this screen: each part (`onboarding: ready`) is words of its views,
    /// its title or its kind ("unlock gate", "Focus Bank", "confirmation").
    package func isNamed(_ name: String) -> Bool {
        var known = Set(Self.wordsOf(kindWords) + Self.wordsOf(PseudoLanguage.english(title ?? "")))
        for view in views { known.formUnion(Self.wordsOf(Self.humanized(view))) }
        return name.split(separator: ":").allSatisfy { part in
            let words = Self.wordsOf(String(part))
            return !words.isEmpty && words.allSatisfy(known.contains)
        }
    }

    /// Views that draw no screen of their own.
    static let plumbing: Set<String> = [
        "AppScreens", "PresentedView", "RitualView", "Card", "ProblemBanner", "Stat", "TimeLeft",
        "OutcomeBanner", "StepHeader", "EmptyState",
    ]

    /// `UnlockGateView` as "unlock gate".
    static func humanized(_ view: String) -> String {
        var name = view
        for suffix in ["View", "Step", "Screens"] where name.hasSuffix(suffix) && name.count > suffix.count {
            name.removeLast(suffix.count)
        }
        var words: [String] = []
        var current = ""
        for character in name {
            if character.isUppercase, !current.isEmpty, !(current.last?.isUppercase ?? false) {
                words.append(current)
                current = ""
            }
            current.append(character)
        }
        if !current.isEmpty { words.append(current) }
        return words.joined(separator: " ").lowercased()
    }

    static func wordsOf(_ text: String) -> [String] {
        text.lowercased().split { !$0.isLetter && !$0.isNumber }.map(String.init)
    }

    /// The layer as a person would describe it: its name and title, what it says, its controls.
    package var summary: String {
        var parts = ["the \(name) screen"]
        if let title, !name.localizedCaseInsensitiveContains(title) { parts.append("titled “\(title)”") }
        let controlWords = Set(controls().map(\.name))
        let texts = content.flatMap(\.flattened).compactMap { element -> String? in
            guard case .text(let text) = element.kind else { return nil }
            return text.string.normalizedSpaces
        }.filter { !$0.isEmpty && !controlWords.contains($0) }
        var seen = Set<String>()
        let lines = texts.filter { seen.insert($0).inserted }
        if let message { parts.append("saying “\(message)”") }
        if !lines.isEmpty {
            parts.append("showing " + lines.prefix(40).map { "“\($0)”" }.joined(separator: ", ") + (lines.count > 40 ? ", …" : ""))
        }
        let controls = controls()
        parts.append(controls.isEmpty ? "with nothing to tap" : "with " + controls.map(\.description).joined(separator: " "))
        return parts.joined(separator: " ")
    }
}

extension String {
    var nilIfEmpty: String? { isEmpty ? nil : self }
}

/// The screen differs from what a step expected: what the step wanted and what the screen shows.
struct ScreenMismatch: Error, CustomStringConvertible {
    let message: String
    let shown: String

    @MainActor
    init(_ message: String, screen: Screen.Layer?) {
        self.message = message
        shown = screen.map(\.summary) ?? "Threshold is not on screen (open-threshold opens it)"
    }

    init(_ message: String, shown: String) {
        self.message = message
        self.shown = shown
    }

    var description: String { "\(message); Threshold shows \(shown)" }
}

/// Finding a control by the words a step names it with.
@MainActor
package enum Words {
    /// The controls `label` names: the exact words first; failing that, the controls whose words
    /// begin with it; failing that, those whose words contain it (whole words either way). The back
    /// button is "‹ Title", or "Back".
    package static func find(_ label: String, in controls: [Control], where matches: (Control) -> Bool = { _ in true }) -> [Control] {
        let wanted = fold(label)
        let candidates = controls.filter(matches)
        if wanted == "back" {
            let backs = candidates.filter { if case .back = $0.kind { true } else { false } }
            let named = candidates.filter { fold($0.name) == "back" }
            return named.isEmpty ? backs : named
        }
        let exact = candidates.filter { fold($0.name) == wanted }
        if !exact.isEmpty { return exact }
        let words = tokens(label)
        guard !words.isEmpty else { return [] }
        let prefix = candidates.filter { tokens($0.name).starts(with: words) }
        if !prefix.isEmpty { return prefix }
        return candidates.filter { control in
            let name = tokens(control.name)
            return name.count >= words.count && (0...(name.count - words.count)).contains { Array(name[$0..<($0 + words.count)]) == words }
        }
    }

    /// The words of a text, folded, without the punctuation between them.
    nonisolated package static func tokens(_ text: String) -> [String] {
        fold(text).split { $0.isWhitespace || ",.;:!?·()“”\"‘’'…—–-".contains($0) }.map(String.init)
    }

    /// Words as the person compares them: the pseudolanguage read back, spaces plain, without
    /// case or accents.
    nonisolated package static func fold(_ text: String) -> String {
        PseudoLanguage.english(text).normalizedSpaces.folding(
            options: [.caseInsensitive, .diacriticInsensitive], locale: Locale(identifier: "en_US")
        )
        .replacingOccurrences(of: "’", with: "'")
    }
}
