import EntryPoints
import Foundation
import InMemoryClients
import ScreenTimeClient
@_spi(Setup) import ScreenTimeSimulator
import StoreClient
import TestSupport
import Testing
import ThresholdCore

@Suite struct WidgetSnapshotTests {
    let calendar = TestSupport.calendar()

    func prayer(_ id: String, on text: String, in zone: String = "America/New_York") -> LoggedEvent {
        .prayer(text, in: zone)
    }

    @Test func streak_countsDaysWithAPrayer_endingToday() {
        let events = [prayer("a", on: "2026-02-28 08:00"), prayer("b", on: "2026-03-01 21:00"), prayer("c", on: "2026-03-02 07:00")]
        let snapshot = WidgetSnapshot.make(state: .initial, events: events, now: monday, calendar: calendar)
        #expect(snapshot.streakDays == 3)
    }

    /// Seed 001 §7: the streak widget shows the screen-time goal's streak and the goal.
    @Test func withAGoal_theStreakIsTheGoals_andTheGoalIsShown() throws {
        var state = StoredState.initial
        try state.settings.setScreenTimeGoal(180, counting: .apps("instagram"), on: LocalDate(parsing: "2026-02-20"))
        state.progress.goalStreak = GoalStreak(days: 9, lives: 2, through: try LocalDate(parsing: "2026-03-01"))
        let snapshot = WidgetSnapshot.make(state: state, events: [], now: monday, calendar: calendar)
        #expect(snapshot.streakDays == 9)
        #expect(snapshot.goalMinutes == 180)
        #expect(WidgetSnapshot.make(state: .initial, events: [], now: monday, calendar: calendar).goalMinutes == nil)
    }

    @Test func streak_staysAliveUntilTodayEnds() {
        let events = [prayer("a", on: "2026-02-28 08:00"), prayer("b", on: "2026-03-01 21:00")]
        #expect(WidgetSnapshot.make(state: .initial, events: events, now: monday, calendar: calendar).streakDays == 2)
    }

    @Test func streak_ignoresIntentionOpens_andPrayerGrantsWithoutAPrayer() {
        let start = at("2026-03-02 07:00")
        let open = Grant.make("g", .app("instagram"), from: start, minutes: 5, origin: .intentionOpen("ig"))
        let granted = Grant.make("p", from: start, minutes: 10, origin: .ritual(.prayer))
        let events = [
            LoggedEvent(sequence: 1, at: start, event: .grantIssued(open)),
            LoggedEvent(sequence: 2, at: start, event: .grantIssued(granted)),
        ]
        #expect(WidgetSnapshot.make(state: .initial, events: events, now: monday, calendar: calendar).streakDays == 0)
    }

    @Test func streak_countsAPrayerForTheDayItWasSaid_inTheZoneItWasSaidIn() {
        // Sunday 23:30 in New York is Monday 04:30 in London: read in London now, the prayer
        // still counts for Sunday, so Sunday and Monday make two days.
        var london = calendar
        london.timeZone = TimeZone(identifier: "Europe/London")!
        let events = [prayer("a", on: "2026-03-01 23:30"), prayer("b", on: "2026-03-02 09:00", in: "Europe/London")]
        #expect(
            WidgetSnapshot.make(state: .initial, events: events, now: at("2026-03-02 12:00", in: "Europe/London"), calendar: london)
                .streakDays == 2)
    }

    @Test func streak_countsNothingUpToAReset() {
        let events = [prayer("a", on: "2026-02-28 08:00"), prayer("b", on: "2026-03-01 21:00"), prayer("c", on: "2026-03-02 07:00")]
        var state = StoredState.initial
        state.settings.streakResetAt = at("2026-03-02 07:30")
        #expect(WidgetSnapshot.make(state: state, events: events, now: monday, calendar: calendar).streakDays == 0)
        state.settings.streakResetAt = at("2026-03-01 12:00")
        #expect(
            WidgetSnapshot.make(state: state, events: events, now: monday, calendar: calendar).streakDays == 2,
            "the prayers after the reset still count")
    }

    @Test func streak_readsPrayersThroughTheStore() throws {
        let phone = try phone(.make(gates: [selah]))
        try phone.store.write { tx in
            guard case .ritualCompleted(let record) = LoggedEvent.prayer("2026-03-01 20:00").event else { return }
            tx.record(.ritualCompleted(record), at: at("2026-03-01 20:00"))
        }
        #expect(WidgetSnapshot.read(from: phone.store, now: monday, calendar: calendar).streakDays == 1)
    }

    @Test func runningSession_isShown_andTheWidgetRefreshesWhenItEnds() throws {
        let work = Profile.make("work", name: "Work", emoji: "💼", path: .key, selection: .apps("tiktok"))
        let end = monday.adding(minutes: 45)
        let phone = try phone(.make(profiles: [work], sessions: [.make("s1", profile: "work", start: monday, plan: .until(end))]))
        let snapshot = WidgetSnapshot.read(from: phone.store, now: monday, calendar: calendar)
        #expect(snapshot.session?.title == "💼 Work")
        #expect(snapshot.refreshAt == end)
        #expect(!snapshot.isUnreadable)
    }

    @Test func unreadableStore_isSaidPlainly_notShownAsZeros() {
        let store = InMemoryStore()
        store.failNextCalls(with: .corrupt("truncated"))
        let snapshot = WidgetSnapshot.read(from: store, now: monday, calendar: calendar)
        #expect(snapshot.isUnreadable)
        #expect(snapshot.headline == .unreadable)
    }
}

