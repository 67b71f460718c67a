import Foundation
import SwiftUI

/// Draws what views drew (``Element``s) as HTML in iOS's idiom: lists and forms as inset grouped
/// lists, switches, segmented pickers, steppers, bordered and prominent buttons, SF Symbols, the
/// system's colours and text styles. Structure and words are the views'; sizes and positions are
/// iOS's usual ones, not computed from the views' layout.
@MainActor
struct Drawing {
    let style: PictureStyle
    /// The phone's clock when the picture is taken: where a timer-driven bar stands.
    let now: Date

    struct Context {
        var inList = false
        var inCell = false
        var inRow = false
        var inZStack = false
        /// In a widget or the Live Activity, where a link (`widgetURL`) is the whole of it, not
        /// words in the accent.
        var inWidget = false
        /// An accent set with `.tint` around the element.
        var tint: String?
    }

    // MARK: Elements

    func html(_ elements: [Element], _ context: Context = Context()) -> String {
        elements.map { html($0, context) }.joined()
    }

    func html(_ element: Element, _ context: Context) -> String {
        if element.accessibility.hidden, case .image = element.kind { return decorated(element, inner(element, context)) }
        return decorated(element, inner(element, context))
    }

    /// The element's own look (a background, padding, corners, opacity, disabled) around it.
    private func decorated(_ element: Element, _ body: String) -> String {
        var styles: [String] = []
        var classes: [String] = []
        if let background = css(element.style.background) {
            styles.append("background: \(background)")
            if element.style.cornerRadius == nil, !element.style.padded { styles.append("border-radius: 4px") }
        }
        if let radius = element.style.cornerRadius { styles.append("border-radius: \(min(radius, 999))px") }
        if element.style.padded { classes.append("padded") }
        if element.style.opacity < 1 { styles.append("opacity: \(element.style.opacity)") }
        if case .button = element.kind {} else if element.isDisabled, element.isControl { classes.append("disabled") }
        guard !styles.isEmpty || !classes.isEmpty else { return body }
        if case .container = element.kind {
            return body.replacingFirst(
                "<div class=\"", with: "<div style=\"\(styles.joined(separator: "; "))\" class=\"\(classes.joined(separator: " ")) ")
        }
        return "<div class=\"col \(classes.joined(separator: " "))\" style=\"\(styles.joined(separator: "; "))\">\(body)</div>"
    }

