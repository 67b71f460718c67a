import Foundation

/// The person's choices that are not restrictions: onboarding, defaults for new unlocks.
/// Every field decodes with a default, so fields can be added without a migration.
public struct Settings: Hashable, Codable, Sendable {
    public var onboardingCompleted = false
    /// What counts as screen time and the daily goal; `nil` until the person sets it up.
    public var screenTime: ScreenTimeTracking?
    /// Which daily reminders to post (all off until onboarding asks).
    public var reminders = Reminders()
    /// How the person prays: tradition, vibe, translation.
    public var selah = SelahPreferences.standard
    /// Limits on emergency unlocks.
    public var emergency = EmergencyPolicy.standard
    /// The NFC key tags the app has written, revoked ones included (their taps are refused
    /// with a reason rather than as unknown).
    public var keyTags: [KeyTag] = []
    /// When the person reset Selah's streak (Settings, behind a confirmation): prayers before it
    /// no longer count toward the streak; the history keeps them.
    public var streakResetAt: Date?
    /// The tutorial running now was started again from Settings: finishing it earns no XP.
    public var tutorialReplay = false
    /// Whether a screen-time quip comes at each 30-minute threshold (``QuipLibrary``); on until
    /// the person turns it off in Settings.
    public var quips = true
    /// Which of Challenge's games are on (Settings › Challenges); all until the person turns some off.
    public var challenges = ChallengeSettings()
    /// The paths the person chose in onboarding, and any a restriction made since brought
    /// (``StoredState/paths`` says which are in use); `nil` in a state saved before the choice
    /// was kept.
    public var paths: Set<Pathway>?
    /// The person declined Screen Time access and chose to use Threshold as a timer (seed 004's
    /// fallback): sessions start and are timed though nothing is shielded. The first reconcile
    /// with access on ends it; from then on a session without access is refused again.
    public var timerOnly = false

    public init() {}

    private enum CodingKeys: String, CodingKey {
        case onboardingCompleted, screenTime, reminders, selah, emergency, keyTags, streakResetAt, tutorialReplay, quips, challenges, paths
        case timerOnly
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        onboardingCompleted = try c.decodeIfPresent(Bool.self, forKey: .onboardingCompleted) ?? false
        screenTime = try c.decodeIfPresent(ScreenTimeTracking.self, forKey: .screenTime)
        reminders = try c.decodeIfPresent(Reminders.self, forKey: .reminders) ?? Reminders()
        selah = try c.decodeIfPresent(SelahPreferences.self, forKey: .selah) ?? .standard
        emergency = try c.decodeIfPresent(EmergencyPolicy.self, forKey: .emergency) ?? .standard
        keyTags = try c.decodeIfPresent([KeyTag].self, forKey: .keyTags) ?? []
        streakResetAt = try c.decodeIfPresent(Date.self, forKey: .streakResetAt)
        tutorialReplay = try c.decodeIfPresent(Bool.self, forKey: .tutorialReplay) ?? false
        quips = try c.decodeIfPresent(Bool.self, forKey: .quips) ?? true
        challenges = try c.decodeIfPresent(ChallengeSettings.self, forKey: .challenges) ?? ChallengeSettings()
        timerOnly = try c.decodeIfPresent(Bool.self, forKey: .timerOnly) ?? false
        // NB: read as the strings they are saved as: a `Set<Pathway>` would be one more generic
        // type for the monitor's fresh process to instantiate, about 0.5 M instructions a callback.
        paths = try c.decodeIfPresent([String].self, forKey: .paths).map { names in
            Set(
                try names.map { name in
                    guard let path = Pathway(rawValue: name) else {
                        throw DecodingError.dataCorruptedError(forKey: .paths, in: c, debugDescription: "“\(name)” is not a path")
                    }
                    return path
                })
        }
    }

    /// The tag with this id, revoked or not.
    public func keyTag(_ id: KeyTagID) -> KeyTag? { keyTags.first { $0.id == id } }
}

