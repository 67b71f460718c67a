import Foundation
import StoreClient
import Testing
import TestSupport
import ThresholdCore
@testable import ThresholdStore

@Suite struct RoundTripTests {
    @Test func everyRecordType_readsBackEqual_alsoAfterReopening() throws {
        let folder = TemporaryDirectory()
        let store = try folder.open()
        try store.replace(with: Fixture.state)
        #expect(try store.read() == Fixture.state)
        try store.close()

        let reopened = try folder.open()
        #expect(try reopened.read() == Fixture.state)
        #expect(!reopened.wasCreated)
    }

    @Test func aFreshStore_readsAsTheInitialState_andSaysItWasCreated() throws {
        let folder = TemporaryDirectory()
        let store = try folder.open()
        #expect(store.wasCreated)
        #expect(try store.read() == .initial)
    }
}
