import EntryPoints
import Foundation
import ThresholdCore

/// The home and lock screen widgets as a journey reads them: the lines `WidgetsExtension`'s views
/// draw from the ``WidgetSnapshot`` the widget extension builds from the App Group (its
/// `systemSmall` and `accessoryRectangular` families), and where a tap on each leads.
public struct WidgetScreen {
    /// Which widget a `tap-widget` step taps.
    public enum Kind: String, CaseIterable, Sendable {
        case session, streak
    }

    let session: [String]
    let streak: [String]

    init(_ snapshot: WidgetSnapshot, now: Date) {
        // The session widget: the session's name, a progress bar toward its goal or end (its
        // VoiceOver value, in whole percent), its phase; with none running, "Start Session".
        var session: [String] = []
        if let running = snapshot.session {
            session.append(running.title)
            if let finish = running.goalAt ?? running.endsAt, finish > running.startedAt {
                let done = min(1, max(0, now.timeIntervalSince(running.startedAt) / finish.timeIntervalSince(running.startedAt)))
                session.append("progress bar: \(Int((done * 100).rounded(.down)))%")
            }
            switch running.phase {
            case .focusing: session.append("Focusing")
            case .onBreak: session.append("On a break")
            case .goalReached: session.append("Goal reached")
            }
        } else if snapshot.isUnreadable {
            session.append(snapshot.headline)
        } else {
            session.append("Start Session")
        }
        // The streak widget: the days, "day streak", and the goal in words when one is set.
        var streak: [String] = []
        if snapshot.isUnreadable {
            streak.append("Open Threshold")
        } else {
            streak += ["\(snapshot.streakDays)", "day streak"]
            if let goal = snapshot.goalText { streak.append(goal) }
        }
        self.session = session
        self.streak = streak
    }

    /// Whether a widget shows `text` (a line containing it, or a number exactly).
    func shows(_ text: String) -> Bool {
        (session + streak).contains { line in Int(text) != nil ? line == text : line.contains(text) }
    }

    var description: String {
        "the session widget shows " + session.map { "“\($0)”" }.joined(separator: ", ")
            + "; the streak widget shows " + streak.map { "“\($0)”" }.joined(separator: ", ")
    }

    /// Where a tap on the widget leads: the session widget's `widgetURL`; the streak widget has
    /// none, so a tap opens the app as it was.
    static func link(_ kind: Kind, _ snapshot: WidgetSnapshot) -> URL? {
        switch kind {
        case .session: snapshot.sessionLink
        case .streak: nil
        }
    }
}
