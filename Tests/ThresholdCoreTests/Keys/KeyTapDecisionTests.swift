import Foundation
import Testing
import TestSupport
@testable import ThresholdCore

@Suite struct KeyTapDecisionTests {
    let ny = calendar("America/New_York")
    let now = at("2026-11-23 10:00")
    let work = Profile.make("work", name: "Work", breakPolicy: .fivePerHour)

    func decide(_ state: ThresholdState, at instant: Date? = nil) -> KeyTapDecision {
        .decide(for: "work", in: state, at: instant ?? now, calendar: ny)
    }

    @Test func noSession_startsTheTagsProfile() {
        #expect(decide(.make(profiles: [work])) == .start("work"))
        let ended = Session.make(
            "s", profile: "work", start: at("2026-11-23 08:00"), ending: .init(at: at("2026-11-23 09:00"), state: .completed))
        #expect(decide(.make(profiles: [work], sessions: [ended])) == .start("work"))
    }

    @Test func aRunningSession_asksEndOrBreak_neverEnds() {
        let state = ThresholdState.make(
            profiles: [work], sessions: [.make("s", profile: "work", origin: .key, start: at("2026-11-23 09:00"))])
        #expect(
            decide(state)
                == .askEndOrBreak(
                    ActiveProfile(
                        profileID: "work", name: "Work", sessions: ["s"], scheduledSpans: [],
                        endsAt: nil, breaksAllowed: true, onBreakUntil: nil)))
    }

    @Test func aScheduledSpan_countsAsRunning_andEndsWithTheSpan() throws {
        let scheduled = Profile.make("work", name: "Work", schedules: [.on([.monday], "09:00", "17:00")])
        guard case .askEndOrBreak(let active) = decide(.make(profiles: [scheduled])) else {
            Issue.record("a scheduled span in force should ask")
            return
        }
        #expect(active.scheduledSpans.count == 1)
        #expect(active.endsAt == at("2026-11-23 17:00"))
        #expect(!active.breaksAllowed)
    }

    @Test func aLockedProfile_showsTheTimeLeft_andCannotEnd() {
        let locked = Profile.make("work", name: "Work", strictness: .locked)
        let state = ThresholdState.make(
            profiles: [locked], sessions: [.make("s", profile: "work", start: at("2026-11-23 09:00"), plan: .until(at("2026-11-23 11:30")))]
        )
        guard case .locked(let active) = decide(state) else {
            Issue.record("a locked profile must not offer to end")
            return
        }
        #expect(abs((active.remaining(at: now) ?? 0) - 90 * 60) < 0.001)
    }

    @Test func aLockedGoalSession_afterItsGoal_canBeAskedToEnd() {
        let locked = Profile.make("work", name: "Work", path: .present, strictness: .locked)
        let state = ThresholdState.make(
            profiles: [locked], sessions: [.make("s", profile: "work", start: at("2026-11-23 09:00"), plan: .goal(minutes: 45))])
        if case .askEndOrBreak = decide(state) {} else { Issue.record("after the goal the session can be completed") }
        if case .locked = decide(state, at: at("2026-11-23 09:30")) {} else { Issue.record("before the goal it is locked") }
    }

    @Test func onABreak_theDecisionSaysUntilWhen() {
        let session = Session.make(
            "s", profile: "work", start: at("2026-11-23 09:00"), breaks: [.make("b", from: at("2026-11-23 09:58"), minutes: 5)])
        guard case .askEndOrBreak(let active) = decide(.make(profiles: [work], sessions: [session])) else {
            Issue.record("a session on a break is still running")
            return
        }
        #expect(active.onBreakUntil == at("2026-11-23 10:03"))
    }

    // MARK: Outcome after verification

    let hash = Data(repeating: 7, count: 32)

    func tag(revokedAt: Date? = nil, profile: ProfileID = "work") -> KeyTag {
        try! KeyTag(
            id: "desk", profileID: profile, name: "Desk card", secretHash: hash, created: at("2026-11-01 09:00"), revokedAt: revokedAt)
    }

    @Test func aRevokedTag_orAMissingProfile_isRefused() {
        let stored = StoredState.make(engine: .make(profiles: [work]))
        #expect(
            KeyTapOutcome.verified(tag(revokedAt: at("2026-11-20 09:00")), in: stored, at: now, calendar: ny)
                == .refused(.revoked(at: at("2026-11-20 09:00"))))
        #expect(
            KeyTapOutcome.verified(tag(revokedAt: now.adding(minutes: 1)), in: stored, at: now, calendar: ny)
                != .refused(.revoked(at: now.adding(minutes: 1))))
        #expect(KeyTapOutcome.verified(tag(profile: "gone"), in: stored, at: now, calendar: ny) == .refused(.profileMissing("gone")))
    }

    @Test func theSameTapDeliveredTwice_isOneTap_butASecondTapLaterIsNew() {
        var stored = StoredState.make(engine: .make(profiles: [work]))
        guard case .accepted(let first) = KeyTapOutcome.verified(tag(), in: stored, at: now, calendar: ny) else {
            Issue.record("the first tap should be accepted")
            return
        }
        #expect(first.decision == .start("work"))
        #expect(first.id == KeyTapID("desk@\(Int(now.timeIntervalSince1970))"))
        stored.rituals.note(first)
        #expect(KeyTapOutcome.verified(tag(), in: stored, at: now.adding(seconds: 3), calendar: ny) == .duplicate(first))
        guard case .accepted(let second) = KeyTapOutcome.verified(tag(), in: stored, at: now.adding(seconds: 11), calendar: ny) else {
            Issue.record("a tap eleven seconds later is a new tap")
            return
        }
        #expect(second.id != first.id)
    }

    @Test func aTagWithABadIdOrHash_cannotBeMade() {
        #expect(throws: ValidationError.self) { try KeyTag(id: "has space", profileID: "work", name: "x", secretHash: hash, created: now) }
        #expect(throws: ValidationError.self) {
            try KeyTag(id: "ok", profileID: "work", name: "x", secretHash: Data(count: 16), created: now)
        }
        #expect(throws: ValidationError.self) {
            try KeyTag(id: "ok", profileID: "work", name: "x", secretHash: hash, created: now, revokedAt: now.adding(minutes: -1))
        }
    }
}
