import EntryPoints
import Foundation
import ScreenTimeSimulator
import ThresholdCore
import ThresholdKeys
import ThresholdRuntime

/// What the person does with the simulated phone, in the words of the five paths: pray, solve
/// a challenge, start a session, tap the key, take a break, open an app with an intention.
///
/// Each verb goes through Threshold as the app would: a command inside one reconcile.
///
/// ## Where the features plug in
/// - Rituals: ``completeRitual(_:minutes:app:mood:)`` does each ritual with the Core types the
///   app's screens drive and records it with `StoreTransaction.complete`, the app's own write.
/// - Sessions (issue 6): ``start(_:origin:plan:)``, ``end(_:via:)``, ``takeBreak(_:)`` and
///   ``resume(_:)`` run the session commands, whose rules (lengths, quotas, Beast Mode refusals,
///   the 10-second cancel) and rewards (XP, coins, credits) live in Core.
struct Person {
    let phone: SimulatedPhone

    /// The prompt a key tap left open ("End or take a break?"), by profile.
    private(set) var pendingKeyPrompt: ProfileID?
    /// The confirmation a start link left open (Beast Mode), with the link that asked.
    private(set) var pendingStart: (confirmation: StartConfirmation, link: String)?
    /// The links written on the person's keys, by profile.
    private(set) var keyLinks: [ProfileID: URL] = [:]

    init(phone: SimulatedPhone) { self.phone = phone }

    var calendar: Calendar { phone.clock.calendar }
    var state: ThresholdState { get throws { try phone.store.read().engine } }

    // MARK: Rituals (see PersonRituals.swift)

    // MARK: Sessions

    @discardableResult
    func start(_ profile: ProfileID, origin: SessionOrigin = .manual, plan: PlanSpec? = nil) -> ReconcileOutcome {
        let sessionPlan: SessionPlan = switch plan {
        case .goal(let minutes)?: .goal(minutes: minutes)
        case .until(let spec)?: .until(spec.instant(from: phone.clock.wall, in: phone.clock.timeZone))
        case .openEnded?, nil: .openEnded
        }
        phone.note(.person, "starts \(profile) (\(origin.rawValue))")
        return phone.perform(StartSession(profile: profile, origin: origin, plan: sessionPlan), as: .inApp("start \(profile)"))
    }

    /// Ends the profile's session from one of the entry points; each runs the same command.
    @discardableResult
    func end(_ profile: ProfileID, via path: EndPath = .inApp) -> ReconcileOutcome {
        phone.note(.person, "ends \(profile)" + (path == .inApp ? "" : " from the \(path.rawValue.replacingOccurrences(of: "-", with: " "))"))
        switch path {
        case .liveActivity:
            // The button's intent runs in Threshold's process without opening it; a refusal
            // reaches the person as a notification.
            return phone.runtime(for: .intent).pressLiveActivity(.end, profile: profile).reconciliation.outcome
        case .shortcut:
            return phone.runtime(for: .intent).endSession(profile, from: path.trigger(for: profile)).outcome
        case .inApp, .key, .widget, .notification:
            return phone.perform(EndSession(profile: profile), as: path.trigger(for: profile))
        }
    }

    @discardableResult
    func resume(_ profile: ProfileID) -> ReconcileOutcome {
        phone.note(.person, "ends the break from \(profile) early")
        return phone.perform(EndBreak(profile: profile), as: .inApp("resume \(profile)"))
    }

    @discardableResult
    func takeBreak(_ profile: ProfileID) -> ReconcileOutcome {
        phone.note(.person, "takes a break from \(profile)")
        return phone.perform(TakeBreak(profile: profile), as: .inApp("break \(profile)"))
    }

    /// Opens an app through its intention from inside Threshold.
    @discardableResult
    func openIntention(_ app: String, confirm: Bool) throws -> ReconcileOutcome {
        let token = try appToken(app)
        guard let intention = try state.intentions.first(where: { $0.app == token }) else {
            throw StepError.unknownIntention(app)
        }
        phone.note(.person, "opens \(app) through its intention" + (confirm ? " (confirming past the limit)" : ""))
        return phone.perform(OpenIntention(intention: intention.id, confirmedBeyondLimit: confirm), as: .inApp("open \(app)"))
    }

    // MARK: The key

    /// Taps the profile's NFC key: the link written on it goes through the link router and the
    /// key ring like any universal link. The first tap writes the key (Settings → Keys). With
    /// the profile off the tap starts it; with it on, Threshold asks "End or take a break?" and
    /// waits for ``choose(_:)``; at locked strictness it shows the time left.
    mutating func tapKey(_ profile: ProfileID) throws -> LinkOutcome {
        guard let found = try state.profile(profile) else { throw StepError.unknownProfile(profile.rawValue) }
        let link = try keyLinks[profile] ?? writeKey(for: found)
        phone.note(.person, "taps the \(found.name) key")
        return follow(link: link.absoluteString)
    }

