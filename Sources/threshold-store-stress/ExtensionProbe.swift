import Foundation
import StoreClient
import ThresholdCore
import ThresholdStore

/// What the DeviceActivity monitor extension does with the store on one reconcile, without the
/// engine: open as an extension, read the state, write the applied record and one event.
enum ExtensionProbe {
    static func reconcile(in directory: URL) throws {
        let store = try ThresholdStore.open(directory: directory, role: .appExtension)
        let now = Date()
        let state = try store.read()
        try store.write { transaction in
            transaction.state.applied.appliedAt = now
            transaction.record(
                .sessionEnded(
                    id: state.engine.sessions.first?.id ?? "none",
                    ending: Session.Ending(at: now, state: .completed)), at: now)
        }
    }

    /// A set-up of the size a person has after a few weeks: three profiles with schedules, two
    /// gates, four intentions, a live session and a handful of grants.
    static func realisticState(at now: Date) throws -> StoredState {
        let apps: [AppToken] = (1...12).map { AppToken(data: Data(repeating: UInt8($0), count: 96)) }
        let weekdays: Set<Weekday> = [.monday, .tuesday, .wednesday, .thursday, .friday]
        let workday = try Schedule(id: "day", weekdays: weekdays, start: LocalTime(hour: 9), end: LocalTime(hour: 17))
        let profiles: [Profile] = try (0..<3).map { (index: Int) -> Profile in
            let chosen = Selection(applications: Set(apps[(index * 3)..<(index * 3 + 4)]))
            return try Profile(
                id: ProfileID("profile-\(index)"), name: "Profile \(index)", emoji: "🎯", path: .key,
                selection: chosen, unlockPolicy: .earnedAccess, breakPolicy: .fivePerHour,
                schedules: [workday])
        }
        let gates = try (0..<2).map { index in
            try Gate(
                id: GateID("gate-\(index)"), name: "Gate \(index)", path: .selah,
                selection: Selection(applications: [apps[index + 9]]), unlockPolicy: .prayer)
        }
        let intentions = try (0..<4).map { index in
            try Intention(id: IntentionID("intention-\(index)"), app: apps[index], opensPerDay: 3, minutesPerOpen: 5)
        }
        let session = try Session(
            id: "live", profileID: "profile-0", origin: .key, start: now.addingTimeInterval(-600),
            plan: .goal(minutes: 60))
        let grants: [Grant] = try (0..<5).map { (index: Int) -> Grant in
            let start = now.addingTimeInterval(Double(index * 600 - 3_600))
            return try Grant(
                id: GrantID("grant-\(index)"), scope: .token(.app(apps[index % 4])), start: start,
                end: start.addingTimeInterval(300), origin: .intentionOpen(IntentionID("intention-\(index % 4)")))
        }
        let engine = try ThresholdState(
            profiles: profiles, gates: gates, intentions: intentions, sessions: [session],
            grants: grants)
        var state = StoredState(engine: engine)
        state.settings.onboardingCompleted = true
        let calendar = Calendar(identifier: .gregorian)
        let enforcement = evaluate(engine, at: now, calendar: calendar)
        state.applied.stores = enforcement.stores.map(AppliedStore.init)
        state.applied.evaluated = EvaluationPoint(TrustedTime(agreed: now), calendar: calendar)
        state.applied.appliedAt = now
        return state
    }
}
