import ActivityKit
import DesignSystem
import SessionActivity
import SwiftUI
import ThresholdCore
import ThresholdIntents
import WidgetKit

/// The session Live Activity: timer or break countdown, with End, Break (where the profile allows
/// breaks) and Back to focus buttons that run in the app through the same commands as its own
/// buttons (Beast Mode refuses End there too, and the refusal arrives as a notification).
///
/// Only the app can update it, so its timer counts to the next boundary and stops, and past its
/// `staleDate` it says to open Threshold rather than show what may no longer be true.
public struct SessionLiveActivity: Widget {
    public init() {}

    public var body: some WidgetConfiguration {
        ActivityConfiguration(for: SessionActivityAttributes.self) { context in
            LockScreenSessionView(content: context.state, isStale: context.isStale)
                .padding()
                .activityBackgroundTint(Palette.stone)
                .activitySystemActionForegroundColor(.white)
        } dynamicIsland: { context in
            DynamicIsland {
                DynamicIslandExpandedRegion(.leading) {
                    Text(context.state.title).font(.headline).lineLimit(1)
                }
                DynamicIslandExpandedRegion(.trailing) {
                    SessionTimer(content: context.state).font(.headline)
                }
                DynamicIslandExpandedRegion(.bottom) {
                    if let ending = context.state.ending {
                        Text(ending.headline).font(.headline)
                    } else if context.isStale {
                        StaleNotice()
                    } else {
                        SessionButtons(content: context.state)
                    }
                }
            } compactLeading: {
                Text(String(context.state.title.prefix(1))).accessibilityLabel(Text(context.state.title))
            } compactTrailing: {
                SessionTimer(content: context.state).frame(maxWidth: 56)
            } minimal: {
                Text(String(context.state.title.prefix(1))).accessibilityLabel(Text(context.state.title))
            }
        }
    }
}

struct LockScreenSessionView: View {
    let content: LiveActivityContent
    let isStale: Bool

    var body: some View {
        if let ending = content.ending {
            // Ended by the app: how it went, until the dismissal policy takes it away.
            VStack(alignment: .leading, spacing: 4) {
                Text(content.title).font(.headline).foregroundStyle(.white)
                Text(ending.headline).font(.title3.weight(.semibold)).foregroundStyle(Palette.dawn)
            }
            .frame(maxWidth: .infinity, alignment: .leading)
            .accessibilityElement(children: .combine)
        } else {
            running
        }
    }

    private var running: some View {
        VStack(alignment: .leading, spacing: 8) {
            HStack {
                VStack(alignment: .leading) {
                    Text(content.title).font(.headline).foregroundStyle(.white)
                    Text.phase(content.phase).font(.subheadline).foregroundStyle(.white.opacity(0.8))
                }
                .accessibilityElement(children: .combine)
                Spacer()
                SessionTimer(content: content).font(.title2.weight(.semibold)).foregroundStyle(Palette.dawn)
            }
            if isStale {
                StaleNotice()
            } else {
                SessionButtons(content: content)
            }
        }
    }
}

/// What a Live Activity past its `staleDate` says: the session moved on (a goal, a break's end,
/// its end) and only the app can tell the Live Activity what is true now.
struct StaleNotice: View {
    var body: some View {
        Text("Open Threshold to see where your session is now.", bundle: .module)
            .font(.subheadline)
            .foregroundStyle(.white.opacity(0.8))
    }
}

/// End; Break while focusing where the profile allows breaks; Back to focus on a break.
struct SessionButtons: View {
    let content: LiveActivityContent

    var body: some View {
        HStack {
            ForEach(content.buttons, id: \.self) { button in
                switch button {
                case .end:
                    Button(intent: EndSessionButtonIntent(profileID: content.profileID)) {
                        Label { Text("End", bundle: .module) } icon: { Image(systemName: "stop.fill") }
                    }
                    .tint(Palette.ember)
                    .accessibilityHint(Text("Ends the session if its rules allow it.", bundle: .module))
                case .takeBreak:
                    Button(intent: TakeBreakButtonIntent(profileID: content.profileID)) {
                        Label { Text("Break", bundle: .module) } icon: { Image(systemName: "cup.and.saucer.fill") }
                    }
                    .tint(Palette.sage)
                    .accessibilityHint(Text("Lifts the shields for one break.", bundle: .module))
                case .backToFocus:
                    Button(intent: BackToFocusIntent(profileID: content.profileID)) {
                        Label { Text("Back to focus", bundle: .module) } icon: { Image(systemName: "scope") }
                    }
                    .tint(Palette.sage)
                    .accessibilityHint(Text("Ends the break now; the shields return.", bundle: .module))
                }
            }
        }
        .font(.subheadline.weight(.semibold))
    }
}
