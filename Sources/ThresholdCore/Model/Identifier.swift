import Foundation

/// A stable identifier for a value of type `Subject`, typed so a profile's id cannot be
/// passed where a session's is expected.
///
/// Identifiers are strings so that scenario files and exports stay readable; the app mints
/// them from UUIDs through its random-number client, so that tests stay deterministic.
public struct Identifier<Subject>: Hashable, Comparable, Codable, Sendable, RawRepresentable,
    ExpressibleByStringLiteral, CustomStringConvertible
{
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard !text.isEmpty else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "\(Refusal.Invariant.emptyIdentifier)")
        }
        self.rawValue = text
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
    public var description: String { rawValue }
}

public typealias ProfileID = Identifier<Profile>
public typealias ScheduleID = Identifier<Schedule>
public typealias SessionID = Identifier<Session>
public typealias BreakID = Identifier<Break>
public typealias GrantID = Identifier<Grant>
public typealias IntentionID = Identifier<Intention>
public typealias GateID = Identifier<Gate>
