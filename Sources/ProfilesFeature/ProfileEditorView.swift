import DesignSystem
import PaywallFeature
import SelectionFeature
import StoreClient
import SwiftUI
import ThresholdCore

/// The profile and schedule editor (``ProfileEditorModel``): each field's error beside it, and
/// Save refused with the reason while Beast Mode holds the profile.
@MainActor
struct ProfileEditorView: View {
    @Bindable var model: ProfileEditorModel
    @Environment(\.dismiss) private var dismiss
    @Environment(\.calendar) private var calendar
    // NB: a sheet of its own: the editor is itself a sheet, and iOS presents one sheet at a time.
    @State private var paywall: PaywallModel?

    var body: some View {
        let errors = model.errors
        NavigationStack {
            Form {
                if let lock = model.lockReason { ProblemBanner(lock, systemImage: "lock.fill") }
                if let problem = model.problem {
                    ProblemBanner(problem)
                    if model.problemNeedsPro {
                        Button {
                            paywall = model.paywall()
                        } label: {
                            Text("See Threshold Pro", bundle: .module)
                        }
                    }
                }
                Section {
                    TextField(text: $model.name) { Text("Name", bundle: .module) }
                    fieldError(errors[.name])
                    TextField(text: $model.emoji) { Text("Emoji", bundle: .module) }
                    fieldError(errors[.emoji])
                    Picker(selection: $model.path) {
                        ForEach(Pathway.allCases, id: \.self) { path in Text.path(path).tag(path) }
                    } label: {
                        Text("Path", bundle: .module)
                    }
                }
                Section {
                    Picker(selection: $model.listMode) {
                        Text("Shield these", bundle: .module).tag(ListMode.blockList)
                        Text("Shield all but these", bundle: .module).tag(ListMode.allowList)
                    } label: {
                        Text("Mode", bundle: .module)
                    }
                    if let suggestion = model.suggestion { Text.presetSuggestion(suggestion).font(.footnote).foregroundStyle(.secondary) }
                    AppPickerButton(current: model.selection, onPick: model.pick) { Text("Choose apps", bundle: .module) }
                    SelectionSummary(model.selection)
                    ForEach(model.sharedWith, id: \.self) { holder in
                        Label {
                            Text.sharedHolder(holder)
                        } icon: {
                            Image(systemName: "square.on.square").accessibilityHidden(true)
                        }
                        .font(.footnote).foregroundStyle(.secondary)
                    }
                    if let problem = model.pickProblem { PickProblemView(problem) }
                    fieldError(errors[.selection])
                } header: {
                    Text("Apps", bundle: .module)
                }
                Section {
                    Picker(selection: $model.strictness) {
                        ForEach(Strictness.allCases, id: \.self) { level in Text.strictness(level).tag(level) }
                    } label: {
                        Text("Strictness", bundle: .module)
                    }
                    Text.strictnessMeaning(model.strictness).font(.footnote).foregroundStyle(.secondary)
                    if model.strictness == .locked {
                        // NB: iOS's `denyAppRemoval` and `denyAppInstallation` are device-wide; they cannot spare the other apps.
                        Label {
                            if model.deniesAppInstallation {
                                Text(
                                    "While its session runs, no app can be deleted from this iPhone or installed on it, not only Threshold, and the date and time stay automatic.",
                                    bundle: .module)
                            } else {
                                Text(
                                    "While its session runs, no app can be deleted from this iPhone, not only Threshold, and the date and time stay automatic.",
                                    bundle: .module)
                            }
                        } icon: {
                            Image(systemName: "lock.iphone").accessibilityHidden(true)
                        }
                        .font(.footnote)
                        .foregroundStyle(.secondary)
                    }
                    ForEach(model.offeredRituals, id: \.self) { kind in
                        Toggle(
                            isOn: Binding(
                                get: { model.rituals.contains(kind) },
                                set: { on in if on { model.rituals.insert(kind) } else { model.rituals.remove(kind) } })
                        ) {
                            Text.ritual(kind)
                        }
                    }
                    Stepper(value: $model.windowMinutes, in: 1...120) {
                        Text("Opens for \(model.windowMinutes) min", bundle: .module)
                    }
                    if model.rituals.contains(.credits) {
                        Stepper(value: $model.creditsPerMinute, in: 1...20) {
                            Text("\(model.creditsPerMinute) credits a minute", bundle: .module)
                        }
                    }
                    fieldError(errors[.unlock])
                } header: {
                    Text("Unlocking", bundle: .module)
                }
                StrictOptionsSection(model: model)
                Section {
                    Stepper(value: $model.breakCount, in: 0...10) { Text("\(model.breakCount) breaks", bundle: .module) }
                    if model.breakCount > 0 {
                        Picker(selection: $model.breakAllowance) {
                            Text("Per hour", bundle: .module).tag(BreakPolicy.Allowance.perHour)
                            Text("Per session", bundle: .module).tag(BreakPolicy.Allowance.perSession)
                        } label: {
                            Text("Allowance", bundle: .module)
                        }
                        Stepper(value: $model.breakMinutes, in: 1...60) { Text("\(model.breakMinutes) min each", bundle: .module) }
                    }
                    fieldError(errors[.breaks])
                } header: {
                    Text("Breaks", bundle: .module)
                }
                Section {
                    ForEach($model.schedules) { $draft in
                        ScheduleEditor(draft: $draft, remove: { model.removeSchedule(draft.id) })
                        fieldError(errors[.schedule(draft.id)])
                    }
                    if !model.pausedSchedules.isEmpty {
                        // Paused under Profiles: kept as they were, changed once turned back on.
                        ForEach(model.pausedSchedules) { draft in ScheduleEditor(draft: .constant(draft)).disabled(true) }
                        Label {
                            Text(
                                "\(Text(verbatim: model.name))'s schedule is paused. Turn it back on under Profiles to change it.",
                                bundle: .module)
                        } icon: {
                            Image(systemName: "pause.circle").accessibilityHidden(true)
                        }
                        .font(.footnote).foregroundStyle(.secondary)
                    }
                    Button {
                        model.addSchedule()
                    } label: {
                        Text("Add a schedule", bundle: .module)
                    }
                    .disabled(!model.pausedSchedules.isEmpty)
                    if !model.schedules.isEmpty {
                        Picker(selection: $model.headsUpMinutes) {
                            ForEach(Profile.headsUpChoices, id: \.self) { minutes in
                                if minutes == 0 {
                                    Text("None", bundle: .module).tag(0)
                                } else {
                                    Text("\(minutes) min before", bundle: .module).tag(minutes)
                                }
                            }
                        } label: {
                            Text("Heads-up", bundle: .module)
                        }
                        .accessibilityHint(Text("A notification before each scheduled start.", bundle: .module))
                    }
                    let paused = model.schedulesSavedPaused
                    if paused > 0 {
                        Label {
                            Text(
                                "Free keeps one schedule on, so \(paused) new schedules will be saved paused. Choose which one stays on in Settings › Threshold Pro.",
                                bundle: .module)
                        } icon: {
                            Image(systemName: "pause.circle").accessibilityHidden(true)
                        }
                        .font(.footnote).foregroundStyle(.secondary)
                        Button {
                            paywall = model.paywall()
                        } label: {
                            Text("See Threshold Pro", bundle: .module)
                        }
                    }
                    if let overlap = model.overlapWarning {
                        Label {
                            Text.overlap(overlap, calendar: calendar)
                        } icon: {
                            Image(systemName: "square.on.square").accessibilityHidden(true)
                        }
                        .font(.footnote).foregroundStyle(.secondary)
                    }
                } header: {
                    Text("Schedules", bundle: .module)
                }
                Section {
                    Text(
                        "To run this profile with an iPhone Focus, open Settings › Focus, choose a Focus (Work, Sleep or your own), tap Add Filter, then Threshold, and pick this profile. It starts when the Focus turns on and ends when it turns off.",
                        bundle: .module
                    )
                    .font(.footnote)
                    if model.strictness == .locked {
                        Label {
                            Text(
                                "A Focus turning off does not end Beast Mode: it runs to its end. Give the filter a length, as Beast Mode needs one.",
                                bundle: .module)
                        } icon: {
                            Image(systemName: "lock.fill").accessibilityHidden(true)
                        }
                        .font(.footnote)
                        .foregroundStyle(.secondary)
                    }
                } header: {
                    Text("Focus", bundle: .module)
                }
            }
            .navigationTitle(model.isNew ? Text("New profile", bundle: .module) : Text("Edit profile", bundle: .module))
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
                    .disabled(!errors.isEmpty || model.lockReason != nil)
                }
            }
            .onChange(of: model.saved) { _, saved in if saved { dismiss() } }
            .sheet(item: $paywall) { paywall in PaywallView(model: paywall) { self.paywall = nil } }
        }
    }

    @ViewBuilder private func fieldError(_ problem: Problem?) -> some View {
        if let problem { ProblemText(problem).font(.footnote).foregroundStyle(Palette.warning) }
    }
}

