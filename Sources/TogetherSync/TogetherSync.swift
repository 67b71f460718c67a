import FeatureClient
import Foundation
import Observation
import ScreenTimeClient
import StoreClient
import ThresholdCore
import TogetherClient
import TogetherCore

/// Together's sync (issue 16), with or without a screen: joining, the days' points, partners told
/// of a broken streak, their messages shown as notifications, the league read (and last week
/// finalized), the partners read, invitations, and deleting the account. The app's foreground and
/// iOS's background refresh run ``run()``; Settings › Together (`TogetherModel`) shows what it
/// read and asks it for the rest.
///
/// The Keychain keeps the account (``TogetherAccount``: its signing key, and the backup's key);
/// how far the sync has got is the saved state's (``TogetherRecord``), changed by a command
/// (``NoteTogetherProgress``) like every other change, at trusted time. Every failure fails closed:
/// what was kept stays as it was, and ``problem`` says why; offline changes nothing.
@MainActor @Observable
public final class TogetherSync {
    /// This week's league, once read.
    public private(set) var league: TogetherWire.LeagueBody?
    /// Last week's league, with its result once the week is finalized.
    public private(set) var lastWeek: TogetherWire.LeagueBody?
    /// The accountability partners, once read.
    public private(set) var partners: [TogetherWire.Partner] = []
    /// Why the last thing asked of Together did not happen.
    public var problem: TogetherProblem?

    @ObservationIgnored public let client: AppClient
    /// The device token Together last took from this install (once a run: iOS may give a new one).
    @ObservationIgnored private var pushTokenSent: String?
    /// Whether an automatic send of this run was told to wait (``failed(_:_:)``).
    @ObservationIgnored private var triedLater = false

    public init(client: AppClient) { self.client = client }

    /// The longest name others see.
    public static let longestName = 30
    /// How long Together may answer "later" before the screen says so: a day.
    public static let laterGrace: TimeInterval = 86_400
    /// The days seed 001's 5 PM prompt to add an accountability partner comes, for people with none:
    /// midweek and Saturday, as the week's streaks are most at risk.
    public static let partnerPromptDays: Set<Weekday> = [.wednesday, .saturday]
    static let partnerPromptID = "together-partner-prompt"

    /// Why a name cannot be joined with.
    public enum JoinRefusal: Hashable, Sendable {
        /// No name yet.
        case noName
        /// Longer than `limit` characters.
        case tooLong(limit: Int)
    }

    /// Why `name` cannot be joined with; `nil` when it can.
    public static func refusal(ofName name: String) -> JoinRefusal? {
        let name = name.trimmingCharacters(in: .whitespacesAndNewlines)
        if name.isEmpty { return .noName }
        if name.count > longestName { return .tooLong(limit: longestName) }
        return nil
    }

    /// The account the Keychain holds, `nil` when not joined or when this build has no Together
    /// (``problem`` says when the Keychain cannot be read). An older build's bookkeeping kept
    /// beside it moves into the saved state once, and leaves the Keychain.
    public func account() -> TogetherAccount? {
        guard let together = client.together else { return nil }
        let account: TogetherAccount
        do {
            guard let kept = try together.keychain.load() else { return nil }
            account = kept
        } catch {
            problem = .keychainUnreadable(detail: String(describing: error))
            return nil
        }
        if let legacy = account.legacy, note(.moved(legacy)) {
            // NB: kept in the Keychain if this save fails; moved again (harmlessly) next time.
            try? together.keychain.save(account.withoutLegacy)
        }
        return account
    }

    // MARK: Joining and leaving

