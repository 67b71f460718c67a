import Foundation

/// The person's choices that are not restrictions: onboarding, defaults for new unlocks.
/// Every field decodes with a default, so fields can be added without a migration.
public struct Settings: Hashable, Codable, Sendable {
    public var onboardingCompleted = false

    public init() {}

    private enum CodingKeys: String, CodingKey { case onboardingCompleted }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        onboardingCompleted = try c.decodeIfPresent(Bool.self, forKey: .onboardingCompleted) ?? false
    }
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

    public init() {}

    private enum CodingKeys: String, CodingKey {
        case stores, enforcement, appliedAt, clock, repairs, postedNotifications, liveActivity
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

    public init(engine: ThresholdState = .empty, settings: Settings = Settings(), balances: Balances = Balances(),
                applied: AppliedRecord = AppliedRecord()) {
        self.engine = engine
        self.settings = settings
        self.balances = balances
        self.applied = applied
    }

    public static let initial = StoredState()
}
