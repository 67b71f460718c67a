import Foundation
import StoreClient
import ThresholdCore

/// What a shield is up for, as the shield extensions learn it from iOS: an app (maybe with the
/// category it was shielded through), a category (the action extension learns no more than that),
/// or a website. A token iOS did not give is `nil`.
public enum ShieldedItem: Hashable, Sendable {
    case app(AppToken?, category: CategoryToken?, name: String?)
    case category(CategoryToken)
    case webDomain(WebDomainToken?, category: CategoryToken?, name: String?)

    /// The name iOS gives the shield (`localizedDisplayName`, the domain).
    public var name: String? {
        switch self {
        case .app(_, _, let name), .webDomain(_, _, let name): name
        case .category: nil
        }
    }

    /// The app's token, for links that name it.
    public var appToken: AppToken? {
        if case .app(let token, _, _) = self { return token }
        return nil
    }

    /// The website's token, for links that name it.
    public var webDomainToken: WebDomainToken? {
        if case .webDomain(let token, _, _) = self { return token }
        return nil
    }

    /// Why the enforcement shields it; `nil` when it does not (or cannot tell).
    public func reason(in enforcement: Enforcement) -> Reason? {
        switch self {
        case .app(let token?, let category, _): enforcement.reason(forApp: token, category: category)
        case .app(nil, let category?, _), .webDomain(nil, let category?, _), .category(let category):
            enforcement.reasons[.category(category)]
        case .webDomain(let token?, let category, _): enforcement.reason(forWebDomain: token, category: category)
        case .app(nil, nil, _), .webDomain(nil, nil, _): nil
        }
    }

    /// Whether the enforcement still shields it. Unknown items count as shielded (the safe side).
    public func isShielded(by enforcement: Enforcement) -> Bool {
        switch self {
        case .app(let token?, let category, _): enforcement.shields(app: token, category: category)
        case .webDomain(let token?, let category, _):
            enforcement.stores.contains { $0.shields(webDomain: token, category: category) }
        case .category(let category):
            enforcement.stores.contains { $0.applicationCategories?.covers(category: category) == true }
        case .app(nil, _, _), .webDomain(nil, _, _): true
        }
    }
}

extension CategoryPolicy {
    /// Whether the policy shields the category itself (its exceptions aside).
    func covers(category: CategoryToken) -> Bool {
        switch self {
        case .specific(let categories, _): categories.contains(category)
        case .all: true
        }
    }
}

extension ShieldedItem {
    /// Why the last reconcile's enforcement shields it (computed again from the saved state; see
    /// `StoredState.lastEnforcement(deviceZone:)`); `nil` when it does not, or the state could
    /// not be read.
    public func lastReason(in state: Result<StoredState, any Error>, deviceZone: TimeZone) -> Reason? {
        guard case .success(let stored) = state else { return nil }
        return stored.lastEnforcement(deviceZone: deviceZone).flatMap(reason(in:))
    }
}

extension ShieldContent {
    /// What the shield shows for an item, given what was last saved: the content for the reason
    /// the last enforcement gives, or ``unknownReason`` when there is none or the state could not
    /// be read. Never throws: a shield must always show something, and the unknown shield's
    /// buttons only close it or point to the app.
    /// `verse` is the line Selah's shield shows, when the prayer library gives one. With
    /// notifications off (as the last reconcile found), a shield whose button leads into the app
    /// says to open Threshold by hand.
    public static func shown(
        for item: ShieldedItem, in state: Result<StoredState, any Error>, deviceZone: TimeZone,
        verse: String? = nil
    ) -> ShieldContent {
        shown(for: item, reason: item.lastReason(in: state, deviceZone: deviceZone), in: state, verse: verse, deviceZone: deviceZone)
    }

    /// The same, the reason already found (``ShieldedItem/lastReason(in:deviceZone:)``).
    /// `now` decides whether an intention's "Are you sure?" still stands (the last reconcile's
    /// instant when not given). With no reason, a shield over what the last reconcile lets
    /// through is one iOS still draws (``lifted(appName:)``); any other is ``unknownReason``.
    public static func shown(
        for item: ShieldedItem, reason: Reason?, in state: Result<StoredState, any Error>,
        verse: String? = nil, at now: Date? = nil, deviceZone: TimeZone? = nil
    ) -> ShieldContent {
        guard case .success(let stored) = state else { return .unknownReason }
        guard let reason else {
            // NB: an item the last enforcement does not shield (and an unknown token counts as
            // shielded) was let through; the shield is iOS's leftover, and only the app clears it.
            let zone =
                deviceZone ?? stored.applied.evaluated?.timeZoneIdentifier.flatMap(TimeZone.init(identifier:)) ?? TimeZone(
                    identifier: "GMT")!
            guard let last = stored.lastEnforcement(deviceZone: zone), !item.isShielded(by: last) else { return .unknownReason }
            return .lifted(appName: item.name).withNotifications(stored.applied.notificationPermission)
        }
        let asking: Bool =
            if case .intention(let label) = reason, let now = now ?? stored.applied.evaluated?.wall {
                stored.rituals.isAsking(label.intentionID, at: now)
            } else {
                false
            }
        return ShieldContent(
            reason: stored.shown(reason), app: item.appToken, webDomain: item.webDomainToken, appName: item.name, verse: verse,
            streak: stored.progress.shownStreak(for: reason), asking: asking
        )
        .withNotifications(stored.applied.notificationPermission)
    }

    /// The same, with Selah's verse for the day: the one `verses` gives the item's app on the
    /// local day of `now` in `deviceZone`, in the person's translation, written with its citation
    /// (``defaultVerse`` when `verses` is `nil`, as when the bundled prayers could not be read).
    public static func shown(
        for item: ShieldedItem, reason: Reason?, in state: Result<StoredState, any Error>,
        verses: ShieldVerses?, at now: Date, deviceZone: TimeZone
    ) -> ShieldContent {
        guard case .success(let stored) = state else { return shown(for: item, reason: reason, in: state) }
        let day = Clockwork(timeZone: deviceZone).localDate(of: now)
        let verse = verses?.line(for: stored.settings.selah, app: item.appToken, on: day)
        return shown(for: item, reason: reason, in: state, verse: verse?.description, at: now, deviceZone: deviceZone)
    }
}