    /// Makes this install's key, registers it with the name, and keeps the account; then sends
    /// this week's days so far and reads the league. Returns whether it joined.
    @discardableResult
    public func join(as displayName: String) async -> Bool {
        guard let together = client.together, account() == nil else { return false }
        if let refusal = Self.refusal(ofName: displayName) {
            problem = .joinRefused(refusal)
            return false
        }
        let name = displayName.trimmingCharacters(in: .whitespacesAndNewlines)
        let identity = TogetherIdentity()
        do {
            let registered = try await together.connect(identity).register(displayName: name)
            do {
                try together.keychain.save(
                    TogetherAccount(key: identity.rawRepresentation, accountID: registered.accountID, displayName: name))
            } catch {
                // NB: the server holds an account no one can sign for; it is deleted with it, as
                // nothing on this iPhone names it.
                try? await together.connect(identity).deleteAccount(registered.accountID)
                problem = .accountNotKept(detail: String(describing: error))
                return false
            }
        } catch {
            problem = .notJoined(detail: TogetherError.detail(of: error))
            return false
        }
        problem = nil
        // This week's earlier days are sent too: the league counts the whole week. The streaks as
        // they are now: only breaks after joining reach partners.
        let today = Clockwork(calendar: client.calendar).localDate(of: client.now)
        let streaks = read()?.progress.intentionStreaks ?? []
        note(.forgotten, .sent(through: today.mondayOfWeek.adding(days: -1)), .streaks(streaks))
        await sendSummaries()
        await registerForPush()
        await readLeague()
        return true
    }

    /// Deletes the account and everything the server holds for it (App Store guideline 5.1.1(v)),
    /// then forgets it here. When the server cannot be reached, nothing is forgotten: the
    /// account stays until it is deleted there. Returns whether it was deleted.
    @discardableResult
    public func deleteAccount() async -> Bool {
        guard let together = client.together, let account = account() else { return false }
        do {
            try await together.connect(try account.identity()).deleteAccount(account.accountID)
        } catch {
            problem = .accountNotDeleted(detail: TogetherError.detail(of: error))
            return false
        }
        do {
            try together.keychain.delete()
        } catch {
            problem = .deletedButNotForgotten(detail: String(describing: error))
            return false
        }
        note(.forgotten)
        league = nil
        lastWeek = nil
        partners = []
        problem = nil
        return true
    }

    // MARK: The sync

    /// The app came forward, or iOS gave it a background refresh: the days not yet sent are sent,
    /// partners hear of a streak broken since the last run, their messages are shown as
    /// notifications, the league and the partners are read again. `alsoWhenLater` runs after the
    /// rest (the daily backup) and says whether it too was told to wait.
    ///
    /// Only on an iPhone that is set up: a new iPhone the iCloud Keychain brought the account to
    /// sends nothing until it has been set up or restored, so its empty days never replace the
    /// days (or the backup) the person's other iPhone sent.
    ///
    /// When Together can only be tried later (busy, without its database, no answer in time,
    /// offline), nothing is lost: what waits goes at a later foreground or refresh, each once, and
    /// ``problem`` says so only once it has lasted ``laterGrace`` (``TogetherRecord/laterSince``).
    public func run(alsoWhenLater: () async -> Bool = { false }) async {
        guard account() != nil, read()?.settings.onboardingCompleted == true else { return }
        problem = nil
        triedLater = false
        await sendSummaries()
        await tellPartnersOfBreaks()
        await registerForPush()
        await showPartnersMessages()
        await readLeague()
        await readPartners()
        if await alsoWhenLater() { triedLater = true }
        settleLater()
    }

    /// Notes since when Together has answered "later" (cleared by a run that was not told to
    /// wait) and, once that has lasted ``laterGrace``, says so.
    private func settleLater() {
        guard let record = read()?.together else { return }
        guard triedLater else {
            if record.laterSince != nil { note(.answeredLater(false)) }
            return
        }
        if record.laterSince == nil { note(.answeredLater(true)) }
        if problem == nil, let since = read()?.together.laterSince, client.now.timeIntervalSince(since) >= Self.laterGrace {
            problem = .unansweredSince(since)
        }
    }

    /// Says why an automatic send failed, unless Together can only be tried later: that waits,
    /// quietly, for the next foreground or background refresh.
    private func failed(_ task: TogetherTask, _ error: any Error) {
        if (error as? TogetherError)?.isLater == true {
            triedLater = true
        } else {
            problem = .failed(task, detail: TogetherError.detail(of: error))
        }
    }

