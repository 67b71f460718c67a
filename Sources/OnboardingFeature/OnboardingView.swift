import BackupFeature
import DesignSystem
import KeysFeature
import PaywallFeature
import ProfilesFeature
import ScreenTimeClient
import SelectionFeature
import StoreClient
import SwiftUI
import ThresholdCore
import UIKit

/// First run, step by step (``OnboardingModel``): welcome, Screen Time access, paths, apps,
/// Selah, the prayer's unlock window, ready, and the tutorial shield.
@MainActor
public struct OnboardingView: View {
    @Bindable var model: OnboardingModel
    let onDone: () -> Void

    /// What turning on the shields makes is first called, in the phone's language.
    private static var names: OnboardingModel.Names {
        var names = OnboardingModel.Names()
        names.selah = String(
            localized: "Selah", bundle: .module, comment: "The first name of the Selah gate onboarding makes (the path's name).")
        names.challenge = String(
            localized: "Challenge", bundle: .module,
            comment: "The first name of the Challenge gate onboarding makes: the path's own name, as the person chose it.")
        names.workMode = String(localized: "Work mode", bundle: .module)
        names.focus = String(
            localized: "Focus", bundle: .module,
            comment: "The first name of the focus session profile onboarding makes (Present, Earned Access).")
        names.presets = Dictionary(uniqueKeysWithValues: ProfilePreset.allCases.map { ($0, $0.localizedName) })
        return names
    }

    public init(model: OnboardingModel, onDone: @escaping () -> Void) {
        self.model = model
        self.onDone = onDone
    }

    public var body: some View {
        NavigationStack {
            ScrollView {
                VStack(alignment: .leading, spacing: 20) {
                    step
                }
                .padding()
                .frame(maxWidth: 600, alignment: .leading)
                .frame(maxWidth: .infinity)
            }
            .safeAreaInset(edge: .bottom) { controls }
            .toolbar {
                if model.canGoBack {
                    ToolbarItem(placement: .topBarLeading) {
                        Button {
                            model.back()
                        } label: {
                            Text("Back", bundle: .module)
                        }
                    }
                }
            }
            .navigationBarTitleDisplayMode(.inline)
        }
        .showsKeyLinks(model.keyMaking)
        .task { await model.checkAccess() }
        .task(id: model.step) { if model.step == .notifications { model.checkNotifications() } }
        .onChange(of: model.step) { _, step in if step == .done { onDone() } }
    }

    @ViewBuilder private var step: some View {
        switch model.step {
        case .welcome: WelcomeStep(model: model)
        case .authorization: AccessStep(model: model)
        case .paths: PathsStep(model: model)
        case .pro: PaywallView(model: model.paywall, onClose: model.leavePaywall)
        case .apps: AppsStep(model: model)
        case .mode: ModeStep(model: model)
        case .unlockOptions: UnlockOptionsStep()
        case .selah: SelahStep(model: model)
        case .duration: DurationStep(model: model)
        case .ready: ReadyStep(model: model)
        case .key: KeyStep(model: model)
        case .notifications: NotificationsStep(model: model)
        case .tutorial, .done: TutorialStep(model: model)
        case .restored: RestoredStep(model: model)
        }
    }

    @ViewBuilder private var controls: some View {
        VStack(spacing: 8) {
            if let blocker = model.blocker, blocker != .needsReady {
                BlockerText(blocker: blocker).font(.footnote).foregroundStyle(.secondary)
            }
            switch model.step {
            case .ready:
                Button {
                    model.names = Self.names
                    model.finish()
                } label: {
                    if model.timerOnly { Text("Start as a timer", bundle: .module) } else { Text("Turn on shields", bundle: .module) }
                }
                .buttonStyle(.primary)
                .accessibilityHint(
                    model.timerOnly
                        ? Text("Saves your choices; sessions are timed and nothing is shielded.", bundle: .module)
                        : Text("Saves your choices and shields the apps now.", bundle: .module))
            case .key:
                if model.keyMaking.made == nil {
                    Button {
                        model.next()
                    } label: {
                        Text("Not now", bundle: .module)
                    }
                    .frame(maxWidth: .infinity)
                    .accessibilityHint(Text("Settings › Keys makes a key whenever you want one.", bundle: .module))
                } else {
                    Button {
                        model.next()
                    } label: {
                        Text("Continue", bundle: .module)
                    }
                    .buttonStyle(.primary)
                }
            case .tutorial, .pro:
                // The paywall has its own buttons, "Not now" always among them.
                EmptyView()
            case .restored:
                Button {
                    model.close()
                } label: {
                    Text("Continue", bundle: .module)
                }
                .buttonStyle(.primary)
            default:
                Button {
                    model.next()
                } label: {
                    Text("Continue", bundle: .module)
                }
                .buttonStyle(.primary)
                .disabled(model.blocker != nil)
            }
        }
        .padding()
        .background(.bar)
    }
}

