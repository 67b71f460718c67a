import BackupFeature
import FeatureClient
import Foundation
import Observation
import ThresholdCore
import TogetherClient
import TogetherCore
import TogetherSync

/// Settings › Together (issue 16), opt-in: join with a display name, this week's league and last
/// week's result, partners and invitations, the iCloud backup, and deleting the Together account.
/// The app works fully without it.
///
/// A screen over ``TogetherSync``, which does the talking and keeps how far it got: this model
/// holds only what the screen itself needs (the form's name, an invitation to share or one
/// received, whether a request is under way) and shows what the sync read.
@MainActor @Observable
public final class TogetherModel {
    public enum Status: Equatable, Sendable {
        /// This build has no Together (``AppClient/together`` is `nil`).
        case unavailable
        /// Not joined: the join form.
        case notJoined
        /// Joined, under this name.
        case joined(displayName: String)
    }

    public typealias JoinRefusal = TogetherSync.JoinRefusal

    public private(set) var status: Status = .notJoined
    /// The name to join with (the form's field).
    public var displayName = ""
    /// The invitation just made, to share as its link or QR code.
    public private(set) var invitation: TogetherWire.Invitation?
    /// A partner's invitation opened as a link, waiting for the person to accept it or not.
    public private(set) var receivedInvitation: String?
    /// A request is under way: the buttons wait, so a second tap sends nothing twice.
    public private(set) var working = false
    /// Settings › Together › iCloud backup.
    public let cloudBackup: CloudBackupModel
    /// The sync this screen shows; the app's foreground and background refresh run it too.
    public let sync: TogetherSync

    public init(sync: TogetherSync) {
        self.sync = sync
        cloudBackup = CloudBackupModel(client: sync.client)
        load()
    }

    /// This week's league, once read.
    public var league: TogetherWire.LeagueBody? { sync.league }
    /// Last week's league, with its result once the week is finalized.
    public var lastWeek: TogetherWire.LeagueBody? { sync.lastWeek }
    /// The accountability partners, once read.
    public var partners: [TogetherWire.Partner] { sync.partners }
    /// Why the last thing asked of Together did not happen.
    public var problem: TogetherProblem? { sync.problem }

    /// Why the person is in no league this week.
    public enum Unplaced: Hashable, Sendable {
        /// The week closed with the person in no league (the week's Monday).
        case tookNoPart(week: LocalDate)
        /// They join a league once last week's result is in.
        case waitingForLastWeek
    }

    /// Why this week's league has no place for the person; `nil` when it has (or is not read).
    public var unplaced: Unplaced? {
        guard let league, !league.placed else { return nil }
        return sync.client.now >= league.week.closesAt ? .tookNoPart(week: league.week.monday) : .waitingForLastWeek
    }

    /// Reads what the Keychain holds (the iCloud Keychain may have changed it from another iPhone).
    public func load() {
        guard sync.client.together != nil else {
            status = .unavailable
            return
        }
        status = sync.account().map { .joined(displayName: $0.displayName) } ?? .notJoined
        cloudBackup.load()
    }

    /// Why "Join" cannot be pressed now; `nil` when it can.
    public var joinRefusal: JoinRefusal? { TogetherSync.refusal(ofName: displayName) }

    /// Joins under the form's name; then the days so far are sent and the league read.
    public func join() async {
        guard status == .notJoined else { return }
        await whileWorking { _ = await sync.join(as: displayName) }
        load()
    }

    /// The app came forward, or iOS gave it a background refresh: the sync runs, the daily backup
    /// with it.
    public func foreground() async {
        load()
        await sync.run(alsoWhenLater: dailyBackup)
    }

    /// The daily iCloud backup, when due; whether Together said to try it later.
    public func dailyBackup() async -> Bool { await cloudBackup.backUpIfDue() == .later }

    public func readLeague() async { await sync.readLeague() }
    public func readPartners() async { await sync.readPartners() }

    /// Deletes the account here and on the server; the screen returns to the join form.
    public func deleteAccount() async {
        await whileWorking {
            if await sync.deleteAccount() { invitation = nil }
        }
        load()
    }

    /// Makes a single-use invitation to share.
    public func invite() async {
        await whileWorking {
            if let made = await sync.invite() { invitation = made }
        }
    }

    /// Accepts a partner's invitation from its link.
    public func accept(link: String) async {
        await whileWorking { _ = await sync.accept(link: link) }
    }

    /// A partner's invitation link was opened (``AppModel/route(_:url:)``): the screen asks.
    public func received(_ link: String) {
        receivedInvitation = link
        sync.problem = nil
    }

    /// Accepts the invitation the link brought.
    public func acceptReceived() async {
        guard let link = receivedInvitation else { return }
        await accept(link: link)
        if problem == nil || status != .notJoined { receivedInvitation = nil }
    }

    /// Not now: the invitation stays usable until it expires.
    public func declineReceived() { receivedInvitation = nil }

    /// Ends a partnership (either side may); its messages go with it.
    public func end(_ partner: TogetherWire.Partner) async {
        await whileWorking { await sync.end(partner) }
    }

    /// Runs a request the person asked for, once at a time: a second tap while one is under way
    /// does nothing.
    private func whileWorking(_ request: () async -> Void) async {
        guard !working else { return }
        working = true
        defer { working = false }
        await request()
    }
}
