import Foundation
import GRDB
import StoreClient
import Testing
import TestSupport
import ThresholdCore
@testable import ThresholdStore

/// Every way the store can fail ends in a `StoreError` (which the reconciler answers by keeping
/// the shields it last applied) and changes nothing.
@Suite struct FailureTests {
    func isCorrupt(_ error: any Error) -> Bool {
        if case .corrupt? = error as? StoreError { return true }
        return false
    }

    @Test func aMissingFolder_isMissing() {
        let nowhere = URL(fileURLWithPath: "/nonexistent/threshold-\(UUID().uuidString)")
        #expect(throws: StoreError.missing("the folder \(nowhere.path) does not exist")) {
            try ThresholdStore.open(directory: nowhere)
        }
    }

    @Test func anExtension_neverCreatesTheDatabase() {
        let folder = TemporaryDirectory()
        #expect(throws: StoreError.missing("Threshold has not set up its data yet (no threshold.sqlite)")) {
            try folder.open(role: .appExtension)
        }
        #expect(!FileManager.default.fileExists(atPath: folder.databaseURL.path))
    }

    @Test func aFileOfGarbage_isCorrupt_forEveryRole_andIsLeftAlone() throws {
        let folder = TemporaryDirectory()
        let garbage = Data(String(repeating: "this is not a database. ", count: 400).utf8)
        try folder.writeDatabaseFile(garbage)
        for role in [ThresholdStore.Role.app, .appExtension] {
            #expect(throws: StoreError.corrupt("file is not a database")) { try folder.open(role: role) }
        }
        #expect(try Data(contentsOf: folder.databaseURL) == garbage)
    }

    @Test func aTruncatedFile_isCorrupt() throws {
        let folder = TemporaryDirectory()
        try folder.seedAndClose(events: 2_000)
        let bytes = try Data(contentsOf: folder.databaseURL)
        try bytes.prefix(bytes.count / 2).write(to: folder.databaseURL)
        #expect(performing: { try folder.open() }, throws: isCorrupt)
        // The extension skips the full check; it fails when it reaches the damage.
        #expect(
            performing: {
                let store = try folder.open(role: .appExtension)
                _ = try store.read()
                _ = try store.events(.all)
            }, throws: isCorrupt)
    }

    @Test func aDamagedPage_isFoundByTheAppsCheckOnOpen() throws {
        let folder = TemporaryDirectory()
        try folder.seedAndClose(events: 2_000)
        try folder.damagePage(containing: "marker-1000")
        #expect(performing: { try folder.open() }, throws: isCorrupt)
    }

    @Test func aRowTheModelRefuses_isCorrupt_namingTheRow() throws {
        let folder = TemporaryDirectory()
        let store = try folder.open()
        try store.replace(with: Fixture.state)
        try store.database.write { db in try db.execute(sql: "UPDATE profile SET emoji = 'no' WHERE id = 'work'") }
        #expect(throws: StoreError.corrupt("profile work: profile “Work”: notOneEmoji(\"no\")")) {
            try store.read()
        }
        #expect(throws: StoreError.corrupt("profile work: profile “Work”: notOneEmoji(\"no\")")) {
            try store.write { $0.state.settings.onboardingCompleted = false }
        }
    }

    @Test func aDocumentInANewerFormat_isANewerVersion() throws {
        let store = try TemporaryDirectory().open()
        try store.replace(with: Fixture.state)
        try store.database.write { db in try db.execute(sql: "UPDATE document SET version = 2 WHERE name = 'applied'") }
        #expect(throws: StoreError.newerVersion(found: 2, supported: 1)) { try store.read() }
    }

    @Test func fieldsAddedByANewerBuild_areIgnored_andFieldsItLacks_readAsDefaults() throws {
        let store = try TemporaryDirectory().open()
        try store.replace(with: Fixture.state)
        try store.database.write { db in
            try db.execute(sql: "INSERT INTO document VALUES ('themes', 1, '{\"accent\":\"teal\"}')")
            try db.execute(sql: "DELETE FROM document WHERE name = 'settings'")
        }
        let state = try store.read()
        #expect(state.settings == Settings())
        #expect(state.applied == Fixture.state.applied)
    }
}