/// Why Continue is disabled.
@MainActor
struct BlockerText: View {
    let blocker: OnboardingModel.Blocker

    var body: some View {
        switch blocker {
        case .needsAccess: Text("Threshold cannot shield anything without Screen Time access.", bundle: .module)
        case .needsPath: Text("Choose at least one way in.", bundle: .module)
        case .needsApps: Text("Choose the apps to shield.", bundle: .module)
        case .needsDays: Text("Choose at least one day.", bundle: .module)
        case .needsHours: Text("A mode needs its start and its end at different times.", bundle: .module)
        case .needsReady: Text("Turn on shields to finish.", bundle: .module)
        case .tutorialRunning: Text("Open any app to see its shield, then come back.", bundle: .module)
        }
    }
}

@MainActor
struct StepHeader: View {
    let title: Text
    let message: Text
    let systemImage: String

    var body: some View {
        VStack(alignment: .leading, spacing: 8) {
            Image(systemName: systemImage).font(.largeTitle).foregroundStyle(Palette.accent).accessibilityHidden(true)
            title.font(.title.bold()).accessibilityAddTraits(.isHeader)
            message.font(.body).foregroundStyle(.secondary)
        }
        .fixedSize(horizontal: false, vertical: true)
    }
}

@MainActor
struct WelcomeStep: View {
    let model: OnboardingModel

    var body: some View {
        StepHeader(
            title: Text("Threshold", bundle: .module),
            message: Text(
                "Shield the apps that pull at you, and let them back in only across a threshold you choose: a prayer, a challenge, credits you earned by focusing, a tap of your key.",
                bundle: .module),
            systemImage: "door.left.hand.open")
        // Seed 002 Flow A's value lines.
        Card {
            Label {
                Text("Choose distracting apps", bundle: .module)
            } icon: {
                Image(systemName: "apps.iphone")
            }
            Label {
                Text("Set a schedule", bundle: .module)
            } icon: {
                Image(systemName: "calendar")
            }
            Label {
                Text("Unlock with Focus Bank credits, a prayer, a challenge or your key", bundle: .module)
            } icon: {
                Image(systemName: "key")
            }
        }
        Card {
            Label {
                Text("Everything stays on this iPhone. Nothing is sent anywhere.", bundle: .module)
            } icon: {
                Image(systemName: "lock.iphone")
            }
            Label {
                Text("You choose what is shielded and how strict it is.", bundle: .module)
            } icon: {
                Image(systemName: "slider.horizontal.3")
            }
        }
        if model.cloudBackup.canRestore {
            Button {
                Task { await model.restoreFromCloud() }
            } label: {
                Label {
                    Text("Restore from iCloud", bundle: .module)
                } icon: {
                    Image(systemName: "icloud.and.arrow.down")
                }
            }
            .disabled(model.cloudBackup.working)
            // NB: fetching the backup takes a round trip; say so rather than leave a dead button.
            if model.cloudBackup.working { ProgressView { Text("Restoring from iCloud…", bundle: .module) } }
            if let problem = model.cloudBackup.problem { Text.cloudBackup(problem).font(.footnote).foregroundStyle(Palette.warning) }
        }
        BackupRestoreButton(backup: model.backup, restore: model.restore) { Text("Restore from a backup", bundle: .module) }
        if let problem = model.backup.problem { ProblemText(problem).font(.footnote).foregroundStyle(Palette.warning) }
    }
}

