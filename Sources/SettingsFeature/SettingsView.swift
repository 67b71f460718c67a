import BackupFeature
import DesignSystem
import InsightsFeature
import KeysFeature
import PaywallFeature
import SelectionFeature
import StoreClient
import SwiftUI
import ThresholdCore

/// Settings (``SettingsModel``): Selah's tradition, vibe and translation, each gate's apps and
/// unlock length, the emergency allowance, NFC keys (write, revoke), and the streak reset.
@MainActor
public struct SettingsView: View {
    @Bindable var model: SettingsModel
    @State private var keyProfile: ProfileID?
    @State private var keyName = ""
    /// The name the key field was given from its profile: replaced when another profile is chosen, unless edited.
    @State private var suggestedKeyName = ""
    @State private var confirmingReset = false
    @Environment(\.keyTagWriting) private var tagWriting
    @State private var paywall: PaywallModel?
    @State private var diagnostics: DiagnosticsModel?
    @Environment(\.locale) private var locale
    @Environment(\.calendar) private var calendar
    @Environment(\.timeZone) private var timeZone

    /// Settings › Together (issue 16), opt-in; `nil`: no row.
    let together: TogetherModel?
    /// The screens pushed by value: Together, which a partner's invitation link opens by itself.
    @State private var path: [Route] = []

    enum Route: Hashable { case together }

    public init(model: SettingsModel, together: TogetherModel? = nil) {
        self.model = model
        self.together = together
    }

    public var body: some View {
        NavigationStack(path: $path) {
            Form {
                if let problem = model.problem { ProblemBanner(problem) }
                if model.showsPlan { pro }
                // The sections of the paths the person uses; a path added later brings its own.
                let paths = model.pathsInUse
                // NB: a Group, as below: a view builder takes at most ten views on the iOS 17 SDK.
                Group {
                    if paths.contains(.present) { PresentSettingsSection(model: model) }
                    if model.offersChallenges { ChallengeSettingsSection(model: model) }
                }
                if paths.contains(.selah) { selah }
                if !model.gates.isEmpty { gates }
                if model.offersEmergency { emergency }
                if model.showsKeys { keys }
                if paths.contains(.selah) { streak }
                Group {
                    backup
                    togetherRow
                }
                Section {
                    NavigationLink {
                        HelpView(paths: model.pathsInUse)
                    } label: {
                        Text("Help", bundle: .module)
                    }
                    if model.offersTutorial {
                        Button {
                            model.showTutorialAgain()
                        } label: {
                            Text("Show the tutorial again", bundle: .module)
                        }
                        .disabled(model.isUnreadable)
                        .accessibilityHint(Text("Shields every app until you come back to Threshold.", bundle: .module))
                    }
                    version
                }
            }
            .navigationTitle(Text("Settings", bundle: .module))
            .sheet(item: $diagnostics) { diagnostics in NavigationStack { DiagnosticsView(model: diagnostics) } }
            .navigationDestination(for: Route.self) { route in
                switch route {
                case .together: if let together { TogetherView(model: together) }
                }
            }
        }
        .onAppear { model.load() }
        // A partner's invitation link (`/p/<code>`) brings the person here: Together asks at once.
        .onChange(of: together?.receivedInvitation, initial: true) { _, link in
            if link != nil, path.last != .together { path = [.together] }
        }
    }

    /// Settings › Together, only when this build names a server (`ThresholdTogetherServer`).
    @ViewBuilder private var togetherRow: some View {
        if let together, together.status != .unavailable {
            Section {
                NavigationLink(value: Route.together) { Text("Together", bundle: .module) }
            } footer: {
                Text("Optional: a weekly leaderboard and accountability partners.", bundle: .module)
            }
        }
    }

    /// The plan in the phone's language and on its clock: "Free", "Pro trial until Nov 30, 10:00 AM", ….
    private func planSummary(_ status: PlanStatus) -> Text {
        let when = Date.FormatStyle.dateTime.month(.abbreviated).day().hour().minute()
        let day = Date.FormatStyle.dateTime.month(.abbreviated).day().year()
        return switch status {
        case .free: Text("Free", bundle: .module)
        case .trial(let until): Text("Pro trial until \(until, format: when)", bundle: .module)
        case .pro(let until): Text("Pro, renews or ends \(until, format: when)", bundle: .module)
        case .billingGrace(let until): Text("Pro, payment being retried until \(until, format: day)", bundle: .module)
        case .lapsed(let since): Text("Free (Pro ended \(since, format: day))", bundle: .module)
        }
    }

