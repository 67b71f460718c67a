import EntryPoints
import Foundation
import ScreenTimeClient
@_spi(Setup) import ScreenTimeSimulator
import StoreClient
import TestSupport
import Testing
import ThresholdCore

/// Threshold's Focus filter (issue 26), as iOS runs it: the profile it names starts when its Focus
/// turns on and ends when it turns off, through the same policy as every path (Beast Mode runs on);
/// what it could not do is told in a notification; a refusal changes nothing.
@Suite struct FocusFilterTests {
    let work = Profile.make("work", name: "Work", emoji: "💼", path: .key, selection: .apps("tiktok"))
    let study = Profile.make("study", name: "Study", emoji: "📚", path: .key, selection: .apps("youtube"))
    let sleep = Profile.make("sleep", name: "Sleep", emoji: "🌙", path: .key, selection: .apps("instagram"), strictness: .locked)

    func phone() throws -> SimulatedPhone {
        let phone = try EntryPointsTests.phone(.make(profiles: [work, study, sleep]))
        phone.leaveThreshold()
        return phone
    }

    @Test func theFocusOn_startsItsProfile_inTheBackground_andOffEndsIt() throws {
        let phone = try phone()
        try phone.addFocusFilter(to: "Work", profileNamed: "💼 Work")
        let on = try #require(phone.setFocus("Work", on: true))
        #expect(on.refused == nil && on.notifications.isEmpty)
        #expect(phone.shieldedApps == ["tiktok"])
        #expect(try phone.savedState().engine.sessions.map(\.origin) == [.focus])
        #expect(phone.outcomes.last { $0.process != .monitor }?.process == .intent, "the filter runs in the app's process, as an intent")
        #expect(
            phone.liveActivities.current?.profileID == "work",
            "the filter is a LiveActivityIntent: its session's Live Activity starts from the background")
        phone.advance(by: 3_600)
        #expect(phone.setFocus("Work", on: false)?.refused == nil)
        #expect(phone.shieldedApps.isEmpty)
    }

    @Test func aFocusWithoutTheFilter_runsNothing_andSwitchingFocusesSwitchesProfiles() throws {
        let phone = try phone()
        #expect(phone.setFocus("Personal", on: true) == nil)
        try phone.addFocusFilter(to: "Work", profileNamed: "Work")
        try phone.addFocusFilter(to: "Study", profileNamed: "Study")
        phone.setFocus("Work", on: true)
        phone.advance(by: 600)
        phone.setFocus("Study", on: true)
        #expect(phone.shieldedApps == ["youtube"], "one Focus at a time: Study's filter ends what Work's started")
        phone.advance(by: 600)
        phone.setFocus("Personal", on: true)
        #expect(phone.shieldedApps.isEmpty, "a Focus without the filter ran it with nothing set")
    }

    @Test func theFocusOff_endsOnlyWhatAFocusStarted() throws {
        let phone = try phone()
        try phone.addFocusFilter(to: "Work", profileNamed: "Work")
        phone.perform(StartSession(profile: "work", origin: .manual), as: .inApp("start"))
        phone.leaveThreshold()
        phone.setFocus("Work", on: true)
        #expect(try phone.savedState().engine.sessions.count == 1, "already on: the Focus starts nothing more")
        phone.setFocus("Work", on: false)
        #expect(phone.shieldedApps == ["tiktok"])
    }

    @Test func theFocusOff_doesNotEndBeastMode_andSaysWhy() throws {
        let phone = try phone()
        try phone.addFocusFilter(to: "Sleep", profileNamed: "Sleep", minutes: 60)
        phone.setFocus("Sleep", on: true)
        #expect(phone.shieldedApps == ["instagram"] && phone.deviceRestrictions == .locked)
        phone.advance(by: 600)
        let off = try #require(phone.setFocus("Sleep", on: false))
        #expect(off.kept == ["sleep"])
        #expect(off.notifications.map { phone.worded($0).title } == ["Beast Mode keeps going"])
        #expect(off.notifications.first.map { phone.worded($0).body.contains("a Focus does not end Beast Mode") } == true)
        #expect(off.notifications.first?.destination == .session("sleep"))
        #expect(phone.notifications.inbox.contains { $0.title == "Beast Mode keeps going" })
        #expect(phone.shieldedApps == ["instagram"])
        phone.advance(by: 50 * 60)
        #expect(phone.shieldedApps.isEmpty && phone.deviceRestrictions == .none)
    }

    @Test func aStartRefused_changesNothing_andIsToldEvenUnderTheFocus() throws {
        let phone = try phone()
        try phone.addFocusFilter(to: "Sleep", profileNamed: "Sleep")
        let on = try #require(phone.setFocus("Sleep", on: true))
        #expect(said(on.refused)?.contains("Beast Mode needs an end") == true)
        #expect(phone.shieldedApps.isEmpty)
        #expect(try phone.savedState().engine.sessions.isEmpty)
        #expect(
            phone.notifications.inbox.contains { $0.title == "Your Focus could not start its profile" },
            "time-sensitive: the Focus does not hold it back"
        )
    }

    @Test func withoutScreenTimeAccess_theFocusStartsNothing() throws {
        let phone = try phone()
        try phone.addFocusFilter(to: "Work", profileNamed: "Work")
        phone.authorization = .denied
        let on = try #require(phone.setFocus("Work", on: true))
        #expect(said(on.refused)?.contains("no Screen Time access") == true)
        #expect(try phone.savedState().engine.sessions.isEmpty)
    }

    @Test func anUnreadableStore_failsClosed_andTheFilterSaysSo() throws {
        let phone = try phone()
        try phone.addFocusFilter(to: "Work", profileNamed: "Work")
        phone.setFocus("Work", on: true)
        #expect(phone.damageSavedData(true))
        let off = try #require(phone.setFocus("Work", on: false))
        #expect(off.reconciliation.outcome.storeFailure != nil)
        #expect(phone.shieldedApps == ["tiktok"], "nothing is lifted on a store that cannot be read")
        #expect(phone.damageSavedData(false))
    }

    @Test func onlyAProfileThreshold_lists_canBeChosen() throws {
        let phone = try phone()
        #expect(throws: SimulatorError.self) { try phone.addFocusFilter(to: "Work", profileNamed: "Gym") }
        #expect(phone.focus.filters.isEmpty)
    }

    // MARK: A filter iOS does not run (feedback-assistant/reports#461, #588; home-assistant/iOS#5656)

    /// iOS runs the filter as Work turns on and not as it turns off: whatever of Threshold's runs
    /// next in the app's process reads the Focus as iOS has it (none) and ends what Work started.
    @Test func aFilterNotRunOnTheWayOut_isFollowedAtTheNextEntry() throws {
        let phone = try phone()
        phone.focus.filterRuns = .onTheWayIn
        try phone.addFocusFilter(to: "Work", profileNamed: "Work")
        #expect(phone.setFocus("Work", on: true) != nil)
        phone.advance(by: 3_600)
        #expect(phone.setFocus("Work", on: false) == nil, "iOS did not run it")
        #expect(phone.shieldedApps == ["tiktok"])
        let followed = try #require(phone.runtime(for: .intent).followFocus(phone.focus.currentFilter))
        #expect(followed.refused == nil)
        #expect(phone.shieldedApps.isEmpty)
        #expect(try phone.savedState().applied.focusFilter == .off)
        #expect(phone.runtime(for: .intent).followFocus(phone.focus.currentFilter) == nil, "nothing changed since")
    }

    /// Following is of changes only: a session the person ended under the Focus is not started
    /// again by the next entry, nor one they started ended.
    @Test func following_actsOnlyOnAChange_ofTheFocusAsIOSHasIt() throws {
        let phone = try phone()
        try phone.addFocusFilter(to: "Work", profileNamed: "Work")
        phone.setFocus("Work", on: true)
        phone.advance(by: 600)
        phone.perform(EndSession(profile: "work"), as: .inApp("end"))
        #expect(phone.openThresholdFollowingFocus() == nil)
        #expect(phone.shieldedApps.isEmpty, "the person ended it; the Focus still on starts it not again")
        phone.perform(StartSession(profile: "study", origin: .manual), as: .inApp("start"))
        phone.focus.filterRuns = .never
        phone.setFocus("Work", on: false)
        #expect(phone.openThresholdFollowingFocus() != nil, "the Focus ended")
        #expect(phone.shieldedApps == ["youtube"], "the person's session stays")
    }

    /// A start the filter cannot make (Beast Mode needs an end) is told once, not at every entry
    /// that reads the same Focus; nothing of it is done.
    @Test func aRefusedStart_isToldOnce() throws {
        let phone = try phone()
        phone.focus.filterRuns = .never
        try phone.addFocusFilter(to: "Sleep", profileNamed: "Sleep")
        phone.setFocus("Sleep", on: true)
        let first = try #require(phone.openThresholdFollowingFocus())
        #expect(said(first.refused)?.contains("Beast Mode needs an end") == true)
        #expect(phone.openThresholdFollowingFocus() == nil)
        #expect(phone.notifications.inbox.filter { $0.title == "Your Focus could not start its profile" }.count == 1)
        #expect(try phone.savedState().engine.sessions.isEmpty && phone.shieldedApps.isEmpty)
    }
}

extension SimulatedPhone {
    /// The app comes forward and follows the Focus as iOS has it, as `AppModel.foreground()` does.
    @discardableResult
    fileprivate func openThresholdFollowingFocus() -> FocusFilterResult? {
        openThreshold()
        return runtime(for: .app).followFocus(focus.currentFilter)
    }
}
