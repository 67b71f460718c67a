import Foundation
import ThresholdCore
import TogetherCore

/// The JSON bodies the API sends and receives (Server/openapi.yaml describes each).
public enum Wire {
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
    }

    public struct Saved: Codable, Sendable {
        public let day: LocalDate
        public let week: LeagueWeek
        public let points: Int
        public let weekPoints: Int
    }

    public struct Member: Codable, Sendable, Equatable {
        public let rank: Int
        public let displayName: String
        public let points: Int
        public let you: Bool
    }

    public struct Result: Codable, Sendable, Equatable {
        public let outcome: League.Outcome
        public let tierAfter: Tier
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
    }

    public struct Finalized: Codable, Sendable {
        public let week: LeagueWeek
        public let finalizedAt: Date
        public let accounts: Int
        public let alreadyFinalized: Bool
    }

    public struct Invitation: Codable, Sendable {
        public let code: String
        /// `https://threshold.app/p/<code>`, for the share sheet and the QR code.
        public let link: String
        public let expiresAt: Date
    }

    public struct Partner: Codable, Sendable, Equatable {
        /// The partnership's id, to end it or to read only its messages.
        public let id: UUID
        public let displayName: String
        public let since: Date
    }

    public struct PartnerList: Codable, Sendable {
        public let partners: [Partner]
    }

    public struct Sent: Codable, Sendable {
        /// How many partners the message went to (0 with none).
        public let recipients: Int
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
    }

    public struct Messages: Codable, Sendable {
        public let messages: [Message]
        /// The id to fetch after next time (the last message's, or the one sent in `after`).
        public let cursor: Int64
    }

    public struct BackupStored: Codable, Sendable {
        public let version: Int64
        public let bytes: Int
        public let storedAt: Date
    }

    public struct Refusal: Codable, Sendable {
        public let error: String
        public let reason: String
    }

    public struct Health: Codable, Sendable {
        public let status: String
    }

    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }()

    static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }()

    static func field(_ context: DecodingError.Context) -> String {
        let path = context.codingPath.map(\.stringValue).joined(separator: ".")
        return path.isEmpty ? "The body" : "“\(path)”"
    }

    /// Decodes a JSON object that has exactly `keys`: nothing missing, nothing else.
    static func decode<T: Decodable>(_ type: T.Type, from data: Data, keys: Set<String>, optional: Set<String> = []) throws -> T {
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw TogetherRefusal(.malformed, "The body is not a JSON object.")
        }
        let extra = Set(object.keys).subtracting(keys).subtracting(optional)
        guard extra.isEmpty else {
            throw TogetherRefusal(.malformed, "The body holds fields Together does not take: \(extra.sorted().joined(separator: ", ")); send only \(keys.union(optional).sorted().joined(separator: ", ")).")
        }
        let missing = keys.subtracting(object.keys)
        guard missing.isEmpty else {
            throw TogetherRefusal(.malformed, "The body lacks \(missing.sorted().joined(separator: ", ")).")
        }
        do {
            return try decoder.decode(T.self, from: data)
        } catch let refusal as TogetherRefusal {
            throw refusal
        } catch let DecodingError.dataCorrupted(context) {
            throw TogetherRefusal(.malformed, "\(field(context)) is not valid: \(context.debugDescription)")
        } catch let DecodingError.typeMismatch(type, context) {
            throw TogetherRefusal(.malformed, "\(field(context)) should be \(type == String.self ? "a string" : "a whole number"); see openapi.yaml.")
        } catch let DecodingError.valueNotFound(_, context) {
            throw TogetherRefusal(.malformed, "\(field(context)) is null; every field needs a value.")
        } catch {
            throw TogetherRefusal(.malformed, "The body does not match its schema in openapi.yaml.")
        }
    }
}
