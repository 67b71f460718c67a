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
    static func decode<T: Decodable>(_ type: T.Type, from data: Data, keys: Set<String>) throws -> T {
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw TogetherRefusal(.malformed, "The body is not a JSON object.")
        }
        let extra = Set(object.keys).subtracting(keys)
        guard extra.isEmpty else {
            throw TogetherRefusal(.malformed, "The body holds fields Together does not take: \(extra.sorted().joined(separator: ", ")); send only \(keys.sorted().joined(separator: ", ")).")
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
