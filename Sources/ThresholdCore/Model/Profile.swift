/// A named restriction the person set up: what to shield, how strictly, when, and what gets
/// through. Key's Work / Study / Sleep, Earned Access's modes and Present's session setups
/// are all profiles; they differ in `path`, policies and schedules.
public struct Profile: Hashable, Codable, Sendable, Identifiable {
    public let id: ProfileID
    public let name: String
    public let emoji: String
    public let path: Pathway
    public let selection: Selection
    public let listMode: ListMode
    public let strictness: Strictness
    public let unlockPolicy: UnlockPolicy
    /// Grants from these rituals lift this restriction: the policy as offered at its
    /// strictness (in display order), and none when locked.
    public let acceptedRituals: [RitualKind]
    public let breakPolicy: BreakPolicy
    /// When the profile runs by itself. Empty: only when started (by key, in-app or Shortcut).
    public let schedules: [Schedule]
    /// How many minutes before each scheduled start a heads-up notification comes; 0 for none.
    public let headsUpMinutes: Int
    /// What it adds while on: the adult-website filter, typed websites, no app installs.
    public let strict: StrictOptions
    /// A profile for rest, not focus (Key's Sleep): its time earns nothing (no credits, no XP)
    /// and counts toward no focus figure (minutes focused, days of focus, records).
    public let isRest: Bool

    /// Five minutes, unless the person chooses otherwise (seed 004).
    public static let defaultHeadsUpMinutes = 5
    /// What the profile editor offers; 0 is none.
    public static let headsUpChoices = [0, 1, 5, 10, 15, 30]

    /// iOS accepts at most this many exceptions in `.all(except:)`.
    public static let maximumAllowListExceptions = 50

    /// How screens name it: its emoji and name, "💼 Work".
    public var title: String { "\(emoji) \(name)" }

    public init(
        id: ProfileID,
        name: String,
        emoji: String,
        path: Pathway,
        selection: Selection,
        listMode: ListMode = .blockList,
        strictness: Strictness = .gentle,
        unlockPolicy: UnlockPolicy = .none,
        breakPolicy: BreakPolicy = .none,
        schedules: [Schedule] = [],
        headsUpMinutes: Int = Profile.defaultHeadsUpMinutes,
        strict: StrictOptions? = nil,
        isRest: Bool = false
    ) throws {
        let label = "profile “\(name)”"
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else {
            throw ValidationError("profile \(id)", .profileNameMissing)
        }
        guard trimmed.count <= 40 else {
            throw ValidationError(label, .nameTooLong(limit: 40))
        }
        guard emoji.count == 1,
            emoji.unicodeScalars.contains(where: { $0.properties.isEmojiPresentation || $0.properties.isEmoji && $0.value > 0xFF })
        else {
            throw ValidationError(label, .notOneEmoji(emoji))
        }
        // NB: a block list that holds nothing is a timer's (``Settings/timerOnly``): whether one
        // may be saved is the store's rule (``ChangeContext/run(_:on:)``), not the profile's.
        switch listMode {
        case .blockList:
            break
        case .allowList:
            guard selection.categories.isEmpty else {
                throw ValidationError(label, .allowListCategories)
            }
            guard selection.applications.count <= Profile.maximumAllowListExceptions,
                selection.webDomains.count <= Profile.maximumAllowListExceptions
            else {
                throw ValidationError(
                    label,
                    .allowListTooMany(
                        limit: Profile.maximumAllowListExceptions, apps: selection.applications.count, websites: selection.webDomains.count)
                )
            }
        }
        let strict = strict ?? .standard(for: strictness)
        try ValidationError.inside(label) { try StrictOptions.check(count: strict.blockedWebsites.count) }
        guard (0...60).contains(headsUpMinutes) else {
            throw ValidationError(label, .headsUpTooEarly(minutes: headsUpMinutes))
        }
        var seen = Set<ScheduleID>()
        for schedule in schedules where !seen.insert(schedule.id).inserted {
            throw ValidationError(label, .invariant(.duplicateID(kind: "schedule", id: schedule.id.rawValue)))
        }
        if path.isSessionPath {
            // Seed 001 §4: a scheduled session lasts 20 minutes to 12 hours. Modes (gates by
            // schedule) may run any length.
            for schedule in schedules { try ValidationError.inside(label) { try SessionLimits.check(schedule) } }
        }
        self.id = id
        self.name = trimmed
        self.emoji = emoji
        self.path = path
        self.selection = selection
        self.listMode = listMode
        self.strictness = strictness
        self.unlockPolicy = unlockPolicy
        self.acceptedRituals = strictness == .locked ? [] : unlockPolicy.offered(under: strictness).rituals.sorted()
        self.breakPolicy = breakPolicy
        self.schedules = schedules
        self.headsUpMinutes = headsUpMinutes
        self.strict = strict
        self.isRest = isRest
    }

    private enum CodingKeys: String, CodingKey {
        case id, name, emoji, path, selection, listMode, strictness, unlockPolicy, breakPolicy, schedules, headsUpMinutes, strict
        case isRest = "rest"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let id = try c.decode(ProfileID.self, forKey: .id)
        let name = try c.decode(String.self, forKey: .name)
        let emoji = try c.decode(String.self, forKey: .emoji)
        let path = try c.decode(Pathway.self, forKey: .path)
        let selection = try c.decode(Selection.self, forKey: .selection)
        let listMode = try c.decodeIfPresent(ListMode.self, forKey: .listMode) ?? .blockList
        let strictness = try c.decodeIfPresent(Strictness.self, forKey: .strictness) ?? .gentle
        let unlockPolicy = try c.decodeIfPresent(UnlockPolicy.self, forKey: .unlockPolicy) ?? .none
        let breakPolicy = try c.decodeIfPresent(BreakPolicy.self, forKey: .breakPolicy) ?? .none
        let schedules = try c.decodeIfPresent([Schedule].self, forKey: .schedules) ?? []
        let headsUp = try c.decodeIfPresent(Int.self, forKey: .headsUpMinutes) ?? Profile.defaultHeadsUpMinutes
        // A profile saved before these options had none, but Beast Mode denies app installs.
        let strict = try c.decodeIfPresent(StrictOptions.self, forKey: .strict)
        // A profile saved before rest was kept is rest when it is Key's Sleep preset.
        let isRest = try c.decodeIfPresent(Bool.self, forKey: .isRest) ?? (id == ProfilePreset.sleep.id)
        self = try validatingDecode(decoder) {
            try Profile(
                id: id, name: name, emoji: emoji, path: path, selection: selection, listMode: listMode,
                strictness: strictness, unlockPolicy: unlockPolicy, breakPolicy: breakPolicy, schedules: schedules,
                headsUpMinutes: headsUp, strict: strict, isRest: isRest)
        }
    }
}
