import Foundation
import ThresholdCore

/// What a person's app tells their partners: that they broke an intention streak, nothing more.
///
/// No app name, ever: the app cannot read one and the server must never see one. The only words a
/// person chooses are an intention's ``nickname`` they gave it to share (``IntentionNickname``);
/// everything else is a day and a number. A message that holds anything else is refused.
public struct PartnerMessage: Hashable, Codable, Sendable {
    public enum Kind: String, Hashable, Codable, Sendable, CaseIterable {
        /// The person broke an app-intention streak.
        case brokeStreak
    }

    /// The longest streak a message can name: ten years of days.
    public static let longestStreakDays = 3_650

    public let kind: Kind
    /// The person's local day the streak broke on.
    public let day: LocalDate
    /// How many days the streak had run.
    public let streakDays: Int
    /// The intention's nickname, when the person chose to share one.
    public let nickname: String?
    /// The sender's own name for this message (16 to 64 characters of `A–Z a–z 0–9 - _`), the same
    /// every time the app sends it: a message sent again (its answer lost on the way) is put in the
    /// outbox once (Server/README.md). `nil`: none.
    public let key: String?

    public init(kind: Kind = .brokeStreak, day: LocalDate, streakDays: Int, nickname: String? = nil, key: String? = nil) {
        self.kind = kind
        self.day = day
        self.streakDays = streakDays
        self.nickname = nickname
        self.key = key
    }

    /// The same message, with the key the app names it by.
    public func keyed(_ key: String) -> PartnerMessage {
        PartnerMessage(kind: kind, day: day, streakDays: streakDays, nickname: nickname, key: key)
    }

    /// The key of a break: the same for the same account, intention, day and length, whichever of
    /// the person's iPhones sends it and however often (a ``Fingerprint``'s 32 hex digits).
    public static func key(account: String, intention: IntentionID, day: LocalDate, streakDays: Int) -> String {
        Fingerprint(of: Array("brokeStreak|\(account)|\(intention.rawValue)|\(day)|\(streakDays)".utf8)).hex
    }

    /// Refuses a message that cannot be true at `now` or says more than it may: a day not yet begun
    /// anywhere, a day older than the server keeps messages, a streak outside 1 to 3,650 days, or a
    /// nickname ``IntentionNickname`` refuses.
    public func validate(at now: Date) throws {
        guard LeagueWeek.start(of: day) <= now else {
            throw TogetherRefusal(.futureDay, "\(day) has not begun anywhere yet.")
        }
        guard !Partners.isExpired(messageSentAt: LeagueWeek.end(of: day), at: now) else {
            throw TogetherRefusal(.messageNotAllowed, "\(day) is more than 30 days ago; partners hear only about the last 30 days.")
        }
        guard (1...Self.longestStreakDays).contains(streakDays) else {
            throw TogetherRefusal(.messageNotAllowed, "A broken streak ran 1 to \(Self.longestStreakDays) days, not \(streakDays).")
        }
        if let nickname { try IntentionNickname.check(nickname) }
        if let key {
            guard (16...64).contains(key.count), key.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") })
            else {
                throw TogetherRefusal(.malformed, "A message's key is 16 to 64 characters of A–Z a–z 0–9 - _.")
            }
        }
    }

    /// The words a partner's notification shows, with the sender's display name.
    public func text(from name: String) -> String {
        let days = streakDays == 1 ? "1 day" : "\(streakDays) days"
        if let nickname {
            return "\(name) broke their “\(nickname)” intention streak after \(days)."
        }
        return "\(name) broke an intention streak after \(days)."
    }
}

/// A nickname a person gives an intention to share with partners: a few plain words, never
/// something that could carry more (a link, an address, a handle, a second line).
///
/// 1 to 30 characters; letters, digits, spaces and the marks ' ’ - &; words separated by single
/// spaces, no leading or trailing space. So no dots, slashes, colons or @ (no `instagram.com`,
/// `https://…`, `@someone`), no emoji, no newlines or control characters.
public enum IntentionNickname {
    public static let lengths = 1...30
    static let marks: Set<Character> = ["'", "’", "-", "&", " "]

    public static func check(_ nickname: String) throws {
        guard lengths.contains(nickname.count) else {
            throw refusal("is 1 to \(lengths.upperBound) characters")
        }
        guard nickname.allSatisfy({ isAllowed($0) }) else {
            throw refusal("holds only letters, digits, spaces and ' - &")
        }
        guard nickname.first != " ", nickname.last != " ", !nickname.contains("  ") else {
            throw refusal("has single spaces between words and none at either end")
        }
        guard nickname.contains(where: { $0.isLetter || $0.isNumber }) else {
            throw refusal("holds at least one letter or digit")
        }
    }

    static func isAllowed(_ character: Character) -> Bool {
        if marks.contains(character) { return true }
        // One scalar, a letter (with its marks folded in by NFC) or a digit: no emoji, no symbols.
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return false }
        let rest = scalars.dropFirst()
        let isLetterOrDigit = first.properties.isAlphabetic || first.properties.numericType == .decimal
        return isLetterOrDigit && !first.properties.isEmojiPresentation
            && rest.allSatisfy { $0.properties.generalCategory == .nonspacingMark || $0.properties.generalCategory == .spacingMark }
    }

    static func refusal(_ rule: String) -> TogetherRefusal {
        TogetherRefusal(.messageNotAllowed, "A shared nickname \(rule); the message says no more than that.")
    }
}
