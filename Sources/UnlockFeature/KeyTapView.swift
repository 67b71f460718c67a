import DesignSystem
import SwiftUI
import ThresholdCore

/// What a tap of an NFC key did (``KeyTapModel``): a session started, or end or break offered,
/// or Beast Mode's refusal, or why the tag was refused.
@MainActor
public struct KeyTapView: View {
    let model: KeyTapModel
    @Environment(\.calendar) private var calendar
    @Environment(\.dismiss) private var dismiss

    public init(model: KeyTapModel) { self.model = model }

    public var body: some View {
        NavigationStack {
            VStack(alignment: .leading, spacing: 16) {
                if let problem = model.problem { ProblemBanner(problem) }
                phase
                Spacer()
            }
            .padding()
            .navigationTitle(Text("Key", bundle: .module))
            .toolbar {
                ToolbarItem(placement: .confirmationAction) {
                    Button {
                        dismiss()
                    } label: {
                        Text("Done", bundle: .module)
                    }
                }
            }
        }
    }

    @ViewBuilder private var phase: some View {
        switch model.phase {
        case .working:
            ProgressView()
        case .started:
            Label {
                if let title = model.title {
                    Text("\(Text(verbatim: title)) is on.", bundle: .module)
                } else {
                    Text("Session started.", bundle: .module)
                }
            } icon: {
                Image(systemName: "key.fill").accessibilityHidden(true)
            }
            .font(.headline)
            if model.startedAllowsBreaks {
                Text("Tap the key again to end it or take a break.", bundle: .module).foregroundStyle(.secondary)
            } else {
                Text("Tap the key again to end it.", bundle: .module).foregroundStyle(.secondary)
            }
        case .confirmingStart(_, let starting, let running):
            Text("\(Text(verbatim: running)) is on. Start \(Text(verbatim: starting)) too?", bundle: .module).font(.headline)
            Button {
                model.confirmStart()
            } label: {
                Text("Start \(Text(verbatim: starting))", bundle: .module)
            }.buttonStyle(.primary)
            Button {
                dismiss()
            } label: {
                Text("Not now", bundle: .module)
            }.frame(maxWidth: .infinity)
        case .notStarted, .failed:
            // The problem banner above says why; nothing started.
            EmptyView()
        case .choosing(let active):
            Text(verbatim: active.name).font(.title2.weight(.semibold))
            // Seed 004's question, as it asks it; without breaks, only the end is offered.
            if model.offersBreak {
                Text("Focus session in progress. Do you want to end it or take a short break?", bundle: .module)
            } else if !model.offersBackToFocus {
                Text("Focus session in progress. Do you want to end it?", bundle: .module)
            }
            timeLeft
            if let scheduled = model.scheduled {
                Button {
                    model.end()
                } label: {
                    Text("End today's \(Text(verbatim: scheduled.name))", bundle: .module)
                }.buttonStyle(.primary)
                if let returns = scheduled.returns {
                    Text(
                        "\(Text(verbatim: scheduled.name)) starts again \(Text.when(returns, from: model.now, calendar: calendar)).",
                        bundle: .module
                    )
                    .font(.footnote).foregroundStyle(.secondary)
                }
            } else {
                Button {
                    model.end()
                } label: {
                    Text("End session", bundle: .module)
                }.buttonStyle(.primary)
            }
            if model.offersBreak {
                Button {
                    model.takeBreak()
                } label: {
                    Text("Take a break", bundle: .module)
                }
                .buttonStyle(.bordered)
                .disabled(model.breakRefusal != nil)
                if let refusal = model.breakRefusal { ProblemText(refusal).font(.footnote).foregroundStyle(.secondary) }
                if let quota = model.quota, quota.allowed > 0 { Text.breaksLeft(quota).font(.footnote).foregroundStyle(.secondary) }
            }
            if model.offersBackToFocus {
                Button {
                    model.backToFocus()
                } label: {
                    Text("Back to focus", bundle: .module)
                }.buttonStyle(.bordered)
            }
        case .locked(let active):
            Text(verbatim: active.name).font(.title2.weight(.semibold))
            timeLeft
            ProblemBanner(Text("Beast Mode holds this session; the key cannot end it early.", bundle: .module), systemImage: "lock.fill")
        case .ended:
            Text("Session ended.", bundle: .module).font(.headline)
            if let summary = model.summary {
                Text("\(Text.minutes(summary.focusedSeconds)) focused · \(summary.breaks) breaks", bundle: .module).foregroundStyle(
                    .secondary)
            }
        case .onBreak:
            Label {
                Text("On a break.", bundle: .module)
            } icon: {
                Image(systemName: "cup.and.saucer.fill").foregroundStyle(Palette.calm)
            }
            .font(.headline)
            if let ends = model.breakEnds {
                TimelineView(.periodic(from: .now, by: 1)) { context in
                    let left = max(0, ends.timeIntervalSince(context.date))
                    Text("Focus returns in \(Text.clock(left))", bundle: .module)
                        .monospacedDigit().foregroundStyle(.secondary)
                }
            }
        case .backToFocus:
            Text("Back to focus.", bundle: .module).font(.headline)
        case .refused(let refusal):
            ProblemBanner(.refused(.key(refusal)))
        }
    }

    /// The time the session has left, counting down (Beast Mode's, or a timed session's).
    @ViewBuilder private var timeLeft: some View {
        TimelineView(.periodic(from: .now, by: 1)) { _ in
            if let remaining = model.remaining { Text("Time left:", bundle: .module) + Text(verbatim: " ") + Text.spoken(remaining) }
        }
    }
}
