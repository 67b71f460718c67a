import Foundation

/// What unlock rituals remember between opens (emergency uses, key taps, the prayer in
/// progress and the recent ones), saved with the rest of the state so that a
/// write can check limits and duplicates atomically.
public struct RitualRecords: Hashable, Codable, Sendable {
    /// When emergency unlocks were used: the last eight days' worth, enough for every limit.
    public var emergencyUses: [Date] = []
    /// When quests were completed, once for each mode whose apps they opened (the last two days'
    /// worth, ``QuestAllowance``): each mode has its own cooldown and daily number (PRODUCT.md).
    public private(set) var questUses: [Date] = []
    /// The mode each of ``questUses`` counts against, by index (``RuleRef/linkValue``); one with
    /// none (recorded before quests were counted per mode, or through no known mode) counts
    /// against every mode. NB: two plain arrays, not a map of arrays, so a monitor callback that
    /// decodes them instantiates no generic type it did not already need.
    public private(set) var questModes: [String] = []
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
    public func admit(
        _ completion: RitualCompletion, at now: Date, policy: EmergencyPolicy, timeZone: TimeZone,
        modes: [RuleRef] = []
    ) throws {
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
        let key = mode.linkValue
        return questUses.indices.filter { questMode(at: $0).isEmpty || questMode(at: $0) == key }.map { questUses[$0] }
    }

    /// The mode the quest at `index` counts against; "" (every mode) when none was kept.
    private func questMode(at index: Int) -> String { index < questModes.count ? questModes[index] : "" }

    /// The allowance a quest through `modes` meets: the one of them that binds longest (fail
    /// closed), or, with none, the allowance of every quest together.
    public func questAllowance(for modes: [RuleRef], at now: Date, timeZone: TimeZone) -> QuestAllowance {
        guard !modes.isEmpty else {
            return QuestAllowance(uses: Array(Set(questUses)), at: now, timeZone: timeZone)
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
            noteQuest(at: now, modes: modes.isEmpty ? [""] : modes.map(\.linkValue))
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

    /// Keeps the last two days' quests, with `now`'s once for each of `modes` ("": every mode).
    private mutating func noteQuest(at now: Date, modes: [String]) {
        var uses = questUses.indices.map { (questUses[$0], questMode(at: $0)) } + modes.map { (now, $0) }
        uses = uses.filter { now.timeIntervalSince($0.0) < 2 * 86_400 }.sorted { $0.0 < $1.0 }
        questUses = uses.map(\.0)
        questModes = uses.map(\.1)
    }

    private enum CodingKeys: String, CodingKey {
        case emergencyUses, questUses, questModes, lastKeyTaps, prayer, recentPrayers, intentionAsked
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        emergencyUses = try c.decodeIfPresent([Date].self, forKey: .emergencyUses) ?? []
        questUses = try c.decodeIfPresent([Date].self, forKey: .questUses) ?? []
        questModes = try c.decodeIfPresent([String].self, forKey: .questModes) ?? []
        lastKeyTaps = try c.decodeIfPresent([KeyTap].self, forKey: .lastKeyTaps) ?? []
        prayer = try c.decodeIfPresent(PrayerProgress.self, forKey: .prayer)
        recentPrayers = try c.decodeIfPresent([PrayerTemplateID].self, forKey: .recentPrayers) ?? []
        intentionAsked = try c.decodeIfPresent([IntentionID: Date].self, forKey: .intentionAsked) ?? [:]
    }
}
