import DesignSystem
import EntryPoints
import SwiftUI
import ThresholdCore
import WidgetKit

// NB: from the iOS 18 SDK on, `View` is `@MainActor`, and so is every type that conforms to it
// where it is declared. The iOS 17.0 SDK marks none of them, and its `StaticConfiguration` builds
// views outside the main actor, so these views take their isolation from their conformance.

/// The session Live Activity on the lock screen: its name, phase and timer, with its buttons,
/// or how it ended. Past its `staleDate` it shows what the session came to by itself there (a
/// break over, focusing again; the goal reached), as only the app can update it; past a session's
/// end, that only the app knows where the session is now.
///
/// `control` puts each button's label inside what runs it: an App Intent's button on iOS
/// (WidgetsExtension), the simulated phone's Live Activity press here.
public struct LockScreenSessionView<Control: View>: View {
    let content: LiveActivityContent
    let isStale: Bool
    let control: (LiveActivityButton, SessionButtonLabel) -> Control

    public init(
        content: LiveActivityContent, isStale: Bool,
        @ViewBuilder control: @escaping (LiveActivityButton, SessionButtonLabel) -> Control
    ) {
        self.content = content
        self.isStale = isStale
        self.control = control
    }

    public var body: some View {
        if let ending = content.ending {
            // Ended by the app: how it went, until the dismissal policy takes it away.
            VStack(alignment: .leading, spacing: 4) {
                Text(content.title).font(.headline).foregroundStyle(.white)
                Text.liveActivityEnding(ending).font(.title3.weight(.semibold)).foregroundStyle(Palette.dawn)
            }
            .frame(maxWidth: .infinity, alignment: .leading)
            .accessibilityElement(children: .combine)
        } else {
            let drawn = content.drawn(isStale: isStale)
            running(drawn.content, knowsWhatIsNext: drawn.isCurrent)
        }
    }

    private func running(_ shown: LiveActivityContent, knowsWhatIsNext: Bool) -> some View {
        VStack(alignment: .leading, spacing: 8) {
            HStack {
                VStack(alignment: .leading) {
                    Text(shown.title).font(.headline).foregroundStyle(.white)
                    HStack(spacing: 4) {
                        // A break looks like a break: a cup and sage, the colour of breaks on surfaces Threshold draws.
                        if shown.phase == .onBreak { Image(systemName: "cup.and.saucer.fill").accessibilityHidden(true) }
                        Text.phase(shown.phase, rest: shown.isRest)
                    }
                    .font(.subheadline).foregroundStyle(shown.phase == .onBreak ? Palette.sage : .white.opacity(0.8))
                }
                .accessibilityElement(children: .combine)
                Spacer()
                SessionTimer(content: shown).font(.title2.weight(.semibold)).foregroundStyle(
                    shown.phase == .onBreak ? Palette.sage : Palette.dawn)
            }
            AlsoOnNote(content: shown).font(.footnote).foregroundStyle(.white.opacity(0.8))
            if knowsWhatIsNext {
                SessionButtons(content: shown, control: control)
            } else {
                StaleNotice()
            }
        }
    }
}

extension Text {
    /// How an ended session's Live Activity says it went (seed 001 §8): completed, the XP it
    /// earned; given up, how long the person lasted, in whole minutes rounded up; canceled, just that.
    public static func liveActivityEnding(_ ending: LiveActivityEnding) -> Text {
        switch ending.state {
        case .completed: return Text("Session complete · +\(ending.xp) XP", bundle: .module)
        case .canceled: return Text("Session canceled", bundle: .module)
        case .gaveUp:
            guard ending.lasted >= 60 else {
                return ending.lasted > 0 ? Text("You lasted under a minute", bundle: .module) : Text("You lasted no time", bundle: .module)
            }
            let minutes = Int((ending.lasted / 60).rounded(.up))
            let (hours, rest) = (minutes / 60, minutes % 60)
            return switch (hours, rest) {
            case (0, _): Text("You lasted \(rest) min", bundle: .module)
            case (_, 0): Text("You lasted \(hours) h", bundle: .module)
            default: Text("You lasted \(hours) h \(rest) min", bundle: .module)
            }
        }
    }
}

/// The other profiles on beside the one a Live Activity shows, by name ("Also on: 💼 Work"):
/// every profile on shows, each with its own End on the Session tab. Nothing when it is alone.
public struct AlsoOnNote: View {
    let content: LiveActivityContent

    public init(content: LiveActivityContent) { self.content = content }

    public var body: some View {
        if !content.alsoOn.isEmpty {
            let more = content.othersOn - content.alsoOn.count
            if more > 0 {
                let others = content.alsoOn.map(\.title).joined(separator: ", ")
                Text("Also on: \(Text(verbatim: others)) and \(more) more", bundle: .module)
            } else {
                // NB: the list in the environment's language: "💼 Work and 🌙 Sleep", "💼 Trabajo y 🌙 Sueño".
                let titles = content.alsoOn.map(\.title)
                Text("Also on: \(titles, format: .list(type: .and))", bundle: .module)
            }
        }
    }
}

/// What a Live Activity past its `staleDate` says: the session moved on (a goal, a break's end,
/// its end) and only the app can tell the Live Activity what is true now.
public struct StaleNotice: View {
    public init() {}

    public var body: some View {
        Text("Open Threshold to see where your session is now.", bundle: .module)
            .font(.subheadline)
            .foregroundStyle(.white.opacity(0.8))
    }
}

/// End; Break while focusing where the profile allows breaks; Back to focus on a break: each
/// label inside the control that runs its intent.
public struct SessionButtons<Control: View>: View {
    let content: LiveActivityContent
    let control: (LiveActivityButton, SessionButtonLabel) -> Control

    public init(content: LiveActivityContent, @ViewBuilder control: @escaping (LiveActivityButton, SessionButtonLabel) -> Control) {
        self.content = content
        self.control = control
    }

    public var body: some View {
        HStack {
            ForEach(content.buttons, id: \.self) { button in
                switch button {
                case .end:
                    control(button, SessionButtonLabel(button))
                        .tint(Palette.ember)
                        .accessibilityHint(Text("Ends the session if its rules allow it.", bundle: .module))
                case .takeBreak:
                    control(button, SessionButtonLabel(button))
                        .tint(Palette.sage)
                        .accessibilityHint(Text("Lifts the shields for one break.", bundle: .module))
                case .backToFocus:
                    control(button, SessionButtonLabel(button))
                        .tint(Palette.sage)
                        .accessibilityHint(Text("Ends the break now; the shields return.", bundle: .module))
                }
            }
        }
        .font(.subheadline.weight(.semibold))
    }
}

/// A Live Activity button's words and symbol.
public struct SessionButtonLabel: View {
    let button: LiveActivityButton

    public init(_ button: LiveActivityButton) { self.button = button }

    public var body: some View {
        switch button {
        case .end:
            Label {
                Text("End", bundle: .module)
            } icon: {
                Image(systemName: "stop.fill")
            }
        case .takeBreak:
            Label {
                Text("Break", bundle: .module)
            } icon: {
                Image(systemName: "cup.and.saucer.fill")
            }
        case .backToFocus:
            Label {
                Text("Back to focus", bundle: .module)
            } icon: {
                Image(systemName: "scope")
            }
        }
    }
}
