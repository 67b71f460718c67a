import EntryPoints
import SystemWords
import Foundation
import InMemoryClients
import ScreenTimeClient
import StoreClient
import ThresholdCore
@_spi(Setup) import ThresholdRuntime

/// A simulated iPhone running Threshold: a virtual clock, the installed apps, ManagedSettings
/// stores, a DeviceActivity centre with iOS's limits and callback habits, a notification inbox,
/// the Live Activity and widgets, and Threshold's processes (the app, the monitor extension and
/// the shield action extension), each running the real reconciler over one shared store.
///
/// It refuses what an iPhone refuses (``ProcessRules``): only the app in the foreground or an
/// intent starts a Live Activity, extensions never change it and cannot open the app; applied
/// device restrictions stop the person setting the clock (`requireAutomaticDateAndTime`),
/// deleting apps (`denyAppRemoval`) or installing them (`denyAppInstallation`); Safari shows what
/// the shields and the web content filter block; a Focus holds back notifications that are not
/// time-sensitive, and a named one runs Threshold's Focus filter in the app's process; with
/// notifications off nothing posted is shown.
///
/// Every callback goes through the reconciler. Time moves only when asked (`advance`), stopping
/// at each callback in order, so a simulated month runs in seconds.
// NB: the phone is driven from one thread at a time (a test, the CLI); `@unchecked Sendable` lets
// the Screen Time client's `@Sendable` endpoints call back into it, as iOS's frameworks would.
public final class SimulatedPhone: @unchecked Sendable {
    public internal(set) var clock: VirtualClock
    public internal(set) var shields = ManagedSettingsCentre()
    public internal(set) var activityCentre = DeviceActivityCentre()
    /// iOS's notifications: the inbox, what waits for its time or for a Focus to end, and the
    /// permission the person gave (which a scenario's set-up may set).
    public var notifications = NotificationCentre()
    /// The Live Activity on the lock screen and the last one ended.
    public internal(set) var liveActivities = LiveActivities()
    /// WidgetKit: the widgets' timelines and Threshold's reloads of them.
    public internal(set) var widgets = WidgetCentre()
    public internal(set) var appRunning = false
    /// Whether Threshold is on screen (it may be running in the background when not).
    public internal(set) var appInForeground = false
    /// The device-wide settings Threshold's restrictions store holds (applied after each reconcile).
    public internal(set) var deviceRestrictions = DeviceRestrictions.none
    /// The Focus that is on, and Threshold's filter on each (whose `filterRuns` a set-up may set).
    public var focus = FocusModes()
    /// The phone's language and region: what its screens and notifications are worded in.
    public var locale = Locale(identifier: "en_US")
    /// The file the reconciler leaves beside Threshold's store in the App Group (``FailClosedShields``):
    /// it survives restarts, and the store's failure does not touch it.
    public var appGroupFile = FailClosedFile.inMemory()
    /// Whether the device reads and writes NFC tags (Core NFC's `readingAvailable`): an iPad does not.
    public var readsNFCTags = true
    /// An iPhone or an iPad: Threshold builds for both (issue 26); Family Controls' individual
    /// authorization works on either.
    public var device = SimulatedDevice.iPhone
    /// The language Threshold's String Catalogs are read in (`setup: {language: pseudo}`).
    public var language = PhoneLanguage.english
    public internal(set) var timeline: [TimelineEntry] = []
    /// Every monitor callback delivered, in order.
    public internal(set) var wakeUps: [WakeUp] = []
    /// Every reconcile's outcome, in order (for checks and the CLI's `status`).
    public internal(set) var outcomes: [ProcessOutcome] = []
    public var catalogue: AppCatalogue
    public var faults: FaultSwitch
    public var authorization: AuthorizationStatus = .approved {
        didSet { shields.enforcing = authorization == .approved }
    }
    /// The verses Selah's shield picks from, as the shield configuration extension reads them
    /// from the bundled prayers; `nil` shows the fallback verse (the extension's when it cannot
    /// read them).
    public var shieldVerses: ShieldVerses?
    @_spi(Setup) public let store: any StoreClient
    public let ids: IDGenerator
    /// The App Store, on Apple's time; only the app is given its client (extensions never call StoreKit).
    public internal(set) lazy var appStore = SimulatedAppStore(now: { [unowned self] in self.clock.real })

