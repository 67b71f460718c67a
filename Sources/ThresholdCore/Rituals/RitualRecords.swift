import Foundation

/// What unlock rituals remember between opens (emergency uses, key taps, the prayer in
/// progress and the recent ones), saved with the rest of the state so that a
/// write can check limits and duplicates atomically.
public struct RitualRecords: Hashable, Codable, Sendable {
    /// When emergency unlocks were used: the last eight days' worth, enough for every limit.
    public var emergencyUses: [Date] = []
    /// When quests were completed before they were counted per mode: each counts against every
    /// mode (the last two days' worth, ``QuestAllowance``).
    public var questUses: [Date] = []
    /// When quests were completed, per mode whose apps they opened (by ``RuleRef/linkValue``):
    /// each mode has its own cooldown and daily number (PRODUCT.md); the last two days' worth.
    public var questUsesByMode: [String: [Date]] = [:]
    /// The last accepted tap of each tag, to recognise the same tap delivered twice.
    public var lastKeyTaps: [KeyTap] = []
    /// The prayer begun and not finished, resumed on the next open.
    public var prayer: PrayerProgress?
    /// The prayers shown lately, most recent first, which the selector avoids repeating.
    public var recentPrayers: [PrayerTemplateID] = []
    /// When an intention's shield, its day's opens used, asked "Are you sure?" (the first press
    /// of "Open <App>"); the question stands for ``askStands``.
    public var intentionAsked: [IntentionID: Date] = [:]
    /// How long an intention's "Are you sure?" stays on its shield.
    public static let askStands: TimeInterval = 60

    public init() {}

    /// Whether the intention's shield asks "Are you sure?" at `now`.
    public func isAsking(_ intention: IntentionID, at now: Date) -> Bool {
        intentionAsked[intention].map { now >= $0 && now.timeIntervalSince($0) < Self.askStands } ?? false
    }

    /// Checks a completion against what the state says at `now`, the moment it is recorded: the
    /// screen's view may be stale (another process, a slow person). Throws, changing nothing,
    /// when it must be refused.
    /// `modes` are the restrictions a quest opens the app through, each held to its own allowance
    /// (none known: the allowance of all quests together).
    public func admit(_ completion: RitualCompletion, at now: Date, policy: EmergencyPolicy, timeZone: TimeZone,
                      modes: [RuleRef] = []) throws {
        switch completion.record.detail {
        case .emergency:
            let allowance = EmergencyAllowance(uses: emergencyUses, policy: policy, at: now, timeZone: timeZone)
            if case .unavailable(let reason) = allowance.eligibility { throw ValidationError("unlock", .disabled(reason)) }
        case .breathing, .copyText:
            let allowance = questAllowance(for: modes, at: now, timeZone: timeZone)
            if case .unavailable(let reason) = allowance.eligibility { throw ValidationError("unlock", .disabled(reason)) }
        default:
            break
        }
    }

    /// The quests counted against `mode`: its own, and those completed before quests were
    /// counted per mode.
    public func questUses(of mode: RuleRef) -> [Date] {
        guard let own = questUsesByMode[mode.linkValue] else { return questUses }
        return questUses.isEmpty ? own : (questUses + own).sorted()
    }

    /// The allowance a quest through `modes` meets: the one of them that binds longest (fail
    /// closed), or, with none, the allowance of every quest together.
    public func questAllowance(for modes: [RuleRef], at now: Date, timeZone: TimeZone) -> QuestAllowance {
        guard !modes.isEmpty else {
            return QuestAllowance(uses: questUses + questUsesByMode.values.flatMap { $0 }, at: now, timeZone: timeZone)
        }
        return modes.map { QuestAllowance(uses: questUses(of: $0), at: now, timeZone: timeZone) }.max { a, b in
            switch (a.eligibility, b.eligibility) {
            case (.available, .available): a.usedToday < b.usedToday
            case (.available, .unavailable): true
            case (.unavailable, .available): false
            case (.unavailable(let x), .unavailable(let y)): (x.availableAt ?? .distantFuture) < (y.availableAt ?? .distantFuture)
            }
        }!
    }

    /// Remembers what a completion recorded at `now` changes for later ones; a quest counts
    /// against each of `modes` (none known: against all quests together).
    public mutating func note(_ completion: RitualCompletion, at now: Date, modes: [RuleRef] = []) {
        switch completion.record.detail {
        case .emergency:
            let at = now
            emergencyUses = (emergencyUses + [at]).filter { at.timeIntervalSince($0) < 8 * 86_400 }.sorted()
        case .breathing, .copyText:
            if modes.isEmpty { questUses = QuestAllowance.pruned(questUses, adding: now) }
            for mode in modes { questUsesByMode[mode.linkValue] = QuestAllowance.pruned(questUsesByMode[mode.linkValue] ?? [], adding: now) }
        case .prayer(let prayed):
            prayer = nil
            recentPrayers = Array(([prayed.templateID] + recentPrayers.filter { $0 != prayed.templateID }).prefix(PrayerRitual.recentCount))
        default:
            break
        }
    }

    /// Remembers an accepted tap as its tag's latest.
    public mutating func note(_ tap: KeyTap) {
        lastKeyTaps = lastKeyTaps.filter { $0.tag != tap.tag } + [tap]
    }

    private enum CodingKeys: String, CodingKey { case emergencyUses, questUses, questUsesByMode, lastKeyTaps, prayer, recentPrayers, intentionAsked }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        emergencyUses = try c.decodeIfPresent([Date].self, forKey: .emergencyUses) ?? []
        questUses = try c.decodeIfPresent([Date].self, forKey: .questUses) ?? []
        questUsesByMode = try c.decodeIfPresent([String: [Date]].self, forKey: .questUsesByMode) ?? [:]
        lastKeyTaps = try c.decodeIfPresent([KeyTap].self, forKey: .lastKeyTaps) ?? []
        prayer = try c.decodeIfPresent(PrayerProgress.self, forKey: .prayer)
        recentPrayers = try c.decodeIfPresent([PrayerTemplateID].self, forKey: .recentPrayers) ?? []
        intentionAsked = try c.decodeIfPresent([IntentionID: Date].self, forKey: .intentionAsked) ?? [:]
    }
}
