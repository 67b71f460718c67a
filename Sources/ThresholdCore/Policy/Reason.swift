/// Which restriction a result line is about.
public enum RuleRef: Hashable, Comparable, Codable, Sendable, CustomStringConvertible {
    case profile(ProfileID)
    case gate(GateID)
    case intention(IntentionID)
    case tutorial

    public var description: String {
        switch self {
        case .profile(let id): "profile \(id)"
        case .gate(let id): "gate \(id)"
        case .intention(let id): "intention \(id)"
        case .tutorial: "tutorial"
        }
    }

    private var order: (Int, String) {
        switch self {
        case .profile(let id): (0, id.rawValue)
        case .gate(let id): (1, id.rawValue)
        case .intention(let id): (2, id.rawValue)
        case .tutorial: (3, "")
        }
    }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.order < rhs.order }
}

/// What a session-shaped shield shows: the profile's name and emoji.
public struct SessionLabel: Hashable, Codable, Sendable {
    public let profileID: ProfileID
    public let name: String
    public let emoji: String
    public let path: Pathway
    public let strictness: Strictness
}

/// What a gate-shaped shield shows: who is gating, and which rituals get through.
public struct GateLabel: Hashable, Codable, Sendable {
    public let rule: RuleRef
    public let name: String
    public let path: Pathway
    public let rituals: [RitualKind]
    /// The other paths whose gates or modes hold the same token and take a ritual: each is a way
    /// back the shield names too (issue 34 item 2). `nil` when this one holds it alone.
    public private(set) var otherWays: [Pathway]?

    public init(rule: RuleRef, name: String, path: Pathway, rituals: [RitualKind], otherWays: [Pathway]? = nil) {
        self.rule = rule
        self.name = name
        self.path = path
        self.rituals = rituals
        self.otherWays = otherWays
    }

    /// Every path this gate's shield names as a way back: its own first, then the others in
    /// their usual order.
    public var ways: [Pathway] {
        guard !rituals.isEmpty else { return otherWays ?? [] }
        return [path] + (otherWays ?? [])
    }

    /// The label with `other`'s ways added (its path, and those it had gathered); itself when
    /// they add nothing (the usual case: gates of one path), with nothing allocated.
    func adding(_ other: GateLabel) -> GateLabel {
        let current = otherWays ?? []
        var ways = current
        func add(_ way: Pathway) { if way != path && !ways.contains(way) { ways.append(way) } }
        if !other.rituals.isEmpty { add(other.path) }
        other.otherWays?.forEach(add)
        guard ways.count != current.count else { return self }
        var label = self
        label.otherWays = Pathway.allCases.filter(ways.contains)
        return label
    }
}

/// What an intention's shield shows.
public struct IntentionLabel: Hashable, Codable, Sendable {
    public let intentionID: IntentionID
    public let app: AppToken
    public let opensUsed: Int
    public let opensPerDay: Int
    public let minutesPerOpen: Int

    public var opensLeft: Int { max(0, opensPerDay - opensUsed) }
}

/// Why a token is shielded: what the shield extension shows (see PRODUCT.md's table).
public enum Reason: Hashable, Codable, Sendable {
    case sessionActive(SessionLabel)
    case sessionGoalReached(SessionLabel, xp: Int)
    case gated(GateLabel)
    case intention(IntentionLabel)
    case streakFreeze(IntentionLabel)
    case tutorial

    /// When several restrictions shield one token, the shield speaks for the strongest: a
    /// session (which rituals cannot lift) over a gate, a gate over an intention, and the
    /// tutorial last.
    public var priority: Int {
        switch self {
        case .sessionActive, .sessionGoalReached: 4
        case .gated: 3
        case .intention, .streakFreeze: 2
        case .tutorial: 1
        }
    }

    public var rule: RuleRef {
        switch self {
        case .sessionActive(let label), .sessionGoalReached(let label, _): .profile(label.profileID)
        case .gated(let label): label.rule
        case .intention(let label), .streakFreeze(let label): .intention(label.intentionID)
        case .tutorial: .tutorial
        }
    }

    /// Whether `self` should be shown rather than `other`. Among gates and modes Selah's speaks
    /// first: its words and verse stay when Selah is one of the ways back (PRODUCT.md), and its
    /// prayer opens what the others hold too.
    public func outranks(_ other: Reason) -> Bool {
        if priority != other.priority { return priority > other.priority }
        if isSelah != other.isSelah { return isSelah }
        return rule < other.rule
    }

    /// Of two restrictions over one token, the one the shield speaks for (``outranks(_:)``); when
    /// both are gates or modes, it also names the other's way back.
    public func joined(with other: Reason) -> Reason {
        let (first, second) = outranks(other) ? (self, other) : (other, self)
        guard case .gated(let shown) = first, case .gated(let also) = second else { return first }
        return .gated(shown.adding(also))
    }

    private var isSelah: Bool {
        if case .gated(let label) = self { return label.path == .selah }
        return false
    }
}
