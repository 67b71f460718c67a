import EntryPoints
import Foundation
import ScreenTimeClient
import StoreClient
import ThresholdCore
import ThresholdKeys
import ThresholdRuntime

extension RitualClient {
    /// The app's client: writes go through the reconciler (`Runtime`), so a grant lifts the
    /// shields in the same step and a refusal leaves them as they were.
    /// `seed` is the system's random source in the app; the simulated phone passes a seeded one
    /// so that a scenario's prayers, problems and passages are the same on every run.
    /// `runtime` must publish to `state` (``AppClient`` makes both).
    package static func live(
        runtime: Runtime, library: @escaping @Sendable () throws -> PrayerLibrary, language: ContentLanguage,
        seed: @escaping @Sendable () -> UInt64, state: AppState
    ) -> RitualClient {
        RitualClient(
            load: { try runtime.store.read() },
            clock: { runtime.clock.reading() },
            calendar: { runtime.clock.calendar },
            seed: seed,
            library: library,
            complete: { completion in
                let trigger = Trigger.inApp("ritual: \(completion.record.ritual?.rawValue ?? "intention open")")
                let (done, completed) = runtime.reconcile(trigger, returning: CompleteRitual(completion))
                if let problem = done.problem { return .refused(problem) }
                // What the shields as applied stopped holding: the reconcile's own answer.
                var letThrough = Set<AnyToken>()
                if let after = done.outcome.enforcement, let completed {
                    letThrough = after.letThrough(since: completed.before, naming: completed.naming)
                }
                return .unlocked(until: completed?.grant?.end, minutes: completed?.grant.map(\.minutes), letThrough: letThrough)
            },
            savePrayer: { progress in try runtime.reconcile(.inApp("prayer in progress"), command: SavePrayerProgress(progress)).done() },
            recordChoice: { choice in try runtime.reconcile(.inApp("shield choice"), command: RecordShieldChoice(choice)).done() },
            tapKey: { tag, secret in
                let (done, outcome) = runtime.reconcile(.inApp("key tap"), returning: TapKey(tag, secret: secret))
                try done.done()
                guard let outcome else { throw Problem.refused(.unexpected("a key tap returned nothing")) }
                return outcome
            },
            session: { request in runtime.reconcile(.inApp("key: \(request)"), command: request.command).problem },
            focusStreak: { try focusStreak(runtime.store, now: runtime.clock.reading().wall, calendar: runtime.clock.calendar) },
            language: language,
            state: state)
    }
}