    private func inner(_ element: Element, _ context: Context) -> String {
        var context = context
        if let tint = element.style.tint { context.tint = tint.css(dark: style.dark) }
        switch element.kind {
        case .text(let text):
            return "<div class=\"text\(alignment(element))\"\(textStyle(element))>\(runs(text))</div>"
        case .image(let image):
            return self.image(image, element)
        case .button(let button):
            return self.button(element, button, context)
        case .toggle(let isOn, _):
            let row =
                "<div class=\"control-row\"><div class=\"col\">\(html(element.children, context))</div>"
                + "<div class=\"switch\(isOn ? " on" : "")\"></div></div>"
            return context.inCell ? row : "<div class=\"row\">\(row)</div>"
        case .picker(let picker):
            return self.picker(element, picker, context)
        case .stepper(let stepper):
            return "<div class=\"control-row\"><div class=\"col\">\(html(element.children, context))</div><div class=\"stepper\">"
                + "<div class=\"\(stepper.decrement == nil ? "off" : "")\">−</div><div class=\"\(stepper.increment == nil ? "off" : "")\">+</div></div></div>"
        case .datePicker(let picker):
            return
                "<div class=\"control-row\"><div class=\"col\">\(html(element.children, context))</div><div class=\"pill\">\(escape(picker.shown))</div></div>"
        case .textField(let field):
            let shown =
                field.text.isEmpty ? "<span class=\"placeholder-text\">\(escape(Screen.words(field.prompt)))</span>" : escape(field.text)
            return "<div class=\"field\(field.multiline ? " multiline" : "")\">\(shown)</div>"
        case .link:
            if context.inWidget { return html(element.children, context) }
            return "<div class=\"button\"\(tintStyle(context))>\(html(element.children, context))</div>"
        case .share:
            return
                "<div class=\"button label\"\(tintStyle(context))>\(Symbols.svg("square.and.arrow.up"))\(html(element.children, context))</div>"
        case .progress(let progress):
            if let fraction = progress.fraction ?? progress.timer.map({ timerFraction($0, countsDown: progress.countsDown) }) {
                return
                    "<div class=\"col\">\(html(element.children, context))<div class=\"progress\"><div style=\"width: \(percent(fraction))%"
                    + "\(context.tint.map { "; background: \($0)" } ?? "")\"></div></div></div>"
            }
            return "<div class=\"col\">\(html(element.children, context))<div class=\"spinner\"></div></div>"
        case .gauge(let fraction):
            return
                "<div class=\"col\">\(html(element.children, context))<div class=\"progress\"><div style=\"width: \(percent(fraction))%\"></div></div></div>"
        case .container(let kind):
            return container(kind, element, context)
        case .section(let header, let footer):
            return section(element, header: header, footer: footer, context)
        case .spacer:
            return "<div class=\"spacer\"></div>"
        case .divider:
            return "<div class=\"divider\"></div>"
        case .shape(let name):
            let color = css(element.style.foreground) ?? context.tint ?? "var(--accent)"
            return "<div class=\"shape \(name)\" style=\"color: \(color)\"></div>"
        case .color(let color):
            return context.inZStack
                ? "<div style=\"background: \(color.css(dark: style.dark)); align-self: stretch; justify-self: stretch\"></div>"
                : "<div class=\"swatch\" style=\"background: \(color.css(dark: style.dark))\"></div>"
        case .chart:
            return chart(element)
        case .chartMark:
            return ""
        case .navigation(let navigation):
            return navigation.levels.last.map { html($0.content, context) } ?? ""
        case .tabs:
            return html(element.children, context)
        case .placeholder(let text):
            return "<div class=\"system\">\(escape(text))</div>"
        }
    }

    // MARK: Text

    private func runs(_ text: ResolvableText) -> String {
        text.runs.map { words, style in
            var css: [String] = []
            if let font = style.font { css.append("font-size: \(self.style.points(font))px") }
            if let weight = style.weight ?? style.font?.weight { css.append("font-weight: \(weight.value)") }
            if style.italic || (style.font?.isItalic ?? false) { css.append("font-style: italic") }
            if style.monospaced || (style.font?.isMonospaced ?? false) { css.append("font-variant-numeric: tabular-nums") }
            if let color = style.color { css.append("color: \(color.css(dark: self.style.dark))") }
            if style.strikethrough { css.append("text-decoration: line-through") }
            return css.isEmpty ? escape(words) : "<span style=\"\(css.joined(separator: "; "))\">\(escape(words))</span>"
        }.joined()
    }

    private func textStyle(_ element: Element) -> String {
        var css: [String] = []
        if let font = element.style.font { css.append("font-size: \(style.points(font))px") }
        if let weight = element.style.weight ?? element.style.font?.weight { css.append("font-weight: \(weight.value)") }
        if element.style.italic { css.append("font-style: italic") }
        if element.style.monospaced { css.append("font-variant-numeric: tabular-nums") }
        if let color = self.css(element.style.foreground) { css.append("color: \(color)") }
        if element.style.strikethrough { css.append("text-decoration: line-through") }
        if let lines = element.style.lineLimit {
            css.append("display: -webkit-box; -webkit-line-clamp: \(lines); -webkit-box-orient: vertical; overflow: hidden")
        }
        return css.isEmpty ? "" : " style=\"\(css.joined(separator: "; "))\""
    }

    private func alignment(_ element: Element) -> String {
        element.style.alignment == "center" ? " center" : ""
    }

    // MARK: Images