/// What the profile adds while it is on: the adult-website filter, websites typed by domain
/// (counted against what iOS's filter holds), and no app installs (Beast Mode's default).
@MainActor
struct StrictOptionsSection: View {
    @Bindable var model: ProfileEditorModel

    var body: some View {
        Section {
            Toggle(isOn: $model.filtersAdultWebsites) { Text("Block adult websites", bundle: .module) }
                .accessibilityHint(Text("Safari's filter for adult websites, while the profile is on.", bundle: .module))
            ForEach(model.blockedWebsites, id: \.self) { website in
                HStack {
                    Label {
                        Text(verbatim: website.domain)
                    } icon: {
                        Image(systemName: "globe").accessibilityHidden(true)
                    }
                    Spacer()
                    Button(role: .destructive) {
                        model.unblockWebsite(website)
                    } label: {
                        Text("Remove", bundle: .module) + Text(verbatim: " " + website.domain)
                    }
                    .buttonStyle(.borderless)
                }
            }
            TextField(text: $model.websiteToBlock) { Text("Website to block", bundle: .module) }
                .keyboardType(.URL)
                .textInputAutocapitalization(.never)
                .autocorrectionDisabled()
                .onSubmit { model.blockWebsite() }
            Button {
                model.blockWebsite()
            } label: {
                Text("Block website", bundle: .module)
            }
            .disabled(model.websiteToBlock.trimmingCharacters(in: .whitespaces).isEmpty)
            if let problem = model.websiteProblem { ProblemText(problem).font(.footnote).foregroundStyle(Palette.warning) }
            Toggle(isOn: $model.deniesAppInstallation) { Text("No app installs", bundle: .module) }
                .accessibilityHint(Text("Hides the App Store while the profile is on.", bundle: .module))
        } header: {
            Text("While it is on", bundle: .module)
        } footer: {
            Text(
                "Typed websites: \(model.blockedWebsites.count) of \(StrictOptions.maximumWebsites). They are blocked in Safari with their subdomains. No app installs hides the App Store on this whole iPhone.",
                bundle: .module)
        }
    }
}

