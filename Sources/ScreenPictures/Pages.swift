import Foundation
import SwiftUI

/// What the phone shows when a picture is taken.
package enum PhoneFace {
    /// Threshold on screen: every layer, the app first.
    case app(Screen)
    /// Threshold not on screen: the lock screen (its widgets, the Live Activity, notifications)
    /// and the home screen's widgets.
    case outside(LockScreenFace)
}

/// The lock and home screens as the phone draws Threshold's part of them.
package struct LockScreenFace {
    package struct Widget {
        package let name: String
        package let family: String
        package let layer: Screen.Layer

        package init(name: String, family: String, layer: Screen.Layer) {
            self.name = name
            self.family = family
            self.layer = layer
        }
    }

    package var widgets: [Widget]
    package var liveActivity: Screen.Layer?
    package var notifications: [(title: String, body: String)]

    package init(widgets: [Widget], liveActivity: Screen.Layer?, notifications: [(title: String, body: String)]) {
        self.widgets = widgets
        self.liveActivity = liveActivity
        self.notifications = notifications
    }
}

/// A picture's page: one HTML document drawing what the phone shows, in iOS's idiom.
@MainActor
package struct Page {
    let style: PictureStyle
    let drawing: Drawing
    /// The status bar's time ("10:00").
    let time: String
    /// The lock screen's date ("Monday, November 23").
    let date: String

    package init(style: PictureStyle, now: Date, timeZone: TimeZone) {
        self.style = style
        drawing = Drawing(style: style, now: now)
        let locale = Locale(identifier: "en_US")
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        time = now.formatted(Date.FormatStyle(date: .omitted, time: .shortened, locale: locale, calendar: calendar, timeZone: timeZone))
            .replacingOccurrences(of: " AM", with: "").replacingOccurrences(of: " PM", with: "")
            .replacingOccurrences(of: "\u{202F}AM", with: "").replacingOccurrences(of: "\u{202F}PM", with: "")
        date = now.formatted(Date.FormatStyle(locale: locale, calendar: calendar, timeZone: timeZone).weekday(.wide).month(.wide).day())
    }

    /// The whole document.
    package func document(_ face: PhoneFace, title: String) -> String {
        let body: String =
            switch face {
            case .app(let screen): layers(screen.layers[...])
            case .outside(let lock): lockScreen(lock)
            }
        return """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><title>\(escape(title))</title>
            <style>\(style.css)</style></head>
            <body class="\(style.appearance.rawValue)"><div class="shot">\(body)</div></body></html>
            """
    }

    /// One widget (or the Live Activity) at its family's size, on its own: for the widgets' page.
    package func widgetDocument(_ widgets: [LockScreenFace.Widget], liveActivity: Screen.Layer?, title: String) -> String {
        var body = widgets.map { widget in
            "<div class=\"col\" style=\"align-items: center\">\(self.widget(widget))<div class=\"caption\">\(escape(widget.name)) · \(widget.family)</div></div>"
        }.joined()
        if let liveActivity {
            body +=
                "<div class=\"col\" style=\"align-items: center\"><div class=\"activity\">\(drawing.html(liveActivity.content, Self.widgetContext))</div>"
                + "<div class=\"caption\">Live Activity · lock screen</div></div>"
        }
        return """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><title>\(escape(title))</title>
            <style>\(style.css)</style></head>
            <body class="\(style.appearance.rawValue)"><div class="shot"><div class="home-widgets">\(body)</div></div></body></html>
            """
    }

    // MARK: The app

    private func layers(_ layers: ArraySlice<Screen.Layer>) -> String {
        guard let top = layers.last else { return "" }
        switch top.kind {
        case .app, .fullScreenCover:
            return screen(top, pushedOrSheet: top.back != nil || top.kind == .fullScreenCover, tabs: true)
        case .sheet, .system:
            return "<div class=\"device sheet-stack\">\(statusBar(light: true))<div class=\"sheet-peek\"></div>"
                + screen(top, pushedOrSheet: true, tabs: false, sheet: true) + "</div>"
        case .alert:
            return "<div class=\"behind\">\(self.layers(layers.dropLast()))<div class=\"dim\"></div>\(alert(top))</div>"
        case .confirmationDialog:
            return "<div class=\"behind\">\(self.layers(layers.dropLast()))<div class=\"dim\"></div>\(dialog(top))</div>"
        }
    }

    private func screen(_ layer: Screen.Layer, pushedOrSheet: Bool, tabs: Bool, sheet: Bool = false) -> String {
        let grouped = layer.content.contains { element in
            element.flattened.prefix(12).contains {
                if case .container(let kind) = $0.kind { kind == .list || kind == .form } else { false }
            }
        }
        var html = "<div class=\"device\(grouped ? " grouped" : "")\(sheet ? " sheet" : "")\">"
        html += sheet ? "<div class=\"grabber\"></div>" : statusBar(light: false)
        if case .system = layer.kind, layer.content.isEmpty {} else { html += navigationBar(layer, large: !pushedOrSheet) }
        if case .system(let name) = layer.kind, layer.content.isEmpty {
            html +=
                "<div class=\"nav\"><div class=\"navrow\"><div class=\"lead\"><span class=\"bar-button\">Cancel</span></div>"
                + "<span class=\"inline-title\">\(escape(name.prefix(1).uppercased() + name.dropFirst()))</span><div class=\"trail\"></div></div></div>"
                + "<main><div class=\"system\">iOS draws this sheet; the person answers it (\(escape(name)))</div></main>"
        } else {
            html += "<main>\(drawing.html(layer.content))</main>"
        }
        let bottom = layer.toolbarEntries.filter { $0.placement == .bottomBar }
        if !bottom.isEmpty {
            html +=
                "<div class=\"tabbar\" style=\"justify-content: space-between; padding: 12px 20px 30px\">"
                + bottom.map { drawing.html($0.content) }.joined() + "</div>"
        }
        if tabs, !layer.tabs.isEmpty { html += tabBar(layer.tabs) }
        return html + "</div>"
    }

    private func statusBar(light: Bool) -> String {
        let color = light ? " style=\"color: white; --label: white\"" : ""
        return
            "<div class=\"status\"\(color)><span>\(escape(time))</span><span class=\"icons\"><span class=\"bars\"><i style=\"height: 4px\"></i>"
            + "<i style=\"height: 6px\"></i><i style=\"height: 9px\"></i><i style=\"height: 12px\"></i></span><span class=\"battery\"></span></span></div>"
    }

    private func navigationBar(_ layer: Screen.Layer, large: Bool) -> String {
        let entries = layer.toolbarEntries.filter { $0.placement != .bottomBar && $0.placement != .keyboard }
        let leading = entries.filter { [.cancellationAction, .topBarLeading].contains($0.placement) }
        let trailing = entries.filter { ![.cancellationAction, .topBarLeading, .principal].contains($0.placement) }
        let principal = entries.filter { $0.placement == .principal }
        var lead = ""
        if let back = layer.back {
            lead += "<span class=\"back\">\(Symbols.svg("chevron.left"))\(escape(back.label))</span>"
        }
        lead += leading.map { "<span class=\"bar-button\">\(drawing.html($0.content))</span>" }.joined()
        let trail = trailing.map { entry in
            "<span class=\"bar-button\(entry.placement == .confirmationAction ? " confirm" : "")\">\(drawing.html(entry.content))</span>"
        }.joined()
        let title = layer.title ?? ""
        let centre =
            !principal.isEmpty
            ? principal.map { drawing.html($0.content) }.joined()
            : (large ? "" : "<span class=\"inline-title\">\(escape(title))</span>")
        guard !lead.isEmpty || !trail.isEmpty || !title.isEmpty || !centre.isEmpty else { return "" }
        var html = "<div class=\"nav\">"
        if !lead.isEmpty || !trail.isEmpty || !centre.isEmpty || !large {
            html +=
                "<div class=\"navrow\"><div class=\"lead\">\(lead)</div>\(centre.isEmpty ? "<span></span>" : centre)<div class=\"trail\">\(trail)</div></div>"
        }
        if large, !title.isEmpty { html += "<div class=\"large-title\">\(escape(title))</div>" }
        return html + "</div>"
    }

    private func tabBar(_ tabs: [TabsContent.Tab]) -> String {
        "<div class=\"tabbar\">"
            + tabs.map { tab in
                "<div class=\"tab\(tab.isSelected ? " chosen" : "")\">\(drawing.html(tab.label, Drawing.Context()).replacingOccurrences(of: "class=\"label\"", with: "class=\"col\" style=\"align-items: center; gap: 2px\""))</div>"
            }.joined() + "</div>"
    }

    private func alert(_ layer: Screen.Layer) -> String {
        let buttons = layer.content.filter { if case .button = $0.kind { true } else { false } }
        let drawn = buttons.map { button -> String in
            guard case .button(let content) = button.kind else { return "" }
            let role = content.role == .destructive ? "destructive" : content.role == .cancel ? "cancel" : ""
            return "<div class=\"\(role)\">\(escape(Screen.words(button.children)))</div>"
        }.joined()
        return "<div class=\"alert\"><div class=\"body\"><div class=\"title\">\(escape(layer.title ?? ""))</div>"
            + (layer.message.map { "<div class=\"message\">\(escape($0))</div>" } ?? "")
            + "</div><div class=\"buttons\(buttons.count > 2 ? " stacked" : "")\">\(drawn)</div></div>"
    }

    private func dialog(_ layer: Screen.Layer) -> String {
        var actions = ""
        var cancel = ""
        for button in layer.content {
            guard case .button(let content) = button.kind else { continue }
            let words = escape(Screen.words(button.children))
            if content.role == .cancel { cancel = "<div class=\"group\"><div class=\"cancel\">\(words)</div></div>"; continue }
            actions += "<div class=\"\(content.role == .destructive ? "destructive" : "")\">\(words)</div>"
        }
        let heading = [layer.title, layer.message].compactMap { $0 }.joined(separator: " — ")
        return
            "<div class=\"dialog\"><div class=\"group\">\(heading.isEmpty ? "" : "<div class=\"heading\">\(escape(heading))</div>")\(actions)</div>\(cancel)</div>"
    }

    // MARK: The lock screen

    private func lockScreen(_ face: LockScreenFace) -> String {
        let inline = face.widgets.filter { $0.family == "accessoryInline" }
        let accessories = face.widgets.filter { ["accessoryRectangular", "accessoryCircular"].contains($0.family) }
        let home = face.widgets.filter { $0.family.hasPrefix("system") }
        var html =
            "<div class=\"lock\">\(statusBar(light: true).replacingOccurrences(of: "class=\"status\"", with: "class=\"status\" style=\"width: 100%; color: white; --label: white\""))"
        html += "<div class=\"date\">\(inline.isEmpty ? escape(date) : inline.map(widget).joined())</div>"
        html += "<div class=\"clock\">\(escape(time))</div>"
        if !accessories.isEmpty { html += "<div class=\"accessories\">\(accessories.map(widget).joined())</div>" }
        if let activity = face.liveActivity {
            html += "<div class=\"activity\">\(drawing.html(activity.content, Self.widgetContext))</div>"
        }
        for note in face.notifications.suffix(3).reversed() {
            html +=
                "<div class=\"notification\"><div class=\"icon\"></div><div class=\"title\">\(escape(note.title))</div>"
                + "<div class=\"body\">\(escape(note.body))</div></div>"
        }
        html += "</div>"
        if !home.isEmpty {
            html += "<div class=\"home-widgets\"><div class=\"caption\">Home Screen</div>\(home.map(widget).joined())</div>"
        }
        return html
    }

    /// A widget at its family's size, on its container background (where a home-screen widget
    /// has one).
    private static let widgetContext: Drawing.Context = {
        var context = Drawing.Context()
        context.inWidget = true
        return context
    }()

    private func widget(_ widget: LockScreenFace.Widget) -> String {
        let background = widget.family.hasPrefix("system") ? widget.layer.content.first.flatMap { drawing.css($0.style.background) } : nil
        let style = background.flatMap { $0 == "transparent" ? nil : " style=\"background: \($0); color: white\"" } ?? ""
        return "<div class=\"widget \(widget.family)\"\(style)>\(drawing.html(widget.layer.content, Self.widgetContext))</div>"
    }
}
