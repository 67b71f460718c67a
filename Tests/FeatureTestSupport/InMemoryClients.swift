import EntryPoints
import FeatureClient
import Foundation
import InMemoryClients
import ScreenTimeClient
import StoreClient
import ThresholdCore
import ThresholdRuntime

// The app's clients over a store alone: the same runtime and commands as the app's, with a Screen
// Time stand-in that enforces nothing. For tests of a model that no shield is looked at in; the
// journeys use the simulated iPhone (`Device`).

extension AppClient {
    /// `ids` are counted, so runs repeat.
    public static func inMemory(
        _ store: any StoreClient = InMemoryStore(),
        clock: @escaping @Sendable () -> ClockReading = {
            ClockReading(wall: Date(), uptime: ProcessInfo.processInfo.systemUptime, bootID: "in-memory")
        },
        calendar: Calendar = Calendar(identifier: .gregorian),
        authorization: AuthorizationClient = .approved,
        library: @escaping @Sendable () throws -> PrayerLibrary
    ) -> AppClient {
        AppClient(
            runtime: .inMemory(store, clock: clock, calendar: calendar, ids: .counting(prefix: "in-memory-")),
            authorization: authorization, library: library, random: { 4 })
    }
}

extension RitualClient {
    /// `ids` and `seed` make runs repeatable.
    public static func inMemory(
        _ store: any StoreClient,
        clock: @escaping @Sendable () -> ClockReading,
        calendar: Calendar,
        ids: IDGenerator = .counting(),
        seed: @escaping @Sendable () -> UInt64 = { 1 },
        library: @escaping @Sendable () throws -> PrayerLibrary,
        language: ContentLanguage = .english
    ) -> RitualClient {
        let state = AppState()
        let runtime = Runtime.inMemory(store, clock: clock, calendar: calendar, ids: ids).publishing(to: state)
        return .live(runtime: runtime, library: library, language: language, seed: seed, state: state)
    }
}

extension Runtime {
    /// The real reconciler over `store`, with a Screen Time that enforces nothing and no device
    /// restrictions to set: what both clients above run on.
    static func inMemory(
        _ store: any StoreClient, clock: @escaping @Sendable () -> ClockReading, calendar: Calendar, ids: IDGenerator
    ) -> Runtime {
        let deviceClock = DeviceClock(reading: clock, timeZone: { calendar.timeZone })
        let reconciler = Reconciler(store: store, screenTime: .standIn(), clock: deviceClock, ids: ids)
        return Runtime(reconciler: reconciler, restrictions: DeviceRestrictionsClient { _ in })
    }
}
