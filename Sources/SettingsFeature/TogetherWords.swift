import BackupFeature
import DesignSystem
import SwiftUI
import TogetherCore
import TogetherSync

// Settings › Together's words for the values its model returns (issue 25): each said once, here,
// from the module's String Catalog. A problem's detail is the system's or the server's words, shown
// as they came.

extension Text {
    /// Why the last thing asked of Together did not happen.
    static func together(_ problem: TogetherProblem, locale: Locale, timeZone: TimeZone) -> Text {
        switch problem {
        case .keychainUnreadable(let detail):
            togetherAccountUnreadable(detail)
        case .accountNotKept(let detail):
            Text("Your Together account could not be kept in the Keychain, so you did not join: \(Text(verbatim: detail))", bundle: .module)
        case .joinRefused(let refusal):
            joinRefusal(refusal)
        case .notJoined(let detail):
            Text("You did not join Together: \(Text(verbatim: detail))", bundle: .module)
        case .failed(let task, let detail):
            failed(task, detail: detail)
        case .unansweredSince(let since):
            Text(
                "Together has not answered since \(since, format: .dateTime.weekday(.abbreviated).hour().minute()). Your points, your partners' news and your backup wait on this iPhone, and go as soon as it does.",
                bundle: .module)
        case .accountNotDeleted(let detail):
            Text("Your Together account was not deleted: \(Text(verbatim: detail))", bundle: .module)
        case .deletedButNotForgotten(let detail):
            Text("Your Together account is deleted, but this iPhone could not forget it: \(Text(verbatim: detail))", bundle: .module)
        case .partnerReminderNotScheduled(let detail):
            Text("The reminder to add a partner could not be scheduled: \(Text(verbatim: detail))", bundle: .module)
        case .invitationNotMade(let detail):
            Text("No invitation was made: \(Text(verbatim: detail))", bundle: .module)
        case .invitationWithoutTogether:
            Text("Together is not available in this version of Threshold, so the invitation cannot be accepted.", bundle: .module)
        case .joinBeforeAccepting:
            Text("Join Together first: an invitation pairs two people who have joined.", bundle: .module)
        case .notAnInvitation(let detail):
            Text("That is not a partner invitation: \(Text(verbatim: detail))", bundle: .module)
        case .invitationNotAccepted(let detail):
            Text("The invitation was not accepted: \(Text(verbatim: detail))", bundle: .module)
        case .partnershipNotEnded(let detail):
            Text("The partnership did not end: \(Text(verbatim: detail))", bundle: .module)
        case .breakRefused(let reason):
            Text("Your partners were not told of a broken streak: \(Text(reason, locale: locale, timeZone: timeZone))", bundle: .module)
        case .dataUnreadable(let words):
            Text("Threshold's data could not be read: \(Text(words, locale: locale, timeZone: timeZone))", bundle: .module)
        case .daysUnreadable(let words):
            Text("Your days could not be read, so none was sent: \(Text(words, locale: locale, timeZone: timeZone))", bundle: .module)
        case .progressNotSaved(let words):
            Text(
                "What Together received could not be noted on this iPhone, so it goes again next time: \(Text(words, locale: locale, timeZone: timeZone))",
                bundle: .module)
        }
    }

    /// What Together did by itself that failed, and why.
    private static func failed(_ task: TogetherTask, detail: String) -> Text {
        switch task {
        case .registerForPush: Text("Partners' messages cannot be pushed to this iPhone yet: \(Text(verbatim: detail))", bundle: .module)
        case .readLeague: Text("Your league could not be read: \(Text(verbatim: detail))", bundle: .module)
        case .readPartners: Text("Your partners could not be read: \(Text(verbatim: detail))", bundle: .module)
        case .tellOfBreak: Text("Your partners could not be told of a broken streak yet: \(Text(verbatim: detail))", bundle: .module)
        case .showMessages: Text("Your partners' messages could not be shown: \(Text(verbatim: detail))", bundle: .module)
        case .sendPoints: Text("Your points could not be sent: \(Text(verbatim: detail))", bundle: .module)
        }
    }

    /// Why the join form's name cannot be joined with.
    static func joinRefusal(_ refusal: TogetherSync.JoinRefusal) -> Text {
        switch refusal {
        case .noName: Text("Choose the name others in your league will see.", bundle: .module)
        case .tooLong(let limit): Text("A name is at most \(limit) characters.", bundle: .module)
        }
    }

    /// A league tier's name: "Bronze" … "Diamond".
    static func tier(_ tier: Tier) -> Text {
        switch tier {
        case .bronze: Text("Bronze", bundle: .module)
        case .silver: Text("Silver", bundle: .module)
        case .gold: Text("Gold", bundle: .module)
        case .platinum: Text("Platinum", bundle: .module)
        case .diamond: Text("Diamond", bundle: .module)
        }
    }

    /// What last week did for the person.
    static func outcome(_ outcome: League.Outcome) -> Text {
        switch outcome {
        case .promoted: Text("Promoted", bundle: .module)
        case .stayed: Text("Stayed", bundle: .module)
        case .demoted: Text("Demoted", bundle: .module)
        }
    }
}
