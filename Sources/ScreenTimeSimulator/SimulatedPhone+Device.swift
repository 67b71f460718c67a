import EntryPoints
import Foundation
import ScreenTimeClient
import StoreClient
import SystemWords
import ThresholdCore
@_spi(Setup) import ThresholdRuntime

// The simulated phone's clock, Settings and home screen: time passing (and what comes due on the
// way), the clock and time zone set by hand, apps deleted and installed, Safari, Focus, restarts
// and the app swiped away, each refused where the device restrictions say.
extension SimulatedPhone {
    /// Lets simulated time pass, delivering every callback due on the way at its instant
    /// (or later, as faults decide).
    public func advance(by seconds: TimeInterval) {
        advance(to: clock.wall.addingTimeInterval(seconds))
    }

    public func advance(to target: Date) {
        while true {
            let nextCallback = activityCentre.nextCallbackInstant
            let nextDeferred = deferred.map(\.deliverAt).min()
            let nextNotification = notifications.nextFireDate
            let forgetting = forgetsAllActivitiesAt.flatMap { $0 >= clock.wall ? $0 : nil }
            guard
                let next = [nextCallback, nextDeferred, nextNotification, liveActivities.limit, forgetting, stopsKeepingShieldsAt]
                    .compactMap({
                        $0
                    }).min(),
                next <= target
            else { break }
            if next > clock.wall { clock.advance(by: next.timeIntervalSince(clock.wall)) }
            stopKeepingShieldsIfDue()
            if let forgetting, forgetting <= clock.wall {
                forgetsAllActivitiesAt = nil
                forgetAllActivities()
                continue
            }
            endLiveActivityAtItsLimit()
            showDueNotifications()
            activityCentre.fireDue(through: clock.wall, timeZone: clock.timeZone)
            deliverFiredCallbacks(releasingDeferredThrough: clock.wall)
        }
        if target > clock.wall { clock.advance(by: target.timeIntervalSince(clock.wall)) }
    }

    func endLiveActivityAtItsLimit() {
        guard liveActivities.endAtItsLimit(at: clock.wall) else { return }
        note(.device, "iOS ends the Live Activity: eight hours have passed since it started")
    }

    /// The person sets the clock. Moving it forward past boundaries makes iOS deliver their
    /// callbacks at once (intervals end early); moving it back delivers nothing. While
    /// `requireAutomaticDateAndTime` is applied, Settings does not let the person change it.
    public func setClock(to wall: Date) throws {
        guard !deviceRestrictions.requireAutomaticDateAndTime else {
            note(.device, "refuses to set the clock by hand: automatic date and time is required")
            throw SimulatorError.notAllowed(
                "The clock is set automatically while Beast Mode is on (Settings › General › Date & Time is locked).")
        }
        let from = clock.wall
        clock.set(wall: wall.roundedDownToSecond)
        note(.device, "clock set from \(clock.readable(from, weekday: true)) to \(clock.readable(clock.wall, weekday: true))")
        showDueNotifications()
        activityCentre.fireDue(through: clock.wall, timeZone: clock.timeZone)
        deliverFiredCallbacks()
        significantTimeChange()
    }

    /// The person travels or changes the time zone (the instant does not change). Activities
    /// registered on the device's wall clock (no time zone in their components) move with it, and
    /// fire what that move starts or ends (``DeviceActivityCentre/timeZoneChanged(to:at:)``).
    public func setTimeZone(_ zone: TimeZone) {
        clock.timeZone = zone
        note(.device, "time zone set to \(zone.identifier)")
        activityCentre.timeZoneChanged(to: zone, at: clock.wall)
        deliverFiredCallbacks()
        significantTimeChange()
    }

    /// iOS tells a running app (not its extensions) that the clock or time zone changed.
    func significantTimeChange() {
        if appRunning { run(appInForeground ? .app : .appInBackground, .significantTimeChange) }
    }

