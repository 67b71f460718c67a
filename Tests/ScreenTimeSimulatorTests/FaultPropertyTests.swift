import Foundation
import PropertyBased
import ScreenTimeClient
@_spi(Setup) import ScreenTimeSimulator
import Testing
import TestSupport
import ThresholdCore

/// A month of a person using the phone while iOS mistreats the callbacks.
///
/// Fault model: every monitor callback, independently, is dropped (at most one of the callbacks
/// iOS meant for the same instant, which the planner's second callback covers), duplicated, or
/// delayed by up to 45 minutes but never past the person's next use of the phone; on top of that
/// the phone restarts and Threshold is killed at random moments. The clock is not moved (clock
/// tampering has its own tests).
///
/// Properties: (1) whenever the person opens an app and it opens, the engine, asked about that
/// instant with the stored state, lets it through: no app is ever open outside a valid grant,
/// break or off period; (2) every time Threshold comes to the foreground the device shields
/// exactly what the engine says, so a dropped callback is repaired by the next reconcile.
@Suite struct FaultPropertyTests {
    static let apps = ["instagram", "tiktok", "youtube", "reddit", "maps", "chess"]

    static let state = ThresholdState.make(
        profiles: [
            .make(
                "work", selection: .apps("instagram", "reddit"), unlockPolicy: .prayer, breakPolicy: .fivePerHour,
                schedules: [.on(Weekday.weekdays, "09:00", "17:00")]),
            .make("sleep", selection: .apps("instagram", "tiktok", "youtube"), schedules: [.on(Weekday.everyDay, "23:00", "07:00")]),
            .make("focus", path: .present, selection: .apps("chess", "youtube"), breakPolicy: .fivePerHour),
        ],
        gates: [.make("selah", selection: .apps("tiktok"))],
        intentions: [.make("maps", app: "maps", opens: 3, minutes: 5)])

    @Test func aMonthOfLateDoubledAndDroppedCallbacks_neverOpensAnAppOutsideAValidWindow() async throws {
        await propertyCheck(count: 3, input: Gen.int(in: 1...1_000_000)) { seed in
            var faults = FaultSwitch(seed: UInt64(seed))
            faults.dropRate = 0.2
            faults.duplicateRate = 0.15
            faults.delayRate = 0.25
            faults.maximumDelay = 45 * 60
            let start = at("2026-11-02 06:00")
            let phone = try SimulatedPhone(
                start: start, timeZone: TimeZone(identifier: "America/New_York")!, setup: Self.state, faults: faults)
            var rng = SplitMix64(seed: UInt64(seed) &* 31)
            var opens = 0, repairs = 0
            phone.openThreshold()
            while phone.clock.wall < start.addingTimeInterval(30 * 86_400) {
                phone.advance(by: TimeInterval(Int.random(in: 1...150, using: &rng) * 60))
                switch Int.random(in: 0..<20, using: &rng) {
                case 0..<8:
                    let name = Self.apps.randomElement(using: &rng)!
                    let result = try phone.open(name)
                    if !result.shielded {
                        opens += 1
                        let app = phone.catalogue.app(named: name)!
                        let truth = evaluate(try phone.store.read().engine, at: phone.clock.wall, calendar: phone.clock.calendar)
                        let allowed = !truth.shields(app: app.token, category: app.category)
                        #expect(allowed, "\(name) opened at \(phone.clock.wall) (seed \(seed))")
                    }
                case 8..<10:
                    phone.perform(IssueGrant(minutes: 10, origin: .ritual(.prayer)), as: .inApp("amen"))
                case 10:
                    phone.perform(StartSession(profile: "focus", plan: .goal(minutes: 30)), as: .inApp("start"))
                case 11:
                    phone.perform(EndSession(profile: "focus"), as: .inApp("end"))
                case 12:
                    phone.perform(TakeBreak(profile: ["work", "focus"].randomElement(using: &rng)!), as: .inApp("break"))
                case 13:
                    phone.perform(OpenIntention(intention: "maps", confirmedBeyondLimit: Bool.random(using: &rng)), as: .inApp("open maps"))
                case 14:
                    phone.reboot()
                case 15, 16:
                    phone.killApp()
                default:
                    phone.openThreshold()
                    repairs += 1
                    let truth = evaluate(try phone.store.read().engine, at: phone.clock.wall, calendar: phone.clock.calendar)
                    for name in Self.apps {
                        let app = phone.catalogue.app(named: name)!
                        let agrees =
                            phone.shields.shields(app: app.token, category: app.category)
                            == truth.shields(app: app.token, category: app.category)
                        #expect(agrees, "after a reconcile \(name) is as the engine says (seed \(seed), \(phone.clock.wall))")
                    }
                }
                #expect(phone.activityCentre.registrations.count <= 20)
            }
            // The run meant something: enough apps opened and reconciles done. (Seed 11770 opens
            // exactly 50; one open there was refused after a lift whose callbacks at 17:00 and at
            // the 17:15 repair were both dropped: fail closed until the next reconcile.)
            #expect(opens > 40 && repairs > 20, "opens \(opens), repairs \(repairs) (seed \(seed))")
            #expect(phone.timeline.contains { $0.actor == .fault && $0.text.hasPrefix("dropped") })
        }
    }
}
