import ActivityKit
import DesignSystem
import SessionActivity
import SwiftUI
import ThresholdCore
import ThresholdIntents
import WidgetKit
import WidgetViews

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
            LockScreenSessionView(content: context.state, isStale: context.isStale) { button, label in
                IntentButton(button: button, profileID: context.state.profileID, label: label)
            }
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
                        Text.liveActivityEnding(ending).font(.headline)
                    } else if context.isStale {
                        StaleNotice()
                    } else {
                        VStack(spacing: 4) {
                            AlsoOnNote(content: context.state).font(.caption).lineLimit(1)
                            SessionButtons(content: context.state) { button, label in
                                IntentButton(button: button, profileID: context.state.profileID, label: label)
                            }
                        }
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

/// A Live Activity button: its label in a button that runs its App Intent in the app's process,
/// through the same commands as the app's own buttons.
struct IntentButton: View {
    let button: LiveActivityButton
    let profileID: ProfileID
    let label: SessionButtonLabel

    var body: some View {
        switch button {
        case .end: Button(intent: EndSessionButtonIntent(profileID: profileID)) { label }
        case .takeBreak: Button(intent: TakeBreakButtonIntent(profileID: profileID)) { label }
        case .backToFocus: Button(intent: BackToFocusIntent(profileID: profileID)) { label }
        }
    }
}
