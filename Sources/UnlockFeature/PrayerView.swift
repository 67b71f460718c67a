import DesignSystem
import SwiftUI
import ThresholdCore

/// Selah's prayer (``PrayerModel``): the mood, the prayer and its verse, Amen.
@MainActor
public struct PrayerView: View {
    let model: PrayerModel
    @Environment(\.dismiss) private var dismiss

    public init(model: PrayerModel) { self.model = model }

    public var body: some View {
        ScrollView {
            VStack(alignment: .leading, spacing: 20) {
                OutcomeBanner(outcome: model.outcome)
                phase
            }
            .padding()
            .frame(maxWidth: 600, alignment: .leading)
        }
        .navigationTitle(Text("Selah", bundle: .module))
        .onAppear { model.open() }
        .onDisappear { model.leave() }
    }

    @ViewBuilder private var phase: some View {
        switch model.phase {
        case .loading:
            ProgressView()
        case .windowOpen(let until):
            Text("Your apps are already open until", bundle: .module) + Text(verbatim: " ") + Text(until, style: .time)
            WindowLeft(model: model)
        case .nothingToUnlock:
            Text("Nothing Selah holds is shielded now.", bundle: .module)
        case .mood:
            Text("How are you right now?", bundle: .module).font(.title2.weight(.semibold))
            LazyVGrid(columns: [GridItem(.adaptive(minimum: 140))], spacing: 12) {
                ForEach(Mood.allCases, id: \.self) { mood in
                    Button {
                        model.choose(mood)
                    } label: {
                        Text.mood(mood).frame(maxWidth: .infinity)
                    }
                    .buttonStyle(.bordered)
                }
            }
        case .reading(let template):
            ContentText(template.prayer).font(.title3)
            if let verse = model.verse, let elsewhere = model.readElsewhere {
                // A translation Threshold cannot quote: its reference, and the way to read it there.
                VStack(alignment: .leading, spacing: 6) {
                    ContentText(verse.reference.description).font(.body.weight(.medium))
                    Link(destination: elsewhere.link) {
                        Text("Read it in the \(Text(verbatim: elsewhere.translation.abbreviation))", bundle: .module)
                    }
                    .font(.footnote)
                }
                .foregroundStyle(Palette.prayer)
            } else if let verse = model.verse {
                VStack(alignment: .leading, spacing: 6) {
                    ContentText(verse.text).font(.body.italic())
                    ContentText(verse.citation).font(.footnote).foregroundStyle(.secondary)
                    if let shown = model.translationNote {
                        Text(
                            "Shown in the \(Text(verbatim: shown.displayName)) (\(Text(verbatim: shown.abbreviation))); Threshold bundles only public-domain translations.",
                            bundle: .module
                        )
                        .font(.caption).foregroundStyle(.secondary)
                    }
                }
                .foregroundStyle(Palette.prayer)
            }
            Button {
                model.amen()
            } label: {
                Text("Amen", bundle: .module)
            }.buttonStyle(.primary)
            Button {
                model.changeMood()
            } label: {
                Text("A different mood", bundle: .module)
            }
        case .finished:
            Button {
                dismiss()
            } label: {
                Text("Done", bundle: .module)
            }.buttonStyle(.primary)
        case .problem(let message):
            ProblemBanner(message)
        }
    }
}

/// The time left of a window found open, counting down each second; when it runs out the screen
/// opens again, asking for a new prayer. (After "Amen", ``OutcomeBanner`` counts it down.)
@MainActor
struct WindowLeft: View {
    let model: PrayerModel

    var body: some View {
        if let until = model.window?.until {
            TimelineView(.periodic(from: .now, by: 1)) { context in
                let remaining = until.timeIntervalSince(context.date)
                Group {
                    if remaining > 0 {
                        (Text("Time left", bundle: .module) + Text(verbatim: " ") + Text.clock(remaining))
                            .font(.title3.weight(.semibold)).monospacedDigit()
                            .accessibilityLabel(Text("Time left", bundle: .module) + Text(verbatim: " ") + Text.spoken(remaining))
                    }
                }
                .onChange(of: remaining > 0) { _, open in if !open { model.open() } }
            }
        }
    }
}
