import DesignSystem
import SwiftUI
import ThresholdCore

/// Present's settings (seed 001 §6, §10, §13): the daily screen-time goal, the daily reminders,
/// and the tutorial shown again.
@MainActor
struct PresentSettingsSection: View {
    let model: SettingsModel

    var body: some View {
        Section {
            Picker(selection: Binding(get: { model.screenTime?.goalMinutes }, set: { model.setScreenTimeGoal($0) })) {
                Text("No limit", bundle: .module).tag(Int?.none)
                ForEach(ThresholdCore.Settings.screenTimeGoalChoices, id: \.self) { minutes in
                    Text("Under \(minutes / 60) h", bundle: .module).tag(Optional(minutes))
                }
            } label: {
                Text("Daily screen-time limit", bundle: .module)
            }
            ReminderToggles(model.reminders, set: model.setReminders)
            Toggle(isOn: Binding(get: { model.quips }, set: { model.setQuips($0) })) {
                Text("Screen-time quips", bundle: .module)
            }
            .accessibilityHint(Text("A short, kind note at each half hour of screen time, at most 16 a day.", bundle: .module))
        } header: {
            Text("Present", bundle: .module)
        } footer: {
            Text(
                "A day under your limit adds to your streak. A day over it costs a life, or with none left starts the streak again. Every Sunday brings a life, up to three.",
                bundle: .module)
        }
    }
}