/// A backup came back: what it held, and what needs its apps picked again.
@MainActor
struct RestoredStep: View {
    let model: OnboardingModel

    var body: some View {
        StepHeader(
            title: Text("Your backup is restored", bundle: .module),
            message: Text("Your profiles, gates, intentions, streaks and history are back.", bundle: .module),
            systemImage: "arrow.down.doc")
        if let restored = model.backup.restored { Card { RestoredSummary(restored) } }
    }
}

@MainActor
struct AccessStep: View {
    let model: OnboardingModel

    var body: some View {
        StepHeader(
            title: Text("Screen Time access", bundle: .module),
            message: Text(
                "Threshold uses Apple's Screen Time to shield the apps you choose. iOS asks you once; you can turn it off in Settings at any time.",
                bundle: .module),
            systemImage: "hourglass")
        switch model.verdict {
        case .approved:
            Label {
                Text("Screen Time access is on.", bundle: .module)
            } icon: {
                Image(systemName: "checkmark.shield.fill").foregroundStyle(Palette.calm)
            }
            .font(.headline)
        case .revoked:
            ProblemBanner(
                Text(
                    "Screen Time access was turned off, so iOS is enforcing nothing. Allow it again to restore your shields.",
                    bundle: .module))
        case .denied, .notYetAsked, nil:
            EmptyView()
        }
        if let failure = model.authorizationFailure {
            AccessFailureView(failure: failure)
        }
        if model.verdict != .approved {
            if model.authorizationFailure?.canRetry ?? true {
                Button {
                    Task { await model.requestAccess() }
                } label: {
                    if model.authorizationFailure == nil {
                        Text("Allow Screen Time access", bundle: .module)
                    } else {
                        Text("Try again", bundle: .module)
                    }
                }
                .buttonStyle(.primary)
                .disabled(model.isRequestingAccess)
            } else {
                SettingsLink()
                Button {
                    Task { await model.requestAccess() }
                } label: {
                    Text("Try again", bundle: .module)
                }
                .disabled(model.isRequestingAccess)
            }
            if model.authorizationFailure != nil {
                // Seed 004's fallback: sessions and their timer go on without shields.
                Button {
                    model.useAsTimer()
                } label: {
                    Text("Use Threshold as a timer", bundle: .module)
                }
                .accessibilityHint(
                    Text("Sessions run and are timed; nothing is shielded until you allow Screen Time access.", bundle: .module))
                Text(
                    "Sessions run and are timed; nothing is shielded until you allow Screen Time access in Settings › Screen Time, or from Home.",
                    bundle: .module
                )
                .font(.footnote).foregroundStyle(.secondary)
            }
        }
    }
}

/// What each of FamilyControls' failures means and what to do.
@MainActor
struct AccessFailureView: View {
    let failure: AuthorizationFailure

    var body: some View {
        ProblemBanner(text)
    }

    private var text: Text {
        switch failure {
        case .canceled:
            Text(
                "You closed the request. Threshold needs Screen Time access to shield apps; ask again when you are ready.", bundle: .module)
        case .restricted:
            Text(
                "Screen Time is restricted on this iPhone by a parent or a management profile. Ask whoever manages it, then try again.",
                bundle: .module)
        case .unavailable: Text("Screen Time is not available to Threshold on this device.", bundle: .module)
        case .invalidAccountType:
            Text("Sign in to iCloud with your own Apple Account (Settings › your name), then try again.", bundle: .module)
        case .noPasscode:
            Text("Screen Time needs a device passcode. Set one in Settings › Face ID & Passcode, then try again.", bundle: .module)
        case .network: Text("Allowing Screen Time needs the internet once. Connect, then try again.", bundle: .module)
        case .conflict:
            Text(
                "Another app manages Screen Time here in a way that conflicts. Remove its access in Settings › Screen Time, then try again.",
                bundle: .module)
        case .other: Text("Screen Time access could not be granted. Try again; if it keeps failing, reinstall Threshold.", bundle: .module)
        case .notGranted:
            Text(
                "iOS finished asking, but Screen Time access did not turn on. Check Settings › Screen Time › Apps with Screen Time Access; if Threshold is not there, restart your iPhone, then try again.",
                bundle: .module)
        }
    }
}