/// What the device was last told: kept because a ManagedSettings store cannot be read back,
/// so the reconciler diffs against this record.
///
/// It holds no enforcement and no token: each store applied is kept as its name and
/// ``Fingerprint`` (enough to tell whether it must be applied again), and the enforcement is
/// recomputed where it is shown, from the saved engine state at the instant the reconcile
/// evaluated (``evaluated``; see ``StoredState/lastEnforcement(deviceZone:)``). An earlier build
/// kept the stores' full settings and the whole last enforcement here (most of a reconcile's cost
/// at a thousand rules); such a record still decodes (``AppliedStore`` takes either form).
public struct AppliedRecord: Hashable, Codable, Sendable {
    /// The stores as last applied, by name.
    public var stores: [AppliedStore] = []
    /// When and in which zone the last reconcile evaluated; `nil` before the first.
    public var evaluated: EvaluationPoint?
    /// When they were applied.
    public var appliedAt: Date?
    /// The trusted time of the last reconcile and the monotonic reading it was taken at (see
    /// ``TrustedTime``).
    public var clock: ClockAnchor?
    /// What the last reconcile could not do or trust; empty when all is well.
    public var repairs: [RepairNotice] = []
    /// Notifications already shown (posted at once, or handed over ahead and since due), by id,
    /// with the instant each was due (pruned after two days).
    public var postedNotifications: [String: Date] = [:]
    /// Notifications handed to iOS ahead of time with a fire date and not yet due, by id.
    public var pendingNotifications: [String: PendingNotification] = [:]
    /// Notifications shown that announce something with an end (a goal reached, a break ending,
    /// a scheduled start), by id, with the instant it is over: the first reconcile after it
    /// withdraws them from the lock screen, so it never shows news that is no longer true.
    public var shownUntil: [String: Date] = [:]
    /// What the Live Activity shows, if one is running: recorded only when the process was
    /// allowed to change it (the app, or a Live Activity intent), so that the app applies what
    /// the monitor could not the next time it runs.
    public var liveActivity: LiveActivityContent?
    /// The running session as the last reconcile found it, whether or not the Live Activity
    /// could follow: what the widget, the status and the notification carry meanwhile.
    public var session: LiveActivityContent?
    /// Whether the person lets Threshold post notifications, as the last reconcile that could
    /// tell found it: the shield's way into the app depends on it.
    public var notificationPermission: NotificationPermission?
    /// Until when nothing can change without a new event: a monitor callback inside it (the
    /// second callback at a boundary, an echo of a registration) has nothing to do.
    public var quiet: QuietPeriod?
    /// The ``FailClosedShields`` last left beside the store, as its stamp; `nil` when none is
    /// (nothing was lifted). Kept to write the file only when it changes.
    public var failClosed: Fingerprint?
    /// The stores an extension changed or cleared since the app's own process last wrote them: on
    /// iOS 26 what an extension lifts can stay drawn until the app writes (khi48/intentions #9), so
    /// the app's next reconcile writes each of them again (or clears it again).
    public var changedOutsideApp: [String] = []
    /// The device restrictions the last evaluation asked for (``DeviceRestrictions/required(by:in:)``):
    /// a quiet callback sets them again without evaluating; `nil` in a record saved before they
    /// were kept here (the quiet path then works them out from ``StoredState/lastEnforcement(deviceZone:)``).
    public var deviceRestrictions: DeviceRestrictions?
    /// The system calls the last reconcile decided and made after its commit, until a later one
    /// finds them made (``OwedEffects``); `nil` when it owed none.
    public var owed: OwedEffects?
    /// The revision of the last decision that owed system calls (``OwedEffects/revision``).
    public var effectsRevision = 0
    /// This record's run of revisions (``OwedEffects/epoch``); `nil` until the first decision owes calls.
    public var effectsEpoch: String?
    /// Each usage activity registered (``UsageTrigger``), by name, with the boot and uptime of the
    /// reconcile that registered it: its event cannot be true before its minutes have passed on
    /// that uptime (``UsageTrigger/evidence(of:registered:reading:)``).
    public var usageRegistered: [String: ClockAnchor] = [:]
    /// Whether iOS calls the monitor at the boundaries registered (``MonitorWatch``).
    public var monitor = MonitorWatch()
    /// The Focus filter Threshold last followed (``FocusFilterSetting``): iOS's run of it, or the
    /// Focus as iOS had it at an entry (`Runtime.followFocus`); `nil` before any.
    public var focusFilter: FocusFilterSetting?

    public init() {}

    /// Forgets the fingerprints of these stores (adding those the record does not hold), so that
    /// the next reconcile applies, or clears, each of them again.
    public mutating func forgetStores(_ names: some Sequence<String>) {
        var byName = Dictionary(stores.map { ($0.name, $0.fingerprint) }, uniquingKeysWith: { first, _ in first })
        for name in names { byName[name] = Fingerprint(hex: "") }
        stores = byName.map { AppliedStore(name: $0.key, fingerprint: $0.value) }.sorted { $0.name < $1.name }
    }

