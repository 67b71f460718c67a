import Foundation
import InMemoryClients
import StoreClient
import Testing
import TestSupport
import ThresholdCore
@testable import ThresholdStore

@Suite struct BackupTests {
    let threeDaysLater = Fixture.now.adding(minutes: 3 * 24 * 60)

    /// A store with state, balances, events and history (three days on, most sessions and
    /// every grant have left the working set).
    func exported(deviceID: String? = "phone-1") throws -> (store: ThresholdStore, data: Data) {
        let folder = TemporaryDirectory()
        try folder.open().write { transaction in
            transaction.state = Fixture.state
            transaction.record(.sessionStarted(Fixture.sessions[2]), at: Fixture.now)
            try transaction.post(Fixture.entry(.credits, 25, "Focused"), at: Fixture.now)
            try transaction.post(Fixture.entry(.xp, 90), at: Fixture.now)
            try transaction.post(Fixture.entry(.credits, -5, "Unlocked"), at: Fixture.now)
            transaction.record(.grantIssued(Fixture.grants[1]), at: Fixture.now)
        }
        let store = try folder.open(at: threeDaysLater)
        return (store, try store.exportBackup(deviceID: deviceID))
    }

    func emptyStore() throws -> ThresholdStore { try TemporaryDirectory().open(at: threeDaysLater) }

    func backup(_ data: Data) throws -> Backup { try JSONDecoder().decode(Backup.self, from: data) }

    /// The backup with one edit made to its JSON.
    func edited(_ data: Data, _ edit: (inout [String: Any]) -> Void) throws -> Data {
        var tree = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        edit(&tree)
        return try JSONSerialization.data(withJSONObject: tree)
    }

    /// The backup with one of its engine's lists (`profiles`, `gates`, …) edited.
    func edited(_ data: Data, engine list: String, _ edit: (inout [[String: Any]]) -> Void) throws -> Data {
        try edited(data) { tree in
            var state = tree["state"] as! [String: Any], engine = state["engine"] as! [String: Any]
            var items = engine[list] as! [[String: Any]]
            edit(&items)
            engine[list] = items
            state["engine"] = engine
            tree["state"] = state
        }
    }

    func expectUnchanged(_ store: ThresholdStore) throws {
        #expect(try store.read() == .initial)
        #expect(try store.events(.all).isEmpty)
        #expect(try store.sessions(startingFrom: .distantPast, until: .distantFuture).isEmpty)
    }

    @Test func exportThenImport_reproducesAnEqualStore() throws {
        let (source, data) = try exported()
        let target = try emptyStore()
        let report = try target.importBackup(data, deviceID: nil)

        #expect(try target.read() == source.read())
        #expect(try target.events(.all) == source.events(.all))
        #expect(
            try target.sessions(startingFrom: .distantPast, until: .distantFuture)
                == source.sessions(startingFrom: .distantPast, until: .distantFuture))
        #expect(try target.grants(startingFrom: .distantPast, until: .distantFuture) == Fixture.grants)
        #expect(try target.verifyLedger().credits == 20)
        #expect(try backup(target.exportBackup(deviceID: "phone-1")) == backup(data))

