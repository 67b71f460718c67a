import Foundation
import ScreenTimeSimulator
import ThresholdCore
import ThresholdRuntime

/// What the person does with the simulated phone, in the words of the five paths: pray, solve
/// a challenge, start a session, tap the key, take a break, open an app with an intention.
///
/// Each verb goes through Threshold as the app would: a command inside one reconcile.
///
/// ## Where later features plug in
/// - Rituals (issue 5): ``completeRitual(_:minutes:app:)`` stands in for every ritual by issuing
///   the grant the ritual would on completion. The prayer, challenge, quest, credits and emergency
///   rituals replace its body (mood → template → Amen for `pray`), keeping the signature; the key
///   verbs ``tapKey(_:)`` and ``choose(_:)`` become the NFC key flow with tag verification.
/// - Sessions (issue 6): ``start(_:origin:plan:)``, ``end(_:)`` and ``takeBreak(_:)`` call the
///   minimal commands; quotas, Beast Mode refusals, the 10-second cancel and XP arrive inside those
///   commands, so the verbs stay as they are.
struct Person {
    let phone: SimulatedPhone

    /// The prompt a key tap left open ("End or take a break?"), by profile.
    private(set) var pendingKeyPrompt: ProfileID?

    init(phone: SimulatedPhone) { self.phone = phone }

    var calendar: Calendar { phone.clock.calendar }
    var state: ThresholdState { get throws { try phone.store.read().engine } }

    // MARK: Rituals (placeholders until issue 5)

    /// Completes a ritual: issues the grant it would. Prayer and challenges unlock everything
    /// gated for the window the accepting restriction sets; credits, quests and emergencies
    /// unlock the app asked about (or everything gated), credits for the minutes chosen.
    @discardableResult
    func completeRitual(_ kind: RitualKind, minutes: Int?, app: String?) throws -> ReconcileOutcome {
        let token = try app.map { try appToken($0) }
        let scope: GrantScope = switch kind {
        case .prayer, .mathChallenge, .ticTacToe: .allGated
        default: token.map { .token(.app($0)) } ?? .allGated
        }
        let window = minutes ?? defaultWindow(for: kind)
        phone.note(.person, "\(Self.verb(kind)) → unlock for \(window) min")
        return phone.perform(IssueGrant(scope: scope, minutes: window, origin: .ritual(kind)), as: .inApp(kind.rawValue))
    }

    /// The window a ritual unlocks for: the longest any restriction accepting it offers. When the
    /// saved state cannot be read the grant still goes to the reconciler, which fails closed and
    /// reports the store's error, so the fallback length never unlocks anything.
    func defaultWindow(for kind: RitualKind) -> Int {
        guard let state = try? self.state else { return kind == .prayer ? 10 : 5 }
        let offers = state.gates.filter { $0.acceptedRituals.contains(kind) }.map { $0.unlockPolicy.offered(under: $0.strictness).windowMinutes }
            + state.profiles.filter { $0.acceptedRituals.contains(kind) }.map { $0.unlockPolicy.offered(under: $0.strictness).windowMinutes }
        return offers.max() ?? (kind == .prayer ? 10 : 5)
    }

    static func verb(_ kind: RitualKind) -> String {
        switch kind {
        case .prayer: "completes a prayer (mood → prayer and verse → Amen)"
        case .mathChallenge: "solves the math challenge"
        case .ticTacToe: "draws the tic-tac-toe game"
        case .breathingQuest: "finishes the 45-second breathing quest"
        case .copyTextQuest: "copies the 90-second text quest"
        case .credits: "spends Focus Bank credits"
        case .emergency: "holds for an emergency unlock and types a reason"
        }
    }

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

    @discardableResult
    func end(_ profile: ProfileID) -> ReconcileOutcome {
        phone.note(.person, "ends \(profile)")
        return phone.perform(EndSession(profile: profile), as: .inApp("end \(profile)"))
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

    // MARK: The key (placeholder until issue 5's NFC flow)

    /// Taps the profile's key: with the profile off, the tap starts it; with it on, Threshold
    /// asks "End or take a break?" and waits for ``choose(_:)``.
    mutating func tapKey(_ profile: ProfileID) throws -> ReconcileOutcome? {
        let state = try self.state
        guard let found = state.profile(profile) else { throw StepError.unknownProfile(profile.rawValue) }
        let on = evaluate(state, at: phone.clock.wall, calendar: calendar).rule(.profile(profile)) != nil
        phone.note(.person, "taps the \(found.name) key")
        let link = "https://\(AppDestination.host)/key/\(profile)"
        guard on else {
            pendingKeyPrompt = nil
            return phone.perform(StartSession(profile: profile, origin: .key), as: .universalLink(link))
        }
        phone.openThreshold()
        phone.note(.app, "asks: End \(found.emoji) \(found.name) or take a break?")
        pendingKeyPrompt = profile
        return nil
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

    // MARK: Links (placeholder until issue 5's router)

    enum LinkOutcome {
        case handled(ReconcileOutcome?)
        case refused(String)
    }

    /// Follows a universal link: `https://threshold.app/key/<profile>` taps that profile's key,
    /// `https://threshold.app/open/<screen>` opens the app there; anything else is refused with
    /// the reason. Issue 5's link router (with the key's per-tag secret) replaces this.
    mutating func follow(link: String) -> LinkOutcome {
        guard let url = URL(string: link), url.scheme == "https", url.host == AppDestination.host else {
            return .refused("“\(link)” is not a Threshold link (https://\(AppDestination.host)/…).")
        }
        let parts = url.path.split(separator: "/").map(String.init)
        switch parts.first {
        case "key":
            guard parts.count == 2, let state = try? self.state, state.profile(ProfileID(parts[1])) != nil else {
                return .refused("This key names no profile on this phone; it may be forged or for another phone.")
            }
            do { return .handled(try tapKey(ProfileID(parts[1]))) } catch { return .refused("\(error)") }
        case "open" where parts.count == 2 && ["home", "pray", "unlock", "session", "tutorial"].contains(parts[1]):
            phone.openThreshold()
            return .handled(phone.run(.app, .universalLink(link)))
        default:
            return .refused("Threshold does not know the link path “\(url.path)”.")
        }
    }

    func appToken(_ name: String) throws -> AppToken {
        guard let app = phone.catalogue.app(named: name) else { throw SimulatorError.unknownApp(name, known: phone.catalogue.names) }
        return app.token
    }
}
