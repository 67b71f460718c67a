import SwiftUI
import ThresholdCore

/// The daily reminders' two switches (seed 001 §10), as onboarding's Present path and Settings
/// both offer them: each change hands the whole ``Reminders`` to `set`.
@MainActor
public struct ReminderToggles: View {
    let reminders: Reminders
    let set: (Reminders) -> Void

    public init(_ reminders: Reminders, set: @escaping (Reminders) -> Void) {
        self.reminders = reminders
        self.set = set
    }

    public var body: some View {
        Toggle(isOn: binding(\.dailyReview)) { Text("Daily Review at 9 AM", bundle: .module) }
        Toggle(isOn: binding(\.eveningPrompt)) { Text("Evening nudge at 7 PM", bundle: .module) }
    }

    private func binding(_ reminder: WritableKeyPath<Reminders, Bool>) -> Binding<Bool> {
        Binding(
            get: { reminders[keyPath: reminder] },
            set: { on in
                var changed = reminders
                changed[keyPath: reminder] = on
                set(changed)
            })
    }
}