    /// The person deletes an app from the home screen. While `denyAppRemoval` is applied iOS
    /// refuses for every app on the phone, not only Threshold.
    public func deleteApp(_ name: String) throws {
        guard catalogue.app(named: name) != nil else { throw SimulatorError.unknownApp(name, known: catalogue.names) }
        guard !deviceRestrictions.denyAppRemoval else {
            note(.device, "refuses to delete \(name): app removal is denied")
            throw SimulatorError.notAllowed("Apps cannot be deleted while Beast Mode is on.")
        }
        catalogue.remove(named: name)
        note(.device, "\(name) is deleted")
    }

    /// The person opens a website in ``Safari``: its shield, iOS's "restricted" page, or the page.
    public func visit(_ host: String) -> WebsiteVisit {
        deviceInUse()
        leaveThreshold()
        let host = host.lowercased()
        let blocked = Safari.block(host, under: shields)
        let visit = WebsiteVisit(host: host, blocked: blocked, content: blocked == .shielded ? drawnShield(website: host) : nil)
        note(.device, "Safari: \(visit)")
        return visit
    }

    /// The shield iOS draws over a website, with what the ShieldConfiguration extension gives it
    /// (`configuration(shielding: WebDomain)`: the domain is its name).
    func drawnShield(website host: String) -> ShieldContent {
        let state = Result<StoredState, any Error> { try store.read() }
        let item = ShieldedItem.webDomain(WebDomainToken(host), category: nil, name: host)
        return ShieldContent.shown(
            for: item, reason: item.lastReason(in: state, deviceZone: clock.timeZone), in: state,
            at: clock.wall, deviceZone: clock.timeZone)
    }

    /// Presses a button on a website's shield in Safari; the ShieldAction extension does what it
    /// says (`handle(action:for: WebDomainToken)`), with the same code as on iOS.
    public func pressShield(_ role: ShieldButtonRole, onWebsite host: String) throws -> ShieldPress {
        let host = host.lowercased()
        guard let content = visit(host).content else { throw SimulatorError.notShielded(host) }
        // NB: iOS hands the action extension the website's token alone, no domain name.
        return try press(role, on: content, of: .webDomain(WebDomainToken(host), category: nil, name: nil), called: host)
    }

    /// The person installs an app from the App Store. While `denyAppInstallation` is applied iOS
    /// hides the App Store and installs nothing.
    public func installApp(_ name: String, displayName: String? = nil, category: String? = nil) throws {
        guard !deviceRestrictions.denyAppInstallation else {
            note(.device, "refuses to install \(name): app installation is denied")
            throw SimulatorError.notAllowed(
                "The App Store is hidden: installing apps is turned off while a Threshold profile that denies it is on.")
        }
        catalogue.install(AppCatalogue.App(name: name, displayName: displayName, category: category))
        note(.device, "\(name) is installed")
    }

    /// The person turns a Focus on or off. Turning it off shows what it held back.
    public func setFocus(_ on: Bool) {
        if !on { focus.name = nil }
        switchFocus(on, saying: on ? "a Focus is on" : "the Focus ends")
    }

    func switchFocus(_ on: Bool, saying what: String) {
        focus.isOn = on
        note(.device, what)
        guard !on else { return }
        for notification in notifications.releaseHeld() { show(notification) }
    }

    /// The person adds Threshold's filter to a Focus (Settings › Focus › `focus` › Add Filter ›
    /// Threshold), choosing a profile from those iOS lists (the filter's entity query reads them
    /// from Threshold's store, as `ProfileQuery` does) by its name, with a length or none.
    public func addFocusFilter(to focus: String, profileNamed name: String, minutes: Int? = nil) throws {
        deviceInUse()
        leaveThreshold()
        let profiles = try store.read().engine.profiles
        let wanted = name.trimmingCharacters(in: .whitespaces)
        guard let profile = profiles.first(where: { $0.name == wanted || "\($0.emoji) \($0.name)" == wanted }) else {
            let offered = profiles.map { "\($0.emoji) \($0.name)" }
            throw SimulatorError.notAllowed(
                "Threshold's filter offers no profile “\(name)”; it lists " + (offered.isEmpty ? "none" : offered.joined(separator: ", "))
                    + ".")
        }
        self.focus.filters[focus] = FocusFilterSetting(profile: profile.id, minutes: minutes)
        note(
            .device,
            "Settings › Focus › \(focus): Threshold's filter runs \(profile.emoji) \(profile.name)"
                + (minutes.map { " for \($0) min" } ?? ""))
    }

