import Foundation
import GRDB
import StoreClient
import ThresholdCore

/// The singletons of `StoredState` (`settings`, `applied`, `progress`, `rituals`, `plan`, `together`), one
/// JSON document per top-level field, each with its own format version.
///
/// ``fields`` lists them, each with how to tell it changed and how to encode it, statically typed:
/// a monitor callback opens the store in a fresh process, where every type first compared or cast
/// through an existential (`as? any Hashable`, `as? any Encodable`, `Mirror`) costs a search of
/// every protocol conformance in the binary. `ThresholdStoreTests` fails when `StoredState`
/// gains a field this list lacks. A field missing from an older database reads as the value
/// `StoredState`'s decoder gives it when absent (its value in `StoredState.initial`).
enum Documents {
    /// The format version this build writes and the highest it reads.
    static let version = 1
    /// Fields kept in tables, not as documents.
    static let tableFields: Set<String> = ["engine", "balances"]

    /// One document: its name (the state's JSON key and property name), whether two states'
    /// values differ, and its JSON, which is byte for byte the member the whole state's JSON holds.
    struct Field: Sendable {
        let name: String
        let differs: @Sendable (StoredState, StoredState) -> Bool
        let encode: @Sendable (StoredState) throws -> Data

        init<Value: Encodable & Equatable & SendableMetatype>(_ name: String, _ value: @escaping @Sendable (StoredState) -> Value) {
            self.name = name
            differs = { value($0) != value($1) }
            encode = { try StoreJSON.encoder.encode(value($0)) }
        }
    }

    /// Every document, in name order.
    static let fields: [Field] = [
        Field("applied") { $0.applied },
        Field("plan") { $0.plan },
        Field("progress") { $0.progress },
        Field("rituals") { $0.rituals },
        Field("settings") { $0.settings },
        Field("together") { $0.together },
    ]

    /// The stored state's singletons, with `engine` and `balances` at their initial values.
    static func load(_ db: Database) throws -> StoredState {
        var stored: [String: Data] = [:]
        for record in try DocumentRecord.fetchAll(db) {
            guard record.version <= version else {
                throw StoreError.newerVersion(found: record.version, supported: version)
            }
            stored[record.name] = Data(record.body.utf8)
        }
        return try decode(stored)
    }

    /// The state these documents describe, every field they lack at its initial value.
    static func decode(_ documents: [String: Data]) throws -> StoredState {
        let kept = documents.filter { !tableFields.contains($0.key) }
        return try readingRow("documents") {
            try StoreJSON.decoder.decode(StoredState.self, from: JSONMembers.object(kept))
        }
    }

    /// Saves the documents whose values differ between `before` and `after`, each encoded alone:
    /// a monitor callback changes `applied` and seldom anything else.
    static func save(from before: StoredState, to after: StoredState, _ db: Database) throws {
        for (name, body) in try changed(from: before, to: after) {
            try DocumentRecord(name: name, version: version, body: String(decoding: body, as: UTF8.self)).upsert(db)
        }
    }

    /// The JSON of each document whose value differs, by name, in name order.
    static func changed(from before: StoredState, to after: StoredState) throws -> [(name: String, body: Data)] {
        try fields.filter { $0.differs(before, after) }.map { ($0.name, try $0.encode(after)) }
    }

    /// Each top-level field of the state's JSON, by name, from encoding it whole (for tests
    /// that the documents match it).
    static func whole(_ state: StoredState) throws -> [String: Data] {
        try JSONMembers.split(StoreJSON.encoder.encode(state))
    }
}

/// Splits a JSON object into its members' raw bytes and joins them back, byte for byte: the
/// documents keep exactly what `JSONEncoder` wrote, numbers and dates included.
enum JSONMembers {
    struct Malformed: Error, CustomStringConvertible {
        let offset: Int
        var description: String { "not a JSON object (at byte \(offset))" }
    }

    /// The members of a JSON object, as raw JSON values keyed by name.
    static func split(_ json: Data) throws -> [String: Data] {
        let bytes = [UInt8](json)
        var index = 0
        func skipSpace() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }
        func expect(_ byte: UInt8) throws {
            skipSpace()
            guard index < bytes.count, bytes[index] == byte else { throw Malformed(offset: index) }
            index += 1
        }
        /// Moves past one JSON string (from its opening quote).
        func skipString() throws {
            index += 1
            while index < bytes.count {
                switch bytes[index] {
                case 0x5C: index += 2
                case 0x22: index += 1; return
                default: index += 1
                }
            }
            throw Malformed(offset: index)
        }
        /// Moves past one JSON value and returns its byte range.
        func value() throws -> Range<Int> {
            skipSpace()
            let start = index
            var depth = 0
            while index < bytes.count {
                let byte = bytes[index]
                if byte == 0x22 {
                    try skipString()
                    if depth == 0 { return start..<index }
                    continue
                }
                if byte == 0x7B || byte == 0x5B {
                    depth += 1
                } else if byte == 0x7D || byte == 0x5D {
                    if depth == 0 { return start..<trimmedEnd(start, index) }
                    depth -= 1
                    if depth == 0 { index += 1; return start..<index }
                } else if depth == 0, byte == 0x2C || byte == 0x3A {
                    return start..<trimmedEnd(start, index)
                }
                index += 1
            }
            throw Malformed(offset: index)
        }
        func trimmedEnd(_ start: Int, _ end: Int) -> Int {
            var end = end
            while end > start, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[end - 1]) { end -= 1 }
            return end
        }

        var members: [String: Data] = [:]
        try expect(0x7B)
        skipSpace()
        if index < bytes.count, bytes[index] == 0x7D { return members }
        while true {
            skipSpace()
            guard index < bytes.count, bytes[index] == 0x22 else { throw Malformed(offset: index) }
            let keyRange = try value()
            guard let key = try? StoreJSON.decoder.decode(String.self, from: Data(bytes[keyRange])) else {
                throw Malformed(offset: keyRange.lowerBound)
            }
            try expect(0x3A)
            let valueRange = try value()
            guard !valueRange.isEmpty else { throw Malformed(offset: valueRange.lowerBound) }
            members[key] = Data(bytes[valueRange])
            skipSpace()
            guard index < bytes.count else { throw Malformed(offset: index) }
            if bytes[index] == 0x7D { break }
            try expect(0x2C)
        }
        index += 1
        skipSpace()
        guard index == bytes.count else { throw Malformed(offset: index) }
        return members
    }

    /// A JSON object of these members, in name order.
    static func object(_ members: [String: Data]) throws -> Data {
        var json = Data("{".utf8)
        for (offset, name) in members.keys.sorted().enumerated() {
            if offset > 0 { json.append(contentsOf: Array(",".utf8)) }
            json.append(try StoreJSON.encoder.encode(name))
            json.append(contentsOf: Array(":".utf8))
            json.append(members[name]!)
        }
        json.append(contentsOf: Array("}".utf8))
        return json
    }
}