    // MARK: Push

    /// The install's name for Together (the app's `identifierForVendor`), as a push token and a
    /// fetch name it: letters, digits and `- _ .` only.
    var installName: String {
        let name = String(
            (client.deviceID ?? "this-iphone").filter { $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) }.prefix(64))
        return name.isEmpty ? "this-iphone" : name
    }

    /// Asks iOS for this install's device token and gives it to Together (replacing the one sent
    /// before), so partners' messages are pushed as they come; each message is still fetched at
    /// a foreground or refresh, and one pushed here is not shown twice (``showPartnersMessages()``).
    func registerForPush() async {
        guard let (together, account) = joined(), let push = together.push else { return }
        guard let token = await push.register(), token != pushTokenSent else { return }
        do {
            try await together.connect(try account.identity()).storePushToken(
                TogetherWire.PushToken(device: installName, token: token),
                account: account.accountID)
            pushTokenSent = token
        } catch {
            failed(.registerForPush, error)
        }
    }

    // MARK: The league

    /// Reads this week's league and last week's. Last week, once its Sunday has ended everywhere,
    /// is finalized if no one has yet (finalization is idempotent); its result is posted as
    /// "Leaderboard finalized!" at Monday 5 PM (seed 001), or at once when fetched later.
    public func readLeague() async {
        guard let (together, account) = joined() else { return }
        do {
            let connection = together.connect(try account.identity())
            let current = try await connection.league(account: account.accountID)
            let week = current.week.previous
            var previous = try await connection.league(week: week.monday, account: account.accountID)
            if previous.placed, !previous.finalized, client.now >= week.closesAt {
                _ = try await connection.finalize(week, account: account.accountID)
                previous = try await connection.league(week: week.monday, account: account.accountID)
            }
            lastWeek = previous
            league = current
            if let result = previous.result, read()?.together.finalizedShown != week.monday {
                try announce(result, of: week)
                note(.finalizedShown(week.monday))
            }
        } catch {
            failed(.readLeague, error)
        }
    }

    /// Seed 001's "Leaderboard finalized!", at 5 PM on the Monday after `week` (local time).
    private func announce(_ result: TogetherWire.Result, of week: LeagueWeek) throws {
        let clock = Clockwork(calendar: client.calendar)
        let fivePM = clock.startOfDay(week.next.monday).addingTimeInterval(17 * 3_600)
        let move: LeagueMove =
            switch result.outcome {
            case .promoted: .up
            case .demoted: .down
            case .stayed: .stay
            }
        try client.runtime.reconciler.screenTime.postNotification(
            LocalNotification(
                id: "together-finalized-\(week.monday)", .leagueFinalized(move, tier: result.tierAfter.name.capitalized),
                destination: .home,
                fireDate: client.now < fivePM ? fivePM : nil))
    }

    // MARK: Partners

    public func readPartners() async {
        guard let (together, account) = joined() else { return }
        do {
            partners = try await together.connect(try account.identity()).partners(account: account.accountID)
        } catch {
            failed(.readPartners, error)
            return
        }
        promptForAPartner()
    }

    /// Schedules the next 5 PM prompt on one of ``partnerPromptDays`` while the person has no
    /// partner, and takes it back once they have one.
    private func promptForAPartner() {
        let screenTime = client.runtime.reconciler.screenTime
        do {
            guard partners.isEmpty else {
                try screenTime.removeNotifications([Self.partnerPromptID])
                return
            }
            let clock = Clockwork(calendar: client.calendar)
            let now = client.now
            let today = clock.localDate(of: now)
            let next = (0...7).lazy.map { today.adding(days: $0) }
                .map { ($0, clock.startOfDay($0).addingTimeInterval(17 * 3_600)) }
                .first { Self.partnerPromptDays.contains($0.0.weekday) && $0.1 > now }
            guard let (_, fivePM) = next else { return }
            try screenTime.postNotification(
                LocalNotification(id: Self.partnerPromptID, .addPartnerPrompt, destination: .home, fireDate: fivePM))
        } catch {
            problem = .partnerReminderNotScheduled(detail: String(describing: error))
        }
    }

    /// Makes a single-use invitation for 7 days: its link (`https://threshold.app/p/<code>`) goes in
    /// the share sheet and its QR code. `nil` when none was made (``problem`` says why).
    public func invite() async -> TogetherWire.Invitation? {
        guard let (together, account) = joined() else { return nil }
        do {
            let invitation = try await together.connect(try account.identity()).invite(account: account.accountID)
            problem = nil
            return invitation
        } catch {
            problem = .invitationNotMade(detail: TogetherError.detail(of: error))
            return nil
        }
    }

    /// Accepts a partner's invitation from its link. A link that is not an invitation's is refused
    /// here; one whose code was changed is refused by the server (it knows only the codes it made).
    /// Returns whether it was accepted.
    @discardableResult
    public func accept(link: String) async -> Bool {
        guard client.together != nil else {
            problem = .invitationWithoutTogether
            return false
        }
        guard let (together, account) = joined() else {
            problem = .joinBeforeAccepting
            return false
        }
        let code: InvitationCode
        do {
            code = try InvitationCode(link: link)
        } catch {
            problem = .notAnInvitation(detail: TogetherError.detail(of: error))
            return false
        }
        do {
            _ = try await together.connect(try account.identity()).accept(code: code.text, account: account.accountID)
            problem = nil
        } catch {
            problem = .invitationNotAccepted(detail: TogetherError.detail(of: error))
            return false
        }
        await readPartners()
        return true
    }

    /// Ends a partnership (either side may); its messages go with it.
    public func end(_ partner: TogetherWire.Partner) async {
        guard let (together, account) = joined() else { return }
        do {
            try await together.connect(try account.identity()).end(partnership: partner.id, account: account.accountID)
            partners.removeAll { $0.id == partner.id }
            problem = nil
        } catch {
            problem = .partnershipNotEnded(detail: TogetherError.detail(of: error))
        }
    }

    /// Tells partners of every intention streak that broke since the streaks were last read
    /// (``StreakBreaks``): no app name, ever. Each intention's reading moves on once its break is
    /// told: when Together cannot take it now, that reading and the ones not yet reached are kept,
    /// so each break is told the next time, and none twice (a message carries a key of its own, so
    /// the server takes a message sent again, its answer lost, once). A message the server refuses
    /// is not tried again.
    func tellPartnersOfBreaks() async {
        guard let (together, account) = joined(), let stored = read() else { return }
        let now = stored.progress.intentionStreaks
        guard let before = stored.together.streaks else {
            note(.streaks(now))
            return
        }
        let connection: TogetherClient
        do {
            connection = together.connect(try account.identity())
        } catch {
            problem = .failed(.tellOfBreak, detail: TogetherError.detail(of: error))
            return
        }
        // A nickname the editor would refuse (one a hand-edited backup brought in) is left out,
        // so the partner still hears of the break, and the server never sees words it refuses.
        let nickname = { (id: IntentionID) -> String? in
            guard let nickname = stored.engine.intention(id)?.sharedNickname, (try? IntentionNickname.check(nickname)) != nil else {
                return nil
            }
            return nickname
        }
        var reading = Dictionary(before.map { ($0.intentionID, $0) }, uniquingKeysWith: { $1 })
        for streak in now {
            for message in StreakBreaks.between(before: before, after: [streak], nickname: nickname) {
                let key = PartnerMessage.key(
                    account: account.accountID.uuidString, intention: streak.intentionID, day: message.day,
                    streakDays: message.streakDays)
                do {
                    _ = try await connection.post(message.keyed(key), account: account.accountID)
                } catch TogetherError.refused(_, _, let reason) {
                    problem = .breakRefused(reason: .refused(.together(reason)))
                } catch {
                    failed(.tellOfBreak, error)
                    note(.streaks(now.map { reading[$0.intentionID] ?? $0 }))
                    return
                }
            }
            reading[streak.intentionID] = streak
        }
        if now != before { note(.streaks(now)) }
    }

    /// Fetches the partners' messages not yet shown and shows each as a notification.
    func showPartnersMessages() async {
        guard let (together, account) = joined(), let stored = read() else { return }
        var cursor = stored.together.messageCursor
        do {
            let device = together.push == nil ? nil : installName
            let inbox = try await together.connect(try account.identity()).messages(
                after: cursor, device: device, account: account.accountID)
            for message in inbox.messages {
                // NB: pushed to this iPhone already, it was shown then (as this same notification:
                // the push's collapse id is this id).
                if message.pushed != true {
                    try client.runtime.reconciler.screenTime.postNotification(
                        LocalNotification(id: "together-message-\(message.id)", .partnerMessage(message.text), destination: .home))
                }
                cursor = max(cursor, message.id)
            }
            cursor = max(cursor, inbox.cursor)
        } catch {
            failed(.showMessages, error)
        }
        if cursor != stored.together.messageCursor { note(.shown(cursor: cursor)) }
    }

    // MARK: Summaries

    /// Sends every local day after the last one sent, through today (today again on every
    /// foreground, as it grows). A day whose week has closed is skipped; any other refusal stops
    /// here and says why, and the days wait for the next foreground.
    func sendSummaries() async {
        guard let (together, account) = joined() else { return }
        let clock = Clockwork(calendar: client.calendar)
        let now = client.now
        let today = clock.localDate(of: now)
        let summaries: [DailySummary]
        do {
            let stored = try client.read()
            // A week and a day back at most: older weeks have closed.
            let first = max(stored.together.sentThrough.map { $0.adding(days: 1) } ?? today, today.adding(days: -8))
            guard first <= today else { return }
            let sessions = try client.runtime.store.sessions(
                startingFrom: clock.startOfDay(first.adding(days: -1)),
                until: now.addingTimeInterval(1))
            let tracked = stored.settings.screenTime != nil
            summaries = (0...(today.dayNumber - first.dayNumber)).map { offset in
                let day = first.adding(days: offset)
                let minutes: Int? =
                    !tracked ? nil : day == today ? stored.progress.screenTimeMinutes(on: day) : stored.progress.reportedMinutes(on: day)
                return DailySummary.of(day: day, sessions: sessions, screenTimeMinutes: minutes, calendar: client.calendar)
            }
        } catch {
            problem = .daysUnreadable(Problem(error))
            return
        }
        var sentThrough: LocalDate?
        defer { if let sentThrough { note(.sent(through: sentThrough)) } }
        do {
            let connection = together.connect(try account.identity())
            for summary in summaries {
                do {
                    _ = try await connection.upload(summary, account: account.accountID)
                } catch TogetherError.refused(_, "weekClosed", _) {
                    // Its week is over on the leaderboard: nothing more to send for it.
                }
                if summary.day < today { sentThrough = summary.day }
            }
        } catch {
            failed(.sendPoints, error)
        }
    }

    // MARK: Helpers

    /// Together and the account, when joined.
    private func joined() -> (TogetherAccess, TogetherAccount)? {
        guard let together = client.together, let account = account() else { return nil }
        return (together, account)
    }

    private func read() -> StoredState? {
        do {
            return try client.read()
        } catch {
            problem = .dataUnreadable(Problem(error))
            return nil
        }
    }

    /// Notes how far the sync got, through the runtime like every change; returns whether it was
    /// saved (``problem`` says why not).
    @discardableResult
    private func note(_ changes: NoteTogetherProgress.Change...) -> Bool {
        guard let refused = client.perform("together", NoteTogetherProgress(changes)) else { return true }
        problem = .progressNotSaved(refused)
        return false
    }
}