    private func image(_ image: ImageContent, _ element: Element) -> String {
        var css: [String] = []
        if let color = self.css(element.style.foreground) { css.append("color: \(color)") }
        if let font = element.style.font { css.append("font-size: \(style.points(font))px") }
        let attributes = css.isEmpty ? "" : " style=\"\(css.joined(separator: "; "))\""
        switch image.source {
        case .system(let name):
            return "<span class=\"symbol\"\(attributes)>\(Symbols.svg(name))</span>"
        case .named(let name), .drawn(let name):
            return "<span class=\"image\"\(attributes)>\(escape(String(name.prefix(10))))</span>"
        case .qrCode(let link):
            return "<div class=\"qr\">\(QRPattern.svg(for: link.absoluteString))</div>"
        }
    }

    // MARK: Controls

    private func button(_ element: Element, _ button: ButtonContent, _ context: Context) -> String {
        var classes = ["button"]
        let name = element.style.buttonStyle ?? "automatic"
        var inside = context
        inside.inCell = false
        var label = html(element.children, inside)
        switch name {
        case "bordered": classes.append("bordered")
        case "borderedProminent": classes.append("prominent")
        case "plain": classes.append("plain")
        case "navigationLink":
            classes.append("link-row")
            label = "<div class=\"col\">\(label)</div><span class=\"chevron\">\(Symbols.svg("chevron.right"))</span>"
        case "automatic", "borderless": break
        default:
            // A custom ButtonStyle draws its own look (Threshold's primary button); its label
            // carries it.
            if name.contains("Primary") { classes.append("primary") } else { classes.append("plain") }
        }
        if button.role == .destructive { classes.append("destructive") }
        if element.isDisabled { classes.append("disabled") }
        let tint = classes.contains("plain") || classes.contains("primary") ? "" : tintStyle(context)
        return "<div class=\"\(classes.joined(separator: " "))\"\(tint)>\(label)</div>"
    }

    private func picker(_ element: Element, _ picker: PickerContent, _ context: Context) -> String {
        let label = html(element.children, context)
        let chosen = picker.options.first { $0.tag == picker.selection }
        let disabled = element.isDisabled ? " disabled" : ""
        switch element.style.pickerStyle ?? "automatic" {
        case "segmented", "palette":
            let segments = picker.options.map { option in
                "<div class=\"\(option.tag == picker.selection ? "chosen" : "")\">\(escape(Screen.words(option.label)))</div>"
            }.joined()
            return "<div class=\"segmented\(disabled)\">\(segments)</div>"
        case "inline":
            let options = picker.options.map { option in
                "<div class=\"cell\"><div class=\"col\">\(html(option.label, context))</div>"
                    + (option.tag == picker.selection ? "<span class=\"check\">\(Symbols.svg("checkmark"))</span>" : "") + "</div>"
            }.joined()
            let header = label.isEmpty ? "" : "<div class=\"header\">\(label)</div>"
            return context.inList ? options : "<div class=\"section\(disabled)\">\(header)<div class=\"cells\">\(options)</div></div>"
        case "wheel":
            return
                "<div class=\"col\(disabled)\">\(label)<div class=\"pill center\">\(chosen.map { escape(Screen.words($0.label)) } ?? "")</div></div>"
        case "navigationLink":
            return "<div class=\"control-row\(disabled)\"><div class=\"col\">\(label)</div><span class=\"value\">"
                + "\(chosen.map { escape(Screen.words($0.label)) } ?? "")</span><span class=\"chevron\">\(Symbols.svg("chevron.right"))</span></div>"
        default:
            let value =
                "<span class=\"menu-value\"\(tintStyle(context))>\(chosen.map { escape(Screen.words($0.label)) } ?? "")"
                + "<span style=\"font-size: 0.8em\">⌃⌄</span></span>"
            return "<div class=\"control-row\(disabled)\"><div class=\"col\">\(label)</div>\(value)</div>"
        }
    }

    // MARK: Containers

