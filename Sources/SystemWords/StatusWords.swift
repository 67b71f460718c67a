import Foundation
import StoreClient
import ThresholdCore

/// Says what Threshold is doing now (EntryPoints' `StatusSummary`: a ``StatusHeadline``, until
/// when an unlock lasts, the ``RepairNotice``s), what the last reconcile could not do and why the
/// saved data cannot be used (a `StoreError`): the words of the status Shortcut, Home's headline
/// and banners and the widgets' fallback, from their own String Catalog, `Status.xcstrings`
/// (plural variants, the phone's language), with times on the phone's clock (its locale's 12- or
/// 24-hour times, its time zone).
///
/// The App Intent says them as it answers; a SwiftUI view says them with its environment's
/// locale and time zone and shows the words as they come (DesignSystem's `Text(said:)`).
/// The names in them are the person's own; a system error's own description is quoted as it is.
public struct StatusWords: Sendable {
    public var locale: Locale { catalog.locale }
    public var timeZone: TimeZone { catalog.timeZone }
    private let catalog: Catalog

    public init(locale: Locale, timeZone: TimeZone) {
        catalog = Catalog(table: "Status", locale: locale, timeZone: timeZone)
    }

    /// The whole status, as the status Shortcut speaks it: the headline, then the ``detail(unlockedUntil:repairs:failure:)``.
    public func line(_ headline: StatusHeadline, detail: String?) -> String {
        guard let detail else { return self.headline(headline) }
        return say("\(self.headline(headline)). \(detail)")
    }

    /// The status in a line: "Shielding now: 🎯 Work", "Nothing is shielded now".
    public func headline(_ headline: StatusHeadline) -> String {
        switch headline {
        case .onBreak(let session, let until?): say("\(session): on a break until \(time(until))")
        case .onBreak(let session, nil): say("\(session): on a break")
        case .goalReached(let session): say("\(session): goal reached")
        case .sessionOn(let session, let until?): say("\(session) is on until \(time(until))")
        case .sessionOn(let session, nil): say("\(session) is on")
        case .shielding(let names): say("Shielding now: \(list(names.map(name)))")
        case .nothingYet: say("Threshold has not shielded anything yet")
        case .nothingNow: say("Nothing is shielded now")
        case .unreadable: say("Threshold cannot read its data")
        }
    }

    /// What follows the headline: until when an unlock lets apps through, and each repair notice;
    /// or why the data cannot be read. `nil` when there is nothing more to say.
    public func detail(unlockedUntil: Date?, repairs: [RepairNotice], failure: StoreError?) -> String? {
        if let failure { return storeFailure(failure) }
        let unlocked = unlockedUntil.map { [say("Unlocked until \(time($0)).")] } ?? []
        let parts = unlocked + repairs.map { repair($0.message) }
        return parts.isEmpty ? nil : parts.joined(separator: " ")
    }

    /// A restriction's name inside a sentence: the person's own, or the intention's or the
    /// tutorial's in the phone's language (an intention is never named by its id).
    public func name(_ name: RestrictionName) -> String {
        switch name {
        case .named(let name): name
        case .intention: say("your intention")
        case .tutorial: say("the tutorial")
        }
    }

    /// A restriction's name as a title or a sentence's first words: its first letter a capital,
    /// as the phone's language writes it.
    public func title(_ name: RestrictionName) -> String {
        let words = self.name(name)
        return words.prefix(1).uppercased(with: locale) + words.dropFirst()
    }

