import EntryPoints
import FeatureClient
import Foundation
import InMemoryClients
import ScenarioSetup
import ScreenTimeClient
@_spi(Setup) import ScreenTimeSimulator
import StoreClient
import TestSupport
import ThresholdCore
import ThresholdRuntime
import TogetherClient

/// The simulated iPhone with the app's client on it: every model change goes through the same
/// reconciler as on a device, and the phone shows what is shielded.
@MainActor
package struct Device {
    package let phone: SimulatedPhone
    package let store: InMemoryStore
    package let client: AppClient
    package let access: AccessPrompt

    package init(
        _ setup: ThresholdState = .empty, at start: Date = monday.wall, authorization: AuthorizationStatus = .approved,
        deviceID: String = "this-iphone", canWriteTags: Bool = true, together: TogetherAccess? = nil,
        prepare: (inout StoredState) -> Void = { _ in }
    ) throws {
        store = InMemoryStore()
        let phone = try SimulatedPhone(start: start, timeZone: ny.timeZone, setup: setup, store: store)
        try store.write { prepare(&$0.state) }
        phone.authorization = authorization
        self.phone = phone
        let access = AccessPrompt(approvedBefore: authorization == .approved)
        self.access = access
        let runtime = Runtime(reconciler: phone.reconciler(for: .app), restrictions: DeviceRestrictionsClient { _ in })
        client = AppClient(
            runtime: runtime,
            authorization: AuthorizationClient(
                verdict: { access.verdict(phone.authorization) },
                request: {
                    if let failure = access.answer() { throw failure }
                    phone.authorization = .approved
                    return .approved
                }),
            library: { bundledLibrary },
            random: { 42 },
            deviceID: deviceID,
            canWriteTags: canWriteTags,
            together: together)
        runtime.reconcile(.appForeground)
    }

    package var stored: StoredState { try! store.read() }

    package func shielded(_ app: String) throws -> Bool { try phone.open(app).shielded }

    /// Moves both clocks on, as time passing does, and lets the phone's callbacks run.
    package func advance(minutes: Double) { phone.advance(by: minutes * 60) }
}