/// Opens the Settings app, for what only the person can change there.
@MainActor
struct SettingsLink: View {
    @Environment(\.openURL) private var openURL

    var body: some View {
        Button {
            if let url = URL(string: UIApplication.openSettingsURLString) { openURL(url) }
        } label: {
            Text("Open Settings", bundle: .module)
        }
        .buttonStyle(.primary)
    }
}

@MainActor
struct PathsStep: View {
    let model: OnboardingModel

    var body: some View {
        StepHeader(
            title: Text("Your ways in", bundle: .module),
            message: Text("Choose one or more. Each is a way back into a shielded app; you can change them later.", bundle: .module),
            systemImage: "signpost.right.and.left")
        if model.timerOnly {
            Text("The other paths shield apps, so they need Screen Time access.", bundle: .module)
                .font(.footnote).foregroundStyle(.secondary)
        }
        ForEach(model.offeredPaths, id: \.self) { path in
            Button {
                model.toggle(path)
            } label: {
                HStack(alignment: .top, spacing: 12) {
                    Image(systemName: model.paths.contains(path) ? "checkmark.circle.fill" : "circle")
                        .foregroundStyle(Palette.text(for: path))
                        .font(.title2)
                        .accessibilityHidden(true)
                    VStack(alignment: .leading, spacing: 4) {
                        Text.path(path).font(.headline)
                        PathPitch(path: path, readsTags: model.readsTags).font(.subheadline).foregroundStyle(.secondary)
                    }
                    Spacer(minLength: 0)
                }
                .contentShape(Rectangle())
            }
            .buttonStyle(.plain)
            .accessibilityAddTraits(model.paths.contains(path) ? [.isSelected] : [])
        }
    }
}

@MainActor
struct PathPitch: View {
    let path: Pathway
    /// Whether this device reads NFC tags; where it does not, a key is a QR code the Camera opens.
    var readsTags = true

    var body: some View {
        switch path {
        case .selah: Text("Selah turns distraction into devotion: a short prayer and a verse open your apps for a while.", bundle: .module)
        case .present: Text("Timed sessions with a goal, streaks and XP.", bundle: .module)
        case .earnedAccess: Text("Focus to earn credits; spend them on minutes, or take a breathing or copying quest.", bundle: .module)
        case .challenge: Text("Solve a few sums or win at tic-tac-toe to open your apps for five minutes.", bundle: .module)
        case .key:
            if readsTags {
                Text("Tap an NFC card to start a Work, Study or Sleep profile; tap again to end or take a break.", bundle: .module)
            } else {
                Text(
                    "Open your key's QR code with the Camera to start a Work, Study or Sleep profile; open it again to end or take a break. This device cannot read NFC cards.",
                    bundle: .module)
            }
        }
    }
}

@MainActor
struct AppsStep: View {
    @Bindable var model: OnboardingModel

    var body: some View {
        let holders = model.pathsHoldingApps
        if let path = model.appsPath, holders.count > 1 {
            // One path at a time: what each holds, with an earlier path's apps one tap away.
            StepHeader(
                title: Text("What \(Text.path(path)) shields", bundle: .module),
                message: Text("\(model.appsIndex + 1) of \(holders.count)", bundle: .module) + Text(verbatim: " · ") + holds(path),
                systemImage: "apps.iphone")
            ForEach(model.earlierPicks, id: \.self) { earlier in
                Button {
                    model.useSameApps(as: earlier)
                } label: {
                    Text("Same apps as \(Text.path(earlier))", bundle: .module)
                }
            }
        } else {
            StepHeader(
                title: Text("What to shield", bundle: .module),
                message: Text(
                    "Pick the apps, categories and websites that pull at you. Apple's picker shows them; Threshold only ever sees opaque tokens.",
                    bundle: .module),
                systemImage: "apps.iphone")
        }
        if model.timerOnly {
            // NB: iOS's picker shows no apps without access.
            Label {
                Text("Without Screen Time access iOS shows no apps to pick. Choose them in Profiles once access is on.", bundle: .module)
            } icon: {
                Image(systemName: "timer").accessibilityHidden(true)
            }
            .font(.callout)
        } else {
            AppPickerButton(current: model.selection ?? .empty, onPick: model.pick) {
                if model.selection == nil { Text("Choose apps", bundle: .module) } else { Text("Change apps", bundle: .module) }
            }
            .buttonStyle(.primary)
            if let selection = model.selection { Card { SelectionSummary(selection) } }
            if let problem = model.pickProblem { PickProblemView(problem) }
        }
        keyPresets
    }

