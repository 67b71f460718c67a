import FeatureModels
import ScenarioSetup
import ScreenTimeSimulator
import Foundation
import ThresholdCore

extension Person {
    /// Profiles as its view shows them, with the intentions beneath: each profile (and whether it
    /// is on), each intention's opens, streak and nickname shared with partners (each opening its
    /// editor, by its app's name), and this week's streak freeze.
    func profilesScreen(_ app: AppModel) -> Screen {
        let profiles = app.profiles, intentions = app.intentions
        if let editor = profileEditor { return profileEditorScreen(editor, profiles) }
        if let editor = intentionEditor { return intentionEditorScreen(editor, intentions) }
        var screen = Screen("profiles", lines: ["Profiles"])
        screen.buttons += profiles.rows.map { row in
            .init("\(row.profile.emoji) \(row.profile.name)") { [weak self] in self?.profileEditor = profiles.editor(for: row.id) }
        }
        if profiles.rows.isEmpty { screen.lines.append("No profiles yet. Start from one below.") }
        screen.lines += profiles.rows.map { "\($0.profile.emoji) \($0.profile.name)" + ($0.isOn ? " · On" : "") }
        screen.lines.append("Intentions")
        for row in intentions.rows {
            screen.lines.append("\(label(of: .app(row.intention.app))): \(row.opensUsed) of \(row.intention.opensPerDay) opens today · \(row.intention.minutesPerOpen) min each")
            if row.streak > 0 { screen.lines.append("\(row.streak) day streak") }
            if let nickname = row.intention.sharedNickname { screen.lines.append("Shared with partners as “\(nickname)”") }
        }
        screen.buttons += intentions.rows.map { row in
            .init(label(of: .app(row.intention.app))) { [weak self] in self?.intentionEditor = intentions.editor(for: row.id) }
        }
        screen.buttons.append(.init("New intention") { [weak self] in self?.intentionEditor = intentions.editor() })
        if !intentions.rows.isEmpty {
            if intentions.frozenToday {
                screen.lines.append("Streak freeze is on today.")
            } else {
                screen.buttons.append(.init("Use a streak freeze today", disabled: intentions.freezeRefusal) { intentions.useFreeze() })
                if intentions.freezeNeedsPro { screen.buttons.append(.init("See Threshold Pro") { app.showPaywall() }) }
            }
        }
        if let problem = profiles.problem ?? intentions.problem { screen.lines.append(problem) }
        return screen
    }

    /// The profile editor's sheet: the apps, the heads-up before its schedules, each field's error,
    /// and Save (refused, saying why, while Beast Mode holds the profile).
    private func profileEditorScreen(_ editor: ProfileEditorModel, _ profiles: ProfilesModel) -> Screen {
        var screen = Screen("profile editor", lines: [editor.isNew ? "New profile" : "Edit profile", "\(editor.emoji) \(editor.name)"])
        let selection = editor.selection
        screen.lines.append(selection.isEmpty ? "Nothing chosen yet"
                            : [Format.count(selection.applications.count, "app", "apps"), Format.count(selection.categories.count, "category", "categories"),
                               Format.count(selection.webDomains.count, "website", "websites")].joined(separator: ", "))
        screen.lines += selection.applications.sorted().map { label(of: .app($0)) }
        if let suggestion = editor.suggestion { screen.lines.append(suggestion) }
        // Its button opens iOS's Screen Time picker: `pick-apps` picks there.
        screen.buttons.append(.init("Choose apps") { [weak self] in self?.phone.note(.device, "the Screen Time picker opens (pick-apps picks in it)") })
        if !editor.schedules.isEmpty {
            // The picker's label and its value, as the view shows them side by side.
            screen.lines.append(["Heads-up", editor.headsUpMinutes == 0 ? "None" : "\(editor.headsUpMinutes) min before"].joined(separator: ": "))
            screen.buttons += Profile.headsUpChoices.map { minutes in
                .init(minutes == 0 ? "None" : "\(minutes) min before") { editor.headsUpMinutes = minutes }
            }
        }
        if let overlap = editor.overlapWarning { screen.lines.append(overlap) }
        screen.lines += editor.errors.values.sorted()
        if let lock = editor.lockReason { screen.lines.append(lock) }
        if let problem = editor.problem { screen.lines.append(problem) }
        let refusal = editor.lockReason ?? editor.errors.values.sorted().first
        screen.buttons.append(.init("Save", disabled: refusal) { [weak self] in
            editor.save()
            if editor.saved {
                self?.profileEditor = nil
                profiles.load()
            }
        })
        screen.buttons.append(.init("Cancel") { [weak self] in
            self?.profileEditor = nil
            profiles.load()
        })
        return screen
    }

