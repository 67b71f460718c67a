import Foundation

/// What a start from a link would lock when the person could not undo it: the app asks first.
///
/// `threshold://start/<profile>` and `https://threshold.app/start/<profile>` can be opened by
/// any app or web page. A profile at locked strictness (Beast Mode) refuses every early end and
/// turns on device-wide restrictions, so such a start must come from the person: the link opens a
/// confirmation that says what it will lock and until when, and nothing starts until they
/// confirm. Every other start goes ahead directly, as do the starts that only the person can make:
/// a key tap with the key's secret, the app's own button, and Shortcuts and widgets (App Intents).
public struct StartConfirmation: Hashable, Sendable {
    public let profile: ProfileID
    /// "🔒 Deep work".
    public let name: String
    /// When the session would let go (its end, or the end of the schedule it joins).
    public let lockedUntil: Date
    /// How many apps, categories and websites it names, and whether it shields those or all but those.
    public let selectedItems: Int
    public let listMode: ListMode
    /// Whether a link asks (anyone may have sent it) or the person's own button in the app.
    public let byLink: Bool
    /// Whether it denies installing apps too (Beast Mode's default).
    public let deniesAppInstallation: Bool

    public init(
        profile: ProfileID, name: String, lockedUntil: Date, selectedItems: Int, listMode: ListMode, byLink: Bool,
        deniesAppInstallation: Bool = false
    ) {
        self.profile = profile
        self.name = name
        self.lockedUntil = lockedUntil
        self.selectedItems = selectedItems
        self.listMode = listMode
        self.byLink = byLink
        self.deniesAppInstallation = deniesAppInstallation
    }

    /// The confirmation a start of `profile` (by a link, or the app's own button with `plan`) needs
    /// at `now`, or `nil` when it may start directly: the profile is not locked, or the start would
    /// be refused anyway (the start then reports why, changing nothing).
    public static func needed(
        toStart profile: ProfileID, plan: SessionPlan = .openEnded, byLink: Bool = true,
        in state: ThresholdState, at now: Date, calendar: Calendar
    ) -> StartConfirmation? {
        guard let found = state.profile(profile), found.strictness == .locked else { return nil }
        var preview = state
        let ids = IDGenerator { "preview-\($0)" }
        // NB: a start the rules refuse needs no confirmation: the start itself says why.
        guard
            (try? StartSession(profile: profile, origin: .manual, plan: plan).apply(to: &preview, at: now, calendar: calendar, ids: ids))
                != nil,
            let until = ProfileInForce(found, in: preview, at: now, calendar: calendar).lockedUntil(at: now)
        else {
            return nil
        }
        let selection = found.selection
        return StartConfirmation(
            profile: profile, name: found.title, lockedUntil: until,
            selectedItems: selection.applications.count + selection.categories.count + selection.webDomains.count,
            listMode: found.listMode, byLink: byLink, deniesAppInstallation: found.strict.deniesAppInstallation)
    }
}