    private func container(_ kind: Element.ContainerKind, _ element: Element, _ context: Context) -> String {
        switch kind {
        case .list, .form:
            var inside = context
            inside.inList = true
            return "<div class=\"list\">\(listSections(element.children, inside))</div>"
        case .hstack, .gridRow:
            var inside = context
            inside.inRow = true
            inside.inCell = false
            return "<div class=\"row\"\(gap(element))>\(html(element.children, inside))</div>"
        case .zstack:
            var inside = context
            inside.inZStack = true
            if element.children.contains(where: { if case .shape("circle") = $0.kind { true } else { false } }) {
                let content = element.children.filter { if case .shape = $0.kind { false } else { true } }
                return
                    "<div class=\"ring\" style=\"border-color: \(context.tint ?? "var(--accent)")\"><div class=\"col center\">\(html(content, inside))</div></div>"
            }
            return "<div class=\"zstack\">\(html(element.children, inside))</div>"
        case .label:
            return "<div class=\"label\">\(html(element.children, context))</div>"
        case .labeledContent:
            guard element.children.count > 1 else { return "<div class=\"col\">\(html(element.children, context))</div>" }
            let label = html([element.children[0]], context)
            let value = html(Array(element.children.dropFirst()), context)
            return "<div class=\"control-row\"><div class=\"col\">\(label)</div><div class=\"value\">\(value)</div></div>"
        case .unavailable:
            return "<div class=\"unavailable\">\(html(element.children, context))</div>"
        case .vstack, .scroll, .grid, .group, .stack:
            var inside = context
            if kind == .vstack || kind == .scroll { inside.inRow = false }
            if element.children.isEmpty { return "" }
            var css: [String] = []
            if kind == .vstack, let alignment = element.style.alignment, alignment != "leading" {
                css.append(alignment == "center" ? "align-items: center; text-align: center" : "align-items: flex-end; text-align: right")
            }
            if let spacing = element.style.spacing { css.append("gap: \(spacing)px") }
            let attributes = css.isEmpty ? "" : " style=\"\(css.joined(separator: "; "))\""
            return "<div class=\"col\"\(attributes)>\(html(element.children, inside))</div>"
        }
    }

    /// A list's children as inset grouped sections: each section a rounded group of cells, rows
    /// outside a section gathered into one.
    private func listSections(_ children: [Element], _ context: Context) -> String {
        var out = ""
        var loose: [Element] = []
        func flush() {
            guard !loose.isEmpty else { return }
            out += "<div class=\"section\"><div class=\"cells\">\(cells(loose, context))</div></div>"
            loose = []
        }
        for child in Self.rows(children) {
            if case .section(let header, let footer) = child.kind {
                flush()
                out += section(child, header: header, footer: footer, context)
            } else {
                loose.append(child)
            }
        }
        flush()
        return out
    }

    private func section(_ element: Element, header: [Element], footer: [Element], _ context: Context) -> String {
        let head = header.isEmpty ? "" : "<div class=\"header\">\(html(header, context))</div>"
        let foot = footer.isEmpty ? "" : "<div class=\"footer\">\(html(footer, context))</div>"
        if context.inList {
            let rows = Self.rows(element.children)
            let body = rows.isEmpty ? "" : "<div class=\"cells\">\(cells(rows, context))</div>"
            return "<div class=\"section\">\(head)\(body)\(foot)</div>"
        }
        return "<div class=\"plain-section\">\(head)<div class=\"col\">\(html(element.children, context))</div>\(foot)</div>"
    }

    private func cells(_ rows: [Element], _ context: Context) -> String {
        var inside = context
        inside.inCell = true
        return rows.map { row in
            if case .picker = row.kind, row.style.pickerStyle == "inline" { return html(row, inside) }
            return "<div class=\"cell\">\(html(row, inside))</div>"
        }.joined()
    }

    /// The rows a list shows: groups and `ForEach`es are not rows of their own.
    static func rows(_ children: [Element]) -> [Element] {
        children.flatMap { child -> [Element] in
            if case .container(let kind) = child.kind, kind == .group || kind == .stack, child.accessibility.combine == nil,
                child.style.background == nil
            {
                return rows(child.children)
            }
            return [child]
        }
    }

    // MARK: Charts

