import EntryPoints
import Foundation
import Testing

@Suite struct StoreSuspensionTests {
    /// Every suspend and resume, in order.
    final class Calls: @unchecked Sendable {
        private let lock = NSLock()
        private var made: [String] = []
        var list: [String] { lock.withLock { made } }
        func record(_ call: String) { lock.withLock { made.append(call) } }
    }

    func suspension(_ calls: Calls) -> StoreSuspension {
        StoreSuspension(suspend: { calls.record("suspend") }, resume: { calls.record("resume") })
    }

    @Test func theStoreIsAwake_untilTheAppGoesToTheBackground() {
        let calls = Calls()
        let store = suspension(calls)
        #expect(!store.isSuspended)
        store.appMovedToForeground()
        #expect(calls.list.isEmpty)
        store.appMovedToBackground()
        #expect(store.isSuspended)
        store.appMovedToForeground()
        #expect(calls.list == ["suspend", "resume"])
    }

    @Test func anIntentInTheBackground_wakesTheStoreForAsLongAsItRuns() async {
        let calls = Calls()
        let store = suspension(calls)
        store.appMovedToBackground()
        let seen = await store.whileAwake { store.isSuspended }
        #expect(seen == false)
        #expect(store.isSuspended)
        #expect(calls.list == ["suspend", "resume", "suspend"])
    }

    @Test func anIntentThatThrows_stillLetsTheStoreBeSuspendedAgain() async {
        struct Refused: Error {}
        let store = suspension(Calls())
        store.appMovedToBackground()
        await #expect(throws: Refused.self) { try await store.whileAwake { throw Refused() } }
        #expect(store.isSuspended)
    }

    @Test func theAppComingForward_duringAnIntent_keepsTheStoreAwakeAfterIt() async {
        let calls = Calls()
        let store = suspension(calls)
        store.appMovedToBackground()
        await store.whileAwake { store.appMovedToForeground() }
        #expect(!store.isSuspended)
        #expect(calls.list == ["suspend", "resume"])
    }

    @Test func overlappingIntents_keepTheStoreAwake_untilTheLastIsDone() async {
        let calls = Calls()
        let store = suspension(calls)
        store.appMovedToBackground()
        await store.whileAwake {
            await store.whileAwake { #expect(!store.isSuspended) }
            #expect(!store.isSuspended)
        }
        #expect(store.isSuspended)
        #expect(calls.list == ["suspend", "resume", "suspend"])
    }
}