    /// The plan, what the person should know about it, the paused schedules (pick the one kept
    /// on), the paywall and the App Store's subscription management.
    private var pro: some View {
        Section {
            LabeledContent {
                planSummary(model.plan.status)
            } label: {
                Text("Plan", bundle: .module)
            }
            if !model.plan.notice.isEmpty { ProblemText(.plan(model.plan.notice)).font(.footnote) }
            ForEach(model.pausedSchedules, id: \.ref) { paused in
                Button {
                    model.keepOn(paused.ref)
                } label: {
                    LabeledContent {
                        Text("Keep this one on", bundle: .module)
                    } label: {
                        Text.paused(paused, calendar: wallClock)
                    }
                }
                .accessibilityHint(Text("Free keeps one schedule on; this one replaces the one on now.", bundle: .module))
            }
            if !model.plan.status.includesPro {
                Button {
                    paywall = model.paywall()
                } label: {
                    Text("See Threshold Pro", bundle: .module)
                }
            }
            Link(destination: model.manageSubscriptionURL) { Text("Manage subscription", bundle: .module) }
        } header: {
            Text("Threshold Pro", bundle: .module)
        }
        .sheet(item: $paywall, onDismiss: { model.load() }) { paywall in
            PaywallView(model: paywall) { self.paywall = nil }
        }
    }

    private var selah: some View {
        Section {
            Picker(selection: preference(\.tradition)) {
                ForEach(Tradition.allCases, id: \.self) { tradition in Text.tradition(tradition).tag(tradition) }
            } label: {
                Text("Tradition", bundle: .module)
            }
            Picker(selection: preference(\.vibe)) {
                ForEach(Vibe.allCases, id: \.self) { vibe in Text.vibe(vibe).tag(vibe) }
            } label: {
                Text("Vibe", bundle: .module)
            }
            Picker(selection: preference(\.translation)) {
                Text("No preference", bundle: .module).tag(BibleTranslation?.none)
                ForEach(translations(ContentLanguage(locale)), id: \.self) { translation in
                    ContentText(translation.displayName).tag(Optional(translation))
                }
            } label: {
                Text("Bible translation", bundle: .module)
            }
            NavigationLink {
                PrayerHistoryList(history: model.prayers)
            } label: {
                Text("Prayer history", bundle: .module)
            }
        } header: {
            Text("Selah", bundle: .module)
        }
    }

    /// A Selah preference's picker: what the person picks is saved; loading saves nothing.
    private func preference<Value: Equatable>(_ path: WritableKeyPath<SelahPreferences, Value>) -> Binding<Value> {
        Binding(get: { model.preferences[keyPath: path] }, set: { model.choose(path, $0) })
    }

    private var gates: some View {
        Section {
            ForEach(model.gates, id: \.id) { gate in
                VStack(alignment: .leading, spacing: 8) {
                    Text(verbatim: gate.name).font(.body.weight(.medium))
                    SelectionSummary(gate.selection)
                    AppPickerButton(current: gate.selection, onPick: { model.editApps(of: gate.id, $0) }) {
                        Text("Change apps", bundle: .module)
                    }
                    if gate.path == .challenge {
                        // Seed 003: a challenge always opens the apps for five minutes.
                        Text("A challenge opens them for \(gate.unlockPolicy.windowMinutes) minutes.", bundle: .module)
                            .font(.footnote).foregroundStyle(.secondary)
                    } else {
                        Picker(
                            selection: Binding(get: { gate.unlockPolicy.windowMinutes }, set: { model.setUnlockMinutes(of: gate.id, $0) })
                        ) {
                            ForEach(UnlockPolicy.windowChoices, id: \.self) { minutes in
                                Text("\(minutes) min", bundle: .module).tag(minutes)
                            }
                        } label: {
                            Text("Unlocks last", bundle: .module)
                        }
                    }
                }
            }
            if let problem = model.pickProblem { PickProblemView(problem) }
        } header: {
            Text("Shielded apps", bundle: .module)
        }
        .confirmationDialog(
            Text("Other paths hold some of these apps", bundle: .module),
            isPresented: Binding(get: { model.sharedPick != nil }, set: { if !$0 { model.answerSharedPick(save: false) } }),
            titleVisibility: .visible
        ) {
            Button {
                model.answerSharedPick(save: true)
            } label: {
                Text("Save the apps", bundle: .module)
            }
            Button(role: .cancel) {
                model.answerSharedPick(save: false)
            } label: {
                Text("Keep the apps as they were", bundle: .module)
            }
        } message: {
            // NB: a dialog's message is one Text on iOS.
            if let holders = model.sharedPick?.holders { holders.map(Text.sharedHolder).joined(separator: Text(verbatim: " ")) }
        }
    }

