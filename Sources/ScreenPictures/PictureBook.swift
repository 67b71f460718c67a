import DesignSystem
import Foundation
import ScenarioSteps
import ScreenTimeSimulator
import SwiftUI
import WidgetKit

/// Pictures of a run: each a page (HTML) written as it is taken, all drawn to PNG at the end by
/// one headless Chromium, with an `index.html` that shows them in order, grouped.
package final class PictureBook {
    package struct Entry: Codable, Sendable {
        /// The group it belongs to (a scenario, a crawl state).
        package let group: String
        /// What the picture shows (“step 12: tap: Continue”, a screen's name).
        package let title: String
        /// The page, relative to the book's folder; its PNG has the same name.
        package let page: String

        package init(group: String, title: String, page: String) {
            self.group = group
            self.title = title
            self.page = page
        }

        package var png: String { (page as NSString).deletingPathExtension + ".png" }
    }

    package let folder: URL
    package let style: PictureStyle
    package private(set) var entries: [Entry] = []

    package init(folder: URL, style: PictureStyle) {
        self.folder = folder
        self.style = style
    }

    /// The style with Threshold's accent.
    package static func threshold(_ appearance: PictureStyle.Appearance, _ textSize: PictureStyle.TextSize) -> PictureStyle {
        var style = PictureStyle(appearance: appearance, textSize: textSize)
        style.accent = (light: Palette.accent.css(dark: false), dark: Palette.accent.css(dark: true))
        return style
    }

    /// Writes the page of what the phone behind `runner` shows now, as `name` (a path under the
    /// folder, without extension); and, when Threshold's widgets or Live Activity read anything
    /// new since the group's last picture of them, a page of those at their real sizes.
    @MainActor
    package func take(_ runner: StepRunner, group: String, title: String, name: String, widgets drawWidgets: Bool = true) throws {
        // A picture is of the screen as drawn: a Spanish phone's in Spanish (``Reading``).
        try Reading.$asDrawn.withValue(true) { try draw(runner, group: group, title: title, name: name, widgets: drawWidgets) }
    }

    @MainActor
    private func draw(_ runner: StepRunner, group: String, title: String, name: String, widgets drawWidgets: Bool) throws {
        let phone = runner.phone
        let page = Page(style: style, now: phone.clock.wall, timeZone: phone.clock.timeZone)
        try write(page.document(try Self.face(of: runner), title: title), name: name)
        entries.append(Entry(group: group, title: title, page: name + ".html"))
        guard drawWidgets else { return }
        let widgets = try Self.widgets(of: runner)
        let reading = (widgets.widgets.map { "\($0.name) \($0.family): \($0.layer.words)" } + [widgets.activity?.words.description ?? ""])
            .joined(separator: "\n")
        if lastWidgets[group] != reading {
            lastWidgets[group] = reading
            let widgetTitle = "Widgets and Live Activity, \(title)"
            try write(page.widgetDocument(widgets.widgets, liveActivity: widgets.activity, title: widgetTitle), name: name + "-widgets")
            entries.append(Entry(group: group, title: widgetTitle, page: name + "-widgets.html"))
        }
    }

    /// What each group's widgets last read.
    private var lastWidgets: [String: String] = [:]

    /// Adds a page written elsewhere (by a crawl's worker).
    package func add(_ entry: Entry) { entries.append(entry) }

    /// Writes `html` as `name`.html under the folder.
    package func write(_ html: String, name: String) throws {
        let file = folder.appendingPathComponent(name + ".html")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try html.write(to: file, atomically: true, encoding: .utf8)
    }

    /// What the phone shows: the app's screen, every layer, or (the app not on screen) the lock
    /// screen with Threshold's widgets, its Live Activity and its notifications.
    @MainActor
    package static func face(of runner: StepRunner) throws -> PhoneFace {
        if let host = runner.person.host, runner.phone.appInForeground {
            try host.update()
            return .app(host.screen)
        }
        let widgets = try self.widgets(of: runner)
        return .outside(
            LockScreenFace(
                widgets: widgets.widgets, liveActivity: widgets.activity,
                notifications: runner.phone.notifications.inbox.map { ($0.title, $0.body) }))
    }

    @MainActor
    private static func widgets(of runner: StepRunner) throws -> (widgets: [LockScreenFace.Widget], activity: Screen.Layer?) {
        let widgets = try LockScreen.widgets(on: runner.phone).map {
            LockScreenFace.Widget(name: $0.name, family: $0.family.rawValue, layer: $0.layer)
        }
        return (widgets, try LockScreen.liveActivity(on: runner.phone) { _ in })
    }

    /// Draws every page not drawn yet as a PNG beside it, and writes `index.html`. Returns how
    /// many pictures were drawn.
    @discardableResult
    package func draw(progress: (Int, Int) -> Void = { _, _ in }) throws -> Int {
        let browser = try Chromium(scale: style.scale)
        for (index, entry) in entries.enumerated() {
            try browser.draw(folder.appendingPathComponent(entry.page), to: folder.appendingPathComponent(entry.png))
            progress(index + 1, entries.count)
        }
        try index().write(to: folder.appendingPathComponent("index.html"), atomically: true, encoding: .utf8)
        return entries.count
    }

    /// The pictures in order, grouped, each linking to its page.
    private func index() -> String {
        var groups: [(String, [Entry])] = []
        for entry in entries {
            if let last = groups.indices.last, groups[last].0 == entry.group {
                groups[last].1.append(entry)
            } else {
                groups.append((entry.group, [entry]))
            }
        }
        let body = groups.map { group, entries in
            "<section><h2>\(escape(group))</h2><div class=\"grid\">"
                + entries.map { entry in
                    "<figure><a href=\"\(escape(entry.page))\"><img loading=\"lazy\" src=\"\(escape(entry.png))\" alt=\"\(escape(entry.title))\"></a>"
                        + "<figcaption>\(escape(entry.title))</figcaption></figure>"
                }.joined() + "</div></section>"
        }.joined()
        return """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><title>Threshold: \(entries.count) pictures</title>
            <style>
            body { font-family: -apple-system, "Inter", "Helvetica Neue", Arial, sans-serif; margin: 24px; background: #f2f2f7; color: #111; }
            h1 { font-size: 28px; } h2 { font-size: 17px; margin: 28px 0 10px; }
            .grid { display: flex; flex-wrap: wrap; gap: 18px; align-items: flex-start; }
            figure { margin: 0; width: 200px; } img { width: 200px; border-radius: 14px; box-shadow: 0 2px 10px rgba(0,0,0,.15); background: white; }
            figcaption { font-size: 12px; margin-top: 6px; color: #444; overflow-wrap: anywhere; }
            p { color: #555; max-width: 760px; }
            </style></head><body>
            <h1>Threshold: \(entries.count) pictures (\(style.appearance.rawValue), \(style.textSize == .default ? "default text size" : "an accessibility text size"))</h1>
            <p>Each picture draws the app's real SwiftUI views as SwiftUI for Linux renders them: their words, controls and structure, \
            in iOS's idiom. Sizes and positions are iOS's usual ones, not the views' own layout (Documentation/Screens.md).</p>
            \(body)
            </body></html>
            """
    }
}