    /// What the apps a path holds are for, in a line.
    private func holds(_ path: Pathway) -> Text {
        switch path {
        case .selah: Text("A prayer opens these apps for a while.", bundle: .module)
        case .present: Text("A session shields these apps while it runs.", bundle: .module)
        case .earnedAccess: Text("Your mode shields these apps in its hours; credits and quests open them.", bundle: .module)
        case .challenge: Text("A quick game opens these apps for five minutes.", bundle: .module)
        case .key: Text("Your key's profiles shield these apps while they are on.", bundle: .module)
        }
    }

    @ViewBuilder private var keyPresets: some View {
        if model.appsPath == .key {
            Card {
                Text("Key profiles", bundle: .module).font(.headline)
                ForEach(ProfilePreset.allCases, id: \.self) { preset in
                    Toggle(isOn: Binding(get: { model.presets.contains(preset) }, set: { _ in model.togglePreset(preset) })) {
                        VStack(alignment: .leading, spacing: 2) {
                            Text(verbatim: preset.emoji + " ") + Text.preset(preset)
                            // NB: onboarding's one pick is blocked by every preset; Sleep's allow list is made in Profiles.
                            if preset.listMode == .allowList {
                                Text(
                                    "Shields what you pick here, as Work does. To keep only calls and a meditation app open, turn it into an allow list later in Profiles.",
                                    bundle: .module
                                )
                                .font(.footnote).foregroundStyle(.secondary)
                            } else {
                                Text.presetSuggestion(preset).font(.footnote).foregroundStyle(.secondary)
                            }
                        }
                    }
                }
                Toggle(isOn: $model.takesSuggestedSchedule) { Text("Also run them on their usual schedules", bundle: .module) }
            }
        }
    }
}

/// Earned Access's first mode from its template (seed 002 Flow A): Work mode, weekdays 9 to 5,
/// Gentle; its days and hours editable before it is saved.
@MainActor
struct ModeStep: View {
    @Bindable var model: OnboardingModel

    var body: some View {
        StepHeader(
            title: Text("Your first mode", bundle: .module),
            message: Text(
                "A mode shields the apps you picked on its days and hours. Change them now, or later in Profiles.", bundle: .module),
            systemImage: "calendar.badge.clock")
        Card {
            (Text(verbatim: OnboardingModel.modeEmoji + " ") + Text("Work mode", bundle: .module)).font(.headline)
            (Text.strictness(.gentle) + Text(verbatim: ": ") + Text.strictnessMeaning(.gentle)).font(.footnote).foregroundStyle(.secondary)
            ScheduleEditor(draft: $model.modeSchedule)
        }
    }
}

/// Earned Access's ways back, explained before the tabs (seed 002 Flow A step 5).
@MainActor
struct UnlockOptionsStep: View {
    var body: some View {
        let emergency = EmergencyPolicy.standard
        StepHeader(
            title: Text("Ways back in", bundle: .module),
            message: Text(
                "While a mode holds an app, these open it for a while. Any that cannot be used says why, and when it can.", bundle: .module),
            systemImage: "lock.open")
        Card {
            wayBack(
                Text("Focus Bank credits", bundle: .module),
                Text(
                    "Each full minute you focus in a session you start earns a credit: half as many if you give up early, none for breaks or your mode's own hours. Spend them on 5, 15 or 30 minutes of an app.",
                    bundle: .module), "banknote")
            wayBack(
                Text("Breathing quest", bundle: .module),
                Text("Breathe along for \(Int(BreathingQuest.duration)) seconds; it cannot be skipped.", bundle: .module), "wind")
            wayBack(
                Text("Copy-text quest", bundle: .module),
                Text("Copy a short passage, for at least \(Int(CopyTextQuest.duration)) seconds.", bundle: .module), "text.cursor")
            wayBack(
                Text("Emergency unlock", bundle: .module),
                Text(
                    "Hold for \(emergency.holdSeconds) seconds and give a reason; \(emergency.perDay) a day, \(emergency.perWeek) a week.",
                    bundle: .module),
                "light.beacon.max")
        }
    }

