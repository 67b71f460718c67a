import FeatureModels
import Foundation
import ScreenTimeSimulator
import ThresholdCore

extension Person {
    /// Settings as its view shows it: Selah's preferences and prayer streak, each gate's apps and
    /// how long its unlocks last, the streak's hidden reset, and the Together row (Settings ›
    /// Together, `TogetherScreen.swift`).
    func settingsScreen(_ app: AppModel) -> Screen {
        if showingTogether { return togetherScreen(app.together) }
        if showingHelp {
            return Screen("help", lines: HelpTopics.all.flatMap { [$0.question, $0.answer] },
                          buttons: [.init("Settings") { [weak self] in self?.showingHelp = false }])
        }
        if let diagnostics {
            var screen = Screen("diagnostics", lines: ["Diagnostics"])
            for section in diagnostics.sections { screen.lines += [section.title] + (section.lines.isEmpty ? ["None"] : section.lines) }
            if let problem = diagnostics.problem { screen.lines.insert(problem, at: 1) }
            screen.buttons.append(.init("Share diagnostics") { [weak self] in
                // The share sheet: the person saves the file (nothing is sent anywhere).
                guard let self else { return }
                savedFiles[diagnostics.fileName] = Data(diagnostics.text.utf8)
                phone.note(.person, "saves “\(diagnostics.fileName)” from the share sheet")
            })
            screen.buttons.append(.init("Done") { [weak self] in self?.diagnostics = nil })
            return screen
        }
        let settings = app.settings
        if let key = settings.keyLink {
            return Screen("key link", lines: ["Key link", "\(key.name) · \(key.profileTitle)", key.link.absoluteString, "QR code"],
                          buttons: [.init("Copy link") { [weak self] in self?.phone.note(.person, "copies the link") },
                                    .init("Done") { settings.keyLinkClosed() }])
        }
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
        screen.lines.append("Keys")
        screen.lines += settings.keys.map { "\($0.tag.name) · \($0.profileTitle)" + ($0.isRevoked ? " · Revoked" : "") }
        screen.buttons += settings.profiles.map { profile in
            .init("\(profile.emoji) \(profile.name)") { [weak self] in self?.keyProfile = profile.id }
        }
        let chosen = settings.profiles.first { $0.id == keyProfile }
        if let chosen { screen.lines.append("Key for \(chosen.emoji) \(chosen.name)") }
        screen.buttons.append(.init("Write a key", disabled: settings.writeKeyUnavailable ?? (chosen == nil ? "Choose a profile" : nil)) { [weak self] in
            guard let self, let chosen else { return }
            writeKey(chosen, in: settings)
        })
        if let unavailable = settings.writeKeyUnavailable { screen.lines.append(unavailable) }
        screen.buttons.append(.init("Make a key link", disabled: chosen == nil ? "Choose a profile" : nil) { [weak self] in
            guard let self, let chosen else { return }
            settings.makeKeyLink(for: chosen.id, name: chosen.name)
            // The person prints the QR code (or keeps it on another screen) for the Camera.
            if let key = settings.keyLink { qrCodes[key.name] = key.link }
        })
        let backup = settings.backup
        screen.buttons.append(.init("Export a backup") { [weak self] in
            backup.export()
            // The Save to Files sheet: the person keeps the file.
            guard let self, let file = backup.exported else { return }
            savedFiles[file.name] = file.data
            phone.note(.person, "saves “\(file.name)” (\(file.data.count / 1024) KB) to Files")
            backup.exportClosed(saved: true)
        })
        screen.buttons.append(.init("Import a backup") { [weak self] in self?.documentPickerOpens() })
        if let saved = backup.saved { screen.lines.append(saved) }
        if let restored = backup.restored { screen.lines.append(restored.sentence) }
        if let problem = backup.problem { screen.lines.append(problem) }
        // The app root always hands Settings its Together model: the row is there in every build,
        // and its screen says when this build has no Together.
        screen.buttons.append(.init("Together") { [weak self] in await self?.openTogether(app.together) })
        screen.lines.append("Optional: a weekly leaderboard and accountability partners.")
        screen.buttons.append(.init("Help") { [weak self] in self?.showingHelp = true })
        screen.buttons.append(.init("Version", longPress: true) { [weak self] in self?.diagnostics = settings.diagnostics() })
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
        screen.addReminderToggles(settings.reminders, set: settings.setReminders)
        screen.lines.append("Screen-time quips: \(settings.quips ? "on" : "off")")
        screen.buttons.append(.init("Screen-time quips") { settings.setQuips(!settings.quips) })
        screen.buttons.append(.init("Show the tutorial again") { settings.showTutorialAgain() })
    }
}