@Suite struct StatusSummaryTests {
    @Test func session_isNamedWithItsEndTime() throws {
        let work = Profile.make("work", name: "Work", emoji: "💼", path: .key, selection: .apps("tiktok"))
        let phone = try phone(
            .make(profiles: [work], sessions: [.make("s1", profile: "work", start: monday, plan: .until(at("2026-03-02 17:00")))]))
        let summary = StatusSummary(try phone.store.read(), now: monday, calendar: TestSupport.calendar())
        #expect(summary.headline == .sessionOn(session: "💼 Work", until: at("2026-03-02 17:00")))
    }

    /// A gate an unlock lifts whole shields nothing while it lasts: the headline says so, not
    /// "Shielding now" above "Unlocked until" (issue 34 item 4); one it lifts in part is named.
    @Test func aGateLiftedWhole_shieldsNothingNow_andOneLiftedInPartIsNamed() throws {
        let whole = try phone(.make(gates: [selah], grants: [.make("g1", from: monday, minutes: 10)]))
        let summary = StatusSummary(try whole.store.read(), now: monday, calendar: TestSupport.calendar())
        #expect(summary.headline == .nothingNow)
        #expect(summary.unlockedUntil == monday.adding(minutes: 10))
        let both = Gate.make("selah", name: "Selah", selection: .apps("instagram", "tiktok"))
        let partly = try phone(
            ThresholdState.make(gates: [both], grants: [Grant.make("g1", GrantScope.app("instagram"), from: monday, minutes: 10)]))
        #expect(
            StatusSummary(try partly.store.read(), now: monday, calendar: TestSupport.calendar()).headline == .shielding([.named("Selah")]))
    }

    @Test func nothingYet_isSaid() {
        let summary = StatusSummary(.initial, now: monday, calendar: TestSupport.calendar())
        #expect(summary.headline == .nothingYet)
        #expect(summary.unlockedUntil == nil && summary.repairs.isEmpty && summary.failure == nil)
    }

    @Test func anUnreadableStore_keepsItsFailure() {
        let summary = StatusSummary(unreadable: StoreError.corrupt("truncated"))
        #expect(summary.headline == .unreadable && summary.failure == .corrupt("truncated"))
    }

    @Test func theLastReconcilesRepairs_comeWithTheStatus() throws {
        var state = StoredState.initial
        state.applied.repairs = [RepairNotice(.notAuthorized)]
        #expect(StatusSummary(state, now: monday, calendar: TestSupport.calendar()).repairs == [RepairNotice(.notAuthorized)])
    }
}

@Suite struct AuthorizationTrackingTests {
    @Test func approvedReading_isApproved() {
        #expect(AuthorizationTracking.verdict(readings: [.approved], wasApproved: false) == .approved)
    }

    @Test func firstDenial_isDenied_notRevoked() {
        #expect(AuthorizationTracking.verdict(readings: [.denied], wasApproved: false) == .denied)
        #expect(AuthorizationTracking.verdict(readings: [.notDetermined], wasApproved: false) == .notYetAsked)
    }

    @Test func lostAfterApproval_isRevoked() {
        #expect(AuthorizationTracking.verdict(readings: [.denied], wasApproved: true) == .revoked)
        #expect(AuthorizationTracking.verdict(readings: [.notDetermined, .notDetermined], wasApproved: true) == .revoked)
    }

    @Test func briefNotDetermined_afterApproval_isConfirmedBeforeBelieved() async {
        var readings: [AuthorizationStatus] = [.notDetermined, .approved]
        var pauses = 0
        let verdict = await AuthorizationTracking.check(wasApproved: true, read: { readings.removeFirst() }, pause: { pauses += 1 })
        #expect(verdict == .approved)
        #expect(pauses == 1)
    }

    @Test func persistentNotDetermined_afterApproval_isRevokedAfterTheConfirmingReadings() async {
        var reads = 0
        var pauses = 0
        let verdict = await AuthorizationTracking.check(
            wasApproved: true,
            read: {
                reads += 1; return .notDetermined
            },
            pause: { pauses += 1 })
        #expect(verdict == .revoked)
        #expect(reads == AuthorizationTracking.confirmingReadings + 1)
        #expect(pauses == AuthorizationTracking.confirmingReadings)
    }

    @Test func everyFailure_saysWhatToDo() {
        for failure in AuthorizationFailure.allCases {
            #expect(!failure.message.isEmpty)
            #expect(failure.message.hasSuffix(".") || failure.message.hasSuffix("ready."))
        }
        #expect(AuthorizationFailure.canceled.canRetry)
        #expect(!AuthorizationFailure.restricted.canRetry)
    }
}