    /// Writes a key for `profile` as Settings → Keys does, keeping its link (the only copy of
    /// its secret). The tag's id and secret come from a generator seeded by the profile's id,
    /// so a scenario's key links are the same on every run.
    private mutating func writeKey(for profile: Profile) throws -> URL {
        var generator = SplitMix64(seed: profile.id.rawValue.utf8.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 })
        let written = try KeyRing(store: phone.store, calendar: calendar).write(profile: profile.id, name: profile.name,
                                                                                at: phone.clock.wall, using: &generator)
        phone.note(.person, "writes a key for \(profile.emoji) \(profile.name) in Settings → Keys: \(written.link.absoluteString)")
        keyLinks[profile.id] = written.link
        return written.link
    }

    /// Answers the key tap's question.
    mutating func choose(_ choice: KeyChoice) throws -> ReconcileOutcome? {
        guard let profile = pendingKeyPrompt else { throw StepError.noKeyPrompt }
        pendingKeyPrompt = nil
        switch choice {
        case .end: return end(profile)
        case .takeBreak: return takeBreak(profile)
        case .cancel:
            phone.note(.person, "keeps going")
            return nil
        }
    }

    // MARK: Links

    /// Answers a start link's confirmation: yes starts the profile as the link asked, no changes nothing.
    mutating func confirmStart(_ yes: Bool) throws -> ReconcileOutcome? {
        guard let pending = pendingStart else { throw StepError.noStartConfirmation }
        pendingStart = nil
        guard yes else {
            phone.note(.person, "declines; nothing starts")
            return nil
        }
        phone.note(.person, "confirms \(pending.confirmation.title)")
        return phone.perform(StartSession(profile: pending.confirmation.profile, origin: .manual), as: .universalLink(pending.link))
    }

    enum LinkOutcome {
        case handled(ReconcileOutcome?)
        case refused(String)
    }

    /// Follows a link as the app's router does (`LinkRoute`): a key's link is verified by the
    /// key ring and acted on; a start link starts its profile; a screen's link opens the app
    /// there. A link the router does not accept is refused with its reason and changes nothing.
    mutating func follow(link: String) -> LinkOutcome {
        let route: LinkRoute
        do {
            route = try LinkRoute(parsing: link)
        } catch {
            return .refused("“\(link)” is not a Threshold link: \(error)")
        }
        switch route {
        case .startProfile(let profile):
            // Any app or web page can open a start link: one that would lock the phone asks first,
            // as the app's router does (AppModel), and nothing starts until the person says yes.
            if let confirmation = StartConfirmation.needed(toStart: profile, in: (try? state) ?? .empty, at: phone.clock.wall,
                                                           calendar: calendar) {
                pendingStart = (confirmation, link)
                phone.openThreshold()
                phone.note(.app, "asks: \(confirmation.title) \(confirmation.message(at: phone.clock.wall, calendar: calendar))")
                return .handled(nil)
            }
            phone.note(.app, "starts \(profile) from the link")
            return .handled(phone.perform(StartSession(profile: profile, origin: .manual), as: .universalLink(link)))
        case .keyTap(let tag, let secret):
            let outcome: KeyTapOutcome
            do {
                outcome = try KeyRing(store: phone.store, calendar: calendar).tap(tag, secret: secret, at: phone.clock.wall)
            } catch {
                return .refused("The key could not be checked: \(error)")
            }
            switch outcome {
            case .refused(let reason):
                return .refused(reason.description)
            case .duplicate(let tap):
                phone.note(.app, "recognises the same tap delivered again; nothing new happens")
                return .handled(show(tap.decision, link: link, starting: false))
            case .accepted(let tap):
                return .handled(show(tap.decision, link: link, starting: true))
            }
        case .open(let destination):
            phone.openThreshold()
            phone.note(.app, "opens at \(destination.url)")
            return .handled(phone.run(.app, .universalLink(link)))
        }
    }

    /// Does what a key tap decided: starts the profile, asks "End or take a break?", or shows
    /// the time a locked profile has left.
    private mutating func show(_ decision: KeyTapDecision, link: String, starting: Bool) -> ReconcileOutcome? {
        switch decision {
        case .start(let profile):
            pendingKeyPrompt = nil
            return starting ? phone.perform(StartSession(profile: profile, origin: .key), as: .universalLink(link)) : nil
        case .askEndOrBreak(let active):
            phone.openThreshold()
            phone.note(.app, "asks: End \(active.name) or take a break?")
            pendingKeyPrompt = active.profileID
            return nil
        case .locked(let active):
            pendingKeyPrompt = nil
            let left = active.remaining(at: phone.clock.wall).map { " (\(Format.duration($0)) left)" } ?? ""
            phone.openThreshold()
            phone.note(.app, "shows \(active.name) is locked until it ends\(left); the key cannot end it early")
            return nil
        }
    }

    func appToken(_ name: String) throws -> AppToken {
        guard let app = phone.catalogue.app(named: name) else { throw SimulatorError.unknownApp(name, known: phone.catalogue.names) }
        return app.token
    }
}
