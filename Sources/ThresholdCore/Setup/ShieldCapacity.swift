import Foundation

/// Whether iOS can hold a new selection, asked of the engine itself: the selection is evaluated
/// as a restriction in force together with everything the state shields now, and packed into
/// named stores exactly as the shields would be (``CapacityError``). No second rule of what fits.
public enum ShieldCapacity {
    /// Throws, in words the person can act on, when `selection` is empty, breaks a list mode's
    /// limits (an allow list keeps at most 50 apps open and no categories), or would need more
    /// than iOS can shield alongside the restrictions in force at `now`.
    public static func check(
        _ selection: Selection, listMode: ListMode = .blockList, alongside state: ThresholdState,
        at now: Date, calendar: Calendar
    ) throws {
        // A pick of nothing to block shields nothing: refused (only a timer's profile holds nothing).
        if selection.blocksNothing(as: listMode) { throw ValidationError("selection", .nothingToBlock) }
        var id = ProfileID("capacity-check")
        while state.profile(id) != nil { id = ProfileID(id.rawValue + "-") }
        let probe: Profile
        do {
            // Locked, so no grant lifts it: the whole selection is shielded.
            probe = try Profile(
                id: id, name: "New selection", emoji: "🔒", path: .key, selection: selection,
                listMode: listMode, strictness: .locked)
        } catch let error as ValidationError {
            throw ValidationError("selection", error.refusal)
        }
        let session = try Session(id: SessionID(id.rawValue), profileID: id, origin: .manual, start: now, plan: .openEnded)
        let before = evaluate(state, at: now, calendar: calendar).capacityError
        let after = evaluate(
            try state.with(profiles: state.profiles + [probe], sessions: state.sessions + [session]),
            at: now, calendar: calendar
        ).capacityError
        if let after, after != before {
            throw ValidationError("selection", .beyondShieldCapacity(after))
        }
    }
}