    private var emergency: some View {
        Section {
            let policy = model.emergency
            Text(
                "Hold \(policy.holdSeconds) seconds, then give a reason; \(policy.perDay) a day, \(policy.perWeek) a week.", bundle: .module
            )
            Text("Each lasts \(policy.minutes) minutes.", bundle: .module)
            if policy.cooldownMinutes > 0 {
                let pause = TimeInterval(policy.cooldownMinutes * 60)
                Text("After one, the next waits at least \(Text.minutes(pause)).", bundle: .module)
            }
            if let allowance = model.emergencyAllowance {
                Text("\(allowance.remainingToday) left today, \(allowance.remainingThisWeek) this week", bundle: .module)
                    .foregroundStyle(.secondary)
            }
        } header: {
            Text("Emergency unlock", bundle: .module)
        }
    }

    private var keys: some View {
        Section {
            ForEach(model.keys) { row in
                VStack(alignment: .leading, spacing: 2) {
                    Text(verbatim: row.tag.name).font(.body.weight(.medium))
                    if row.isOrphaned {
                        Text("Its profile was deleted; it starts nothing.", bundle: .module).font(.footnote).foregroundStyle(
                            Palette.warning)
                    } else {
                        Text(verbatim: row.profileTitle).font(.footnote).foregroundStyle(.secondary)
                    }
                    if row.isRevoked { Text("Revoked", bundle: .module).font(.footnote).foregroundStyle(Palette.warning) }
                }
                .accessibilityElement(children: .combine)
                .swipeActions {
                    if row.isRevoked || row.isOrphaned {
                        Button(role: .destructive) {
                            model.removeKey(row.id)
                        } label: {
                            Text("Remove", bundle: .module)
                        }
                    } else {
                        Button(role: .destructive) {
                            model.revoke(row.id)
                        } label: {
                            Text("Revoke", bundle: .module)
                        }
                    }
                }
                if row.isOrphaned && !row.isRevoked {
                    Picker(
                        selection: Binding(get: { ProfileID?.none }, set: { if let profile = $0 { model.relinkKey(row.id, to: profile) } })
                    ) {
                        Text("Choose a profile", bundle: .module).tag(ProfileID?.none)
                        ForEach(model.profiles, id: \.id) { profile in
                            Text(verbatim: "\(profile.emoji) \(profile.name)").tag(Optional(profile.id))
                        }
                    } label: {
                        Text("Link \(Text(verbatim: row.tag.name)) to", bundle: .module)
                    }
                }
            }
            Picker(selection: $keyProfile) {
                Text("Choose a profile", bundle: .module).tag(ProfileID?.none)
                ForEach(model.profiles, id: \.id) { profile in Text(verbatim: "\(profile.emoji) \(profile.name)").tag(Optional(profile.id))
                }
            } label: {
                Text("Profile", bundle: .module)
            }
            TextField(text: $keyName) { Text("Key name, such as Desk", bundle: .module) }
                // A key is named for its profile until the person names it otherwise.
                .onChange(of: keyProfile) { _, new in
                    let suggested = model.profiles.first { $0.id == new }?.name ?? ""
                    if keyName.isEmpty || keyName == suggestedKeyName { keyName = suggested }
                    suggestedKeyName = suggested
                }
            Button {
                model.keyMaking.write(for: chosenKeyProfile, name: keyName, using: tagWriting)
            } label: {
                Text("Write a key", bundle: .module)
            }
            .disabled(keyProfile == nil || !model.keyMaking.writesTags)
            .accessibilityHint(Text("Hold an NFC tag near the top of the iPhone.", bundle: .module))
            if !model.keyMaking.writesTags { Text.cannotWriteTags.font(.footnote).foregroundStyle(.secondary) }
            Button {
                model.keyMaking.makeLink(for: chosenKeyProfile, name: keyName)
            } label: {
                Text("Make a key link", bundle: .module)
            }
            .disabled(keyProfile == nil)
            .accessibilityHint(Text("Shows the key as a QR code and a link to copy.", bundle: .module))
            if keyProfile == nil {
                Text("Choose the profile the key starts.", bundle: .module).font(.footnote).foregroundStyle(.secondary)
            }
            if let problem = model.keyMaking.problem { KeyProblemText(problem: problem).font(.footnote).foregroundStyle(Palette.warning) }
        } header: {
            Text("Keys", bundle: .module)
        } footer: {
            if model.keyMaking.writesTags {
                Text(
                    "A key starts its profile's session with a tap of its NFC tag, or by opening its link or QR code. Revoke a lost key; it stops working at once.",
                    bundle: .module)
            } else {
                Text(
                    "A key link starts its profile's session when it is opened, from a QR code the Camera reads. Revoke a lost key; it stops working at once.",
                    bundle: .module)
            }
        }
        .showsKeyLinks(model.keyMaking)
    }