    /// One way back in: its name, what it asks, its symbol.
    private func wayBack(_ title: Text, _ detail: Text, _ symbol: String) -> some View {
        Label {
            VStack(alignment: .leading, spacing: 2) {
                title.font(.headline)
                detail.font(.footnote)
            }
        } icon: {
            Image(systemName: symbol)
        }
    }
}

@MainActor
struct SelahStep: View {
    @Bindable var model: OnboardingModel
    @Environment(\.locale) private var locale

    var body: some View {
        StepHeader(
            title: Text("How you pray", bundle: .module),
            message: Text("Prayers are written for your tradition and in the vibe you choose.", bundle: .module),
            systemImage: "hands.sparkles")
        Card {
            Picker(selection: $model.preferences.tradition) {
                ForEach(Tradition.allCases, id: \.self) { Text.tradition($0).tag($0) }
            } label: {
                Text("Tradition", bundle: .module)
            }
            Picker(selection: $model.preferences.vibe) {
                ForEach(Vibe.allCases, id: \.self) { Text.vibe($0).tag($0) }
            } label: {
                Text("Vibe", bundle: .module)
            }
            Picker(selection: $model.preferences.translation) {
                Text("No preference", bundle: .module).tag(BibleTranslation?.none)
                ForEach(ContentLanguage(locale).offeredTranslations, id: \.self) {
                    ContentText($0.displayName).tag(BibleTranslation?.some($0))
                }
            } label: {
                Text("Bible translation (optional)", bundle: .module)
            }
        }
    }
}

@MainActor
struct DurationStep: View {
    @Bindable var model: OnboardingModel

    var body: some View {
        StepHeader(
            title: Text("Unlock duration", bundle: .module),
            message: model.paths.contains(.challenge)
                ? Text(
                    "After a prayer, your apps open for this long, then shield again by themselves. A challenge always opens them for 5 minutes.",
                    bundle: .module)
                : Text("After a prayer, your apps open for this long, then shield again by themselves.", bundle: .module),
            systemImage: "timer")
        Picker(selection: $model.unlockMinutes) {
            ForEach(UnlockPolicy.windowChoices, id: \.self) { minutes in
                Text("\(minutes) min", bundle: .module).tag(minutes)
            }
        } label: {
            Text("Unlock for", bundle: .module)
        }
        .pickerStyle(.segmented)
    }
}

@MainActor
struct ReadyStep: View {
    @Bindable var model: OnboardingModel
    @Environment(\.calendar) private var calendar

    var body: some View {
        StepHeader(title: Text("Ready", bundle: .module), message: begins, systemImage: "checkmark.seal")
        Card {
            ForEach(model.pathsHoldingApps, id: \.self) { path in
                Text.path(path).font(.headline)
                if let selection = model.selection(of: path) { SelectionSummary(selection) }
            }
        }
        // NB: a timer counts no apps' screen time: none were picked.
        if model.paths.contains(.present), !model.timerOnly {
            Card {
                Picker(selection: Binding(get: { model.screenTimeGoal }, set: { model.screenTimeGoal = $0 })) {
                    Text("No limit", bundle: .module).tag(Int?.none)
                    ForEach(ThresholdCore.Settings.screenTimeGoalChoices, id: \.self) { minutes in
                        Text("Under \(minutes / 60) h", bundle: .module).tag(Optional(minutes))
                    }
                } label: {
                    Text("Daily screen-time limit", bundle: .module)
                }
                Text(
                    "Your limit for the day, counted on the apps you picked (a session's goal is how long you focus). A day under it adds to your streak; a day over it costs a life.",
                    bundle: .module
                )
                .font(.footnote).foregroundStyle(.secondary)
            }
        }
        if model.paths.contains(.key) {
            Card {
                Label {
                    if model.readsTags {
                        Text(
                            "Next, you make your key. A tap of it starts your session; the next tap asks whether to end it or take a break.",
                            bundle: .module)
                    } else {
                        Text("Next, you make your key link. Opening its QR code with the Camera starts your session.", bundle: .module)
                    }
                } icon: {
                    Image(systemName: "key.fill").accessibilityHidden(true)
                }
            }
        }
        if let until = model.shieldsFromNowUntil {
            // Seed 002 Flow A: real blocking right away, if the person wants it before the mode's hours.
            let mode = "\(OnboardingModel.modeEmoji) \(model.names.workMode)"
            Card {
                Toggle(isOn: $model.shieldsFromNow) { Text("Shield them from now", bundle: .module) }
                Text(
                    "\(Text(verbatim: mode)) runs from now until it ends \(Text.when(until, from: model.now, calendar: calendar)). It earns no credits; focus sessions do.",
                    bundle: .module
                )
                .font(.footnote).foregroundStyle(.secondary)
            }
        }
        if let problem = model.problem { ProblemBanner(problem) }
    }