    /// What `registerForRemoteNotifications()` gives Threshold on this phone: its APNs device
    /// token, in lowercase hex (32 bytes, this phone's own).
    public internal(set) lazy var pushToken: String = {
        let bytes = withUnsafeBytes(of: UUID().uuid) { Array($0) } + withUnsafeBytes(of: UUID().uuid) { Array($0) }
        return bytes.map { String(format: "%02x", $0) }.joined()
    }()

    var deferred: [DeferredCallback] = []
    var dropsByInstant: [Date: Int] = [:]

    /// A new phone whose Threshold starts with `setup` in its store, on `plan` (a set-up phone is
    /// Pro for a year unless said, so a world set up with Beast Mode means what it says; a fresh
    /// install is Free).
    public convenience init(
        start: Date, timeZone: TimeZone, catalogue: AppCatalogue = .standard, setup: ThresholdState = .empty,
        plan: PlanStatus? = nil,
        store: (any StoreClient)? = nil, faults: FaultSwitch = .none, ids: IDGenerator = .counting()
    ) throws {
        self.init(
            snapshot: Snapshot(
                clock: VirtualClock(wall: start.roundedDownToSecond, timeZone: timeZone), catalogue: catalogue, faults: faults),
            store: store ?? InMemoryStore(), ids: ids)
        try reconciler(for: .app).seed(SetUp(engine: setup, plan: plan ?? .pro(until: start.addingTimeInterval(365 * 86_400))))
        // The App Store holds the subscription the plan says, so the app's refresh finds it.
        appStore.resume(matching: plan ?? .pro(until: start.addingTimeInterval(365 * 86_400)))
    }

    /// A phone as a snapshot left it, over Threshold's saved store (what `play --data DIR` does
    /// between runs). `ids` must not repeat ids the store already holds (give it a prefix).
    public init(snapshot: Snapshot, store: any StoreClient, ids: IDGenerator) {
        self.clock = snapshot.clock
        self.shields = snapshot.shields
        self.activityCentre = snapshot.activityCentre
        self.notifications.inbox = snapshot.inbox
        self.notifications.pending = snapshot.pendingNotifications
        self.notifications.held = snapshot.heldNotifications
        self.notifications.permission = snapshot.notificationPermission
        self.liveActivities.current = snapshot.liveActivity
        self.liveActivities.startedAt = snapshot.liveActivityStartedAt
        self.widgets = WidgetCentre(reloads: snapshot.widgetReloads)
        self.appRunning = snapshot.appRunning
        self.appInForeground = snapshot.appInForeground
        self.deviceRestrictions = snapshot.deviceRestrictions
        self.focus.isOn = snapshot.focus
        self.focus.name = snapshot.focusName
        self.focus.filters = snapshot.focusFilters
        self.catalogue = snapshot.catalogue
        self.faults = snapshot.faults
        self.authorization = snapshot.authorization
        self.deferred = snapshot.deferred
        self.store = store
        self.ids = ids
        shields.enforcing = authorization == .approved
    }

    /// Everything the phone holds apart from Threshold's store, as one value to save.
    public struct Snapshot: Hashable, Codable, Sendable {
        public var clock: VirtualClock
        public var shields = ManagedSettingsCentre()
        public var activityCentre = DeviceActivityCentre()
        public var inbox: [PhoneNotification] = []
        public var pendingNotifications: [PhoneNotification] = []
        public var liveActivity: LiveActivityContent?
        public var liveActivityStartedAt: Date?
        public var widgetReloads = 0
        public var appRunning = false
        public var appInForeground = false
        public var deviceRestrictions = DeviceRestrictions.none
        public var focus = false
        public var focusName: String?
        public var focusFilters: [String: FocusFilterSetting] = [:]
        public var heldNotifications: [PhoneNotification] = []
        public var notificationPermission = NotificationPermission.allowed
        public var catalogue: AppCatalogue
        public var faults: FaultSwitch
        public var authorization = AuthorizationStatus.approved
        public var deferred: [DeferredCallback] = []

        public init(clock: VirtualClock, catalogue: AppCatalogue = .standard, faults: FaultSwitch = .none) {
            self.clock = clock
            self.catalogue = catalogue
            self.faults = faults
        }

        private enum CodingKeys: String, CodingKey {
            case clock, shields, activityCentre, inbox, pendingNotifications, liveActivity, widgetReloads, appRunning, catalogue,
                faults, authorization, deferred, liveActivityStartedAt, appInForeground, deviceRestrictions, focus, heldNotifications,
                notificationPermission, focusName, focusFilters
        }

