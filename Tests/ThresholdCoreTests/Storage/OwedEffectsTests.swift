import Foundation
import Testing
import TestSupport
import ThresholdCore

/// What a reconcile owes after its commit, as saved in the applied record (issue 38).
@Suite struct OwedEffectsTests {
    static let content = LiveActivityContent(
        profileID: "work", title: "💼 Work", startedAt: at("2026-11-23 09:00"), goalAt: nil,
        endsAt: at("2026-11-23 17:00"), breakUntil: nil, phase: .focusing, allowsBreaks: true)

    static func owed(before: LiveActivityContent?) -> OwedEffects {
        var owed = OwedEffects(epoch: "effects-7", revision: 42)
        owed.stores = ["threshold.0", "threshold.gate.selah"]
        owed.notifications = ["break.end.1"]
        owed.liveActivityChanged = true
        owed.liveActivityBefore = before
        return owed
    }

    @Test(arguments: [nil, content])
    func savedAndReadBack_isTheSame(before: LiveActivityContent?) throws {
        let owed = Self.owed(before: before)
        let json = try JSONEncoder().encode(owed)
        #expect(try JSONDecoder().decode(OwedEffects.self, from: json) == owed)
        #expect(json.first == UInt8(ascii: "["), "an array, not an object")
    }

    @Test func aRecordCutShort_doesNotRead() {
        #expect(throws: (any Error).self) { try JSONDecoder().decode(OwedEffects.self, from: Data(#"["effects-7", 42, []]"#.utf8)) }
    }

    @Test func retaking_forgetsTheStores_handsTheNotificationsOverAgain_andPutsTheLiveActivityBack() {
        var applied = AppliedRecord()
        applied.stores = [
            AppliedStore(name: "threshold.0", fingerprint: Fingerprint(hex: "ab")),
            AppliedStore(name: "threshold.9", fingerprint: Fingerprint(hex: "cd")),
        ]
        applied.postedNotifications["break.end.1"] = at("2026-11-23 10:00")
        applied.liveActivity = nil
        applied.quiet = QuietPeriod(from: at("2026-11-23 10:00"), until: at("2026-11-23 11:00"), timeZoneIdentifier: "UTC", activities: [])
        Self.owed(before: Self.content).retake(in: &applied)
        #expect(applied.stores.map(\.fingerprint) == [Fingerprint(hex: ""), Fingerprint(hex: "cd"), Fingerprint(hex: "")])
        #expect(applied.stores.map(\.name) == ["threshold.0", "threshold.9", "threshold.gate.selah"])
        #expect(applied.postedNotifications["break.end.1"] == nil)
        #expect(applied.liveActivity == Self.content)
        #expect(applied.quiet == nil)
    }
}
