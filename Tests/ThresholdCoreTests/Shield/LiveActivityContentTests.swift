import Foundation
import Testing
import TestSupport
import ThresholdCore

/// A Live Activity only the app can update stays true on its own: it counts to the next boundary
/// and goes stale there; its buttons follow the profile.
@Suite struct LiveActivityContentTests {
    let start = at("2026-11-23 09:00")

    func content(
        _ phase: LiveActivityContent.Phase, goal: Date? = nil, end: Date? = nil, breakUntil: Date? = nil,
        allowsBreaks: Bool = true
    ) -> LiveActivityContent {
        LiveActivityContent(
            profileID: "work", title: "💼 Work", startedAt: start, goalAt: goal, endsAt: end, breakUntil: breakUntil,
            phase: phase, allowsBreaks: allowsBreaks)
    }

    /// Seed 001 §8: the timer counts up toward the goal, stopping there (true on its own), and
    /// once the app says the goal is reached it counts the extra time.
    @Test func focusingTowardsAGoal_countsUpToTheGoal_andGoesStaleThere_thenCountsTheExtraTime() {
        let goal = at("2026-11-23 09:45"), end = at("2026-11-23 17:00")
        let shown = content(.focusing, goal: goal, end: end)
        #expect(shown.nextBoundary == goal && shown.staleDate == goal)
        #expect(shown.timer(at: at("2026-11-23 09:30")) == SessionTimerSpan(from: start, to: goal, countsDown: false))
        #expect(
            shown.timer(at: at("2026-11-23 10:30")) == SessionTimerSpan(from: start, to: goal, countsDown: false),
            "past the goal it stops at the goal rather than count on towards something untrue")
        #expect(
            content(.goalReached, goal: goal).timer(at: at("2026-11-23 10:30"))
                == SessionTimerSpan(from: goal, to: .distantFuture, countsDown: false),
            "the extra time, counting up from the goal")
        #expect(!shown.isStale(at: at("2026-11-23 09:44")) && shown.isStale(at: goal))
    }

    @Test func aBreak_countsToItsEnd_andAnOpenEndedSession_countsUp() {
        let until = at("2026-11-23 09:05")
        #expect(content(.onBreak, end: at("2026-11-23 17:00"), breakUntil: until).staleDate == until)
        #expect(content(.goalReached, goal: start, end: at("2026-11-23 17:00")).staleDate == at("2026-11-23 17:00"))
        let open = content(.focusing)
        #expect(open.staleDate == nil && !open.isStale(at: .distantFuture))
        #expect(open.timer(at: at("2026-11-23 10:00")) == SessionTimerSpan(from: start, to: .distantFuture, countsDown: false))
    }

    /// Past its stale date nothing but the app can update it, so it shows what the session came
    /// to by itself: never "On a break 0:00" after the break is over.
    @Test func pastItsBoundary_aBreakIsFocusingAgain_theGoalIsReached_andASessionsEndIsNotGuessed() {
        let until = at("2026-11-23 09:05"), goal = at("2026-11-23 09:30"), end = at("2026-11-23 17:00")
        let afterBreak = content(.onBreak, goal: goal, end: end, breakUntil: until).afterNextBoundary
        #expect(afterBreak?.phase == .focusing && afterBreak?.breakUntil == nil)
        #expect(afterBreak?.buttons == [.end, .takeBreak] && afterBreak?.nextBoundary == goal)
        #expect(
            content(.onBreak, goal: start, end: end, breakUntil: until).afterNextBoundary?.phase == .goalReached,
            "a goal that came during the break is reached when it ends")
        #expect(content(.onBreak, breakUntil: until).afterNextBoundary?.phase == .focusing, "an open-ended session focuses again")
        #expect(content(.focusing, goal: goal, end: end).afterNextBoundary?.phase == .goalReached)
        #expect(content(.goalReached, goal: goal, end: end).afterNextBoundary == nil, "its end: only the app knows how it ended")
        #expect(content(.onBreak, end: until, breakUntil: until).afterNextBoundary == nil, "a break that lasts to the session's end")
        #expect(content(.focusing).afterNextBoundary == nil)
        let onBreak = content(.onBreak, goal: goal, end: end, breakUntil: until)
        #expect(onBreak.drawn(isStale: false) == (onBreak, true))
        #expect(onBreak.drawn(isStale: true) == (afterBreak!, true), "past its stale date it draws what came next")
        let ending = content(.goalReached, goal: goal, end: end)
        #expect(ending.drawn(isStale: true) == (ending, false), "past the session's end only the app knows: not current")
    }

    @Test func buttons_breakOnlyWhereAllowed_backToFocusOnABreak() {
        #expect(content(.focusing).buttons == [.end, .takeBreak])
        #expect(content(.focusing, allowsBreaks: false).buttons == [.end])
        #expect(content(.onBreak, breakUntil: start).buttons == [.end, .backToFocus])
        #expect(LiveActivityButton.backToFocus.rawValue == "Back to focus")
    }

    @Test func current_saysWhetherTheProfileAllowsBreaks() {
        let state = ThresholdState.make(
            profiles: [.make("work", breakPolicy: .fivePerHour), .make("sleep", selection: .apps("tiktok"))],
            sessions: [.make("s1", profile: "work", start: start), .make("s2", profile: "sleep", start: start.adding(minutes: 1))])
        let calendar = TestSupport.calendar()
        let now = start.adding(minutes: 10)
        let enforcement = evaluate(state, at: now, calendar: calendar)
        let shown = LiveActivityContent.current(state, enforcement, calendar: calendar, at: now)
        #expect(shown?.profileID == "sleep" && shown?.allowsBreaks == false)
        let workOnly = ThresholdState.make(
            profiles: [.make("work", breakPolicy: .fivePerHour)], sessions: [.make("s1", profile: "work", start: start)])
        #expect(
            LiveActivityContent.current(workOnly, evaluate(workOnly, at: now, calendar: calendar), calendar: calendar, at: now)?
                .allowsBreaks == true)
    }

    /// Seed 004: a key's Work and a scheduled Sleep can be on at once; the one Live Activity
    /// shows the newest and names each other, and the Session tab gets each, newest first.
    @Test func severalOnAtOnce_theNewestShows_namingTheOthers_andEachIsListed() {
        let state = ThresholdState.make(
            profiles: [.make("work", breakPolicy: .fivePerHour), .make("sleep", selection: .apps("tiktok"))],
            sessions: [
                .make("s1", profile: "work", start: start),
                .make("s2", profile: "sleep", start: start.adding(minutes: 1), plan: .until(start.adding(minutes: 60))),
            ])
        let calendar = TestSupport.calendar()
        let now = start.adding(minutes: 10)
        let enforcement = evaluate(state, at: now, calendar: calendar)
        #expect(LiveActivityContent.each(state, enforcement, calendar: calendar, at: now).map(\.profileID) == ["sleep", "work"])
        let shown = LiveActivityContent.current(state, enforcement, calendar: calendar, at: now)
        #expect(shown?.profileID == "sleep" && shown?.alsoOn.map(\.title) == [state.profile("work")!.title])
        #expect(shown?.othersOn == 1)
        // Past three the rest are counted, not named: a Live Activity's content stays small.
        let many = ThresholdState.make(
            profiles: (0..<6).map { Profile.make(ProfileID("p\($0)")) },
            sessions: (0..<6).map { (i: Int) in
                Session.make(SessionID("s\(i)"), profile: ProfileID("p\(i)"), start: start.adding(minutes: Double(i)))
            })
        let crowded = LiveActivityContent.current(many, evaluate(many, at: now, calendar: calendar), calendar: calendar, at: now)
        #expect(crowded?.profileID == "p5" && crowded?.alsoOn.count == LiveActivityContent.namedBeside && crowded?.othersOn == 5)
        let alone = ThresholdState.make(profiles: [.make("work")], sessions: [.make("s1", profile: "work", start: start)])
        #expect(LiveActivityContent.current(alone, evaluate(alone, at: now, calendar: calendar), calendar: calendar, at: now)?.alsoOn == [])
    }

    /// iOS marks a Live Activity stale once, so the session's own boundary comes first: a profile
    /// named beside it that ended by then is no longer named past it; a session with no boundary of
    /// its own goes stale where the profile it names ends.
    @Test func aProfileNamedBesideItEndingByItself_isNoLongerNamedPastIt() {
        let goal = at("2026-11-23 10:00"), sleepEnds = at("2026-11-23 09:30")
        var shown = content(.focusing, goal: goal)
        shown.alsoOn = [.init(title: "🌙 Sleep", until: sleepEnds), .init(title: "📚 Study", until: nil)]
        shown.othersOn = 2
        #expect(shown.staleDate == goal)
        let after = shown.afterNextBoundary
        #expect(after?.phase == .goalReached && after?.alsoOn.map(\.title) == ["📚 Study"] && after?.othersOn == 1)
        var open = content(.focusing)
        open.alsoOn = [.init(title: "🌙 Sleep", until: sleepEnds)]
        #expect(open.staleDate == sleepEnds)
        #expect(
            open.afterNextBoundary?.phase == .focusing && open.afterNextBoundary?.alsoOn == [] && open.afterNextBoundary?.staleDate == nil)
        var later = content(.focusing, goal: goal)
        later.alsoOn = [.init(title: "🌙 Sleep", until: at("2026-11-23 11:00"))]
        #expect(
            later.afterNextBoundary?.phase == .goalReached && later.afterNextBoundary?.alsoOn.count == 1, "Sleep is still on at the goal")
    }

    /// The hour's break used: an open-ended session offers Break again when the next comes, by
    /// itself; one with a boundary of its own offers it from that boundary, if it came by then.
    @Test func aBreakThatComesBack_isOfferedAgainByItself() {
        let returns = at("2026-11-23 10:00")
        let used = LiveActivityContent(
            profileID: "work", title: "💼 Work", startedAt: start, goalAt: nil, endsAt: nil, breakUntil: nil,
            phase: .focusing, allowsBreaks: false, breakReturnsAt: returns)
        #expect(used.buttons == [.end] && used.staleDate == returns)
        #expect(used.afterNextBoundary?.buttons == [.end, .takeBreak] && used.afterNextBoundary?.staleDate == nil)
        let bounded = LiveActivityContent(
            profileID: "work", title: "💼 Work", startedAt: start, goalAt: at("2026-11-23 10:30"), endsAt: nil,
            breakUntil: nil, phase: .focusing, allowsBreaks: false, breakReturnsAt: returns)
        #expect(bounded.staleDate == at("2026-11-23 10:30"))
        #expect(bounded.afterNextBoundary?.phase == .goalReached && bounded.afterNextBoundary?.buttons == [.end, .takeBreak])
        #expect(
            LiveActivityContent(
                profileID: "work", title: "💼 Work", startedAt: start, goalAt: nil, endsAt: nil, breakUntil: nil,
                phase: .focusing, allowsBreaks: true, breakReturnsAt: returns
            ).breakReturnsAt == nil,
            "a break left now needs no return")
    }

    /// Written and read back whole; the others on are written only when there are some.
    @Test func content_roundTrips_andWritesTheOthersOnlyWhenSomeAreOn() throws {
        var shown = content(.onBreak, goal: at("2026-11-23 10:00"), end: at("2026-11-23 17:00"), breakUntil: at("2026-11-23 09:05"))
        let alone = try JSONEncoder().encode(shown)
        #expect(try JSONDecoder().decode(LiveActivityContent.self, from: alone) == shown)
        #expect(!String(decoding: alone, as: UTF8.self).contains("alsoOn"))
        shown.alsoOn = [.init(title: "🌙 Sleep", until: at("2026-11-24 07:00"))]
        shown.othersOn = 2
        shown.ending = LiveActivityEnding(state: .completed, xp: 5, lasted: 600, dismissAt: at("2026-11-23 11:00"))
        #expect(try JSONDecoder().decode(LiveActivityContent.self, from: try JSONEncoder().encode(shown)) == shown)
    }

    @Test func contentSavedByAnEarlierBuild_stillReads() throws {
        let old = #"{"profileID":"work","title":"Work","startedAt":0,"phase":"focusing"}"#
        let read = try JSONDecoder().decode(LiveActivityContent.self, from: Data(old.utf8))
        #expect(read.profileID == "work" && !read.allowsBreaks && read.alsoOn.isEmpty)
    }
}
