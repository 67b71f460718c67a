import EntryPoints
import Foundation
import StoreClient
import ThresholdCore
import ThresholdKeys
import ThresholdRuntime

extension RitualClient {
    /// The app's client: writes go through the reconciler (`Runtime`), so a grant lifts the
    /// shields in the same step and a refusal leaves them as they were.
    /// `seed` is the system's random source in the app; the simulated phone passes a seeded one
    /// so that a scenario's prayers, problems and passages are the same on every run.
    public static func live(runtime: Runtime, library: @escaping @Sendable () throws -> PrayerLibrary,
                            seed: @escaping @Sendable () -> UInt64 = { UInt64.random(in: .min ... .max) }) -> RitualClient {
        let keys = KeyRing(store: runtime.store, calendar: runtime.clock.calendar)
        return RitualClient(
            load: { try runtime.store.read() },
            clock: { runtime.clock.reading() },
            calendar: { runtime.clock.calendar },
            seed: seed,
            library: library,
            complete: { completion in
                var grant: Grant?
                var before: (Enforcement, ThresholdState)?
                let done = runtime.reconcile(.inApp("ritual: \(completion.record.ritual?.rawValue ?? "intention open")")) { tx, context in
                    before = (evaluate(tx.state.engine, at: context.now, calendar: context.calendar), tx.state.engine)
                    grant = try tx.complete(completion, at: context.now, calendar: context.calendar, ids: context.ids)
                }
                if let problem = done.problem { return .refused(problem) }
                // What the shields as applied stopped holding: the reconcile's own answer.
                var letThrough = Set<AnyToken>()
                if let after = done.outcome.enforcement, let (enforcement, state) = before {
                    letThrough = after.letThrough(since: enforcement, naming: state)
                }
                return .unlocked(until: grant?.end, minutes: grant.map(\.minutes), letThrough: letThrough)
            },
            savePrayer: { progress in try runtime.store.write { $0.state.rituals.prayer = progress } },
            recordChoice: { choice in
                try runtime.store.write { $0.record(.shieldChoice(choice), at: runtime.clock.reading().wall) }
            },
            tapKey: { tag, secret in try keys.tap(tag, secret: secret, at: runtime.clock.reading().wall) },
            session: { request in runtime.reconcile(.inApp("key: \(request)"), command: request.command).problem },
            focusStreak: { try focusStreak(runtime.store, now: runtime.clock.reading().wall, calendar: runtime.clock.calendar) })
    }
}

extension RitualClient {
    /// A client over a store alone: the same writes, no shields. For tests and previews; `ids`
    /// and `seed` make runs repeatable.
    public static func inMemory(
        _ store: any StoreClient,
        clock: @escaping @Sendable () -> ClockReading,
        calendar: Calendar,
        ids: IDGenerator = .counting(),
        seed: @escaping @Sendable () -> UInt64 = { 1 },
        library: @escaping @Sendable () throws -> PrayerLibrary
    ) -> RitualClient {
        let keys = KeyRing(store: store, calendar: calendar)
        return RitualClient(
            load: { try store.read() },
            clock: clock,
            calendar: { calendar },
            seed: seed,
            library: library,
            complete: { completion in
                do {
                    let now = clock().wall
                    let (grant, letThrough) = try store.write { tx -> (Grant?, Set<AnyToken>) in
                        let state = tx.state.engine
                        let before = evaluate(state, at: now, calendar: calendar)
                        let grant = try tx.complete(completion, at: now, calendar: calendar, ids: ids)
                        return (grant, evaluate(tx.state.engine, at: now, calendar: calendar).letThrough(since: before, naming: state))
                    }
                    return .unlocked(until: grant?.end, minutes: grant.map(\.minutes), letThrough: letThrough)
                } catch {
                    return .refused(problem(error))
                }
            },
            savePrayer: { progress in try store.write { $0.state.rituals.prayer = progress } },
            recordChoice: { choice in try store.write { $0.record(.shieldChoice(choice), at: clock().wall) } },
            tapKey: { tag, secret in try keys.tap(tag, secret: secret, at: clock().wall) },
            session: { request in
                do {
                    _ = try store.write { try $0.run(request.command, at: clock().wall, calendar: calendar, ids: ids) }
                    return nil
                } catch {
                    return problem(error)
                }
            },
            focusStreak: { try focusStreak(store, now: clock().wall, calendar: calendar) })
    }
}

/// What to tell the person about an error: a validation error's message, else its description.
func problem(_ error: any Error) -> Problem { Problem(error) }