    /// When the shields begin: at once only when something holds the apps at once, or when the
    /// person asks for Work mode from now.
    private var begins: Text {
        if model.timerOnly {
            return Text(
                "Timer only: your sessions run and are timed, and nothing is shielded until you allow Screen Time access.", bundle: .module)
        }
        if model.shieldsFromNow, model.shieldsFromNowUntil != nil {
            return Text("Turning on shields saves your choices. The apps you picked are shielded at once.", bundle: .module)
        }
        return switch model.shieldsBegin {
        case .atOnce:
            Text("Turning on shields saves your choices. The apps you picked are shielded at once.", bundle: .module)
        case .at(let date, let name):
            Text(
                "Turning on shields saves your choices. \(Text(verbatim: name)) starts shielding them \(Text.when(date, from: model.now, calendar: calendar)).",
                bundle: .module)
        case .withASession:
            Text(
                "Turning on shields saves your choices. The apps you picked are shielded while a session runs: start one from the Session tab.",
                bundle: .module)
        }
    }
}

/// Key's first key, once the shields are on: written to an NFC tag, or made as a link whose QR
/// code the Camera opens where the iPhone writes no tags (seed 004: "Set up your first key").
@MainActor
struct KeyStep: View {
    @Bindable var model: OnboardingModel
    @Environment(\.keyTagWriting) private var tagWriting

    var body: some View {
        let keys = model.keyMaking
        // A key is named for the profile it starts, as Settings › Keys names it by default.
        let profile = model.chosenKeyProfile, name = model.chosenKeyProfile?.name ?? ""
        StepHeader(
            title: Text("Your key", bundle: .module),
            message: keys.writesTags
                ? Text(
                    "Write your key to an NFC tag or card, and keep it where you want to focus. A tap starts your session; the next tap asks whether to end it or take a break.",
                    bundle: .module)
                : Text(
                    "This iPhone cannot write NFC tags, so your key is a link: print its QR code or keep it on another screen. The Camera opens it and your session starts.",
                    bundle: .module),
            systemImage: "key.fill")
        if let made = keys.made {
            Label {
                if made.isLink {
                    Text("Your key link is ready. Opening it starts \(Text(verbatim: made.profileTitle)).", bundle: .module)
                } else {
                    Text("Your key is ready. A tap starts \(Text(verbatim: made.profileTitle)).", bundle: .module)
                }
            } icon: {
                Image(systemName: "checkmark.circle.fill").foregroundStyle(Palette.calm)
            }
            .font(.headline)
        } else {
            if model.keyProfiles.count > 1 {
                Picker(selection: $model.keyProfile) {
                    ForEach(model.keyProfiles) { profile in Text(verbatim: profile.title).tag(Optional(profile.id)) }
                } label: {
                    Text("The key starts", bundle: .module)
                }
            }
            if keys.writesTags {
                Button {
                    keys.write(for: profile, name: name, using: tagWriting)
                } label: {
                    Text("Write a key", bundle: .module)
                }
                .buttonStyle(.primary)
                .accessibilityHint(Text("Hold an NFC tag near the top of the iPhone.", bundle: .module))
                Button {
                    keys.makeLink(for: profile, name: name)
                } label: {
                    Text("Make a key link instead", bundle: .module)
                }
                .frame(maxWidth: .infinity)
            } else {
                Button {
                    keys.makeLink(for: profile, name: name)
                } label: {
                    Text("Make a key link", bundle: .module)
                }
                .buttonStyle(.primary)
            }
        }
        if let problem = keys.problem { KeyProblemText(problem: problem).font(.footnote).foregroundStyle(Palette.warning) }
        Text("Settings › Keys makes more keys, and revokes a lost one.", bundle: .module).font(.footnote).foregroundStyle(.secondary)
    }
}