        /// Reads a snapshot saved by an earlier build too (it had no pending notifications, no
        /// device restrictions, Focus, Focus filters or notification permission).
        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            clock = try c.decode(VirtualClock.self, forKey: .clock)
            shields = try c.decode(ManagedSettingsCentre.self, forKey: .shields)
            activityCentre = try c.decode(DeviceActivityCentre.self, forKey: .activityCentre)
            inbox = try c.decode([PhoneNotification].self, forKey: .inbox)
            pendingNotifications = try c.decodeIfPresent([PhoneNotification].self, forKey: .pendingNotifications) ?? []
            liveActivity = try c.decodeIfPresent(LiveActivityContent.self, forKey: .liveActivity)
            widgetReloads = try c.decode(Int.self, forKey: .widgetReloads)
            appRunning = try c.decode(Bool.self, forKey: .appRunning)
            catalogue = try c.decode(AppCatalogue.self, forKey: .catalogue)
            faults = try c.decode(FaultSwitch.self, forKey: .faults)
            authorization = try c.decode(AuthorizationStatus.self, forKey: .authorization)
            deferred = try c.decode([DeferredCallback].self, forKey: .deferred)
            liveActivityStartedAt = try c.decodeIfPresent(Date.self, forKey: .liveActivityStartedAt)
            appInForeground = try c.decodeIfPresent(Bool.self, forKey: .appInForeground) ?? appRunning
            deviceRestrictions = try c.decodeIfPresent(DeviceRestrictions.self, forKey: .deviceRestrictions) ?? .none
            focus = try c.decodeIfPresent(Bool.self, forKey: .focus) ?? false
            focusName = try c.decodeIfPresent(String.self, forKey: .focusName)
            focusFilters = try c.decodeIfPresent([String: FocusFilterSetting].self, forKey: .focusFilters) ?? [:]
            heldNotifications = try c.decodeIfPresent([PhoneNotification].self, forKey: .heldNotifications) ?? []
            notificationPermission = try c.decodeIfPresent(NotificationPermission.self, forKey: .notificationPermission) ?? .allowed
        }
    }

    public var snapshot: Snapshot {
        var snapshot = Snapshot(clock: clock, catalogue: catalogue, faults: faults)
        snapshot.shields = shields
        snapshot.activityCentre = activityCentre
        snapshot.inbox = notifications.inbox
        snapshot.pendingNotifications = notifications.pending
        snapshot.liveActivity = liveActivities.current
        snapshot.liveActivityStartedAt = liveActivities.startedAt
        snapshot.widgetReloads = widgets.reloads
        snapshot.appRunning = appRunning
        snapshot.appInForeground = appInForeground
        snapshot.deviceRestrictions = deviceRestrictions
        snapshot.focus = focus.isOn
        snapshot.focusName = focus.name
        snapshot.focusFilters = focus.filters
        snapshot.heldNotifications = notifications.held
        snapshot.notificationPermission = notifications.permission
        snapshot.authorization = authorization
        snapshot.deferred = deferred
        return snapshot
    }

    // MARK: Processes

    /// Threshold's processes on the phone; each runs the reconciler with the phone's clients,
    /// which allow what ``ProcessRules`` says that process may do.
    public enum Process: String, Codable, Sendable, CaseIterable {
        /// The app in the foreground.
        case app
        /// The app running in the background (a significant time change, a background task).
        case appInBackground
        case monitor
        case shieldConfiguration
        case shieldAction
        case widget
        /// An App Intent (a Shortcut, Siri, a Live Activity button), in the app's process.
        case intent
    }

    @_spi(Setup) public func reconciler(for process: Process) -> Reconciler {
        Reconciler(store: store, screenTime: client(for: process), clock: deviceClock, ids: ids, failClosed: appGroupFile)
    }

    /// The phone's clocks as the reconciler reads them.
    public var deviceClock: DeviceClock {
        DeviceClock(reading: { [unowned self] in clock.reading }, timeZone: { [unowned self] in clock.timeZone })
    }

    /// Runs one process's reconcile, recording what it did, then delivers the callbacks it
    /// caused (the monitor runs for each, as iOS would start it).
    /// Like iOS's processes, each sets the device restrictions after its reconcile.
    @discardableResult
    @_spi(Setup) public func run(_ process: Process, _ trigger: Trigger, command: (any StateCommand)? = nil) -> ReconcileOutcome {
        guard let command else { return runtime(for: process).reconcile(trigger).outcome }
        return runtime(for: process).reconcile(trigger, command: command).outcome
    }

    // MARK: The person

    /// Opens Threshold (launching it if it was not running): the app reconciles.
    @discardableResult
    public func openThreshold() -> ReconcileOutcome {
        deviceInUse()
        bringAppForward()
        return run(.app, .appForeground)
    }

    /// A process asks iOS to open Threshold (`UIApplication.open`, `openURL`): only the app itself
    /// may; an extension cannot (PLATFORM.md), and the phone refuses as iOS does.
    @discardableResult
    public func openThreshold(from process: Process) throws -> ReconcileOutcome {
        guard ProcessRules.of(process).opensApp else {
            note(.device, "refuses: \(process.displayName) cannot open Threshold")
            throw SimulatorError.notAllowed(
                "\(process.displayName.capitalizedFirstLetter) cannot open Threshold; only a notification or the person can.")
        }
        return openThreshold()
    }

    /// The person opens Threshold (its icon, a notification, a link): iOS launches it if it was
    /// not running and brings it on screen. What the app then does (its foreground reconcile) is
    /// the app's own code, run by whoever plays the app (the screens' `AppModel`).
    public func bringThresholdForward() {
        deviceInUse()
        bringAppForward()
    }

    /// What Threshold's own process does with a reconcile its App Intents ran (a Shortcut, a Focus
    /// filter, a Live Activity button): they run in the app's process, so the app passes their
    /// commits to its screens as its own (`IntentRuntime.connect` with the app's runtime). Set by
    /// whoever plays the app (`SimulatedApp`).
    @_spi(Setup) public var intentsCommitted: (@Sendable (ReconcileOutcome) -> Void)?

    /// An App Intent runs in Threshold's process without bringing it forward (a Shortcut, Siri,
    /// an interactive widget's button): the same runtime the intents in `ThresholdIntents` get.
    public func runAppIntent<T>(_ perform: (Runtime) -> T) -> T {
        deviceInUse()
        return perform(intentRuntime())
    }

    /// The runtime an App Intent gets, as `IntentRuntime.run` hands it over: after following the
    /// Focus as iOS has it now (a filter iOS did not run as its Focus changed).
    private func intentRuntime() -> Runtime {
        let intent = runtime(for: .intent)
        intent.followFocus(focus.currentFilter)
        return intent
    }

    /// What Threshold has saved, read without changing it: what a check looks at after the steps
    /// (the screens read the same through their models).
    public func savedState() throws -> StoredState { try store.read() }

    /// What the widgets show: the snapshot the widget extension builds from the App Group when
    /// WidgetKit reads its timeline (`WidgetsExtension`'s `WidgetSource`), read without changing
    /// anything (the widget extension may change nothing; ProcessRules).
    public func widgetSnapshot() -> WidgetSnapshot {
        WidgetSnapshot.read(from: store, now: clock.wall, calendar: clock.calendar)
    }

    /// What a widget of `kind` draws now, as its timeline holds it: read when its timeline was
    /// made, and made again only when Threshold reloads the widgets or the timeline runs out
    /// (``WidgetKind``). A widget nothing reloads stays as it was, as on a phone.
    public func widget(_ kind: WidgetKind) -> WidgetSnapshot {
        widgets.drawn(kind, at: clock.wall) { widgetSnapshot() }
    }

    /// Threshold's event log, oldest first, read without changing it: what a soak checks for
    /// events recorded twice or lost.
    public func savedEvents() throws -> [LoggedEvent] { try store.events(.all) }

    /// Callbacks iOS holds back for now (a delay fault), delivered by the next use of the phone.
    public var heldBackCallbacks: Int { deferred.count }

    /// The saved data becomes unreadable (`true`) or readable again, as a damaged file would:
    /// only an in-memory store can be damaged on purpose. Returns whether it could.
    public func damageSavedData(_ damaged: Bool) -> Bool {
        guard let memory = store as? InMemoryStore else { return false }
        memory.failNextCalls(with: damaged ? .corrupt("simulated damage") : nil)
        return true
    }

    /// Threshold comes on screen, launching if it was not running.
    private func bringAppForward() {
        appRunning = true
        appInForeground = true
        appInUse = nil
        shieldCameOverAppInUse = nil
    }

    /// The person leaves Threshold for another app or the home screen: it keeps running in the
    /// background.
    public func leaveThreshold() {
        guard appInForeground else { return }
        appInForeground = false
        note(.device, "Threshold goes to the background")
    }

    /// Does something in Threshold: the app reconciles with the command.
    @discardableResult
    @_spi(Setup) public func perform(_ command: any StateCommand, as trigger: Trigger) -> ReconcileOutcome {
        deviceInUse()
        bringAppForward()
        return run(.app, trigger, command: command)
    }

    /// Presses a button on the Live Activity: its `LiveActivityIntent` runs in Threshold's process
    /// (launched in the background when needed) without bringing it forward.
    @discardableResult
    public func pressLiveActivity(_ button: LiveActivityButton) throws -> LiveActivityPress {
        guard let content = liveActivities.current else { throw SimulatorError.noLiveActivity }
        // Past its stale date the lock screen draws what the session came to by itself there.
        let shown = content.drawn(isStale: content.isStale(at: clock.wall)).content
        guard shown.buttons.contains(button) else { throw SimulatorError.noSuchLiveActivityButton(button.rawValue) }
        deviceInUse()
        return intentRuntime().pressLiveActivity(button, profile: shown.profileID)
    }

    /// Taps an app's icon: iOS shows the shield or opens it.
    public func open(_ name: String) throws -> OpenResult {
        guard let app = catalogue.app(named: name) else { throw SimulatorError.unknownApp(name, known: catalogue.names) }
        deviceInUse()
        leaveThreshold()
        shieldCameOverAppInUse = nil
        guard shields.shields(app: app.token, category: app.category) || staleShields.contains(name) else {
            appInUse = name
            return OpenResult(app: name, shielded: false, reason: nil, content: nil)
        }
        appInUse = nil
        return drawnShield(name, app)
    }

    /// The shield iOS draws over an app, with what the ShieldConfiguration extension gives it.
    private func drawnShield(_ name: String, _ app: AppCatalogue.App) -> OpenResult {
        // The ShieldConfiguration extension: the reason of the last reconcile's enforcement,
        // computed again from the saved state (an unreadable store shows the unknown shield,
        // which unlocks nothing).
        let state = Result<StoredState, any Error> { try store.read() }
        let item = ShieldedItem.app(app.token, category: app.category, name: app.displayName)
        let reason = item.lastReason(in: state, deviceZone: clock.timeZone)
        // As the extension does: only Selah's shield reads the verses.
        var verses: ShieldVerses?
        if case .gated(let label)? = reason, label.path == .selah { verses = shieldVerses }
        return OpenResult(
            app: name, shielded: true, reason: reason,
            content: ShieldContent.shown(
                for: item, reason: reason, in: state, verses: verses, at: clock.wall,
                deviceZone: clock.timeZone))
    }

    /// How long after a usage threshold is reached iOS reports it (reported: about a minute, in
    /// batches); 0 reports it at once.
    public var usageReportDelay: TimeInterval {
        get { activityCentre.eventDelivery }
        set { activityCentre.eventDelivery = newValue }
    }

    /// How iOS silently does not keep registrations (``DeviceActivityCentre/Forgetting``).
    public var forgetting: DeviceActivityCentre.Forgetting {
        get { activityCentre.forgetting }
        set { activityCentre.forgetting = newValue }
    }

    /// When iOS forgets every monitored activity at once, silently (`nil`: never).
    public var forgetsAllActivitiesAt: Date?

    /// When iOS stops keeping Threshold's shields while its Screen Time access still reads on (an
    /// iPhone restored from a backup: "the app acted like everything is fine, but it wasn't
    /// working", awaseem/foqos#82): what it held is gone, and every write is accepted and not kept
    /// (`nil`: never).
    public var stopsKeepingShieldsAt: Date? {
        didSet { stopKeepingShieldsIfDue() }
    }

    /// Whether iOS's Screen Time prompt, allowed with the passcode, ends without turning access on:
    /// no error, and access still not determined (iOS 26 on some iPhones, awaseem/foqos#199, where
    /// Settings › Screen Time lists no apps with access).
    public var grantsNothing = false

    /// iOS keeps what Threshold writes again (Threshold reinstalled, its access granted anew).
    public func keepsShieldsAgain() {
        shields.keepsShields = true
        note(.device, "iOS keeps Threshold's shields again")
    }

    func stopKeepingShieldsIfDue() {
        guard let at = stopsKeepingShieldsAt, at <= clock.wall else { return }
        stopsKeepingShieldsAt = nil
        shields.stopKeepingShields()
        note(.device, "iOS stops keeping Threshold's shields; Screen Time access still reads on")
    }

    /// How long iOS holds back a notification the shield action extension posts: about ten
    /// seconds from iOS 18.1 (PLATFORM.md), the time between a shield's button and the way in.
    public var shieldNotificationDelay: TimeInterval = 10

    /// When a shield returns while its app is in use, iOS draws its own default shield over it,
    /// not Threshold's, until the app is opened again (reported: kingstinct/react-native-device-activity
    /// #82). Off unless a scenario's `setup:` says so.
    public var drawsDefaultShieldOverAppInUse = false
    /// iOS 26: a shield an extension lifts can stay drawn until the app's own process writes the
    /// shields (reported: khi48/intentions #9). Off unless a scenario's `setup:` says so.
    public var keepsExtensionLiftsDrawn = false
    /// Apps iOS still draws a shield over though nothing shields them (``keepsExtensionLiftsDrawn``).
    public internal(set) var staleShields: Set<String> = []
    /// The app on screen, while the person uses one.
    public internal(set) var appInUse: String?
    /// The app a shield came over while in use, and whether iOS drew its default shield there.
    var shieldCameOverAppInUse: (app: String, iOSDefault: Bool)?
    /// The shield that came over the app in use, as iOS drew it there (Threshold's, or iOS's default
    /// with ``drawsDefaultShieldOverAppInUse``); the next open of the app draws Threshold's.
    public var shieldOverAppInUse: OpenResult? {
        guard let (name, iOSDefault) = shieldCameOverAppInUse, let app = catalogue.app(named: name) else { return nil }
        return iOSDefault
            ? OpenResult(app: name, shielded: true, reason: nil, content: .iOSDefault(appName: app.displayName))
            : drawnShield(name, app)
    }

    /// iOS forgets every monitored activity now: nothing is told, and nothing fires.
    public func forgetAllActivities() {
        activityCentre.forgetAll()
        note(.device, "iOS forgets every monitored activity (Device Activities: 0)")
    }

    /// iOS 26.3.1 keeps the monitored activities and never calls the monitor extension
    /// (`deviceactivityd`, in the developer forums' device-activity tag; a break timer that "died"
    /// on iOS 26.6, awaseem/foqos#475): every callback due from this instant on is lost, until the
    /// phone restarts, which is what mended it (`nil`: the monitor is called).
    public var monitorSleepsFrom: Date?

    /// How many callbacks iOS did not call the monitor for (``monitorSleepsFrom``).
    public internal(set) var callbacksNotCalled = 0

    /// Whether iOS calls the monitor now (``monitorSleepsFrom``).
    var monitorSleeps: Bool { monitorSleepsFrom.map { clock.wall >= $0 } ?? false }

    /// iOS 26.2–26.3's false thresholds (``DeviceActivityCentre/firesThresholdsAtFirstUse``).
    public var firesThresholdsAtFirstUse: Bool {
        get { activityCentre.firesThresholdsAtFirstUse }
        set { activityCentre.firesThresholdsAtFirstUse = newValue }
    }

    /// Whether the phone runs iOS 17.4 or later, which honours `includesPastActivity`; before,
    /// every usage event counts from registration.
    public var honoursPastActivity: Bool {
        get { activityCentre.honoursPastActivity }
        set { activityCentre.honoursPastActivity = newValue }
    }

    /// Uses an app for a while: time passes a minute at a time while it stays open, and iOS counts
    /// the use towards the usage events that cover it. Stops early when the app is shielded (a
    /// break or an unlock ends); returns how long it was used.
    @discardableResult
    public func use(_ name: String, for seconds: TimeInterval) throws -> TimeInterval {
        guard let app = catalogue.app(named: name) else { throw SimulatorError.unknownApp(name, known: catalogue.names) }
        deviceInUse()
        // Using another app takes Threshold off the screen, as opening it does.
        leaveThreshold()
        var used: TimeInterval = 0
        if !shields.shields(app: app.token, category: app.category), !staleShields.contains(name) {
            leaveThreshold()
            appInUse = name
        }
        while used < seconds, appInUse == name, !shields.shields(app: app.token, category: app.category) {
            let step = min(60, seconds - used)
            advance(by: step)
            activityCentre.recordUsage(app: app.token, category: app.category, seconds: step, at: clock.wall)
            deliverFiredCallbacks()
            used += step
        }
        return used
    }

    /// Presses a button on an app's shield; the ShieldAction extension does what it says, with
    /// the same code as on iOS (`Runtime.pressShield`).
    public func pressShield(_ role: ShieldButtonRole, on name: String) throws -> ShieldPress {
        let shown = try open(name)
        guard let content = shown.content, let app = catalogue.app(named: name) else { throw SimulatorError.notShielded(name) }
        return try press(role, on: content, of: .app(app.token, category: app.category, name: app.displayName), called: name)
    }

    /// Presses a button of the shield `content` drawn over `item`: the ShieldAction extension does
    /// what it says (`Runtime.pressShield`), and the press ends as its button and result say.
    func press(
        _ role: ShieldButtonRole, on content: ShieldContent, of item: ShieldedItem, called name: String
    ) throws -> ShieldPress {
        guard let button = content.button(role) else { throw SimulatorError.noSuchButton(name, role) }
        let result = runtime(for: .shieldAction).pressShield(role, on: item)
        if let note = result.notification { return .notified(note) }
        if let reason = result.notPosted {
            // As on iOS: the app closes and nothing says why; the story keeps it.
            note(.device, "the shield's notification was not posted: \(reason)")
            return .closed
        }
        switch button.action {
        case .close: return .closed
        case .notify, .clearShield, .openIntention, .completeSession, .askBeforeOpening:
            return result.problem.map { .refused(refusalWords.words($0)) } ?? .opened
        }
    }

    /// The entry points' runtime in one of Threshold's processes: every reconcile it runs is
    /// recorded, and the callbacks it causes are delivered, like ``run(_:_:command:)``'s. The
    /// phone has no device restrictions to set.
    @_spi(Setup) public func runtime(for process: Process) -> Runtime {
        runtime(for: process, deliveringCallbacks: true)
    }

    /// The runtime; a monitor callback's own does not deliver the callbacks it causes (the
    /// delivery loop that runs it does).
    func runtime(for process: Process, deliveringCallbacks: Bool) -> Runtime {
        Runtime(reconciler: reconciler(for: process), restrictions: restrictionsClient(for: process)) { [unowned self] outcome in
            record(process, outcome)
            if process == .intent { intentsCommitted?(outcome) }
            if deliveringCallbacks { deliverFiredCallbacks() }
        }
    }

    /// The device restrictions as iOS keeps them: set by Threshold's processes, in force until
    /// changed; the phone honours them (``setClock(to:)``, ``deleteApp(_:)``).
    private func restrictionsClient(for process: Process) -> DeviceRestrictionsClient {
        DeviceRestrictionsClient { [unowned self] wanted in
            guard ProcessRules.of(process).changesScreenTime else {
                throw ScreenTimeError.failed("\(process.displayName) cannot change ManagedSettings")
            }
            guard authorization == .approved else { throw ScreenTimeError.unauthorized }
            guard wanted != deviceRestrictions else { return }
            deviceRestrictions = wanted
            note(.device, "device restrictions: \(wanted)")
        }
    }

    /// Taps a notification: Threshold opens at its destination.
    public func tapNotification(_ id: String) throws -> AppDestination {
        guard let note = notifications.notification(withID: id) else {
            throw SimulatorError.noSuchNotification(id)
        }
        deviceInUse()
        bringAppForward()
        run(.app, .notificationResponse(id))
        return note.destination
    }

    // MARK: Reading the phone

    /// The catalogue's apps that are shielded now, by name.
    public var shieldedApps: [String] {
        catalogue.apps.values.filter { shields.shields(app: $0.token, category: $0.category) }.map(\.name).sorted()
    }

    /// "instagram, tiktok shielded" or "nothing shielded".
    public func shieldSummary() -> String {
        let names = shieldedApps
        return names.isEmpty ? "nothing shielded" : names.joined(separator: ", ") + " shielded"
    }
}

