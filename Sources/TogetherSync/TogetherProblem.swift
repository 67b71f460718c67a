import Foundation
import StoreClient

/// Why the last thing asked of Together did not happen, as a value: Settings › Together says it
/// in its own words, from its String Catalog (issue 25). Nothing that was kept changed.
///
/// A `detail` is what the system or Together's server said (a Keychain error, an unreachable
/// server, the server's reason for a refusal), shown as it came.
public enum TogetherProblem: Hashable, Sendable {
    /// The Keychain could not give the Together account.
    case keychainUnreadable(detail: String)
    /// The server registered the account, but the Keychain would not keep it: not joined.
    case accountNotKept(detail: String)
    /// The join form's name cannot be joined with.
    case joinRefused(TogetherSync.JoinRefusal)
    /// Joining failed.
    case notJoined(detail: String)
    /// Something Together does by itself (at a foreground or background refresh) failed.
    case failed(TogetherTask, detail: String)
    /// Together has answered only "later" since this instant, for at least
    /// ``TogetherSync/laterGrace``: what waits goes as soon as it answers.
    case unansweredSince(Date)
    /// The server kept the account.
    case accountNotDeleted(detail: String)
    /// The server deleted the account; the Keychain kept it.
    case deletedButNotForgotten(detail: String)
    /// The 5 PM reminder to add a partner could not be scheduled.
    case partnerReminderNotScheduled(detail: String)
    /// No invitation was made.
    case invitationNotMade(detail: String)
    /// This build has no Together, so an invitation's link cannot be accepted.
    case invitationWithoutTogether
    /// An invitation's link came before the person joined.
    case joinBeforeAccepting
    /// The link is not a partner invitation's.
    case notAnInvitation(detail: String)
    /// The server did not accept the invitation.
    case invitationNotAccepted(detail: String)
    /// The partnership did not end.
    case partnershipNotEnded(detail: String)
    /// The server refused a broken streak's message (its reason); it is not tried again.
    case breakRefused(reason: Problem)
    /// Threshold's saved data could not be read (the store's words).
    case dataUnreadable(Problem)
    /// The days to send could not be read (the store's words); none was sent.
    case daysUnreadable(Problem)
    /// How far the sync got (days sent, messages shown, a break told) could not be saved (the
    /// store's words): what was not noted goes again next time, and Together takes it once.
    case progressNotSaved(Problem)
}

/// What Together does by itself, named where it fails.
public enum TogetherTask: Hashable, Sendable {
    /// Giving Together this iPhone's device token for partners' messages.
    case registerForPush
    /// Reading the league.
    case readLeague
    /// Reading the partners.
    case readPartners
    /// Telling partners of a broken streak.
    case tellOfBreak
    /// Showing partners' messages as notifications.
    case showMessages
    /// Sending the days' points.
    case sendPoints
}
