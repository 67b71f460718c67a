import DesignSystem
import SelectionFeature
import SwiftUI
import ThresholdCore

/// The profiles list (``ProfilesModel``): each profile with whether it is on, editing and
/// deleting (refused, with the reason, while Beast Mode holds one), new ones from presets.
/// `more` is shown beneath the list (the app puts the intentions there).
@MainActor
public struct ProfilesView<More: View>: View {
    let model: ProfilesModel
    let more: More
    @State private var editor: Shown<ProfileEditorModel>?
    /// A profile with working keys, waiting for the person to confirm its deletion.
    @State private var deleting: ProfilesModel.Row?
    /// "💼 Work": the profile the deletion dialog names.
    private var deletingName: String { deleting.map { "\($0.profile.emoji) \($0.profile.name)" } ?? "" }

    public init(model: ProfilesModel, @ViewBuilder more: () -> More) {
        self.model = model
        self.more = more()
    }

    public var body: some View {
        NavigationStack {
            List {
                if let problem = model.problem { ProblemBanner(problem) }
                // Selah's and Challenge's gates first: with them, every restriction is listed here.
                if !model.gates.isEmpty {
                    Section {
                        ForEach(model.gates) { row in GateRowView(gate: row.gate) }
                    } header: {
                        Text("Always on", bundle: .module)
                    } footer: {
                        Text("\(model.gates.count) gates shield their apps at all times.", bundle: .module)
                    }
                }
                // NB: a person with gates and no profile yet is not told "No profiles yet".
                if !model.rows.isEmpty || model.gates.isEmpty {
                    Section {
                        if model.rows.isEmpty {
                            Text("No profiles yet. Start from one below.", bundle: .module).foregroundStyle(.secondary)
                        }
                        ForEach(model.rows) { row in
                            Button {
                                editor = Shown(model.editor(for: row.id))
                            } label: {
                                ProfileRow(row: row)
                            }
                            .swipeActions {
                                if row.deleteRefusal == nil {
                                    Button(role: .destructive) {
                                        if row.keys > 0 { deleting = row } else { model.delete(row.id) }
                                    } label: {
                                        Text("Delete", bundle: .module)
                                    }
                                }
                            }
                            if row.hasSchedules { ScheduleToggle(row: row) { model.runOnSchedule(row.id, $0) } }
                        }
                    } header: {
                        Text("Profiles", bundle: .module)
                    }
                }
                Section {
                    // The set-up budget is full: say why, and offer no new profile until one goes.
                    if let refusal = model.addRefusal { ProblemText(refusal).font(.footnote).foregroundStyle(.secondary) }
                    ForEach(model.offersPresets ? ProfilePreset.allCases : [], id: \.self) { preset in
                        Button {
                            editor = Shown(model.editor(preset: (preset, name: preset.localizedName)))
                        } label: {
                            Label {
                                Text.preset(preset)
                            } icon: {
                                Text(verbatim: preset.emoji).accessibilityHidden(true)
                            }
                        }
                        .disabled(model.addRefusal != nil)
                    }
                    Button {
                        editor = Shown(model.editor())
                    } label: {
                        Label {
                            Text("Blank profile", bundle: .module)
                        } icon: {
                            Image(systemName: "plus").accessibilityHidden(true)
                        }
                    }
                    .disabled(model.addRefusal != nil)
                } header: {
                    Text("New", bundle: .module)
                }
                more
            }
            .navigationTitle(Text("Profiles", bundle: .module))
            .sheet(item: $editor, onDismiss: model.load) { editor in ProfileEditorView(model: editor.model) }
            .confirmationDialog(
                Text("Delete \(Text(verbatim: deletingName))?", bundle: .module),
                isPresented: Binding(get: { deleting != nil }, set: { if !$0 { deleting = nil } }), titleVisibility: .visible
            ) {
                Button(role: .destructive) {
                    if let deleting { model.delete(deleting.id) }
                    deleting = nil
                } label: {
                    Text("Delete", bundle: .module)
                }
                Button(role: .cancel) {
                    deleting = nil
                } label: {
                    Text("Cancel", bundle: .module)
                }
            } message: {
                Text(
                    "Its \(deleting?.keys ?? 0) keys stop working. Link them to another profile, or remove them, in Settings › Keys.",
                    bundle: .module)
            }
        }
        .onAppear { model.load() }
    }
}

/// One profile's line.
@MainActor
struct ProfileRow: View {
    let row: ProfilesModel.Row

    var body: some View {
        VStack(alignment: .leading, spacing: 2) {
            HStack {
                Text(verbatim: "\(row.profile.emoji) \(row.profile.name)").font(.body.weight(.medium))
                Spacer()
                if row.isOn { Text("On", bundle: .module).font(.caption.weight(.semibold)).foregroundStyle(Palette.calm) }
            }
            (Text.path(row.path) + Text(verbatim: " · ") + Text.strictness(row.profile.strictness))
                .font(.footnote).foregroundStyle(.secondary)
            if row.profile.selection.blocksNothing(as: row.profile.listMode) {
                // A timer's profile (Screen Time access declined at set-up): its apps are picked here once access is on.
                Text("Shields nothing yet: choose its apps.", bundle: .module).font(.footnote).foregroundStyle(Palette.warning)
            }
            if let refusal = row.editRefusal {
                Label {
                    ProblemText(refusal)
                } icon: {
                    Image(systemName: "lock.fill").accessibilityHidden(true)
                }
                .font(.footnote).foregroundStyle(Palette.warning)
            }
        }
        .foregroundStyle(.primary)
        .accessibilityElement(children: .combine)
    }
}

/// A profile's schedules switched on and off without deleting them (seed 004: presets toggled on
/// and off): paused, they are kept and start nothing; a span on now runs to its end.
@MainActor
struct ScheduleToggle: View {
    let row: ProfilesModel.Row
    @Environment(\.locale) private var locale
    @Environment(\.timeZone) private var timeZone
    let set: (Bool) -> Void

    var body: some View {
        VStack(alignment: .leading, spacing: 4) {
            Toggle(isOn: Binding(get: { row.runsOnSchedule }, set: set)) {
                Text("Run \(Text(verbatim: row.profile.name)) on its schedule", bundle: .module)
            }
            .disabled(row.editRefusal != nil)
            // NB: the row above says why in words; VoiceOver, on the switch, hears it here.
            .accessibilityHint(row.editRefusal.map { Text($0, locale: locale, timeZone: timeZone) } ?? Text(verbatim: ""))
            if !row.runsOnSchedule {
                Group {
                    if row.isOn {
                        Text("Paused from its next start; the one on now runs to its end.", bundle: .module)
                    } else {
                        Text("Paused. Its schedule is kept; turn it on to run it again.", bundle: .module)
                    }
                }
                .font(.footnote).foregroundStyle(.secondary)
            }
        }
    }
}

/// A gate's line: its name, its path and how it unlocks (changed in Settings).
@MainActor
struct GateRowView: View {
    let gate: Gate

    var body: some View {
        VStack(alignment: .leading, spacing: 2) {
            Text(verbatim: gate.name).font(.body.weight(.medium)).foregroundStyle(Palette.text(for: gate.path))
            (Text.path(gate.path) + Text(verbatim: " · ") + Text.unlocks(with: gate.unlockPolicy.rituals.sorted()))
                .font(.footnote).foregroundStyle(.secondary)
        }
        .accessibilityElement(children: .combine)
    }
}
