import Foundation

/// Adds a profile, or replaces the one with its id: what the profile editor and onboarding save.
/// An addition past ``SetupBudget`` is refused.
///
/// A profile held by its locked (Beast Mode) session or scheduled span cannot be changed until
/// that ends: loosening it would be a way out that ending it is not. Any other profile may be
/// edited while it runs; its sessions carry on under the new rules.
public struct SaveProfile: Command {
    public let profile: Profile

    public init(_ profile: Profile) { self.profile = profile }

    public func apply(to state: inout ThresholdState, at now: Date, calendar: Calendar, ids: IDGenerator) throws -> [Event] {
        if let current = state.profiles.first(where: { $0.id == profile.id }) {
            try Self.requireUnlocked(current, in: state, at: now, calendar: calendar, doing: .changed)
        }
        let after = try state.with(profiles: state.profiles.upserting(profile))
        try SetupBudget.check(after, from: state, at: now, calendar: calendar)
        try StrictOptions.checkTogether(after, from: state)
        state = after
        return []
    }

    /// Throws the Beast Mode refusal when `profile` is held by a locked session or span at `now`.
    static func requireUnlocked(
        _ profile: Profile, in state: ThresholdState, at now: Date, calendar: Calendar, doing change: Refusal.ProfileChange
    ) throws {
        guard let until = ProfileInForce(profile, in: state, at: now, calendar: calendar).lockedUntil(at: now) else { return }
        throw ValidationError("profile “\(profile.name)”", .lockedAgainstChange(ProfileTitle(profile), change, until: until, now: now))
    }
}

/// Deletes a profile. Refused while it is on (end it first; a locked one cannot be ended early).
/// Its finished sessions leave the engine's state and stay in the history.
public struct DeleteProfile: Command {
    public let profile: ProfileID

    public init(_ profile: ProfileID) { self.profile = profile }

    public func apply(to state: inout ThresholdState, at now: Date, calendar: Calendar, ids: IDGenerator) throws -> [Event] {
        let profile = try state.requireProfile(self.profile)
        try SaveProfile.requireUnlocked(profile, in: state, at: now, calendar: calendar, doing: .deleted)
        guard !ProfileInForce(profile, in: state, at: now, calendar: calendar).isOn else {
            throw ValidationError("profile “\(profile.name)”", .onNowEndBeforeDeleting(ProfileTitle(profile)))
        }
        state = try state.with(
            profiles: state.profiles.filter { $0.id != profile.id },
            sessions: state.sessions.filter { $0.profileID != profile.id })
        return []
    }
}

/// Adds a gate, or replaces the one with its id (Selah's "pray to open", Challenge's "solve to open").
/// An addition past ``SetupBudget`` is refused.
public struct SaveGate: Command {
    public let gate: Gate

    public init(_ gate: Gate) { self.gate = gate }

    public func apply(to state: inout ThresholdState, at now: Date, calendar: Calendar, ids: IDGenerator) throws -> [Event] {
        let after = try state.with(gates: state.gates.upserting(gate))
        try SetupBudget.check(after, from: state, at: now, calendar: calendar)
        state = after
        return []
    }
}

/// Deletes a gate: what it shielded is let through at the next reconcile.
public struct DeleteGate: Command {
    public let gate: GateID

    public init(_ gate: GateID) { self.gate = gate }

    public func apply(to state: inout ThresholdState, at now: Date, calendar: Calendar, ids: IDGenerator) throws -> [Event] {
        guard state.gates.contains(where: { $0.id == gate }) else {
            throw ValidationError("gate \(gate)", .noSuchGate)
        }
        state = try state.with(gates: state.gates.filter { $0.id != gate })
        return []
    }
}

/// Adds an intention, or replaces the one with its id. Another intention for the same app is
/// refused (by the state's own check), and so is an addition past ``SetupBudget``.
public struct SaveIntention: Command {
    public let intention: Intention

    public init(_ intention: Intention) { self.intention = intention }

    public func apply(to state: inout ThresholdState, at now: Date, calendar: Calendar, ids: IDGenerator) throws -> [Event] {
        let after = try state.with(intentions: state.intentions.upserting(intention))
        try SetupBudget.check(after, from: state, at: now, calendar: calendar)
        state = after
        return []
    }
}

/// Deletes an intention; its opens leave the engine's state and stay in the history.
public struct DeleteIntention: Command {
    public let intention: IntentionID

    public init(_ intention: IntentionID) { self.intention = intention }

    public func apply(to state: inout ThresholdState, at now: Date, calendar: Calendar, ids: IDGenerator) throws -> [Event] {
        guard state.intention(intention) != nil else {
            throw ValidationError("intention \(intention)", .noSuchIntention)
        }
        state = try state.with(
            intentions: state.intentions.filter { $0.id != intention },
            grants: state.grants.filter { $0.origin != .intentionOpen(intention) })
        return []
    }
}

extension ProfileInForce {
    /// When a locked profile may first end, if it is held now by a session before its goal or end
    /// time, or by a scheduled span; `nil` when it is not locked or nothing holds it early.
    func lockedUntil(at now: Date) -> Date? {
        guard profile.strictness == .locked else { return nil }
        let ends = sessions.compactMap(EndSession.earliestFinish(of:)) + unrecordedSpans.map(\.span.end)
        return ends.filter { $0 > now }.max()
    }
}

extension Array where Element: Identifiable {
    /// The array with `element` in place of the one with its id, or added at the end.
    func upserting(_ element: Element) -> [Element] {
        var copy = self
        if let index = copy.firstIndex(where: { $0.id == element.id }) { copy[index] = element } else { copy.append(element) }
        return copy
    }
}
