import EntryPoints
import Foundation
import ScreenTimeClient
import StoreClient
import SystemWords
import ThresholdCore
@_spi(Setup) import ThresholdRuntime

// What each of Threshold's processes may ask of iOS on the simulated phone, through the
// ScreenTimeClient it is given: ManagedSettings' shields, DeviceActivity's monitoring, Family
// Controls' authorization, notifications, ActivityKit and WidgetKit, each refused as
// ``ProcessRules`` says for that process.
extension SimulatedPhone {
    /// The client a process gets: it refuses what ``ProcessRules`` does not allow that process.
    func client(for process: Process) -> ScreenTimeClient {
        let rules = ProcessRules.of(process)
        let mayChangeScreenTime: @Sendable () throws -> Void = {
            guard rules.changesScreenTime else { throw ScreenTimeError.failed("\(process.displayName) cannot change Screen Time settings") }
        }
        let mayStartLiveActivity: @Sendable () throws -> Void = {
            guard rules.startsLiveActivity else { throw ScreenTimeError.liveActivityNotAllowed(process.displayName) }
        }
        let mayChangeLiveActivity: @Sendable () throws -> Void = {
            guard rules.changesLiveActivity else { throw ScreenTimeError.liveActivityNotAllowed(process.displayName) }
        }
        var client = ScreenTimeClient(
            applyShield: { [unowned self] store in
                try mayChangeScreenTime()
                guard authorization == .approved else { throw ScreenTimeError.unauthorized }
                let before = shieldsBeforeWrite(by: process)
                shields.apply(store, at: clock.wall)
                shieldsWritten(by: process, before: before)
            },
            clearShield: { [unowned self] name in
                try mayChangeScreenTime()
                let before = shieldsBeforeWrite(by: process)
                shields.clear(name, at: clock.wall)
                shieldsWritten(by: process, before: before)
            },
            startMonitoring: { [unowned self] registration in
                try mayChangeScreenTime()
                guard authorization == .approved else { throw ScreenTimeError.unauthorized }
                let mayForget = !forgetting.isOff
                try activityCentre.startMonitoring(registration, at: clock.wall, timeZone: clock.timeZone)
                if mayForget, !activityCentre.activities.keys.contains(registration.name),
                    registration.interval(deviceZone: clock.timeZone).map({ $0.end > clock.wall }) ?? true
                {
                    note(.device, "iOS accepts \(registration.name) and does not keep it")
                }
            },
            stopMonitoring: { [unowned self] names in
                try mayChangeScreenTime()
                activityCentre.stopMonitoring(names, at: clock.wall)
            },
            activities: { [unowned self] in activityCentre.registrations },
            authorizationStatus: { [unowned self] in authorization },
            requestAuthorization: { [unowned self] in
                // The person allowed (a refusal is thrown before iOS is asked): iOS asks again after a refusal.
                if authorization != .approved {
                    if grantsNothing {
                        note(.device, "iOS's Screen Time prompt ends, allowed, and access does not turn on")
                    } else {
                        authorization = .approved
                    }
                }
                return authorization
            },
            postNotification: { [unowned self] note in
                guard rules.postsNotifications else { throw ScreenTimeError.failed("\(process.displayName) cannot post notifications") }
                post(note, from: process)
            },
            removeNotifications: { [unowned self] ids in notifications.remove(ids) },
            startLiveActivity: { [unowned self] content in
                // NB: iOS refuses a start in the background with ActivityAuthorizationError.visibility.
                try mayStartLiveActivity()
                liveActivities.start(content, at: clock.wall)
                note(.device, "Live Activity started: \(content.title)")
            },
            updateLiveActivity: { [unowned self] content in
                try mayChangeLiveActivity()
                guard liveActivities.update(content) else {
                    // Gone (ended after eight hours, or dismissed): as the live client does, start it again.
                    try mayStartLiveActivity()
                    liveActivities.start(content, at: clock.wall)
                    note(.device, "Live Activity started again: \(content.title)")
                    return
                }
            },
            endLiveActivity: { [unowned self] _, ending in
                try mayChangeLiveActivity()
                if liveActivities.end(with: ending) { note(.device, "Live Activity ended") }
            },
            reloadWidgets: { [unowned self] in widgets.reload() },
            notificationPermission: { [unowned self] in notifications.permission },
            requestNotificationPermission: { [unowned self] in notifications.requestPermission() })
        client.runsInApp = process.isAppsOwn
        client.isHoldingShield = { [unowned self] name in shields.stores[name].map { !$0.isEmpty } ?? false }
        return client
    }

