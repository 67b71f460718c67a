import Foundation
import Testing
import TestSupport
@testable import ThresholdCore

@Suite struct FingerprintTests {
    @Test func digests_matchTheReferenceMurmurHash3() {
        // Python: mmh3.hash_bytes(data).hex()
        #expect(Fingerprint(of: []).hex == "00000000000000000000000000000000")
        #expect(Fingerprint(of: Array("hello".utf8)).hex == "029bbd41b3a7d8cb191dae486a901e5b")
        #expect(Fingerprint(of: Array("The quick brown fox jumps over the lazy dog".utf8)).hex == "6c1b07bc7bbc4be347939ac4a93c437a")
        #expect(Fingerprint(of: Array(0..<37)).hex == "20d802dd5ead7451b0cd03c799538480")
    }

    @Test func aStoresFingerprint_followsItsSettings_notTheOrderItsSetsWereBuiltIn() {
        var a = ShieldStore(index: 0)
        a.applications = [AppToken("instagram"), AppToken("tiktok"), AppToken("x")]
        a.applicationCategories = .specific([CategoryToken("social")], except: [AppToken("messages")])
        var b = ShieldStore(index: 0)
        for name in ["x", "tiktok", "instagram"] { b.applications.insert(AppToken(name)) }
        b.applicationCategories = .specific([CategoryToken("social")], except: [AppToken("messages")])
        #expect(a.fingerprint == b.fingerprint)

        var variants: [ShieldStore] = [a, ShieldStore(index: 0), ShieldStore(index: 1)]
        var changed = a
        changed.applications.remove(AppToken("x"))
        variants.append(changed)
        changed = a
        changed.applicationCategories = .all(except: [AppToken("messages")])
        variants.append(changed)
        changed = a
        changed.applicationCategories = nil
        variants.append(changed)
        changed = a
        changed.webDomains = [WebDomainToken("instagram")]
        variants.append(changed)
        changed = a
        changed.webDomainCategories = .all(except: [])
        variants.append(changed)
        // The same token moved from one list to another is a different store.
        var moved = ShieldStore(index: 0)
        moved.webDomains = [WebDomainToken("instagram"), WebDomainToken("tiktok"), WebDomainToken("x")]
        moved.applicationCategories = a.applicationCategories
        variants.append(moved)
        #expect(Set(variants.map(\.fingerprint)).count == variants.count)
    }
}

@Suite struct AppliedRecordTests {
    let ny = calendar("America/New_York")

    @Test func anEarlierRecord_withWholeStoresAndItsEnforcement_stillDecodes() throws {
        let state = ThresholdState.make(gates: [.make("selah", selection: .apps("instagram"))])
        let instant = at("2026-11-23 10:00")
        let enforcement = evaluate(state, at: instant, calendar: ny)
        // What the earlier build wrote: the stores' settings and the whole enforcement.
        struct Earlier: Encodable {
            let stores: [ShieldStore]
            let enforcement: Enforcement
            let appliedAt: Date
        }
        let json = try JSONEncoder().encode(Earlier(stores: enforcement.stores, enforcement: enforcement, appliedAt: instant))
        let record = try JSONDecoder().decode(AppliedRecord.self, from: json)
        #expect(record.stores == enforcement.stores.map(AppliedStore.init))
        #expect(record.evaluated == EvaluationPoint(wall: instant, trusted: instant, timeZoneIdentifier: nil))
        let stored = StoredState(engine: state, applied: record)
        #expect(stored.lastEnforcement(deviceZone: ny.timeZone) == enforcement)
    }

    @Test func theLastEnforcement_isTheOneEvaluated_afterTheZoneChangesAndWithTheClockMoved() throws {
        // Work 09:00–17:00 New York; the reconcile ran at 16:30 with the wall clock moved an hour
        // ahead (so the cautious evaluation holds Work at both instants).
        let state = ThresholdState.make(profiles: [
            .make("work", selection: .apps("instagram"), schedules: [.on(Weekday.weekdays, "09:00", "17:00")])
        ])
        let trusted = at("2026-11-23 16:30")
        let reading = ClockReading(wall: trusted.addingTimeInterval(3_600), uptime: 1_000, bootID: "b")
        let time = TrustedTime(reading, since: ClockAnchor(trusted: trusted.addingTimeInterval(-10), uptime: 990, bootID: "b"))
        #expect(time.isJumped)
        let enforcement = evaluate(state, at: time, calendar: ny)
        var stored = StoredState(engine: state)
        stored.applied.evaluated = EvaluationPoint(time, calendar: ny)
        let roundTripped = try JSONDecoder().decode(StoredState.self, from: JSONEncoder().encode(stored))
        #expect(roundTripped.lastEnforcement(deviceZone: TimeZone(identifier: "Asia/Tokyo")!) == enforcement)
        #expect(!enforcement.rules.isEmpty, "Work holds at the trusted time")
        #expect(StoredState(engine: state).lastEnforcement(deviceZone: ny.timeZone) == nil, "nothing before the first reconcile")
    }
}