/// The language the app's words are shown in: English; Xcode's accented, double-length
/// pseudolanguage, in which every word from a String Catalog reads `[Çóñťíñúé ~~]` and any other
/// stays as it is (issue 25's proof), with dates, times and numbers in en_US; or Spanish, on a
/// phone set to Spanish (Spain), whose dates, times and numbers are es_ES's.
public enum PhoneLanguage: String, Hashable, Codable, Sendable, CaseIterable {
    case english
    case pseudo
    case spanish = "es"

    /// The phone's locale in this language.
    public var locale: Locale { Locale(identifier: self == .spanish ? "es_ES" : "en_US") }
}

/// The kind of device the simulated phone is.
public enum SimulatedDevice: String, Hashable, Codable, Sendable, CaseIterable {
    case iPhone = "iphone"
    /// No NFC (keys are links and QR codes), a wide screen.
    case iPad = "ipad"
}

extension SimulatedPhone.Process {
    /// Whether it runs in the app's own process (the app, and App Intents, which run in it).
    public var isAppsOwn: Bool { [.app, .appInBackground, .intent].contains(self) }

    /// Whether, on iOS 26, a shield this process lifts can stay drawn until the app writes
    /// (khi48/intentions #9: the monitor's writes). NB: the shield action extension answers its press
    /// with `.defer`, and iOS redraws that shield at once.
    var liftsStayDrawn: Bool { self == .monitor }
}