    /// The person turns a named Focus on or off (Control Centre, a schedule of iOS's). One Focus is
    /// on at a time: turning one on replaces the one that was. When a Focus with Threshold's filter
    /// turns on, iOS runs the filter in Threshold's process (launched in the background if it must)
    /// with what the person set; when it turns off, or another without the filter replaces it, with
    /// nothing set (``FocusFilterSetting/off``).
    @discardableResult
    public func setFocus(_ name: String, on: Bool) -> FocusFilterResult? {
        deviceInUse()
        let before = focus.name.flatMap { focus.filters[$0] }
        if on {
            focus.name = name
            switchFocus(true, saying: "the \(name) Focus is on")
        } else {
            guard focus.name == name else {
                note(.device, "the \(name) Focus is not on")
                return nil
            }
            focus.name = nil
            switchFocus(false, saying: "the \(name) Focus turns off")
        }
        let after = on ? focus.filters[name] : nil
        guard before != nil || after != nil else { return nil }
        guard focus.filterRuns.runs(turningOn: after != nil) else {
            note(.fault, "iOS does not run Threshold's Focus filter as the Focus turns \(after != nil ? "on" : "off")")
            return nil
        }
        return runFocusFilter(after ?? .off)
    }

    /// iOS runs Threshold's Focus filter (`SetFocusFilterIntent.perform()`) in Threshold's process:
    /// the app, in the background unless it is on screen. The filter is also a `LiveActivityIntent`,
    /// so it may start the Live Activity of the session it starts.
    func runFocusFilter(_ setting: FocusFilterSetting) -> FocusFilterResult {
        let process: Process = appInForeground ? .app : .intent
        if !appRunning {
            appRunning = true
            note(.device, "iOS launches Threshold in the background to run its Focus filter")
        }
        return runtime(for: process).applyFocusFilter(setting)
    }

    /// A restart: Threshold's app is gone, uptime starts again; shields and registrations stay.
    public func reboot() {
        appRunning = false
        appInForeground = false
        appInUse = nil
        shieldCameOverAppInUse = nil
        clock.reboot()
        note(.device, "restarted (\(clock.bootID))")
        if monitorSleeps {
            monitorSleepsFrom = nil
            note(.device, "iOS calls the monitor again")
        }
        activityCentre.fireDue(through: clock.wall, timeZone: clock.timeZone)
        deliverFiredCallbacks(releasingDeferredThrough: clock.wall)
    }

    /// The person swipes Threshold away.
    public func killApp() {
        appRunning = false
        appInForeground = false
        note(.device, "Threshold's app was killed")
    }

    /// iOS gives Threshold a background app refresh (`BGAppRefreshTask`): it launches the app in
    /// the background if it was not running, and never brings it on screen, so what the app does
    /// there runs as a background app (no Live Activity may start). iOS refreshes only an app that
    /// is not on screen: returns `false`, refusing, while Threshold is.
    public func backgroundRefreshBegins() -> Bool {
        guard !appInForeground else { return false }
        deviceInUse()
        appRunning = true
        note(.device, "iOS gives Threshold a background app refresh")
        return true
    }

    /// Registers a note in the timeline (the CLI tells what the person does this way).
    public func note(_ actor: TimelineEntry.Actor, _ text: String) {
        timeline.append(TimelineEntry(at: clock.wall, actor: actor, text: text))
    }

}