    private var streak: some View {
        Section {
            (Text("Prayer streak:", bundle: .module) + Text(verbatim: " ") + Text(model.prayerStreak, format: .number))
            if model.isResetRevealed {
                Button(role: .destructive) {
                    confirmingReset = true
                } label: {
                    Text("Reset the streak", bundle: .module)
                }
            } else {
                Button {
                    model.revealReset()
                } label: {
                    Text("Start over…", bundle: .module)
                }
            }
        } footer: {
            Text("Resetting keeps your prayer history.", bundle: .module)
        }
        .confirmationDialog(Text("Reset your prayer streak?", bundle: .module), isPresented: $confirmingReset, titleVisibility: .visible) {
            Button(role: .destructive) {
                model.resetStreak()
            } label: {
                Text("Reset", bundle: .module)
            }
        }
    }

    /// The version; a long press opens the hidden diagnostics screen (an action for VoiceOver).
    private var version: some View {
        LabeledContent {
            Text(verbatim: AppVersion.current)
        } label: {
            Text("Version", bundle: .module)
        }
        .onLongPressGesture { diagnostics = model.diagnostics() }
        .accessibilityAction(named: Text("Diagnostics", bundle: .module)) { diagnostics = model.diagnostics() }
    }

    /// Export everything as a file. Restoring one is offered only where it works, on a fresh
    /// install (onboarding's first screen): here it would always be refused.
    private var backup: some View {
        Section {
            BackupExportButton(backup: model.backup)
            if let saved = model.backup.saved { Text.backupSaved(saved).foregroundStyle(.secondary) }
            if let problem = model.backup.problem { ProblemText(problem).foregroundStyle(Palette.warning) }
        } header: {
            Text("Backup", bundle: .module)
        } footer: {
            Text(
                "A backup is a file with everything Threshold holds; it stays wherever you save it. Import one on a fresh install: on a new iPhone, choose Restore from a backup on Threshold's first screen.",
                bundle: .module)
        }
    }

    /// The translations offered (the ones Threshold quotes), and one chosen before only those were
    /// offered, which stays chosen: its prayers show the reference and a way to read it there.
    private func translations(_ language: ContentLanguage) -> [BibleTranslation] {
        let offered = language.offeredTranslations
        guard let chosen = model.preferences.translation, !offered.contains(chosen) else { return offered }
        return offered + [chosen]
    }

    /// The profile chosen for a new key, as the list shows it.
    private var chosenKeyProfile: Profile? { model.profiles.first { $0.id == keyProfile } }

    /// The phone's wall clock, on which a schedule's hours are read.
    private var wallClock: Calendar {
        var wallClock = calendar
        wallClock.timeZone = timeZone
        return wallClock
    }
}
