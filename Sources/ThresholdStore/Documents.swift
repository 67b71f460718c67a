import Foundation
import GRDB
import StoreClient
import ThresholdCore

/// The singletons of `StoredState` (`settings`, `applied`, and whatever fields are added to it
/// later), one JSON document per top-level field, each with its own format version.
///
/// The store does not list the fields: it encodes the state without the parts that have
/// tables (`engine`, `balances`) and keeps each remaining member of the JSON object as a
/// document. A field added to `StoredState` therefore persists with no migration, and a field
/// missing from an older database reads as the value it has in `StoredState.initial`.
enum Documents {
    /// The format version this build writes and the highest it reads.
    static let version = 1
    /// Fields kept in tables, not as documents.
    static let tableFields: Set<String> = ["engine", "balances"]

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
        var fields = initialFields
        for (name, body) in documents where !tableFields.contains(name) { fields[name] = body }
        return try readingRow("documents") {
            try StoreJSON.decoder.decode(StoredState.self, from: JSONMembers.object(fields))
        }
    }

    /// Saves the documents whose JSON differs between `before` and `after`.
    ///
    /// Only the fields whose values differ are encoded, each alone: a monitor callback changes
    /// `applied` and seldom anything else, and encoding the unchanged documents as well (the
    /// progress record holds every intention's streak) was a good part of its cost. When the
    /// values cannot tell (a field not `Hashable`, or not a plain member of the state's JSON),
    /// both states are encoded whole and their fields compared byte for byte.
    static func save(from before: StoredState, to after: StoredState, _ db: Database) throws {
        let old = shell(before), new = shell(after)
        guard old != new else { return }
        let changed: [String: Data]
        if let names = changedFields(old, new), let members = try members(names, of: new) {
            changed = members
        } else {
            let encoded = try fields(of: new), previous = try fields(of: before)
            changed = encoded.filter { previous[$0.key] != $0.value }
        }
        for (name, body) in changed.sorted(by: { $0.key < $1.key }) where !tableFields.contains(name) {
            try DocumentRecord(name: name, version: version, body: String(decoding: body, as: UTF8.self)).upsert(db)
        }
    }

    /// The JSON of each named top-level field of `state`, encoded alone, which is byte for byte
    /// the member the state's own JSON holds; `nil` when a name is not such a member (its key
    /// differs from its name, or it is optional and may be left out), so the caller encodes the
    /// whole state instead.
    static func members(_ names: Set<String>, of state: StoredState) throws -> [String: Data]? {
        var members: [String: Data] = [:]
        for child in Mirror(reflecting: state).children {
            guard let name = child.label, names.contains(name) else { continue }
            guard initialFields[name] != nil, Mirror(reflecting: child.value).displayStyle != .optional,
                  let value = child.value as? any Encodable else { return nil }
            members[name] = try StoreJSON.encoder.encode(value)
        }
        return members.count == names.count ? members : nil
    }

    /// The names of the top-level fields whose values differ, read with `Mirror`; `nil` when a
    /// field is not `Hashable` (then the caller compares encodings).
    static func changedFields(_ before: StoredState, _ after: StoredState) -> Set<String>? {
        var changed = Set<String>()
        for (old, new) in zip(Mirror(reflecting: before).children, Mirror(reflecting: after).children) {
            guard let name = old.label, let a = old.value as? any Hashable, let b = new.value as? any Hashable else { return nil }
            if AnyHashable(a) != AnyHashable(b) { changed.insert(name) }
        }
        return changed
    }

    /// Each top-level field of the state's JSON, by name.
    static func fields(of state: StoredState) throws -> [String: Data] {
        try JSONMembers.split(StoreJSON.encoder.encode(shell(state)))
    }

    /// The state with its table-backed parts emptied: what the documents hold.
    private static func shell(_ state: StoredState) -> StoredState {
        var shell = state
        shell.engine = .empty
        shell.balances = Balances()
        return shell
    }

    private static let initialFields: [String: Data] = {
        do {
            return try fields(of: .initial)
        } catch {
            preconditionFailure("StoredState.initial does not encode as a JSON object: \(error)")
        }
    }()
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
