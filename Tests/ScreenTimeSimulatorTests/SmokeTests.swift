import Foundation
import Testing
import TestSupport
import ThresholdCore
import ScreenTimeSimulator

@Suite struct SmokeTests {
    @Test func prayerGrant_relocksAtItsEndWithTheAppKilled() throws {
        let start = at("2026-11-23 10:00")
        let phone = try SimulatedPhone(start: start, timeZone: TimeZone(identifier: "America/New_York")!,
                                       setup: .make(gates: [.make("selah", selection: .apps("instagram", "tiktok"))]))
        phone.openThreshold()
        #expect(try phone.open("instagram").shielded)
        phone.perform(IssueGrant(minutes: 10, origin: .ritual(.prayer)), as: .inApp("amen"))
        #expect(try !phone.open("instagram").shielded)
        phone.killApp()
        phone.advance(by: 599)
        #expect(try !phone.open("instagram").shielded)
        phone.advance(by: 1)
        #expect(try phone.open("instagram").shielded)
        for entry in phone.timeline { print(phone.clock.readable(entry.at), entry.actor, entry.text) }
        for w in phone.wakeUps { print(phone.clock.readable(w.at), w.trigger) }
        print(phone.activityCentre.registrations)
    }
}