/// One schedule: its days and its hours (and, in the profile editor, its removal).
@MainActor
public struct ScheduleEditor: View {
    @Binding var draft: ProfileEditorModel.ScheduleDraft
    let remove: (() -> Void)?
    @Environment(\.calendar) private var calendar

    public init(draft: Binding<ProfileEditorModel.ScheduleDraft>, remove: (() -> Void)? = nil) {
        _draft = draft
        self.remove = remove
    }

    public var body: some View {
        VStack(alignment: .leading, spacing: 8) {
            HStack {
                ForEach(Weekday.allCases, id: \.self) { day in
                    let on = draft.weekdays.contains(day)
                    Button {
                        if on { draft.weekdays.remove(day) } else { draft.weekdays.insert(day) }
                    } label: {
                        // NB: the phone's own short name, cut to two letters so seven fit a row (Mo, Tu … in English).
                        Text(verbatim: String(calendar.shortStandaloneWeekdaySymbols[day.rawValue - 1].prefix(2)))
                            .font(.caption.weight(.semibold))
                            .frame(maxWidth: .infinity, minHeight: 32)
                            .background(on ? Palette.accent.opacity(0.2) : Color.clear, in: Capsule())
                    }
                    .buttonStyle(.plain)
                    .accessibilityLabel(Text(verbatim: calendar.weekdaySymbols[day.rawValue - 1]))
                    .accessibilityAddTraits(on ? .isSelected : [])
                }
            }
            DatePicker(selection: time(\.start), displayedComponents: .hourAndMinute) { Text("Starts", bundle: .module) }
            DatePicker(selection: time(\.end), displayedComponents: .hourAndMinute) { Text("Ends", bundle: .module) }
            if let remove { Button(role: .destructive, action: remove) { Text("Remove schedule", bundle: .module) } }
        }
    }

    /// A local time as the date picker's `Date` (today, at that time) and back.
    private func time(_ path: WritableKeyPath<ProfileEditorModel.ScheduleDraft, LocalTime>) -> Binding<Date> {
        let calendar = calendar
        // NB: any day carries the time of day; the first of January 2001 has no daylight-saving change.
        let day = Date(timeIntervalSinceReferenceDate: 12 * 3_600)
        return Binding {
            let time = draft[keyPath: path]
            return calendar.date(bySettingHour: time.hour, minute: time.minute, second: 0, of: day) ?? day
        } set: { date in
            let parts = calendar.dateComponents([.hour, .minute], from: date)
            // NB: the picker only yields valid hours and minutes; a value it cannot give keeps the old time.
            if let time = try? LocalTime(hour: parts.hour ?? 0, minute: parts.minute ?? 0) { draft[keyPath: path] = time }
        }
    }
}

extension Text {
    /// Where a draft's schedule shares time with another profile's, on the phone's clock and in
    /// its language: "Overlaps 🌙 Sleep on Monday 11:00 PM–11:30 PM. …".
    static func overlap(_ warning: OverlapWarning, calendar: Calendar) -> Text {
        // NB: any day carries the time of day; the first of January 2001 has no daylight-saving change.
        let day = Date(timeIntervalSinceReferenceDate: 12 * 3_600)
        let at = { (time: LocalTime) in calendar.date(bySettingHour: time.hour, minute: time.minute, second: 0, of: day) ?? day }
        let time = Date.FormatStyle.dateTime.hour().minute()
        let weekday = calendar.weekdaySymbols[warning.overlap.weekday.rawValue - 1]
        let profile = warning.profile.emoji + " " + warning.profile.name
        return Text(
            "Overlaps \(Text(verbatim: profile)) on \(Text(verbatim: weekday)) \(at(warning.overlap.start), format: time)–\(at(warning.overlap.end), format: time). While both are on, Threshold shields what either blocks.",
            bundle: .module)
    }
}
