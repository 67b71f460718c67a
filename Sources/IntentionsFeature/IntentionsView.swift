import DesignSystem
import SelectionFeature
import SwiftUI
import ThresholdCore

/// The intentions (``IntentionsModel``) as a list section: each app's opens today and streak,
/// editing, deleting, and the day's streak freeze.
@MainActor
public struct IntentionsSection: View {
    let model: IntentionsModel
    @State private var editor: Shown<IntentionEditorModel>?
    @Environment(\.showPaywall) private var showPaywall

    public init(model: IntentionsModel) { self.model = model }

    public var body: some View {
        Section {
            if let problem = model.problem { ProblemBanner(problem) }
            ForEach(model.rows) { row in
                Button {
                    editor = Shown(model.editor(for: row.id))
                } label: {
                    IntentionRow(row: row)
                }
                .swipeActions {
                    Button(role: .destructive) {
                        model.delete(row.id)
                    } label: {
                        Text("Delete", bundle: .module)
                    }
                }
            }
            Button {
                editor = Shown(model.editor())
            } label: {
                Label {
                    Text("New intention", bundle: .module)
                } icon: {
                    Image(systemName: "plus").accessibilityHidden(true)
                }
            }
            .disabled(model.addRefusal != nil)
            if let refusal = model.addRefusal { ProblemText(refusal).font(.footnote).foregroundStyle(.secondary) }
            if !model.rows.isEmpty {
                if model.frozenToday {
                    Text("Streak freeze is on today.", bundle: .module).foregroundStyle(.secondary)
                } else {
                    Button {
                        model.useFreeze()
                    } label: {
                        Text("Use a streak freeze today", bundle: .module)
                    }
                    .disabled(model.freezeRefusal != nil)
                    if let refusal = model.freezeRefusal { ProblemText(refusal).font(.footnote).foregroundStyle(.secondary) }
                    if model.freezeNeedsPro, let showPaywall {
                        Button {
                            showPaywall()
                        } label: {
                            Text("See Threshold Pro", bundle: .module)
                        }
                    }
                }
            }
        } header: {
            Text("Intentions", bundle: .module)
        } footer: {
            Text("An intention lets an app open a few times a day, for a few minutes each.", bundle: .module)
        }
        .onAppear { model.load() }
        .sheet(item: $editor, onDismiss: model.load) { editor in IntentionEditorView(model: editor.model) }
    }
}

/// One intention's line.
@MainActor
struct IntentionRow: View {
    let row: IntentionsModel.Row

    var body: some View {
        VStack(alignment: .leading, spacing: 2) {
            TokenLabel(app: row.intention.app).font(.body.weight(.medium))
            Text("\(row.opensUsed) of \(row.intention.opensPerDay) opens today · \(row.intention.minutesPerOpen) min each", bundle: .module)
                .font(.footnote).foregroundStyle(.secondary)
            if row.streak > 0 {
                Text("\(row.streak) day streak", bundle: .module).font(.footnote).foregroundStyle(Palette.celebration)
            }
            if let nickname = row.intention.sharedNickname {
                (Text("Shared with partners as", bundle: .module) + Text(verbatim: " “\(nickname)”"))
                    .font(.footnote).foregroundStyle(.secondary)
            }
            if let until = row.openUntil {
                (Text("Open until", bundle: .module) + Text(verbatim: " ") + Text(until, style: .time))
                    .font(.footnote).foregroundStyle(Palette.calm)
            }
        }
        .foregroundStyle(.primary)
        .accessibilityElement(children: .combine)
    }
}

/// The intention editor (``IntentionEditorModel``): one app, opens a day, minutes an open, and
/// a nickname to share with partners.
@MainActor
struct IntentionEditorView: View {
    @Bindable var model: IntentionEditorModel
    @Environment(\.dismiss) private var dismiss

    var body: some View {
        NavigationStack {
            Form {
                if let problem = model.problem { ProblemBanner(problem) }
                Section {
                    AppPickerButton(current: Selection(applications: Set([model.app].compactMap { $0 })), onPick: model.pick) {
                        Text("Choose the app", bundle: .module)
                    }
                    if let app = model.app { TokenLabel(app: app) }
                    pickProblem
                } footer: {
                    if model.app == nil { Self.needsAnApp }
                }
                Section {
                    Stepper(value: $model.opensPerDay, in: IntentionsModel.opensRange) {
                        Text("\(model.opensPerDay) opens a day", bundle: .module)
                    }
                    Stepper(value: $model.minutesPerOpen, in: IntentionsModel.minutesRange) {
                        Text("\(model.minutesPerOpen) min an open", bundle: .module)
                    }
                    if let error = model.error { ProblemText(error).font(.footnote).foregroundStyle(Palette.warning) }
                }
                Section {
                    TextField(text: $model.sharedNickname) { Text("Nickname to share with partners", bundle: .module) }
                        .textInputAutocapitalization(.words)
                        .autocorrectionDisabled()
                    if let error = model.nicknameError { ProblemText(error).font(.footnote).foregroundStyle(Palette.warning) }
                } footer: {
                    Text("If you use Together, partners told of a broken streak see only this nickname, never the app.", bundle: .module)
                }
            }
            .navigationTitle(model.isNew ? Text("New intention", bundle: .module) : Text("Edit intention", bundle: .module))
            .navigationBarTitleDisplayMode(.inline)
            .toolbar {
                ToolbarItem(placement: .cancellationAction) {
                    Button {
                        dismiss()
                    } label: {
                        Text("Cancel", bundle: .module)
                    }
                }
                ToolbarItem(placement: .confirmationAction) {
                    Button {
                        model.save()
                    } label: {
                        Text("Save", bundle: .module)
                    }
                    .disabled(model.app == nil || model.error != nil || model.nicknameError != nil)
                    // NB: greyed until an app is chosen: VoiceOver says so on the button, the form under the picker.
                    .accessibilityHint(model.app == nil ? Self.needsAnApp : Text(verbatim: ""))
                }
            }
            .onChange(of: model.saved) { _, saved in if saved { dismiss() } }
        }
    }

    /// Why Save waits: an intention is for one app.
    private static let needsAnApp = Text("An intention is for one app: choose it to save.", bundle: .module)

    @ViewBuilder private var pickProblem: some View {
        switch model.pickProblem {
        case .nothingChosen?:
            ProblemBanner(Text("Choose one app.", bundle: .module))
        case .pickerFailed?:
            ProblemBanner(Text("The Screen Time picker could not hand back your choice. Try again; nothing was changed.", bundle: .module))
        case .notOneApp(let count)?:
            ProblemBanner(Text("An intention is for one app; you chose \(count) items.", bundle: .module))
        case nil:
            EmptyView()
        }
    }
}