extension ShieldContent {
    /// The shield iOS draws itself where it does not ask Threshold's configuration extension (its
    /// words as peers' screenshots show them, near enough): it names the app, and only closes it.
    public static func iOSDefault(appName: String) -> ShieldContent {
        ShieldContent(title: .iOSDefault, subtitle: .iOSDefault(app: appName), primary: ShieldButton(.iOSDefaultOK, .close))
    }
}

/// A callback a fault holds back until `deliverAt` (or the next use of the phone).
public struct DeferredCallback: Hashable, Codable, Sendable {
    public let deliverAt: Date
    public let callback: DeviceActivityCentre.Callback
}

/// One monitor callback as delivered: when it arrived, when iOS meant it, and what it was.
public struct WakeUp: Hashable, Codable, Sendable {
    public let at: Date
    public let scheduled: Date
    public let trigger: Trigger
}

/// A reconcile by one of the phone's processes.
public struct ProcessOutcome: Sendable {
    public let at: Date
    public let process: SimulatedPhone.Process
    public let outcome: ReconcileOutcome
}

/// What a phone's Threshold holds before anything has run: a scenario's set-up and its plan.
struct SetUp: StateCommand {
    let engine: ThresholdState
    let plan: PlanStatus

    func apply(to transaction: inout StoreTransaction, context: ChangeContext) throws {
        transaction.state.engine = engine
        transaction.state.plan = PlanRecord(status: plan)
    }
}

