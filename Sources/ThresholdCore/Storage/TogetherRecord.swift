import Foundation

/// How far Threshold has got with Together (issue 16), saved with the rest of the state: the days
/// sent, the partners' messages shown, the intention streaks as last told, the last week whose
/// result was announced, and since when Together has answered only "later". The Keychain keeps
/// the account itself (its signing key and the backup's key); this is the sync's bookkeeping, so
/// it is changed by a command like every other change and travels in a backup.
public struct TogetherRecord: Hashable, Codable, Sendable {
    /// The last local day whose summary Together accepted; days after it wait to be sent.
    public var sentThrough: LocalDate?
    /// The partners' messages already shown (`TogetherWire.Messages.cursor`).
    public var messageCursor: Int64
    /// The intention streaks as last read, to tell partners of a break the next time the app runs
    /// (`StreakBreaks`); `nil` until first read.
    public var streaks: [IntentionStreak]?
    /// The last week whose "Leaderboard finalized!" notification was posted (its Monday).
    public var finalizedShown: LocalDate?
    /// Since when Together has answered only "later" (busy, without its database, offline), when
    /// it has.
    public var laterSince: Date?

    public init(
        sentThrough: LocalDate? = nil, messageCursor: Int64 = 0, streaks: [IntentionStreak]? = nil,
        finalizedShown: LocalDate? = nil, laterSince: Date? = nil
    ) {
        self.sentThrough = sentThrough
        self.messageCursor = messageCursor
        self.streaks = streaks
        self.finalizedShown = finalizedShown
        self.laterSince = laterSince
    }

    /// Nothing sent or shown yet: not joined, or joined before this was kept here.
    public static let none = TogetherRecord()

    private enum CodingKeys: String, CodingKey { case sentThrough, messageCursor, streaks, finalizedShown, laterSince }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        sentThrough = try c.decodeIfPresent(LocalDate.self, forKey: .sentThrough)
        messageCursor = try c.decodeIfPresent(Int64.self, forKey: .messageCursor) ?? 0
        streaks = try c.decodeIfPresent([IntentionStreak].self, forKey: .streaks)
        finalizedShown = try c.decodeIfPresent(LocalDate.self, forKey: .finalizedShown)
        laterSince = try c.decodeIfPresent(Date.self, forKey: .laterSince)
    }
}

/// Notes what Together took or showed: each field given moves the record on, the others stay.
/// Days sent and messages shown only move forward, so two syncs that overlap (a foreground and a
/// background refresh) never send a day or show a message twice.
public struct NoteTogetherProgress: StateCommand {
    /// A change to the record.
    public enum Change: Hashable, Sendable {
        /// Together accepted the days through this one.
        case sent(through: LocalDate)
        /// The partners' messages through this cursor were shown.
        case shown(cursor: Int64)
        /// The intention streaks as now told (a break told, or the first reading).
        case streaks([IntentionStreak])
        /// The week (its Monday) whose result was announced.
        case finalizedShown(LocalDate)
        /// Together answered only "later" this time (`true`: kept since the first such answer, at
        /// the command's trusted time) or answered (`false`: cleared).
        case answeredLater(Bool)
        /// The bookkeeping an older build kept in the Keychain, moved here once.
        case moved(TogetherRecord)
        /// The account was deleted: nothing of it is kept.
        case forgotten
    }

    public let changes: [Change]
    public init(_ changes: Change...) { self.changes = changes }
    public init(_ changes: [Change]) { self.changes = changes }

    public func apply(to transaction: inout StoreTransaction, context: ChangeContext) throws {
        var record = transaction.state.together
        for change in changes {
            switch change {
            case .sent(let day): record.sentThrough = max(record.sentThrough ?? day, day)
            case .shown(let cursor): record.messageCursor = max(record.messageCursor, cursor)
            case .streaks(let streaks): record.streaks = streaks
            case .finalizedShown(let monday): record.finalizedShown = max(record.finalizedShown ?? monday, monday)
            case .answeredLater(true): record.laterSince = record.laterSince ?? context.now
            case .answeredLater(false): record.laterSince = nil
            case .moved(let kept) where record == .none: record = kept
            case .moved: break
            case .forgotten: record = .none
            }
        }
        transaction.state.together = record
    }
}