/// Why Threshold asks to notify, then iOS's prompt: a shield cannot open the app, so the way in
/// from a shield is a notification.
@MainActor
struct NotificationsStep: View {
    let model: OnboardingModel

    var body: some View {
        StepHeader(
            title: Text("Notifications", bundle: .module),
            message: Text(
                "A shield cannot open Threshold. When you choose to pray, unlock or end a session from a shield, Threshold sends you a notification, and tapping it brings you here. Allow notifications so that way in works, even under a Focus.",
                bundle: .module),
            systemImage: "bell.badge")
        switch model.notificationPermission {
        case .allowed?:
            Label {
                Text("Notifications are on.", bundle: .module)
            } icon: {
                Image(systemName: "checkmark.circle.fill").foregroundStyle(Palette.calm)
            }
            .font(.headline)
        case .denied?:
            ProblemBanner(
                Text(
                    "Notifications are off. Shields will tell you to open Threshold yourself; you can turn notifications on in Settings › Notifications › Threshold.",
                    bundle: .module))
            SettingsLink()
        case .notDetermined?, nil:
            Button {
                Task { await model.requestNotifications() }
            } label: {
                Text("Allow notifications", bundle: .module)
            }
            .buttonStyle(.primary)
            .disabled(model.isRequestingNotifications)
        }
        if model.paths.contains(.present) {
            Card { ReminderToggles(model.reminders, set: model.setReminders) }
        }
        if let problem = model.notificationProblem { ProblemBanner(problem) }
    }
}

@MainActor
struct TutorialStep: View {
    let model: OnboardingModel

    var body: some View {
        switch model.tutorial {
        case .offered:
            StepHeader(
                title: Text("See a shield", bundle: .module),
                message: Text(
                    "For a moment every app is shielded. Open any app to see what a shield looks like, then come back here to finish.",
                    bundle: .module),
                systemImage: "shield.lefthalf.filled")
            ForEach(model.repairs, id: \.self) { ProblemBanner($0.message) }
            Button {
                model.startTutorial()
            } label: {
                Text("Show me", bundle: .module)
            }.buttonStyle(.primary)
            Button {
                model.skipTutorial()
            } label: {
                Text("Skip", bundle: .module)
            }.frame(maxWidth: .infinity)
        case .running:
            StepHeader(
                title: Text("Every app is shielded", bundle: .module),
                message: Text(
                    "Go to the Home Screen and open any app. Its shield says to open Threshold; coming back finishes the tutorial.",
                    bundle: .module),
                systemImage: "lock.shield")
            Button {
                model.finishTutorial()
            } label: {
                Text("I've seen it", bundle: .module)
            }.buttonStyle(.primary)
        case .finished(let xp):
            // NB: XP is Present's: the tutorial earns it only where Present is in use.
            StepHeader(
                title: Text("You're set", bundle: .module),
                message: xp > 0
                    ? Text("The tutorial shield is off and earned you \(xp) XP. Your own shields stay on.", bundle: .module)
                    : Text("The tutorial shield is off. Your own shields stay on.", bundle: .module),
                systemImage: "star.fill")
            Button {
                model.close()
            } label: {
                Text("Done", bundle: .module)
            }.buttonStyle(.primary)
        }
        if let problem = model.problem { ProblemBanner(problem) }
    }
}

extension ProblemBanner {
    /// Why onboarding could not turn the shields on or run the tutorial (a rule's refusal or a
    /// store failure, said by RefusalWords).
    init(_ problem: OnboardingProblem) {
        switch problem {
        case .noApps: self.init(Text("Choose the apps to shield first.", bundle: .module))
        case .refused(let problem): self.init(problem)
        }
    }
}