    private enum CodingKeys: String, CodingKey {
        case stores, evaluated, appliedAt, clock, repairs, postedNotifications, pendingNotifications, shownUntil, liveActivity, session,
            notificationPermission, quiet
        case failClosed, changedOutsideApp, deviceRestrictions, owed, effectsRevision, effectsEpoch, usageRegistered, monitor, focusFilter
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        stores = try c.decodeIfPresent([AppliedStore].self, forKey: .stores) ?? []
        appliedAt = try c.decodeIfPresent(Date.self, forKey: .appliedAt)
        clock = try c.decodeIfPresent(ClockAnchor.self, forKey: .clock)
        // An earlier record names no evaluation point: its enforcement was evaluated at appliedAt
        // (the trusted time, to the second), in the device's zone.
        evaluated =
            try c.decodeIfPresent(EvaluationPoint.self, forKey: .evaluated)
            ?? appliedAt.map { EvaluationPoint(wall: $0, trusted: $0, timeZoneIdentifier: nil) }
        repairs = try c.decodeIfPresent([RepairNotice].self, forKey: .repairs) ?? []
        postedNotifications = try c.decodeIfPresent([String: Date].self, forKey: .postedNotifications) ?? [:]
        pendingNotifications = try c.decodeIfPresent([String: PendingNotification].self, forKey: .pendingNotifications) ?? [:]
        shownUntil = try c.decodeIfPresent([String: Date].self, forKey: .shownUntil) ?? [:]
        liveActivity = try c.decodeIfPresent(LiveActivityContent.self, forKey: .liveActivity)
        session = try c.decodeIfPresent(LiveActivityContent.self, forKey: .session) ?? liveActivity
        notificationPermission = try c.decodeIfPresent(NotificationPermission.self, forKey: .notificationPermission)
        quiet = try c.decodeIfPresent(QuietPeriod.self, forKey: .quiet)
        failClosed = try c.decodeIfPresent(Fingerprint.self, forKey: .failClosed)
        changedOutsideApp = try c.decodeIfPresent([String].self, forKey: .changedOutsideApp) ?? []
        deviceRestrictions = try c.decodeIfPresent(DeviceRestrictions.self, forKey: .deviceRestrictions)
        owed = try c.decodeIfPresent(OwedEffects.self, forKey: .owed)
        effectsRevision = try c.decodeIfPresent(Int.self, forKey: .effectsRevision) ?? 0
        effectsEpoch = try c.decodeIfPresent(String.self, forKey: .effectsEpoch)
        usageRegistered = try c.decodeIfPresent([String: ClockAnchor].self, forKey: .usageRegistered) ?? [:]
        monitor = try c.decodeIfPresent(MonitorWatch.self, forKey: .monitor) ?? MonitorWatch()
        focusFilter = try c.decodeIfPresent(FocusFilterSetting.self, forKey: .focusFilter)
    }
}

/// The system calls a reconcile decided, saved with its decision and made after the commit: the
/// store says what should be applied. The record above is written as if they all succeed; a
/// later reconcile that finds them not yet made (the process died between the commit and the
/// calls, or is still making them) makes them again, from its own evaluation: it forgets the
/// fingerprints of these stores, hands these notifications over again, withdraws these again and
/// puts the Live Activity back to what it showed before (``retake(in:)``). A call that fails is
/// put back the same way by the process that made it, with a ``RepairNotice``.
public struct OwedEffects: Hashable, Codable, Sendable {
    /// The run of revisions this one belongs to: made with the record's first owed calls, so a
    /// store made anew, restored or repaired (its revisions counting from 1 again) is never taken
    /// for an older decision of the store before it.
    public var epoch: String
    /// One more than the revision of the decision before (``AppliedRecord/effectsRevision``).
    public var revision: Int
    /// Shield stores applied or cleared, by name.
    public var stores: [String] = []
    /// Notifications posted at once or handed over with a fire date, by id.
    public var notifications: [String] = []
    /// Notifications withdrawn, with what was handed over (to hand it back to the record).
    public var withdrawn: [String: PendingNotification] = [:]
    /// Whether the Live Activity was started, changed or ended, and what it showed before.
    /// NB: two plain fields, not a type of their own: each type a monitor callback decodes first
    /// costs it a search of every protocol conformance (Benchmarks/README.md, issue 38).
    public var liveActivityChanged = false
    public var liveActivityBefore: LiveActivityContent?

    public init(epoch: String, revision: Int) {
        self.epoch = epoch
        self.revision = revision
    }

