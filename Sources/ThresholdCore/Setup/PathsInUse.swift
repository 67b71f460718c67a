import Foundation

extension Pathway {
    /// The accounts it earns on: Earned Access banks credits; Present earns XP and coins.
    public var accounts: [Account] {
        switch self {
        case .earnedAccess: [.credits]
        case .present: [.xp, .coins]
        case .selah, .challenge, .key: []
        }
    }
}

extension Set where Element == Pathway {
    /// Whether one of these paths runs sessions: Present's and Key's, and the focus that banks
    /// Earned Access's credits (the Session tab, the focus figures).
    public var runsSessions: Bool { !isDisjoint(with: [.present, .key, .earnedAccess]) }
}

extension ThresholdState {
    /// The latest of `profile`'s sessions that has ended, if one has.
    public func lastEnded(of profile: ProfileID) -> Session? {
        sessions.filter { $0.profileID == profile && $0.ending != nil }.max { $0.ending!.at < $1.ending!.at }
    }

    /// The profile the plain start link starts (seed 004's card written with the app's start link):
    /// the one whose session started last, among those that still exist and run sessions; else
    /// Key's first profile; else the first that runs sessions. `nil` when there is none.
    public var lastUsedProfile: Profile? {
        let startable = profiles.filter { $0.path.isSessionPath }
        let byID = Dictionary(startable.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        if let latest = sessions.filter({ byID[$0.profileID] != nil }).max(by: { $0.start < $1.start }) { return byID[latest.profileID] }
        return startable.first { $0.path == .key } ?? startable.first
    }

    /// The sessions among `sessions` that count as focus: every one but a rest profile's (Sleep,
    /// ``Profile/isRest``), whose time is not focus.
    public func focus(_ sessions: [Session]) -> [Session] {
        let rest = Set(profiles.filter(\.isRest).map(\.id))
        return rest.isEmpty ? sessions : sessions.filter { !rest.contains($0.profileID) }
    }

    /// The paths its restrictions belong to: each gate's and profile's, and Present's for an
    /// intention.
    public var heldPaths: Set<Pathway> {
        var paths = Set(gates.map(\.path) + profiles.map(\.path))
        if !intentions.isEmpty { paths.insert(.present) }
        return paths
    }
}

extension StoredState {
    /// The paths the person uses, which decide what every screen shows (PRODUCT.md, "Each person
    /// gets the app they came for"): those onboarding chose, or a restriction made later brought
    /// (``Settings/paths``), for as long as one of their restrictions remains.
    ///
    /// Earned Access's Focus profile is a Present-path session (the focus that earns its credits):
    /// where the person chose Earned Access and not Present, it is Earned Access's and shows no
    /// Present. A state saved before the choice was kept uses every path its restrictions hold.
    public var paths: Set<Pathway> {
        var held = engine.heldPaths
        if settings.screenTime != nil { held.insert(.present) }
        guard let chosen = settings.paths else { return held }
        var paths = held.intersection(chosen)
        if held.contains(.present), presentIsEarnedAccessFocus { paths.insert(.earnedAccess) }
        return paths
    }

    /// Whether a Present-path profile is Earned Access's focus: the person chose Earned Access
    /// and not Present.
    var presentIsEarnedAccessFocus: Bool {
        guard let chosen = settings.paths else { return false }
        return !chosen.contains(.present) && chosen.contains(.earnedAccess)
    }

    /// The accounts the paths in use keep: Earned Access's credits, Present's XP and coins.
    public var keptAccounts: Set<Account> { Set(paths.flatMap(\.accounts)) }

    /// The path `profile` belongs to as the person sees it: its own, but Earned Access's for the
    /// Present-path Focus profile of a person who chose Earned Access and not Present.
    public func shownPath(of profile: Profile) -> Pathway {
        profile.path == .present && presentIsEarnedAccessFocus ? .earnedAccess : profile.path
    }
}

extension Settings {
    /// Keeps the chosen paths in step with a change of the restrictions: a path whose first
    /// restriction `after` adds (a Key profile made in Profiles) is the person's from then on.
    mutating func notePaths(from before: ThresholdState, to after: ThresholdState) {
        guard var chosen = paths else { return }
        let added = after.heldPaths.subtracting(before.heldPaths)
        guard !added.isEmpty else { return }
        chosen.formUnion(added)
        paths = chosen
    }
}

extension StoredState {
    /// A reason as the person is shown it, in the paths they use: a reached goal promises XP only
    /// where XP is kept (Present in use), and Earned Access's focus session speaks as Earned
    /// Access's, not Present's (issue 34 items 3 and 4).
    public func shown(_ reason: Reason) -> Reason {
        func label(_ label: SessionLabel) -> SessionLabel {
            guard label.path == .present, presentIsEarnedAccessFocus else { return label }
            return SessionLabel(
                profileID: label.profileID, name: label.name, emoji: label.emoji, path: .earnedAccess, strictness: label.strictness)
        }
        switch reason {
        case .sessionActive(let session): return .sessionActive(label(session))
        case .sessionGoalReached(let session, let xp): return .sessionGoalReached(label(session), xp: keptAccounts.contains(.xp) ? xp : 0)
        default: return reason
        }
    }
}

/// Another path's restriction that holds some of the same apps as the one being edited: the
/// editor names it before saving, with the way it opens them (issue 34 item 2).
public struct SharedHolder: Hashable, Sendable {
    public let name: String
    public let path: Pathway
    /// How many of the edited pick it holds too.
    public let count: Int
    /// Whether it opens them by a ritual (a gate or a mode); otherwise it shields them while on.
    public let opens: Bool
    /// Whether it is a gate (named as its path is), not a profile.
    public let isGate: Bool
}

extension StoredState {
    /// The restrictions of other paths than `path` that hold something of `selection` too, by
    /// name; `except` is the restriction being edited.
    public func holders(sharing selection: Selection, path: Pathway, except rule: RuleRef?) -> [SharedHolder] {
        let tokens = selection.tokens
        guard !tokens.isEmpty else { return [] }
        var holders: [SharedHolder] = []
        for gate in engine.gates where RuleRef.gate(gate.id) != rule && gate.path != path {
            let count = gate.selection.tokens.intersection(tokens).count
            if count > 0 {
                holders.append(
                    SharedHolder(name: gate.name, path: gate.path, count: count, opens: !gate.unlockPolicy.rituals.isEmpty, isGate: true))
            }
        }
        for profile in engine.profiles where RuleRef.profile(profile.id) != rule && shownPath(of: profile) != path {
            let count = profile.listMode == .blockList ? profile.selection.tokens.intersection(tokens).count : 0
            if count > 0 {
                holders.append(
                    SharedHolder(
                        name: profile.title, path: shownPath(of: profile), count: count,
                        opens: !profile.unlockPolicy.rituals.isEmpty, isGate: false))
            }
        }
        return holders
    }
}
