/// What a person picked in the Screen Time picker: apps, categories and websites.
public struct Selection: Hashable, Codable, Sendable {
    public var applications: Set<AppToken>
    public var categories: Set<CategoryToken>
    public var webDomains: Set<WebDomainToken>

    public init(applications: Set<AppToken> = [], categories: Set<CategoryToken> = [], webDomains: Set<WebDomainToken> = []) {
        self.applications = applications
        self.categories = categories
        self.webDomains = webDomains
    }

    public static let empty = Selection()

    public var isEmpty: Bool { applications.isEmpty && categories.isEmpty && webDomains.isEmpty }

    /// Whether a restriction that shields this under `listMode` shields nothing: a block list that
    /// holds nothing (only a timer's profile, ``Settings/timerOnly``). An allow list that holds
    /// nothing shields every app.
    public func blocksNothing(as listMode: ListMode) -> Bool { listMode == .blockList && isEmpty }
    public var count: Int { applications.count + categories.count + webDomains.count }

    /// Every token, as the kind a one-token grant names.
    public var tokens: Set<AnyToken> {
        Set(applications.map(AnyToken.app) + categories.map(AnyToken.category) + webDomains.map(AnyToken.webDomain))
    }

    private enum CodingKeys: String, CodingKey { case applications, categories, webDomains }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        applications = Set(try c.decodeIfPresent([AppToken].self, forKey: .applications) ?? [])
        categories = Set(try c.decodeIfPresent([CategoryToken].self, forKey: .categories) ?? [])
        webDomains = Set(try c.decodeIfPresent([WebDomainToken].self, forKey: .webDomains) ?? [])
    }

    /// Encodes each set sorted, so that the same selection always encodes to the same bytes.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(applications.sorted(), forKey: .applications)
        try c.encode(categories.sorted(), forKey: .categories)
        try c.encode(webDomains.sorted(), forKey: .webDomains)
    }
}

/// Whether a selection names what to shield or what to leave open.
public enum ListMode: String, Codable, Sendable, CaseIterable {
    /// Shield only the selected apps, categories and websites.
    case blockList
    /// Shield every app and website except the selected ones (`.all(except:)`).
    case allowList
}

/// How hard a restriction is to get through.
public enum Strictness: String, Codable, Sendable, CaseIterable, Comparable {
    /// Every ritual the unlock policy allows is offered at its base cost.
    case gentle
    /// Fewer rituals, at a higher cost (see `UnlockPolicy.offered(under:)`).
    case firm
    /// Nothing gets through until the end time: no grant subtracts, and the session cannot be
    /// ended early by any path. Present's Beast Mode is a session at this strictness.
    case locked

    public static func < (lhs: Self, rhs: Self) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

extension Strictness {
    /// Whether a ritual another restriction offers for the same apps gets through this one (a way
    /// back, PRODUCT.md): gentle lets every way through, firm every way but the quests, locked none.
    public func letsThrough(_ kind: RitualKind) -> Bool {
        switch self {
        case .gentle: true
        case .firm: !kind.isQuest
        case .locked: false
        }
    }
}

/// Which of Threshold's five ways a restriction came from; it decides the shield's voice.
public enum Pathway: String, Codable, Sendable, CaseIterable {
    /// Pray to unlock.
    case selah
    /// Timed sessions, intentions and progress.
    case present
    /// Modes with schedules; credits, quests and emergency unlocks.
    case earnedAccess
    /// Math and tic-tac-toe unlock for a few minutes.
    case challenge
    /// An NFC key starts and ends focus profiles.
    case key

    /// Whether an active restriction on this path reads as a session ("Be Present") rather than a gate.
    public var isSessionPath: Bool { self == .present || self == .key }

    public var displayName: String {
        switch self {
        case .selah: "Selah"
        case .present: "Present"
        case .earnedAccess: "Earned Access"
        case .challenge: "Challenge"
        case .key: "Key"
        }
    }
}