    // NB: saved as a JSON array, `[epoch, revision, stores, notifications, withdrawn,
    // liveActivityChanged, liveActivityBefore or null]`, not an object: a keyed container is a
    // generic type instantiated on first use, which in a monitor callback's fresh process costs a
    // search of every protocol conformance (Benchmarks/README.md, issue 38). Fields added later go
    // at the end, read only when present.
    public init(from decoder: any Decoder) throws {
        var c = try decoder.unkeyedContainer()
        epoch = try c.decode(String.self)
        revision = try c.decode(Int.self)
        stores = try c.decode([String].self)
        notifications = try c.decode([String].self)
        withdrawn = try c.decode([String: PendingNotification].self)
        liveActivityChanged = try c.decode(Bool.self)
        liveActivityBefore = try c.decodeNil() ? nil : c.decode(LiveActivityContent.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.unkeyedContainer()
        try c.encode(epoch)
        try c.encode(revision)
        try c.encode(stores)
        try c.encode(notifications)
        try c.encode(withdrawn)
        try c.encode(liveActivityChanged)
        if let liveActivityBefore { try c.encode(liveActivityBefore) } else { try c.encodeNil() }
    }

    /// Puts `applied` back to before these calls, so the reconcile now running makes them again:
    /// each store's fingerprint forgotten (applied, or cleared, again), each notification handed
    /// over again, each withdrawn one withdrawn again, the Live Activity compared with what it
    /// showed before.
    public func retake(in applied: inout AppliedRecord) {
        applied.forgetStores(stores)
        for id in notifications {
            applied.postedNotifications[id] = nil
            applied.pendingNotifications[id] = nil
        }
        // Back in the record with no fingerprint: withdrawn again if no longer due, handed over
        // again if it is (it may have been withdrawn before the process died).
        for (id, pending) in withdrawn {
            applied.pendingNotifications[id] = PendingNotification(at: pending.at, content: Fingerprint(hex: ""))
        }
        if liveActivityChanged { applied.liveActivity = liveActivityBefore }
        applied.quiet = nil
    }
}

/// A notification handed to iOS to show at a later instant: when, and the ``Fingerprint`` of what
/// it says, so a change of wording or time is handed over again.
public struct PendingNotification: Hashable, Codable, Sendable {
    public let at: Date
    public let content: Fingerprint
    /// When what it announces is over (``DueNotification/expires``); `nil` in one handed over
    /// before this was kept.
    public let expires: Date?

    init(at: Date, content: Fingerprint, expires: Date? = nil) {
        self.at = at
        self.content = content
        self.expires = expires
    }

    public init(_ note: DueNotification) {
        at = note.at
        expires = note.expires
        var canonical = CanonicalBytes()
        // NB: what it says is the message value; its words are the surface's, and the same value
        // words the same way on this phone.
        // /3: the message as its canonical fields (/2 was its reflected description; each pending
        // one is handed over again once, under the new fingerprint).
        canonical.append("DueNotification/3")
        for field in note.message.canonicalFields + [note.destination.url, String(note.at.timeIntervalSinceReferenceDate)] {
            canonical.append(field)
        }
        content = Fingerprint(of: canonical.bytes)
    }
}

/// One named ManagedSettings store as the reconciler last set it: its name and the
/// ``Fingerprint`` of its settings.
public struct AppliedStore: Hashable, Codable, Sendable {
    public let name: String
    public let fingerprint: Fingerprint

    public init(name: String, fingerprint: Fingerprint) {
        self.name = name
        self.fingerprint = fingerprint
    }

    /// The record of having applied `store`.
    public init(_ store: ShieldStore) { self.init(name: store.name, fingerprint: store.fingerprint) }

    private enum CodingKeys: String, CodingKey { case name, fingerprint }

    /// Reads either form: `{name, fingerprint}`, or a whole ``ShieldStore`` as an earlier build
    /// saved it (its fingerprint is taken on reading).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        if let fingerprint = try c.decodeIfPresent(Fingerprint.self, forKey: .fingerprint) {
            self.init(name: try c.decode(String.self, forKey: .name), fingerprint: fingerprint)
        } else {
            self.init(try ShieldStore(from: decoder))
        }
    }
}

/// The instant and zone a reconcile evaluated at: with the engine state it saved, enough to
/// compute its enforcement again (evaluation is pure).
public struct EvaluationPoint: Hashable, Codable, Sendable {
    public let wall: Date
    public let trusted: Date
    /// The device's zone then; `nil` in a record saved before this was kept (the reader's zone).
    public let timeZoneIdentifier: String?

    public init(wall: Date, trusted: Date, timeZoneIdentifier: String?) {
        self.wall = wall
        self.trusted = trusted
        self.timeZoneIdentifier = timeZoneIdentifier
    }

