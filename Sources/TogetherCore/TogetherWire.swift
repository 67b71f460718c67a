import Foundation
import ThresholdCore

/// The JSON bodies Together's API sends and receives (Server/openapi.yaml describes each): one
/// definition the server and the app's client both use. Dates are ISO 8601 (``encoder``, ``decoder``).
public enum TogetherWire {
    public struct Registration: Codable, Sendable {
        /// The Curve25519 signing public key, 32 bytes in base64.
        public let publicKey: String
        public let displayName: String
        public init(publicKey: String, displayName: String) {
            self.publicKey = publicKey
            self.displayName = displayName
        }
    }

    public struct Registered: Codable, Sendable {
        public let accountID: UUID
        public let tier: Tier

        public init(accountID: UUID, tier: Tier) {
            self.accountID = accountID
            self.tier = tier
        }
    }

    public struct Saved: Codable, Sendable {
        public let day: LocalDate
        public let week: LeagueWeek
        public let points: Int
        public let weekPoints: Int

        public init(day: LocalDate, week: LeagueWeek, points: Int, weekPoints: Int) {
            self.day = day
            self.week = week
            self.points = points
            self.weekPoints = weekPoints
        }
    }

    public struct Member: Codable, Sendable, Equatable {
        public let rank: Int
        public let displayName: String
        public let points: Int
        public let you: Bool

        public init(rank: Int, displayName: String, points: Int, you: Bool) {
            self.rank = rank
            self.displayName = displayName
            self.points = points
            self.you = you
        }
    }

    public struct Result: Codable, Sendable, Equatable {
        public let outcome: League.Outcome
        public let tierAfter: Tier

        public init(outcome: League.Outcome, tierAfter: Tier) {
            self.outcome = outcome
            self.tierAfter = tierAfter
        }
    }

    public struct LeagueBody: Codable, Sendable, Equatable {
        public let week: LeagueWeek
        public let placed: Bool
        public let tier: Tier
        public let rank: Int?
        public let finalized: Bool
        public let members: [Member]
        public let result: Result?
        /// Why the person is in no league yet, when `placed` is false.
        public let reason: String?

        public init(
            week: LeagueWeek, placed: Bool, tier: Tier, rank: Int?, finalized: Bool, members: [Member], result: Result?, reason: String?
        ) {
            self.week = week
            self.placed = placed
            self.tier = tier
            self.rank = rank
            self.finalized = finalized
            self.members = members
            self.result = result
            self.reason = reason
        }
    }

    public struct Finalized: Codable, Sendable {
        public let week: LeagueWeek
        public let finalizedAt: Date
        public let accounts: Int
        public let alreadyFinalized: Bool

        public init(week: LeagueWeek, finalizedAt: Date, accounts: Int, alreadyFinalized: Bool) {
            self.week = week
            self.finalizedAt = finalizedAt
            self.accounts = accounts
            self.alreadyFinalized = alreadyFinalized
        }
    }

    public struct Invitation: Codable, Sendable {
        public let code: String
        /// `https://threshold.app/p/<code>`, for the share sheet and the QR code.
        public let link: String
        public let expiresAt: Date

        public init(code: String, link: String, expiresAt: Date) {
            self.code = code
            self.link = link
            self.expiresAt = expiresAt
        }
    }

    public struct Partner: Codable, Sendable, Equatable {
        /// The partnership's id, to end it or to read only its messages.
        public let id: UUID
        public let displayName: String
        public let since: Date

        public init(id: UUID, displayName: String, since: Date) {
            self.id = id
            self.displayName = displayName
            self.since = since
        }
    }

    public struct PartnerList: Codable, Sendable {
        public let partners: [Partner]

        public init(partners: [Partner]) {
            self.partners = partners
        }
    }

    public struct Sent: Codable, Sendable {
        /// How many partners the message went to (0 with none).
        public let recipients: Int

        public init(recipients: Int) {
            self.recipients = recipients
        }
    }

    public struct Message: Codable, Sendable, Equatable {
        public let id: Int64
        public let partnership: UUID
        public let from: String
        public let kind: PartnerMessage.Kind
        public let day: LocalDate
        public let streakDays: Int
        public let nickname: String?
        public let sentAt: Date
        /// The notification's words.
        public let text: String
        /// Whether APNs took it for the device the fetch named (`device=`): that device shows it
        /// already, as a push, so its app does not show it again. Absent when no device was named.
        public let pushed: Bool?

        public init(
            id: Int64, partnership: UUID, from: String, kind: PartnerMessage.Kind, day: LocalDate, streakDays: Int, nickname: String?,
            sentAt: Date, text: String, pushed: Bool? = nil
        ) {
            self.id = id
            self.partnership = partnership
            self.from = from
            self.kind = kind
            self.day = day
            self.streakDays = streakDays
            self.nickname = nickname
            self.sentAt = sentAt
            self.text = text
            self.pushed = pushed
        }
    }

    /// `PUT /v1/push-token`: this install's APNs device token, replacing the one it sent before.
    public struct PushToken: Codable, Sendable, Equatable {
        /// The install, as the app names it (1 to 64 characters of `A–Z a–z 0–9 - _ .`).
        public let device: String
        /// The token iOS gave, in lowercase hex (32 to 100 bytes).
        public let token: String

        public init(device: String, token: String) {
            self.device = device
            self.token = token
        }

        /// Refuses a device name or token of the wrong shape.
        public func validate() throws {
            guard (1...64).contains(device.count),
                device.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) })
            else {
                throw TogetherRefusal(.malformed, "device is 1 to 64 characters of A–Z a–z 0–9 - _ .")
            }
            guard token.count.isMultiple(of: 2), (64...200).contains(token.count), token.allSatisfy({ $0.isHexDigit && !$0.isUppercase })
            else {
                throw TogetherRefusal(.malformed, "token is the APNs device token in lowercase hex (32 to 100 bytes).")
            }
        }
    }

    public struct Messages: Codable, Sendable {
        public let messages: [Message]
        /// The id to fetch after next time (the last message's, or the one sent in `after`).
        public let cursor: Int64

        public init(messages: [Message], cursor: Int64) {
            self.messages = messages
            self.cursor = cursor
        }
    }

    public struct BackupStored: Codable, Sendable {
        public let version: Int64
        public let bytes: Int
        public let storedAt: Date

        public init(version: Int64, bytes: Int, storedAt: Date) {
            self.version = version
            self.bytes = bytes
            self.storedAt = storedAt
        }
    }

    public struct Refusal: Codable, Sendable {
        public let error: String
        public let reason: String

        public init(error: String, reason: String) {
            self.error = error
            self.reason = reason
        }
    }

    public struct Health: Codable, Sendable {
        public let status: String

        public init(status: String) {
            self.status = status
        }
    }

    /// Sorted keys, ISO 8601 dates: what the server writes and the client sends.
    public static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }

    public static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}
