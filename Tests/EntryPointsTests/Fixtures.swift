import EntryPoints
import Foundation
import InMemoryClients
import ScreenTimeClient
@_spi(Setup) import ScreenTimeSimulator
import StoreClient
import TestSupport
import ThresholdCore

/// Monday 2 March 2026, 10:00 in New York: an ordinary weekday morning.
let monday = at("2026-03-02 10:00")

/// A simulated iPhone with `setup`, already reconciled once by the app.
func phone(_ setup: ThresholdState, store: InMemoryStore = InMemoryStore()) throws -> SimulatedPhone {
    let phone = try SimulatedPhone(start: monday, timeZone: TimeZone(identifier: "America/New_York")!, setup: setup, store: store)
    phone.openThreshold()
    return phone
}

/// The runtime a process on the phone builds, with device restrictions recorded.
func runtime(
    _ phone: SimulatedPhone, _ process: SimulatedPhone.Process = .shieldAction,
    restrictions: RestrictionsRecorder = RestrictionsRecorder()
) -> Runtime {
    Runtime(reconciler: phone.reconciler(for: process), restrictions: restrictions.client)
}

/// Remembers every device restriction applied; can be told to refuse.
final class RestrictionsRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var applied: [DeviceRestrictions] = []
    private var refusal: ScreenTimeError?

    var history: [DeviceRestrictions] { lock.withLock { applied } }
    func refuse(with error: ScreenTimeError?) { lock.withLock { refusal = error } }

    var client: DeviceRestrictionsClient {
        DeviceRestrictionsClient { [self] restrictions in
            try lock.withLock {
                if let refusal { throw refusal }
                applied.append(restrictions)
            }
        }
    }
}

/// What the shield extension sees for a catalogue app.
func shielded(_ name: String, on phone: SimulatedPhone) -> ShieldedItem {
    let app = phone.catalogue.app(named: name)!
    return .app(app.token, category: app.category, name: app.displayName)
}

let selah = Gate.make("selah", name: "Selah", path: .selah, selection: .apps("instagram"), unlockPolicy: .prayer)
