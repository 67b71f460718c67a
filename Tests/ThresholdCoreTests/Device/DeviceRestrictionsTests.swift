import Foundation
import TestSupport
import Testing
import ThresholdCore

@Suite struct DeviceRestrictionsTests {
    let now = at("2026-03-02 10:00")
    let calendar = TestSupport.calendar()

    func restrictions(_ state: ThresholdState) -> DeviceRestrictions {
        DeviceRestrictions.required(by: evaluate(state, at: now, calendar: calendar), in: state)
    }

    @Test func lockedSessionInForce_locksTheDevice() {
        let beast = Profile.make("beast", path: .present, strictness: .locked)
        #expect(restrictions(.make(profiles: [beast], sessions: [.make("s", profile: "beast", start: now)])) == .locked)
    }

    @Test func lockedProfileNotInForce_leavesTheDeviceAlone() {
        let beast = Profile.make("beast", path: .present, strictness: .locked)
        #expect(restrictions(.make(profiles: [beast])) == DeviceRestrictions.none)
    }

    @Test func lockedGate_locksTheDevice_gentleOnesDoNot() {
        #expect(restrictions(.make(gates: [.make("g", strictness: .locked)])) == .locked)
        #expect(restrictions(.make(gates: [.make("g", strictness: .firm)])) == DeviceRestrictions.none)
    }

    @Test func lockedSession_onlyEndsByItsEndTime_soTheRestrictionsFollowIt() {
        let beast = Profile.make("beast", path: .present, strictness: .locked)
        let state = ThresholdState.make(
            profiles: [beast], sessions: [.make("s", profile: "beast", start: now, plan: .until(now.adding(minutes: 30)))])
        let later = evaluate(state, at: now.adding(minutes: 31), calendar: calendar)
        #expect(DeviceRestrictions.required(by: later, in: state) == DeviceRestrictions.none)
    }
}