    /// Insights for the week shown, and the prayer history: each prayer's time in the zone it was
    /// said in (named when it is not the phone's now), its mood, first line and verse.
    func insightsScreen(_ app: AppModel) -> Screen {
        let insights = app.insights
        var screen = Screen("insights", lines: ["Week of \(insights.week)"])
        if let stats = insights.stats {
            if let record = stats.recordDay { screen.lines.append("Personal record: \(record.day) · \(Format.duration(record.seconds))") }
            screen.lines.append("Focus-day streak: \(stats.focusDayStreak)")
            if let longest = stats.longestSession { screen.lines.append("Longest session: \(longest.title) · \(Format.duration(longest.focusedSeconds))") }
            screen.lines.append("Session history")
            for entry in insights.history {
                let clock = Clockwork(calendar: calendar)
                let goal = entry.goalMinutes.map { "goal \($0) min" } ?? "no goal"
                let extra = entry.extraSeconds > 0 ? " +\(Format.duration(entry.extraSeconds)) extra" : ""
                screen.lines.append("\(entry.title) · \(clock.readable(entry.start)) – \(clock.readable(entry.end)) · \(entry.state.rawValue) · "
                                    + "\(goal)\(extra) · \(entry.breaks) breaks, \(Format.duration(entry.breakSeconds)) · \(entry.origin.rawValue)")
            }
            if insights.hasEarlierSessions { screen.buttons.append(.init("Show earlier sessions") { insights.showEarlierSessions() }) }
        }
        if !insights.reviews.isEmpty {
            screen.lines.append("Daily reviews")
            screen.lines += insights.reviews.map { "\($0.day) · \($0.rating == .thumbsUp ? "thumbs up" : "thumbs down")" }
        }
        screen.lines.append("Prayer history")
        if insights.prayers.days.isEmpty { screen.lines.append("No prayers yet") }
        for day in insights.prayers.days {
            screen.lines.append(day.day.description)
            for prayer in day.prayers {
                let clock = Clockwork(timeZone: prayer.timeZone)
                let zone = prayer.timeZone == phone.clock.timeZone ? "" : " \(prayer.timeZone.abbreviation(for: prayer.at) ?? prayer.timeZone.identifier)"
                screen.lines.append(Format.timeOfDay(clock.secondsIntoDay(of: prayer.at)) + zone)
                if let mood = prayer.mood { screen.lines.append(mood.displayName) }
                if let title = prayer.title { screen.lines.append(title) }
                if let verse = prayer.verse { screen.lines.append(verse) }
            }
        }
        screen.buttons += [.init("Previous week") { insights.previousWeek() }, .init("Next week") { insights.nextWeek() }]
        if let problem = insights.problem { screen.lines.append(problem) }
        return screen
    }

    /// The intention editor sheet: the app (chosen with `pick-apps`), opens a day and minutes an
    /// open (the steppers keep their first values here), the nickname to share with partners
    /// (`type` types into it) with its footer, Save and Cancel.
    private func intentionEditorScreen(_ editor: IntentionEditorModel, _ intentions: IntentionsModel) -> Screen {
        var screen = Screen("intention editor", lines: [editor.isNew ? "New intention" : "Edit intention"])
        screen.lines.append(editor.app.map { label(of: .app($0)) } ?? "Choose the app")
        screen.lines += ["\(editor.opensPerDay) opens a day", "\(editor.minutesPerOpen) min an open"]
        if let error = editor.error ?? editor.problem { screen.lines.append(error) }
        screen.fields.append(.init("Nickname to share with partners", text: editor.sharedNickname) { editor.sharedNickname = $0 })
        if let error = editor.nicknameError { screen.lines.append(error) }
        screen.lines.append("If you use Together, partners told of a broken streak see only this nickname, never the app.")
        let disabled: String? = editor.app == nil ? "Choose the app" : editor.error ?? editor.nicknameError
        screen.buttons.append(.init("Save", disabled: disabled) { [weak self] in
            editor.save()
            if editor.saved {
                self?.intentionEditor = nil
                intentions.load()
            }
        })
        screen.buttons.append(.init("Cancel") { [weak self] in self?.intentionEditor = nil })
        return screen
    }
}