    /// What a repair notice says, and the way to repair it.
    public func repair(_ message: RepairNotice.Message) -> String {
        switch message {
        case .clockMoved(let minutes, true):
            say(
                "The clock is \(minutes) minutes ahead of the time that has passed. Restrictions hold by both and unlocks wait until it is set back (Settings › General › Date & Time › Set Automatically)."
            )
        case .clockMoved(let minutes, false):
            say(
                "The clock is \(minutes) minutes behind the time that has passed. Restrictions hold by both and unlocks wait until it is set back (Settings › General › Date & Time › Set Automatically)."
            )
        case .capacity(let error): error.problems.map(capacity).joined(separator: " ")
        case .notAuthorized: say("Screen Time access is not granted, so iOS enforces nothing. Allow it in Settings › Screen Time.")
        case .accessNotWorking:
            say(
                "iOS says Threshold has Screen Time access but isn't keeping its shields, so nothing is shielded. In Settings › Screen Time, check that Threshold is listed and on. If it isn't there (this can happen after restoring an iPhone from a backup), back up Threshold in Settings › Backup, delete it, install it again and restore the backup."
            )
        case .storeNotApplied(let store, let error): say("Store \(store) could not be applied: \(error)")
        case .storeNotCleared(let store, let error): say("Store \(store) could not be cleared: \(error)")
        case .failClosedNotLeft(let error): say("The shields for a failing reconcile could not be left beside the saved data: \(error)")
        case .activitiesNotListed(let error): say("The monitored activities could not be listed: \(error)")
        case .wakeUpsNotStopped(let error): say("Old wake-ups could not be stopped: \(error)")
        case .wakeUpNotRegistered(let error): say("A wake-up could not be registered: \(error)")
        case .notificationNotPosted(let error): say("A notification could not be posted: \(error)")
        case .notificationNotScheduled(let error): say("A notification could not be scheduled: \(error)")
        case .notificationsNotWithdrawn(let error): say("Notifications no longer due could not be withdrawn: \(error)")
        case .liveActivityNotUpdated(let error): say("The Live Activity could not be updated: \(error)")
        case .saved(let words): words
        }
    }

    /// What iOS cannot hold of the selection, and what to do about it.
    func capacity(_ problem: CapacityError.Problem) -> String {
        switch problem {
        case .tooManyStores(let needed, let unshielded):
            say(
                "The shields need \(needed) Screen Time stores but iOS allows \(ShieldStore.maximumStores); \(unshielded) selected items cannot be shielded. Choose categories instead of that many single apps."
            )
        case .tooManyExceptions("apps", let count, let dropped):
            say("\(count) apps should be let through, but iOS takes at most \(ShieldStore.maximumTokens); \(dropped) stay shielded.")
        case .tooManyExceptions("websites", let count, let dropped):
            say("\(count) websites should be let through, but iOS takes at most \(ShieldStore.maximumTokens); \(dropped) stay shielded.")
        case .tooManyExceptions(_, let count, let dropped):
            say("\(count) items should be let through, but iOS takes at most \(ShieldStore.maximumTokens); \(dropped) stay shielded.")
        case .tooManyTypedWebsites(let count, let dropped):
            say(
                "\(count) typed websites should be blocked, but iOS's filter holds at most \(StrictOptions.maximumWebsites); \(dropped) are not blocked. Remove some from your profiles."
            )
        }
    }

    /// Why the saved data cannot be used, and that the shields stay on: the damaged-data banner.
    /// The detail in it is the storage layer's own.
    public func storeFailure(_ error: StoreError) -> String {
        switch error {
        case .corrupt(let detail): say("The saved data is damaged (\(detail)). Your shields stay on; repair from Settings.")
        case .newerVersion(let found, let supported):
            say(
                "The saved data comes from a newer Threshold (schema \(String(found)), this build reads up to \(String(supported))). Update the app; your shields stay on."
            )
        case .busy: say("The saved data is busy in another part of Threshold. Your shields stay on; try again.")
        case .missing(let detail): say("The saved data is missing (\(detail)). Your shields stay on.")
        case .failed(let detail): say("Saving failed: \(detail). Your shields stay on.")
        }
    }

    /// What an App Intent run before the app registered its runtime says.
    public func stillStarting() -> String { say("Threshold is still starting; try again in a moment.") }

    /// What an App Intent that cannot open Threshold's data says: the saved data's problem, or
    /// the system's error as it describes itself.
    public func cannotRead(_ error: any Error) -> String {
        if let failure = error as? StoreError { return say("Threshold cannot read its data: \(storeFailure(failure))") }
        return say("Threshold cannot read its data: \(String(describing: error))")
    }

    func time(_ instant: Date) -> String { catalog.time(instant) }

    /// Names one after another in the phone's language: "🎯 Work, Selah".
    func list(_ names: [String]) -> String {
        var style = ListFormatStyle<StringStyle, [String]>.list(type: .and, width: .narrow)
        style.locale = locale
        return names.formatted(style)
    }

    func say(_ phrase: Phrase) -> String { phrase.said(in: catalog) }
}