    /// The apps shielded before a process writes the shields, when what changes matters (an
    /// app in use, or an extension's lift that iOS 26 keeps drawn); empty otherwise.
    func shieldsBeforeWrite(by process: Process) -> Set<String> {
        appInUse != nil || (keepsExtensionLiftsDrawn && process.liftsStayDrawn) ? Set(shieldedApps) : []
    }

    /// What iOS draws after a process wrote the shields: the app's own process redraws them all
    /// (a shield iOS still drew clears); with ``keepsExtensionLiftsDrawn``, what an extension lifted
    /// stays drawn; a shield that came over the app in use is drawn there, iOS's default with
    /// ``drawsDefaultShieldOverAppInUse``.
    func shieldsWritten(by process: Process, before: Set<String>) {
        if process.isAppsOwn, !staleShields.isEmpty {
            note(.device, "the app's write redraws the shields: \(staleShields.sorted().joined(separator: ", ")) no longer shown shielded")
            staleShields = []
        }
        guard appInUse != nil || (keepsExtensionLiftsDrawn && process.liftsStayDrawn) else { return }
        let now = Set(shieldedApps)
        if keepsExtensionLiftsDrawn, process.liftsStayDrawn {
            let lifted = before.subtracting(now)
            if !lifted.isEmpty {
                staleShields.formUnion(lifted)
                note(
                    .device,
                    "iOS keeps drawing the shield over \(lifted.sorted().joined(separator: ", ")): \(process.displayName) lifted it")
            }
        }
        staleShields.subtract(now)
        if let name = appInUse, now.contains(name), !before.contains(name) {
            appInUse = nil
            shieldCameOverAppInUse = (name, drawsDefaultShieldOverAppInUse)
            note(
                .device,
                drawsDefaultShieldOverAppInUse
                    ? "a shield comes over \(name) in use: iOS draws its default shield (“OK” closes it; Threshold's shows when \(name) is opened again)"
                    : "a shield comes over \(name) in use")
        }
    }

    /// What this phone's shields say (the ShieldConfiguration extension's words, in its language).
    public var shieldWords: ShieldWords { ShieldWords(locale: locale) }

    /// Refusals in the phone's language and clock, as its screens and notifications say them.
    public var refusalWords: RefusalWords { RefusalWords(locale: locale, timeZone: clock.timeZone) }

    /// A notification as this phone's Threshold would word it now.
    public func worded(_ notification: LocalNotification) -> PhoneNotification {
        PhoneNotification(notification, words: NotificationWords(locale: locale, timeZone: clock.timeZone))
    }

    /// Shows a notification, or keeps it until its fire date (replacing one pending with its id).
    /// The posting process words it now, in the phone's language and clock, as iOS keeps the words
    /// it was handed (`NotificationWords`, as `ScreenTimeLive` does on a phone).
    func post(_ posted: LocalNotification, from process: Process) {
        var notification = worded(posted)
        if process == .shieldAction, notification.fireDate == nil, shieldNotificationDelay > 0 {
            // NB: iOS 18.1 delays what the shield posts by about ten seconds (PLATFORM.md).
            notification.fireDate = clock.wall.addingTimeInterval(shieldNotificationDelay)
            note(
                .device, "iOS holds “\(notification.title)” back for \(Int(shieldNotificationDelay)) s, as it does a shield's notifications"
            )
        }
        if !notifications.schedule(notification, at: clock.wall) { show(notification) }
    }

    /// Shows the pending notifications whose fire date the wall clock has reached, in order.
    func showDueNotifications() {
        for notification in notifications.takeDue(at: clock.wall) {
            // With Threshold open, iOS presents the notification to it (`willPresent`), which reconciles.
            if show(notification), appRunning, appInForeground { run(.app, .notificationPresented(notification.id)) }
        }
    }

    /// An APNs alert for Threshold arrives: iOS shows it whether or not Threshold runs, as a
    /// notification whose id is the push's `apns-collapse-id` (a later one with that id replaces it).
    public func receivePush(id: String, title: String, body: String) {
        note(.device, "a push for Threshold arrives")
        show(PhoneNotification(id: id, title: title, body: body, destination: .home))
    }

    /// Shows a notification: not at all with notifications off; held in the Notification Center
    /// under a Focus unless it is time-sensitive.
    @discardableResult
    func show(_ notification: PhoneNotification) -> Bool {
        switch notifications.show(notification, at: clock.wall, focusOn: focus.isOn) {
        case .off:
            note(.device, "does not show “\(notification.title)”: notifications are off for Threshold")
            return false
        case .heldByFocus:
            note(.device, "the Focus holds back “\(notification.title)” (in the Notification Center)")
            return false
        case .shown:
            note(.device, "notification “\(notification.title)”: \(notification.body)")
            return true
        }
    }

}