/// A line of the phone's story: what the person did, what the phone and Threshold did.
public struct TimelineEntry: Hashable, Codable, Sendable {
    public enum Actor: String, Codable, Sendable {
        case person, device, app, monitor, shieldAction, fault, check, status
    }

    public let at: Date
    public let actor: Actor
    public let text: String
}

/// What tapping an app's icon shows.
public struct OpenResult: Hashable, Sendable, CustomStringConvertible {
    public let app: String
    public let shielded: Bool
    public let reason: Reason?
    public let content: ShieldContent?

    public var description: String {
        guard shielded, let content else { return "\(app) opens" }
        return "\(app) is shielded: \(content)"
    }
}

/// What pressing a shield button did.
public enum ShieldPress: Hashable, Sendable {
    case closed
    case notified(LocalNotification)
    case opened
    case refused(String)
}

/// Something asked of the simulator that the phone does not have.
public enum SimulatorError: Error, Equatable, Sendable, CustomStringConvertible {
    case unknownApp(String, known: [String])
    case notShielded(String)
    case noSuchButton(String, ShieldButtonRole)
    case noSuchNotification(String)
    case noLiveActivity
    case noSuchLiveActivityButton(String)
    /// iOS does not let this happen (``ProcessRules``, the device restrictions).
    case notAllowed(String)

    public var description: String {
        switch self {
        case .unknownApp(let name, let known): "There is no app “\(name)” on this phone; installed: \(known.joined(separator: ", "))."
        case .notShielded(let name): "\(name) is not shielded, so it has no shield buttons."
        case .noSuchButton(let name, let role): "\(name)'s shield has no \(role.rawValue) button."
        case .noSuchNotification(let id): "There is no notification “\(id)” in the inbox."
        case .noLiveActivity: "No Live Activity is showing."
        case .noSuchLiveActivityButton(let label): "The Live Activity has no “\(label)” button now."
        case .notAllowed(let reason): reason
        }
    }
}
