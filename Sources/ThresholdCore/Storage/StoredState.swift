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

    public init() {}

    private enum CodingKeys: String, CodingKey { case onboardingCompleted, screenTime, reminders, selah, emergency, keyTags, streakResetAt }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        onboardingCompleted = try c.decodeIfPresent(Bool.self, forKey: .onboardingCompleted) ?? false
        screenTime = try c.decodeIfPresent(ScreenTimeTracking.self, forKey: .screenTime)
        reminders = try c.decodeIfPresent(Reminders.self, forKey: .reminders) ?? Reminders()
        selah = try c.decodeIfPresent(SelahPreferences.self, forKey: .selah) ?? .standard
        emergency = try c.decodeIfPresent(EmergencyPolicy.self, forKey: .emergency) ?? .standard
        keyTags = try c.decodeIfPresent([KeyTag].self, forKey: .keyTags) ?? []
        streakResetAt = try c.decodeIfPresent(Date.self, forKey: .streakResetAt)
    }

    /// The tag with this id, revoked or not.
    public func keyTag(_ id: KeyTagID) -> KeyTag? { keyTags.first { $0.id == id } }
}

/// What the device was last told: kept because a ManagedSettings store cannot be read back,
/// so the reconciler diffs against this record, and the shield extension reads the reasons
/// from the last enforcement.
public struct AppliedRecord: Hashable, Codable, Sendable {
    /// The stores as last applied, by name.
    public var stores: [ShieldStore] = []
    /// The enforcement they came from.
    public var enforcement: Enforcement?
    /// When they were applied.
    public var appliedAt: Date?
    /// The trusted time of the last reconcile and the monotonic reading it was taken at (see
    /// ``TrustedTime``).
    public var clock: ClockAnchor?
    /// What the last reconcile could not do or trust; empty when all is well.
    public var repairs: [RepairNotice] = []
    /// Notifications already posted, by id, with the instant each was due (pruned after a day).
    public var postedNotifications: [String: Date] = [:]
    /// What the Live Activity shows, if one is running.
    public var liveActivity: LiveActivityContent?
    /// Until when nothing can change without a new event: a monitor callback inside it (the
    /// second callback at a boundary, an echo of a registration) has nothing to do.
    public var quiet: QuietPeriod?

    public init() {}

    private enum CodingKeys: String, CodingKey {
        case stores, enforcement, appliedAt, clock, repairs, postedNotifications, liveActivity, quiet
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        stores = try c.decodeIfPresent([ShieldStore].self, forKey: .stores) ?? []
        enforcement = try c.decodeIfPresent(Enforcement.self, forKey: .enforcement)
        appliedAt = try c.decodeIfPresent(Date.self, forKey: .appliedAt)
        clock = try c.decodeIfPresent(ClockAnchor.self, forKey: .clock)
        repairs = try c.decodeIfPresent([RepairNotice].self, forKey: .repairs) ?? []
        postedNotifications = try c.decodeIfPresent([String: Date].self, forKey: .postedNotifications) ?? [:]
        liveActivity = try c.decodeIfPresent(LiveActivityContent.self, forKey: .liveActivity)
        quiet = try c.decodeIfPresent(QuietPeriod.self, forKey: .quiet)
    }
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

    public init(engine: ThresholdState = .empty, settings: Settings = Settings(), balances: Balances = Balances(),
                applied: AppliedRecord = AppliedRecord(), progress: ProgressRecord = ProgressRecord(),
                rituals: RitualRecords = RitualRecords()) {
        self.engine = engine
        self.settings = settings
        self.balances = balances
        self.applied = applied
        self.progress = progress
        self.rituals = rituals
    }

    private enum CodingKeys: String, CodingKey { case engine, settings, balances, applied, progress, rituals }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        engine = try c.decodeIfPresent(ThresholdState.self, forKey: .engine) ?? .empty
        settings = try c.decodeIfPresent(Settings.self, forKey: .settings) ?? Settings()
        balances = try c.decodeIfPresent(Balances.self, forKey: .balances) ?? Balances()
        applied = try c.decodeIfPresent(AppliedRecord.self, forKey: .applied) ?? AppliedRecord()
        progress = try c.decodeIfPresent(ProgressRecord.self, forKey: .progress) ?? ProgressRecord()
        rituals = try c.decodeIfPresent(RitualRecords.self, forKey: .rituals) ?? RitualRecords()
    }

    public static let initial = StoredState()
}