        #expect(
            [report.profiles, report.gates, report.intentions, report.sessions, report.grants, report.events] as [Int]
                == [2, 2, 2, 3, 4, 5])
        #expect(report.needsRepick.map(\.name) == ["Work", "Deep focus", "Pray first", "Solve", "ig", "yt"])
    }

    @Test func anIntentionsSharedNickname_travelsInTheBackup() throws {
        let data = try exported().data
        let intentions = try #require(
            ((try JSONSerialization.jsonObject(with: data) as? [String: Any])?["state"] as? [String: Any])
                .flatMap { $0["engine"] as? [String: Any] }?["intentions"] as? [[String: Any]])
        #expect(intentions.map { $0["sharedNickname"] as? String } == ["Morning scroll", nil])
        let target = try emptyStore()
        _ = try target.importBackup(data, deviceID: nil)
        #expect(try target.read().engine.intentions.map(\.sharedNickname) == ["Morning scroll", nil])
    }

    @Test func aBackupFromBeforeNicknames_importsWithNone() throws {
        let older = try edited(try exported().data, engine: "intentions") { intentions in
            for index in intentions.indices { intentions[index]["sharedNickname"] = nil }
        }
        #expect(!String(decoding: older, as: UTF8.self).contains("sharedNickname"))
        let target = try emptyStore()
        let report = try target.importBackup(older, deviceID: nil)
        #expect(report.intentions == 2)
        #expect(try target.read().engine.intentions.map(\.sharedNickname) == [nil, nil])
    }

    @Test func aBackupGrantsNoPro_butKeepsThePausedSchedules() throws {
        let folder = TemporaryDirectory()
        let paused = PausedSchedule(profileID: "work", schedule: .on(Weekday.everyDay, "22:00", "23:00", id: "night"), position: 1)
        try folder.open().write { transaction in
            transaction.state = Fixture.state
            transaction.state.plan = PlanRecord(status: .pro(until: .distantFuture), paused: [paused])
        }
        let data = try folder.open(at: threeDaysLater).exportBackup(deviceID: nil)
        let target = try emptyStore()
        _ = try target.importBackup(data, deviceID: nil)
        #expect(try target.read().plan == PlanRecord(status: .free, paused: [paused]))
    }

    @Test func aBackupFromThisDevice_needsNoRepicking() throws {
        let report = try emptyStore().importBackup(try exported(deviceID: "phone-1").data, deviceID: "phone-1")
        #expect(report.needsRepick.isEmpty)
    }

    @Test func anUnknownField_isRefused_andChangesNothing() throws {
        let data = try exported().data
        let target = try emptyStore()
        let withColour = try edited(data, engine: "profiles") { $0[1]["colour"] = "teal" }
        #expect(throws: BackupError.unknownField("state.engine.profiles[1].colour")) { try target.importBackup(withColour, deviceID: nil) }
        let topLevel = try edited(data) { $0["comment"] = "from my old phone" }
        #expect(throws: BackupError.unknownField("comment")) { try target.importBackup(topLevel, deviceID: nil) }
        try expectUnchanged(target)
    }

    @Test func aWrongType_isRefused_sayingWhere_andChangesNothing() throws {
        let target = try emptyStore()
        let data = try edited(try exported().data, engine: "intentions") { $0[0]["opensPerDay"] = "three" }
        #expect {
            try target.importBackup(data, deviceID: nil)
        } throws: { error in
            guard case .invalid(let detail)? = error as? BackupError else { return false }
            return detail.hasPrefix("state.engine.intentions[0].opensPerDay: expected a whole number")
        }
        try expectUnchanged(target)
    }

    @Test func aValueTheModelRefuses_isRefused() throws {
        let target = try emptyStore()
        let data = try edited(try exported().data, engine: "gates") { $0[0]["name"] = "   " }
        #expect {
            try target.importBackup(data, deviceID: nil)
        } throws: { error in
            guard case .invalid(let detail)? = error as? BackupError else { return false }
            return detail.contains("gateNameLength")
        }
        try expectUnchanged(target)
    }

    @Test func balancesThatDisagreeWithTheLedger_areRefused() throws {
        let target = try emptyStore()
        let data = try edited(try exported().data) { tree in
            var state = tree["state"] as! [String: Any]
            state["balances"] = ["credits": 500, "xp": 90, "coins": 0]
            tree["state"] = state
        }
        #expect(throws: BackupError.inconsistent("the credits balance is 500 but its ledger events add up to 20")) {
            try target.importBackup(data, deviceID: nil)
        }
        try expectUnchanged(target)
    }

    @Test func aLedgerEntryTheModelRefuses_isRefused() throws {
        let target = try emptyStore()
        let data = try edited(try exported().data) { tree in
            var events = tree["events"] as! [[String: Any]]
            events.append([
                "sequence": 99, "at": 0.0,
                "event": ["ledger": ["_0": ["account": "coins", "amount": 0, "memo": "nothing"]]],
            ])
            tree["events"] = events
        }
        #expect(throws: BackupError.invalid("event 99: ledger entry: invariant(ledgerZero)")) {
            try target.importBackup(data, deviceID: nil)
        }
        try expectUnchanged(target)
    }

    @Test func whatIsNotABackup_isRefusedClearly() throws {
        let target = try emptyStore()
        #expect(throws: BackupError.notJSON) { try target.importBackup(Data("PK\u{3}\u{4} zip".utf8), deviceID: nil) }
        #expect(throws: BackupError.notABackup) { try target.importBackup(Data(#"{"profiles": []}"#.utf8), deviceID: nil) }
        let newer = try edited(try exported().data) { $0["version"] = 2 }
        #expect(throws: BackupError.newerFormat(found: 2, supported: 1)) { try target.importBackup(newer, deviceID: nil) }
        try expectUnchanged(target)
    }

    @Test func aStoreThatHoldsData_isNotOverwritten() throws {
        let (source, data) = try exported()
        let before = try source.read()
        #expect(throws: BackupError.storeNotEmpty("2 profiles")) { try source.importBackup(data, deviceID: nil) }
        #expect(try source.read() == before)
    }

    @Test func aFreshInstallThatHasOnlyReconciled_takesTheBackup_afterItsOwnEvents() throws {
        let (source, data) = try exported()
        let target = try emptyStore()
        try target.write { $0.record(.triggered(.appForeground), at: threeDaysLater) }
        _ = try target.importBackup(data, deviceID: nil)
        let events = try target.events(.all)
        #expect(events.first?.event == .triggered(.appForeground))
        #expect(events.dropFirst().map(\.event) == (try source.events(.all)).map(\.event))
        #expect(events.map(\.sequence) == Array(1...Int64(events.count)))
        #expect(try target.read() == source.read())
    }

    @Test func aPersonsEventAlone_makesTheStoreNotEmpty() throws {
        let target = try emptyStore()
        try target.write { $0.record(.attemptResisted(.gate("selah")), at: threeDaysLater) }
        #expect(throws: BackupError.storeNotEmpty("1 event")) { try target.importBackup(try exported().data, deviceID: nil) }
    }

    @Test func theInMemoryStore_readsAndWritesTheSameDocument() throws {
        let (source, data) = try exported()
        let memory = InMemoryStore(now: { Fixture.now })
        let report = try memory.importBackup(data, deviceID: "phone-2")
        #expect(report.needsRepick.count == 6)
        #expect(try memory.read() == source.read())
        #expect(try memory.read().engine.intentions.map(\.sharedNickname) == ["Morning scroll", nil])
        #expect(try memory.events(.all) == source.events(.all))
        #expect(
            try memory.sessions(startingFrom: .distantPast, until: .distantFuture)
                == source.sessions(startingFrom: .distantPast, until: .distantFuture))

        let again = try emptyStore()
        _ = try again.importBackup(try memory.exportBackup(deviceID: "phone-2"), deviceID: nil)
        #expect(try again.read() == source.read())
        #expect(try again.grants(startingFrom: .distantPast, until: .distantFuture) == Fixture.grants)
        #expect(throws: BackupError.storeNotEmpty("2 profiles")) { try memory.importBackup(data, deviceID: nil) }
    }
}
