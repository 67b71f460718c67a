import FeatureModels
import Foundation
import ThresholdCore

extension Person {
    /// Settings as its view shows it: Selah's preferences and prayer streak, each gate's apps and
    /// how long its unlocks last, the streak's hidden reset.
    func settingsScreen(_ app: AppModel) -> Screen {
        if showingHelp {
            return Screen("help", lines: HelpTopics.all.flatMap { [$0.question, $0.answer] },
                          buttons: [.init("Settings") { [weak self] in self?.showingHelp = false }])
        }
        let settings = app.settings
        var screen = Screen("settings", lines: ["Prayer streak: \(settings.prayerStreak)"])
        screen.lines += proLines(settings)
        screen.buttons += settings.pausedSchedules.map { paused in .init(paused.name) { settings.keepOn(paused.ref) } }
        if !settings.plan.status.includesPro { screen.buttons.append(.init("See Threshold Pro") { app.showPaywall() }) }
        presentSection(settings, into: &screen)
        for gate in settings.gates {
            screen.lines.append("\(gate.name): Unlocks last \(gate.unlockPolicy.windowMinutes) min")
            if gate.path == .selah || gate.path == .challenge {
                screen.buttons += OnboardingModel.unlockChoices.map { minutes in
                    .init("\(minutes) min") { settings.setUnlockMinutes(of: gate.id, minutes) }
                }
            }
        }
        if settingsConfirmingReset {
            screen.lines.append("Reset your prayer streak?")
            screen.buttons.append(.init("Reset") { [weak self] in
                settings.resetStreak()
                self?.settingsConfirmingReset = false
            })
        } else if settings.isResetRevealed {
            screen.buttons.append(.init("Reset the streak") { [weak self] in self?.settingsConfirmingReset = true })
        } else {
            screen.buttons.append(.init("Start over…") { settings.revealReset() })
        }
        screen.buttons.append(.init("Help") { [weak self] in self?.showingHelp = true })
        if let problem = settings.problem { screen.lines.append(problem) }
        return screen
    }

    /// Present's section: the daily screen-time goal (a picker: "No goal", "Under 1 h" …), the
    /// reminders (toggles) and "Show the tutorial again".
    private func presentSection(_ settings: SettingsModel, into screen: inout Screen) {
        screen.lines.append("Present")
        let goal = settings.screenTime?.goalMinutes.map { "Under \($0 / 60) h" } ?? "No goal"
        screen.lines.append("Daily screen-time goal: \(goal)")
        screen.buttons.append(.init("No goal") { settings.setScreenTimeGoal(nil) })
        screen.buttons += Settings.screenTimeGoalChoices.map { minutes in .init("Under \(minutes / 60) h") { settings.setScreenTimeGoal(minutes) } }
        let reminders = settings.reminders
        screen.lines.append("Daily Review at 9 AM: \(reminders.dailyReview ? "on" : "off")")
        screen.lines.append("Evening nudge at 7 PM: \(reminders.eveningPrompt ? "on" : "off")")
        screen.buttons.append(.init("Daily Review at 9 AM") {
            var changed = reminders
            changed.dailyReview.toggle()
            settings.setReminders(changed)
        })
        screen.buttons.append(.init("Evening nudge at 7 PM") {
            var changed = reminders
            changed.eveningPrompt.toggle()
            settings.setReminders(changed)
        })
        screen.lines.append("Screen-time quips: \(settings.quips ? "on" : "off")")
        screen.buttons.append(.init("Screen-time quips") { settings.setQuips(!settings.quips) })
        screen.buttons.append(.init("Show the tutorial again") { settings.showTutorialAgain() })
    }
}