    /// Where `time` is evaluated in `calendar`'s zone.
    public init(_ time: TrustedTime, calendar: Calendar) {
        self.init(wall: time.wall, trusted: time.trusted, timeZoneIdentifier: calendar.timeZone.identifier)
    }

    /// The time as the reconcile read it (wall and trusted).
    public var time: TrustedTime { TrustedTime(wall: wall, trusted: trusted) }
}

/// A stretch of wall-clock time in which, the engine's state unchanged, nothing the reconciler
/// does would change: no boundary, no notification, the same time zone and the same activities
/// registered.
public struct QuietPeriod: Hashable, Codable, Sendable {
    public let from: Date
    public let until: Date
    public let timeZoneIdentifier: String
    /// The activities registered when it began, by name, sorted.
    public let activities: [String]

    public init(from: Date, until: Date, timeZoneIdentifier: String, activities: [String]) {
        self.from = from
        self.until = until
        self.timeZoneIdentifier = timeZoneIdentifier
        self.activities = activities
    }

    /// Whether a reading of the wall clock, zone and activities still falls inside it.
    public func holds(at wall: Date, timeZoneIdentifier zone: String, activities names: [String]) -> Bool {
        from <= wall && wall < until && zone == timeZoneIdentifier && names == activities
    }
}

/// Everything that persists in the App Group, apart from the event log: what a reconcile
/// loads, changes and saves in one transaction.
public struct StoredState: Hashable, Codable, Sendable {
    /// The engine's input: profiles, gates, intentions, live sessions and grants.
    public var engine: ThresholdState
    public var settings: Settings
    /// Ledger balances, cached; the store checks them against the log.
    public var balances: Balances
    public var applied: AppliedRecord
    /// Streaks counted at midnight, screen time reported, the evening prompt's throttle.
    public var progress: ProgressRecord
    /// What unlock rituals remember between opens: emergency uses, key taps, the prayer in progress.
    public var rituals: RitualRecords
    /// Free or Pro, and the schedules a lapse paused: set only by the app after it refreshes from
    /// the App Store (``PlanRules``); Free on a fresh install.
    public var plan: PlanRecord
    /// How far the sync with Together has got (sent, shown, told); ``TogetherRecord/none`` unless joined.
    public var together: TogetherRecord

    public init(
        engine: ThresholdState = .empty, settings: Settings = Settings(), balances: Balances = Balances(),
        applied: AppliedRecord = AppliedRecord(), progress: ProgressRecord = ProgressRecord(),
        rituals: RitualRecords = RitualRecords(), plan: PlanRecord = .free, together: TogetherRecord = .none
    ) {
        self.engine = engine
        self.settings = settings
        self.balances = balances
        self.applied = applied
        self.progress = progress
        self.rituals = rituals
        self.plan = plan
        self.together = together
    }

    private enum CodingKeys: String, CodingKey { case engine, settings, balances, applied, progress, rituals, plan, together }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        engine = try c.decodeIfPresent(ThresholdState.self, forKey: .engine) ?? .empty
        settings = try c.decodeIfPresent(Settings.self, forKey: .settings) ?? Settings()
        balances = try c.decodeIfPresent(Balances.self, forKey: .balances) ?? Balances()
        applied = try c.decodeIfPresent(AppliedRecord.self, forKey: .applied) ?? AppliedRecord()
        progress = try c.decodeIfPresent(ProgressRecord.self, forKey: .progress) ?? ProgressRecord()
        rituals = try c.decodeIfPresent(RitualRecords.self, forKey: .rituals) ?? RitualRecords()
        plan = try c.decodeIfPresent(PlanRecord.self, forKey: .plan) ?? .free
        together = try c.decodeIfPresent(TogetherRecord.self, forKey: .together) ?? .none
    }

    public static let initial = StoredState()

    /// The enforcement the last reconcile applied, computed again from the saved engine state at
    /// the instant and zone it evaluated (`deviceZone` when the record names none); `nil` before
    /// the first reconcile. What the shield extensions, the status and the widgets show.
    ///
    /// Sessions and grants that left the store's working set since (over before yesterday) are not
    /// in the state read back, so for a reconcile more than a day old this can shield more or
    /// less than the device does; a shield with no reason found shows the unknown-reason shield,
    /// which unlocks nothing.
    public func lastEnforcement(deviceZone: TimeZone) -> Enforcement? {
        guard let point = applied.evaluated else { return nil }
        let zone = point.timeZoneIdentifier.flatMap(TimeZone.init(identifier:)) ?? deviceZone
        return evaluate(engine, at: point.time, calendar: .gregorian(in: zone))
    }
}
