import Foundation
import ScenarioSetup
import ScenarioSteps
import ScreenTimeSimulator
import StoreClient
import ThresholdCore
import ThresholdStore

/// A simulated phone kept in a folder between runs of `play --data DIR`: Threshold's own
/// database (the real store, `threshold.sqlite`) and the phone's state (`phone.json`: its
/// clock, shields, registered activities, inbox, Live Activity).
struct PhoneData {
    static let phoneFile = "phone.json"

    let directory: URL
    var phoneURL: URL { directory.appendingPathComponent(Self.phoneFile) }

    /// The phone in the folder, or a new one set up as `scenario` says when the folder holds none.
    /// Returns the scenario to read steps against (its apps and profiles are the phone's).
    func open(startingAs scenario: Scenario) throws -> (SimulatedPhone, Scenario) {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        // The store reads the phone's virtual clock, which exists only once the phone does.
        let clock = ClockBox()
        let store = try ThresholdStore.open(
            directory: directory, role: .app,
            clock: StoreClock(now: { clock.now }, timeZone: { clock.zone }))
        let phone: SimulatedPhone
        if let data = FileManager.default.contents(atPath: phoneURL.path) {
            let snapshot = try JSONDecoder().decode(SimulatedPhone.Snapshot.self, from: data)
            clock.set(snapshot.clock)
            // Ids must not repeat those already in the database: this run's carry its start.
            let prefix = "\(snapshot.clock.bootID)-\(Int(snapshot.clock.wall.timeIntervalSince1970))-"
            phone = SimulatedPhone(snapshot: snapshot, store: store, ids: .counting(prefix: prefix))
            // NB: the snapshot does not keep the simulated App Store; it holds again the subscription
            // the saved plan had, so a Pro phone is still Pro on the next run.
            phone.appStore.resume(matching: try phone.savedState().plan.status)
        } else {
            clock.set(VirtualClock(wall: scenario.setup.start, timeZone: scenario.setup.timeZone))
            phone = try scenario.setup.makePhone(store: store)
        }
        clock.follow(phone)
        var setup = scenario.setup
        setup.catalogue = phone.catalogue
        setup.timeZone = phone.clock.timeZone
        setup.state = try store.read().engine
        setup.freshInstall = false
        return (phone, Scenario(file: directory.path, name: "play", setup: setup, steps: []))
    }

    /// Saves the phone's state beside the database.
    func save(_ phone: SimulatedPhone) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        try encoder.encode(phone.snapshot).write(to: phoneURL, options: .atomic)
    }

    /// The phone's clock as the store reads it.
    private final class ClockBox: @unchecked Sendable {
        // NB: an NSLock guards the fields (`Mutex` is not in the iOS 17 SDK).
        private let lock = NSLock()
        private var fixed: VirtualClock?
        private weak var phone: SimulatedPhone?

        func set(_ clock: VirtualClock) { lock.withLock { fixed = clock } }
        func follow(_ phone: SimulatedPhone) { lock.withLock { self.phone = phone } }
        private var current: VirtualClock? { lock.withLock { phone?.clock ?? fixed } }
        var now: Date { current?.wall ?? Date(timeIntervalSince1970: 0) }
        var zone: TimeZone { current?.timeZone ?? .gmt }
    }
}
