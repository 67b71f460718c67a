import ActivityKit
import DesignSystem
import SessionActivity
import SwiftUI
import ThresholdCore
import ThresholdIntents
import WidgetKit

/// The session Live Activity: timer or break countdown, with End and Break buttons that run in
/// the app through the same commands as its own buttons (Beast Mode refuses End there too).
public struct SessionLiveActivity: Widget {
    public init() {}

    public var body: some WidgetConfiguration {
        ActivityConfiguration(for: SessionActivityAttributes.self) { context in
            LockScreenSessionView(content: context.state)
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
                    SessionButtons(content: context.state)
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

    var body: some View {
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
            SessionButtons(content: content)
        }
    }
}

/// End, and Break while not on one.
struct SessionButtons: View {
    let content: LiveActivityContent

    var body: some View {
        HStack {
            Button(intent: EndSessionActivityIntent(profileID: content.profileID)) {
                Label { Text("End", bundle: .module) } icon: { Image(systemName: "stop.fill") }
            }
            .tint(Palette.ember)
            .accessibilityHint(Text("Ends the session if its rules allow it.", bundle: .module))
            if content.phase != .onBreak {
                Button(intent: TakeBreakActivityIntent(profileID: content.profileID)) {
                    Label { Text("Break", bundle: .module) } icon: { Image(systemName: "cup.and.saucer.fill") }
                }
                .tint(Palette.sage)
                .accessibilityHint(Text("Lifts the shields for one break.", bundle: .module))
            }
        }
        .font(.subheadline.weight(.semibold))
    }
}