    private func chart(_ element: Element) -> String {
        let marks = element.flattened.compactMap { mark -> (label: String, value: Double, shown: String)? in
            guard case .chartMark(let content) = mark.kind else { return nil }
            let label = mark.accessibility.label?.string ?? content.x
            let shown = mark.accessibility.value?.string ?? content.y
            let number = Double(content.y) ?? Double(shown.prefix { $0.isNumber || $0 == "." }) ?? 0
            return (label, number, shown)
        }
        guard !marks.isEmpty else { return "<div class=\"system\">Chart</div>" }
        let top = max(marks.map(\.value).max() ?? 1, 1)
        let bars = marks.map { mark in
            "<div class=\"bar\" title=\"\(escape(mark.shown))\"><div style=\"height: \(percent(mark.value / top))%\"></div>"
                + "<span>\(escape(String(mark.label.prefix(3))))</span></div>"
        }.joined()
        return "<div class=\"chart\">\(bars)</div>"
    }

    // MARK: Styles

    func css(_ style: AnyShapeStyle?) -> String? {
        guard let style else { return nil }
        if let color = style.color { return color.css(dark: self.style.dark) }
        switch style.description {
        case "primary": return "var(--label)"
        case "secondary": return "var(--secondary)"
        case "tertiary", "quaternary": return "var(--tertiary)"
        case "background0": return "var(--bg)"
        case "background1": return "var(--card)"
        case "background2": return "var(--card2)"
        case "bar", "regularMaterial", "thinMaterial", "ultraThinMaterial", "thickMaterial": return "var(--bar)"
        case "tint": return "var(--accent)"
        default: return nil
        }
    }

    private func gap(_ element: Element) -> String {
        element.style.spacing.map { " style=\"gap: \($0)px\"" } ?? ""
    }

    private func tintStyle(_ context: Context) -> String {
        context.tint.map { " style=\"color: \($0)\"" } ?? ""
    }

    private func timerFraction(_ range: ClosedRange<Date>, countsDown: Bool) -> Double {
        let total = range.upperBound.timeIntervalSince(range.lowerBound)
        guard total > 0 else { return 1 }
        let done = min(1, max(0, now.timeIntervalSince(range.lowerBound) / total))
        return countsDown ? 1 - done : done
    }

    private func percent(_ fraction: Double) -> Int { Int((min(1, max(0, fraction)) * 100).rounded()) }
}

/// Text made safe for HTML.
func escape(_ text: String) -> String {
    var out = ""
    out.reserveCapacity(text.count)
    for character in text {
        switch character {
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case "\"": out += "&quot;"
        default: out.append(character)
        }
    }
    return out
}

extension String {
    func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let range = range(of: target) else { return self }
        return replacingCharacters(in: range, with: replacement)
    }
}

/// A QR code's look (not a code a camera reads): its three finder squares and a pattern drawn
/// from the link, so two keys' codes differ.
enum QRPattern {
    static func svg(for text: String) -> String {
        var hash: UInt64 = 1_469_598_103_934_665_603
        var cells = ""
        var bytes = Array(text.utf8)
        if bytes.isEmpty { bytes = [0] }
        for y in 0..<25 {
            for x in 0..<25 {
                let finder = (x < 8 && y < 8) || (x > 16 && y < 8) || (x < 8 && y > 16)
                if finder { continue }
                hash = (hash ^ UInt64(bytes[(x * 25 + y) % bytes.count])) &* 1_099_511_628_211
                if hash % 2 == 0 { cells += "<rect x=\"\(x)\" y=\"\(y)\" width=\"1\" height=\"1\"/>" }
            }
        }
        let finders = [(0, 0), (18, 0), (0, 18)].map { x, y in
            "<rect x=\"\(x)\" y=\"\(y)\" width=\"7\" height=\"7\"/><rect x=\"\(x + 1)\" y=\"\(y + 1)\" width=\"5\" height=\"5\" fill=\"white\"/>"
                + "<rect x=\"\(x + 2)\" y=\"\(y + 2)\" width=\"3\" height=\"3\"/>"
        }.joined()
        return "<svg viewBox=\"0 0 25 25\" shape-rendering=\"crispEdges\" fill=\"black\">\(finders)\(cells)</svg>"
    }
}
