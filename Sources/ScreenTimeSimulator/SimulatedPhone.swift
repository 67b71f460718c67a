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
    public private(set) var clock: VirtualClock
    public private(set) var shields = ManagedSettingsCentre()
    public private(set) var activityCentre = DeviceActivityCentre()
    public private(set) var inbox: [PhoneNotification] = []
    /// Notifications posted with a fire date still to come, in the order posted.
    public private(set) var pendingNotifications: [PhoneNotification] = []
    /// Every notification shown, with when (posted at once, or at its fire date).
    public private(set) var shownNotifications: [ShownNotification] = []
    public private(set) var liveActivity: LiveActivityContent?
    /// The last Live Activity ended with an ending (the XP, or how long the person lasted), as it
    /// stays on the lock screen until its `ending.dismissAt`.
    public private(set) var endedLiveActivity: LiveActivityContent?
    /// The ended Live Activity still on the lock screen now, if any.
    public var lingeringLiveActivity: LiveActivityContent? {
        endedLiveActivity.flatMap { content in content.ending.map { clock.wall < $0.dismissAt } == true ? content : nil }
    }
    /// When the Live Activity started (iOS ends one after eight hours).
    public private(set) var liveActivityStartedAt: Date?
    public private(set) var widgetReloads = 0
    public private(set) var appRunning = false
    /// Whether Threshold is on screen (it may be running in the background when not).
    public private(set) var appInForeground = false
    /// The device-wide settings Threshold's restrictions store holds (applied after each reconcile).
    public private(set) var deviceRestrictions = DeviceRestrictions.none
    /// Whether a Focus is on: only time-sensitive notifications are shown at once.
    public private(set) var focus = false
    /// The Focus that is on, by name (Work, Sleep, a custom one); `nil` for none, or for the
    /// unnamed one `focus: on` turns on.
    public private(set) var focusName: String?
    /// Threshold's filter on each Focus, as the person set it in Settings › Focus › Add Filter.
    public private(set) var focusFilters: [String: FocusFilterSetting] = [:]
    /// Notifications a Focus held back, waiting in the Notification Center until it ends.
    public private(set) var heldNotifications: [PhoneNotification] = []
    /// Whether the person lets Threshold post notifications.
    /// The phone's language and region: what its screens and notifications are worded in.
    public var locale = Locale(identifier: "en_US")
    public var notificationPermission = NotificationPermission.allowed
    /// What the person answers when iOS asks for notification permission.
    public var answersNotificationPrompt = NotificationPermission.allowed
    /// How many times iOS has shown its notification prompt (once, the first time the app asks).
    public private(set) var notificationPrompts = 0
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
    public private(set) var timeline: [TimelineEntry] = []
    /// Every monitor callback delivered, in order.
    public private(set) var wakeUps: [WakeUp] = []
    /// Every reconcile's outcome, in order (for checks and the CLI's `status`).
    public private(set) var outcomes: [ProcessOutcome] = []
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
    public private(set) lazy var appStore = SimulatedAppStore(now: { [unowned self] in self.clock.real })

    private var deferred: [DeferredCallback] = []
    private var dropsByInstant: [Date: Int] = [:]

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
        self.inbox = snapshot.inbox
        self.pendingNotifications = snapshot.pendingNotifications
        self.liveActivity = snapshot.liveActivity
        self.liveActivityStartedAt = snapshot.liveActivityStartedAt
        self.widgetReloads = snapshot.widgetReloads
        self.appRunning = snapshot.appRunning
        self.appInForeground = snapshot.appInForeground
        self.deviceRestrictions = snapshot.deviceRestrictions
        self.focus = snapshot.focus
        self.focusName = snapshot.focusName
        self.focusFilters = snapshot.focusFilters
        self.heldNotifications = snapshot.heldNotifications
        self.notificationPermission = snapshot.notificationPermission
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
        snapshot.inbox = inbox
        snapshot.pendingNotifications = pendingNotifications
        snapshot.liveActivity = liveActivity
        snapshot.liveActivityStartedAt = liveActivityStartedAt
        snapshot.widgetReloads = widgetReloads
        snapshot.appRunning = appRunning
        snapshot.appInForeground = appInForeground
        snapshot.deviceRestrictions = deviceRestrictions
        snapshot.focus = focus
        snapshot.focusName = focusName
        snapshot.focusFilters = focusFilters
        snapshot.heldNotifications = heldNotifications
        snapshot.notificationPermission = notificationPermission
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
        intent.followFocus(currentFocusFilter)
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
        let now = clock.wall
        if let timeline = widgetTimelines[kind], timeline.reloads == widgetReloads, now < timeline.end { return timeline.snapshot }
        let snapshot = widgetSnapshot()
        widgetTimelines[kind] = (snapshot, snapshot.timelineEnd(after: now, kind: kind), widgetReloads)
        return snapshot
    }

    /// Each widget's timeline: its snapshot, when it runs out, and the reload it was made after.
    private var widgetTimelines: [WidgetKind: (snapshot: WidgetSnapshot, end: Date, reloads: Int)] = [:]

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
        guard let content = liveActivity else { throw SimulatorError.noLiveActivity }
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

    private func stopKeepingShieldsIfDue() {
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
    public private(set) var staleShields: Set<String> = []
    /// The app on screen, while the person uses one.
    public private(set) var appInUse: String?
    /// The app a shield came over while in use, and whether iOS drew its default shield there.
    private var shieldCameOverAppInUse: (app: String, iOSDefault: Bool)?
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
    public private(set) var callbacksNotCalled = 0

    /// Whether iOS calls the monitor now (``monitorSleepsFrom``).
    private var monitorSleeps: Bool { monitorSleepsFrom.map { clock.wall >= $0 } ?? false }

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
    private func press(
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
    private func runtime(for process: Process, deliveringCallbacks: Bool) -> Runtime {
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
        guard let note = inbox.last(where: { $0.id == id }) ?? heldNotifications.last(where: { $0.id == id }) else {
            throw SimulatorError.noSuchNotification(id)
        }
        deviceInUse()
        bringAppForward()
        run(.app, .notificationResponse(id))
        return note.destination
    }

    // MARK: Time and the device

    /// Lets simulated time pass, delivering every callback due on the way at its instant
    /// (or later, as faults decide).
    public func advance(by seconds: TimeInterval) {
        advance(to: clock.wall.addingTimeInterval(seconds))
    }

    public func advance(to target: Date) {
        while true {
            let nextCallback = activityCentre.nextCallbackInstant
            let nextDeferred = deferred.map(\.deliverAt).min()
            let nextNotification = pendingNotifications.compactMap(\.fireDate).min()
            let forgetting = forgetsAllActivitiesAt.flatMap { $0 >= clock.wall ? $0 : nil }
            guard
                let next = [nextCallback, nextDeferred, nextNotification, liveActivityLimit, forgetting, stopsKeepingShieldsAt].compactMap({
                    $0
                }).min(),
                next <= target
            else { break }
            if next > clock.wall { clock.advance(by: next.timeIntervalSince(clock.wall)) }
            stopKeepingShieldsIfDue()
            if let forgetting, forgetting <= clock.wall {
                forgetsAllActivitiesAt = nil
                forgetAllActivities()
                continue
            }
            endLiveActivityAtItsLimit()
            showDueNotifications()
            activityCentre.fireDue(through: clock.wall, timeZone: clock.timeZone)
            deliverFiredCallbacks(releasingDeferredThrough: clock.wall)
        }
        if target > clock.wall { clock.advance(by: target.timeIntervalSince(clock.wall)) }
    }

    /// iOS ends a Live Activity eight hours after it started, whatever it shows.
    public static let liveActivityLifetime: TimeInterval = 8 * 3_600

    /// When iOS ends the Live Activity showing now.
    private var liveActivityLimit: Date? { liveActivityStartedAt.map { $0.addingTimeInterval(Self.liveActivityLifetime) } }

    private func endLiveActivityAtItsLimit() {
        guard let limit = liveActivityLimit, clock.wall >= limit else { return }
        liveActivity = nil
        liveActivityStartedAt = nil
        note(.device, "iOS ends the Live Activity: eight hours have passed since it started")
    }

    /// The person sets the clock. Moving it forward past boundaries makes iOS deliver their
    /// callbacks at once (intervals end early); moving it back delivers nothing. While
    /// `requireAutomaticDateAndTime` is applied, Settings does not let the person change it.
    public func setClock(to wall: Date) throws {
        guard !deviceRestrictions.requireAutomaticDateAndTime else {
            note(.device, "refuses to set the clock by hand: automatic date and time is required")
            throw SimulatorError.notAllowed(
                "The clock is set automatically while Beast Mode is on (Settings › General › Date & Time is locked).")
        }
        let from = clock.wall
        clock.set(wall: wall.roundedDownToSecond)
        note(.device, "clock set from \(clock.readable(from, weekday: true)) to \(clock.readable(clock.wall, weekday: true))")
        showDueNotifications()
        activityCentre.fireDue(through: clock.wall, timeZone: clock.timeZone)
        deliverFiredCallbacks()
        significantTimeChange()
    }

    /// The person travels or changes the time zone (the instant does not change). Activities
    /// registered on the device's wall clock (no time zone in their components) move with it, and
    /// fire what that move starts or ends (``DeviceActivityCentre/timeZoneChanged(to:at:)``).
    public func setTimeZone(_ zone: TimeZone) {
        clock.timeZone = zone
        note(.device, "time zone set to \(zone.identifier)")
        activityCentre.timeZoneChanged(to: zone, at: clock.wall)
        deliverFiredCallbacks()
        significantTimeChange()
    }

    /// iOS tells a running app (not its extensions) that the clock or time zone changed.
    private func significantTimeChange() {
        if appRunning { run(appInForeground ? .app : .appInBackground, .significantTimeChange) }
    }

    /// The person deletes an app from the home screen. While `denyAppRemoval` is applied iOS
    /// refuses for every app on the phone, not only Threshold.
    public func deleteApp(_ name: String) throws {
        guard catalogue.app(named: name) != nil else { throw SimulatorError.unknownApp(name, known: catalogue.names) }
        guard !deviceRestrictions.denyAppRemoval else {
            note(.device, "refuses to delete \(name): app removal is denied")
            throw SimulatorError.notAllowed("Apps cannot be deleted while Beast Mode is on.")
        }
        catalogue.remove(named: name)
        note(.device, "\(name) is deleted")
    }

    /// Websites iOS's adult-content filter knows as adult, for the simulated phone (iOS's own list
    /// is Apple's; scenarios name these reserved example domains).
    public static let adultWebsites = ["adult.example", "explicit.example", "nsfw.example"]

    /// The person opens a website in Safari: iOS shows its shield when a picked website is
    /// shielded, its "restricted" page when the web content filter blocks it (a typed website,
    /// or an adult one under the adult filter), else the page.
    public func visit(_ host: String) -> WebsiteVisit {
        deviceInUse()
        leaveThreshold()
        let host = host.lowercased()
        let adult = Self.adultWebsites.contains { host == $0 || host.hasSuffix("." + $0) }
        let visit: WebsiteVisit
        if shields.shields(webDomain: WebDomainToken(host), category: nil) {
            visit = WebsiteVisit(host: host, blocked: .shielded, content: drawnShield(website: host))
        } else if shields.filters(website: host, adult: adult) {
            visit = WebsiteVisit(host: host, blocked: .restricted)
        } else {
            visit = WebsiteVisit(host: host, blocked: nil)
        }
        note(.device, "Safari: \(visit)")
        return visit
    }

    /// The shield iOS draws over a website, with what the ShieldConfiguration extension gives it
    /// (`configuration(shielding: WebDomain)`: the domain is its name).
    private func drawnShield(website host: String) -> ShieldContent {
        let state = Result<StoredState, any Error> { try store.read() }
        let item = ShieldedItem.webDomain(WebDomainToken(host), category: nil, name: host)
        return ShieldContent.shown(
            for: item, reason: item.lastReason(in: state, deviceZone: clock.timeZone), in: state,
            at: clock.wall, deviceZone: clock.timeZone)
    }

    /// Presses a button on a website's shield in Safari; the ShieldAction extension does what it
    /// says (`handle(action:for: WebDomainToken)`), with the same code as on iOS.
    public func pressShield(_ role: ShieldButtonRole, onWebsite host: String) throws -> ShieldPress {
        let host = host.lowercased()
        guard let content = visit(host).content else { throw SimulatorError.notShielded(host) }
        // NB: iOS hands the action extension the website's token alone, no domain name.
        return try press(role, on: content, of: .webDomain(WebDomainToken(host), category: nil, name: nil), called: host)
    }

    /// The person installs an app from the App Store. While `denyAppInstallation` is applied iOS
    /// hides the App Store and installs nothing.
    public func installApp(_ name: String, displayName: String? = nil, category: String? = nil) throws {
        guard !deviceRestrictions.denyAppInstallation else {
            note(.device, "refuses to install \(name): app installation is denied")
            throw SimulatorError.notAllowed(
                "The App Store is hidden: installing apps is turned off while a Threshold profile that denies it is on.")
        }
        catalogue.install(AppCatalogue.App(name: name, displayName: displayName, category: category))
        note(.device, "\(name) is installed")
    }

    /// The person turns a Focus on or off. Turning it off shows what it held back.
    public func setFocus(_ on: Bool) {
        if !on { focusName = nil }
        switchFocus(on, saying: on ? "a Focus is on" : "the Focus ends")
    }

    private func switchFocus(_ on: Bool, saying what: String) {
        focus = on
        note(.device, what)
        guard !on else { return }
        let held = heldNotifications
        heldNotifications = []
        for notification in held { show(notification) }
    }

    /// The person adds Threshold's filter to a Focus (Settings › Focus › `focus` › Add Filter ›
    /// Threshold), choosing a profile from those iOS lists (the filter's entity query reads them
    /// from Threshold's store, as `ProfileQuery` does) by its name, with a length or none.
    public func addFocusFilter(to focus: String, profileNamed name: String, minutes: Int? = nil) throws {
        deviceInUse()
        leaveThreshold()
        let profiles = try store.read().engine.profiles
        let wanted = name.trimmingCharacters(in: .whitespaces)
        guard let profile = profiles.first(where: { $0.name == wanted || "\($0.emoji) \($0.name)" == wanted }) else {
            let offered = profiles.map { "\($0.emoji) \($0.name)" }
            throw SimulatorError.notAllowed(
                "Threshold's filter offers no profile “\(name)”; it lists " + (offered.isEmpty ? "none" : offered.joined(separator: ", "))
                    + ".")
        }
        focusFilters[focus] = FocusFilterSetting(profile: profile.id, minutes: minutes)
        note(
            .device,
            "Settings › Focus › \(focus): Threshold's filter runs \(profile.emoji) \(profile.name)"
                + (minutes.map { " for \($0) min" } ?? ""))
    }

    /// The person turns a named Focus on or off (Control Centre, a schedule of iOS's). One Focus is
    /// on at a time: turning one on replaces the one that was. When a Focus with Threshold's filter
    /// turns on, iOS runs the filter in Threshold's process (launched in the background if it must)
    /// with what the person set; when it turns off, or another without the filter replaces it, with
    /// nothing set (``FocusFilterSetting/off``).
    @discardableResult
    public func setFocus(_ name: String, on: Bool) -> FocusFilterResult? {
        deviceInUse()
        let before = focusName.flatMap { focusFilters[$0] }
        if on {
            focusName = name
            switchFocus(true, saying: "the \(name) Focus is on")
        } else {
            guard focusName == name else {
                note(.device, "the \(name) Focus is not on")
                return nil
            }
            focusName = nil
            switchFocus(false, saying: "the \(name) Focus turns off")
        }
        let after = on ? focusFilters[name] : nil
        guard before != nil || after != nil else { return nil }
        guard focusFilterRuns.runs(turningOn: after != nil) else {
            note(.fault, "iOS does not run Threshold's Focus filter as the Focus turns \(after != nil ? "on" : "off")")
            return nil
        }
        return runFocusFilter(after ?? .off)
    }

    /// What `ThresholdFocusFilter.current` reads: the filter of the Focus on now, as the person set
    /// it in Settings › Focus, or ``FocusFilterSetting/off`` when no Focus with Threshold's filter is on.
    public var currentFocusFilter: FocusFilterSetting {
        focusName.flatMap { focusFilters[$0] } ?? .off
    }

    /// When iOS runs Threshold's Focus filter: reported to run as a Focus turns on and not as it
    /// turns off (feedback-assistant/reports#461, #588), and not reliably in the background
    /// (home-assistant/iOS#5656). Both ways unless a scenario's `setup:` says otherwise.
    public var focusFilterRuns = FocusFilterRuns.bothWays

    /// iOS runs Threshold's Focus filter (`SetFocusFilterIntent.perform()`) in Threshold's process:
    /// the app, in the background unless it is on screen. The filter is also a `LiveActivityIntent`,
    /// so it may start the Live Activity of the session it starts.
    private func runFocusFilter(_ setting: FocusFilterSetting) -> FocusFilterResult {
        let process: Process = appInForeground ? .app : .intent
        if !appRunning {
            appRunning = true
            note(.device, "iOS launches Threshold in the background to run its Focus filter")
        }
        return runtime(for: process).applyFocusFilter(setting)
    }

    /// A restart: Threshold's app is gone, uptime starts again; shields and registrations stay.
    public func reboot() {
        appRunning = false
        appInForeground = false
        appInUse = nil
        shieldCameOverAppInUse = nil
        clock.reboot()
        note(.device, "restarted (\(clock.bootID))")
        if monitorSleeps {
            monitorSleepsFrom = nil
            note(.device, "iOS calls the monitor again")
        }
        activityCentre.fireDue(through: clock.wall, timeZone: clock.timeZone)
        deliverFiredCallbacks(releasingDeferredThrough: clock.wall)
    }

    /// The person swipes Threshold away.
    public func killApp() {
        appRunning = false
        appInForeground = false
        note(.device, "Threshold's app was killed")
    }

    /// iOS gives Threshold a background app refresh (`BGAppRefreshTask`): it launches the app in
    /// the background if it was not running, and never brings it on screen, so what the app does
    /// there runs as a background app (no Live Activity may start). iOS refreshes only an app that
    /// is not on screen: returns `false`, refusing, while Threshold is.
    public func backgroundRefreshBegins() -> Bool {
        guard !appInForeground else { return false }
        deviceInUse()
        appRunning = true
        note(.device, "iOS gives Threshold a background app refresh")
        return true
    }

    /// Registers a note in the timeline (the CLI tells what the person does this way).
    public func note(_ actor: TimelineEntry.Actor, _ text: String) {
        timeline.append(TimelineEntry(at: clock.wall, actor: actor, text: text))
    }

    // MARK: Callback delivery

    /// The person picks the phone up: every deferred callback arrives now.
    private func deviceInUse() {
        activityCentre.fireDue(through: clock.wall, timeZone: clock.timeZone)
        deliverFiredCallbacks(releasingDeferredThrough: .distantFuture)
    }

    private func deliverFiredCallbacks(releasingDeferredThrough release: Date? = nil) {
        var rounds = 0
        while true {
            var batch = activityCentre.takeFired()
            if let release {
                let ready = deferred.filter { $0.deliverAt <= release }.sorted { $0.deliverAt < $1.deliverAt }
                deferred.removeAll { $0.deliverAt <= release }
                batch = ready.map(\.callback) + batch
            }
            guard !batch.isEmpty else { return }
            rounds += 1
            precondition(rounds < 10_000, "callback storm: the reconciler keeps re-registering at \(clock.wall)")
            for callback in batch { deliver(callback) }
        }
    }

    private func deliver(_ callback: DeviceActivityCentre.Callback) {
        guard !monitorSleeps else {
            callbacksNotCalled += 1
            note(.fault, "iOS did not call the monitor: \(callback)")
            return
        }
        let (fault, delay) = faults.isQuiet ? (.deliver, 0) : faults.next(droppedSoFar: dropsByInstant[callback.at] ?? 0)
        switch fault {
        case .drop:
            dropsByInstant[callback.at, default: 0] += 1
            note(.fault, "dropped \(callback)")
            return
        case .delay where delay > 0 && !deferred.contains(where: { $0.callback == callback }):
            deferred.append(DeferredCallback(deliverAt: clock.wall.addingTimeInterval(delay), callback: callback))
            note(.fault, "delayed \(callback) by up to \(Int(delay)) s")
            return
        case .duplicate:
            note(.fault, "duplicated \(callback)")
            runMonitor(callback)
        default:
            break
        }
        runMonitor(callback)
    }

    private func runMonitor(_ callback: DeviceActivityCentre.Callback) {
        wakeUps.append(WakeUp(at: clock.wall, scheduled: callback.at, trigger: callback.trigger))
        runtime(for: .monitor, deliveringCallbacks: false).reconcile(callback.trigger)
    }

    private func record(_ process: Process, _ outcome: ReconcileOutcome) {
        outcomes.append(ProcessOutcome(at: clock.wall, process: process, outcome: outcome.withoutSavedState()))
        let actor: TimelineEntry.Actor =
            switch process {
            case .monitor: .monitor
            case .shieldAction, .shieldConfiguration: .shieldAction
            case .app, .appInBackground, .widget, .intent: .app
            }
        if let failure = outcome.storeFailure {
            note(actor, "\(outcome.trigger): store failed, shields kept as they were (\(failure))")
        } else if !outcome.shieldChanges.isEmpty {
            note(actor, "\(outcome.trigger): shields now \(shieldSummary())")
        }
        if let refusal = outcome.refusal { note(actor, "refused: \(refusalWords.words(refusal.refusal))") }
        let posted = (outcome.settled + outcome.events).compactMap { event -> LedgerEntry? in
            if case .ledger(let entry) = event { return entry }
            return nil
        }
        for line in LedgerEntry.lines(posted) { note(actor, line) }
    }

    // MARK: The client the processes use

    /// The client a process gets: it refuses what ``ProcessRules`` does not allow that process.
    private func client(for process: Process) -> ScreenTimeClient {
        let rules = ProcessRules.of(process)
        let mayChangeScreenTime: @Sendable () throws -> Void = {
            guard rules.changesScreenTime else { throw ScreenTimeError.failed("\(process.displayName) cannot change Screen Time settings") }
        }
        let mayStartLiveActivity: @Sendable () throws -> Void = {
            guard rules.startsLiveActivity else { throw ScreenTimeError.liveActivityNotAllowed(process.displayName) }
        }
        let mayChangeLiveActivity: @Sendable () throws -> Void = {
            guard rules.changesLiveActivity else { throw ScreenTimeError.liveActivityNotAllowed(process.displayName) }
        }
        var client = ScreenTimeClient(
            applyShield: { [unowned self] store in
                try mayChangeScreenTime()
                guard authorization == .approved else { throw ScreenTimeError.unauthorized }
                let before = shieldsBeforeWrite(by: process)
                shields.apply(store, at: clock.wall)
                shieldsWritten(by: process, before: before)
            },
            clearShield: { [unowned self] name in
                try mayChangeScreenTime()
                let before = shieldsBeforeWrite(by: process)
                shields.clear(name, at: clock.wall)
                shieldsWritten(by: process, before: before)
            },
            startMonitoring: { [unowned self] registration in
                try mayChangeScreenTime()
                guard authorization == .approved else { throw ScreenTimeError.unauthorized }
                let mayForget = !forgetting.isOff
                try activityCentre.startMonitoring(registration, at: clock.wall, timeZone: clock.timeZone)
                if mayForget, !activityCentre.activities.keys.contains(registration.name),
                    registration.interval(deviceZone: clock.timeZone).map({ $0.end > clock.wall }) ?? true
                {
                    note(.device, "iOS accepts \(registration.name) and does not keep it")
                }
            },
            stopMonitoring: { [unowned self] names in
                try mayChangeScreenTime()
                activityCentre.stopMonitoring(names, at: clock.wall)
            },
            activities: { [unowned self] in activityCentre.registrations },
            authorizationStatus: { [unowned self] in authorization },
            requestAuthorization: { [unowned self] in
                // The person allowed (a refusal is thrown before iOS is asked): iOS asks again after a refusal.
                if authorization != .approved {
                    if grantsNothing {
                        note(.device, "iOS's Screen Time prompt ends, allowed, and access does not turn on")
                    } else {
                        authorization = .approved
                    }
                }
                return authorization
            },
            postNotification: { [unowned self] note in
                guard rules.postsNotifications else { throw ScreenTimeError.failed("\(process.displayName) cannot post notifications") }
                post(note, from: process)
            },
            removeNotifications: { [unowned self] ids in
                pendingNotifications.removeAll { ids.contains($0.id) }
                // As iOS's removeDeliveredNotifications: what is shown leaves the lock screen.
                inbox.removeAll { ids.contains($0.id) }
            },
            startLiveActivity: { [unowned self] content in
                // NB: iOS refuses a start in the background with ActivityAuthorizationError.visibility.
                try mayStartLiveActivity()
                liveActivity = content
                liveActivityStartedAt = clock.wall
                note(.device, "Live Activity started: \(content.title)")
            },
            updateLiveActivity: { [unowned self] content in
                try mayChangeLiveActivity()
                guard liveActivity?.profileID == content.profileID else {
                    // Gone (ended after eight hours, or dismissed): as the live client does, start it again.
                    try mayStartLiveActivity()
                    liveActivity = content
                    liveActivityStartedAt = clock.wall
                    note(.device, "Live Activity started again: \(content.title)")
                    return
                }
                liveActivity = content
            },
            endLiveActivity: { [unowned self] _, ending in
                try mayChangeLiveActivity()
                guard var last = liveActivity else { return }
                last.ending = ending
                endedLiveActivity = ending.map { _ in last }
                liveActivity = nil
                liveActivityStartedAt = nil
                note(.device, "Live Activity ended")
            },
            reloadWidgets: { [unowned self] in widgetReloads += 1 },
            notificationPermission: { [unowned self] in notificationPermission },
            requestNotificationPermission: { [unowned self] in
                if notificationPermission == .notDetermined {
                    notificationPrompts += 1
                    notificationPermission = answersNotificationPrompt
                }
                return notificationPermission
            })
        client.runsInApp = process.isAppsOwn
        client.isHoldingShield = { [unowned self] name in shields.stores[name].map { !$0.isEmpty } ?? false }
        return client
    }

    /// The apps shielded before a process writes the shields, when what changes matters (an
    /// app in use, or an extension's lift that iOS 26 keeps drawn); empty otherwise.
    private func shieldsBeforeWrite(by process: Process) -> Set<String> {
        appInUse != nil || (keepsExtensionLiftsDrawn && process.liftsStayDrawn) ? Set(shieldedApps) : []
    }

    /// What iOS draws after a process wrote the shields: the app's own process redraws them all
    /// (a shield iOS still drew clears); with ``keepsExtensionLiftsDrawn``, what an extension lifted
    /// stays drawn; a shield that came over the app in use is drawn there, iOS's default with
    /// ``drawsDefaultShieldOverAppInUse``.
    private func shieldsWritten(by process: Process, before: Set<String>) {
        if process.isAppsOwn, !staleShields.isEmpty {
            note(.device, "the app's write redraws the shields: \(staleShields.sorted().joined(separator: ", ")) no longer shown shielded")
            staleShields = []
        }
        guard appInUse != nil || (keepsExtensionLiftsDrawn && process.liftsStayDrawn) else { return }
        let now = Set(shieldedApps)
        if keepsExtensionLiftsDrawn, process.liftsStayDrawn {
            let lifted = before.subtracting(now)
            if !lifted.isEmpty {
                staleShields.formUnion(lifted)
                note(
                    .device,
                    "iOS keeps drawing the shield over \(lifted.sorted().joined(separator: ", ")): \(process.displayName) lifted it")
            }
        }
        staleShields.subtract(now)
        if let name = appInUse, now.contains(name), !before.contains(name) {
            appInUse = nil
            shieldCameOverAppInUse = (name, drawsDefaultShieldOverAppInUse)
            note(
                .device,
                drawsDefaultShieldOverAppInUse
                    ? "a shield comes over \(name) in use: iOS draws its default shield (“OK” closes it; Threshold's shows when \(name) is opened again)"
                    : "a shield comes over \(name) in use")
        }
    }

    /// What this phone's shields say (the ShieldConfiguration extension's words, in its language).
    public var shieldWords: ShieldWords { ShieldWords(locale: locale) }

    /// Refusals in the phone's language and clock, as its screens and notifications say them.
    public var refusalWords: RefusalWords { RefusalWords(locale: locale, timeZone: clock.timeZone) }

    /// A notification as this phone's Threshold would word it now.
    public func worded(_ notification: LocalNotification) -> PhoneNotification {
        PhoneNotification(notification, words: NotificationWords(locale: locale, timeZone: clock.timeZone))
    }

    /// Shows a notification, or keeps it until its fire date (replacing one pending with its id).
    /// The posting process words it now, in the phone's language and clock, as iOS keeps the words
    /// it was handed (`NotificationWords`, as `ScreenTimeLive` does on a phone).
    private func post(_ posted: LocalNotification, from process: Process) {
        var notification = worded(posted)
        if process == .shieldAction, notification.fireDate == nil, shieldNotificationDelay > 0 {
            // NB: iOS 18.1 delays what the shield posts by about ten seconds (PLATFORM.md).
            notification.fireDate = clock.wall.addingTimeInterval(shieldNotificationDelay)
            note(
                .device, "iOS holds “\(notification.title)” back for \(Int(shieldNotificationDelay)) s, as it does a shield's notifications"
            )
        }
        pendingNotifications.removeAll { $0.id == notification.id }
        if let fireDate = notification.fireDate, fireDate > clock.wall {
            pendingNotifications.append(notification)
        } else {
            show(notification)
        }
    }

    /// Shows the pending notifications whose fire date the wall clock has reached, in order.
    private func showDueNotifications() {
        let due = pendingNotifications.filter { ($0.fireDate ?? .distantPast) <= clock.wall }
        guard !due.isEmpty else { return }
        pendingNotifications.removeAll { ($0.fireDate ?? .distantPast) <= clock.wall }
        for notification in due.sorted(by: { $0.fireDate! < $1.fireDate! }) {
            // With Threshold open, iOS presents the notification to it (`willPresent`), which reconciles.
            if show(notification), appRunning, appInForeground { run(.app, .notificationPresented(notification.id)) }
        }
    }

    /// What `registerForRemoteNotifications()` gives Threshold on this phone: its APNs device
    /// token, in lowercase hex (32 bytes, this phone's own).
    public private(set) lazy var pushToken: String = {
        let bytes = withUnsafeBytes(of: UUID().uuid) { Array($0) } + withUnsafeBytes(of: UUID().uuid) { Array($0) }
        return bytes.map { String(format: "%02x", $0) }.joined()
    }()

    /// An APNs alert for Threshold arrives: iOS shows it whether or not Threshold runs, as a
    /// notification whose id is the push's `apns-collapse-id` (a later one with that id replaces it).
    public func receivePush(id: String, title: String, body: String) {
        note(.device, "a push for Threshold arrives")
        show(PhoneNotification(id: id, title: title, body: body, destination: .home))
    }

    /// Shows a notification: not at all with notifications off; held in the Notification Center
    /// under a Focus unless it is time-sensitive.
    @discardableResult
    private func show(_ notification: PhoneNotification) -> Bool {
        guard notificationPermission.delivers else {
            note(.device, "does not show “\(notification.title)”: notifications are off for Threshold")
            return false
        }
        if focus, notification.interruption != .timeSensitive {
            heldNotifications.removeAll { $0.id == notification.id }
            heldNotifications.append(notification)
            note(.device, "the Focus holds back “\(notification.title)” (in the Notification Center)")
            return false
        }
        inbox.removeAll { $0.id == notification.id }
        inbox.append(notification)
        shownNotifications.append(ShownNotification(at: clock.wall, id: notification.id))
        note(.device, "notification “\(notification.title)”: \(notification.body)")
        return true
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

/// What Safari showed for a website.
public struct WebsiteVisit: Hashable, Sendable, CustomStringConvertible {
    public enum Block: String, Hashable, Sendable {
        /// A website the person picked is shielded (Screen Time's shield).
        case shielded
        /// The web content filter blocks it ("You cannot browse this page… because it is restricted").
        case restricted
    }

    public let host: String
    /// Why it did not open; `nil` when it opened.
    public let blocked: Block?
    /// What the shield shows, when a shield blocks it.
    public let content: ShieldContent?

    public init(host: String, blocked: Block?, content: ShieldContent? = nil) {
        self.host = host
        self.blocked = blocked
        self.content = content
    }

    public var description: String {
        switch blocked {
        case nil: "\(host) opens"
        case .shielded?: "\(host) shows the shield"
        case .restricted?: "\(host) is restricted (the web content filter blocks it)"
        }
    }
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

/// A notification as the phone showed it.
public struct ShownNotification: Hashable, Codable, Sendable {
    public let at: Date
    public let id: String
}

/// When iOS runs Threshold's Focus filter (``SimulatedPhone/focusFilterRuns``).
public enum FocusFilterRuns: String, Hashable, Codable, Sendable, CaseIterable {
    /// As a Focus turns on and as it turns off.
    case bothWays = "both-ways"
    /// As a Focus turns on only (feedback-assistant/reports#461, #588).
    case onTheWayIn = "on-the-way-in"
    /// Not at all.
    case never

    /// Whether iOS runs the filter as a Focus turns on (`true`) or off.
    public func runs(turningOn: Bool) -> Bool {
        switch self {
        case .bothWays: true
        case .onTheWayIn: turningOn
        case .never: false
        }
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

/// A notification as iOS keeps it: the words it was posted with, where it leads, and when it
/// shows.
public struct PhoneNotification: Hashable, Codable, Sendable {
    public let id: String
    public let title: String
    public let body: String
    public let destination: AppDestination
    /// When it shows (by the wall clock); `nil` for at once.
    public var fireDate: Date?
    public let interruption: LocalNotification.InterruptionLevel

    public init(
        id: String, title: String, body: String, destination: AppDestination, fireDate: Date? = nil,
        interruption: LocalNotification.InterruptionLevel = .active
    ) {
        self.id = id
        self.title = title
        self.body = body
        self.destination = destination
        self.fireDate = fireDate
        self.interruption = interruption
    }

    /// `notification` as the posting process words it.
    public init(_ notification: LocalNotification, words: NotificationWords) {
        let (title, body) = words.words(notification.message)
        self.init(
            id: notification.id, title: title, body: body, destination: notification.destination,
            fireDate: notification.fireDate, interruption: notification.interruption)
    }

    /// The link the notification carries.
    public var deepLink: String { destination.deepLink }
}
