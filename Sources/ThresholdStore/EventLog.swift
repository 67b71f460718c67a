import Foundation
import GRDB
import StoreClient
import ThresholdCore

/// The append-only log in the `event` table: each event as its case name (`kind`) and its
/// `Codable` JSON, so a new `Event` case needs no migration.
///
/// An event whose kind this build does not know (written by a newer build) is kept in the
/// table and skipped on read. An event of a known kind that does not decode is damage:
/// reading it throws `StoreError.corrupt`.
enum EventLog {
    /// Appends events in order; SQL assigns their sequence numbers.
    static func append(_ events: [(at: Date, event: Event)], _ db: Database) throws {
        guard !events.isEmpty else { return }
        let encoder = StoreJSON.encoder
        let statement = try db.cachedStatement(sql: "INSERT INTO event (at, kind, payload) VALUES (?, ?, ?)")
        for (at, event) in events {
            let payload = String(decoding: try encoder.encode(event), as: UTF8.self)
            try statement.execute(arguments: [at.storedSeconds, event.kind, payload])
        }
    }

    /// Inserts events with the sequence numbers they already have (an import, a rebuild).
    static func insert(_ events: [LoggedEvent], _ db: Database) throws {
        let encoder = StoreJSON.encoder
        let statement = try db.cachedStatement(sql: "INSERT INTO event (sequence, at, kind, payload) VALUES (?, ?, ?, ?)")
        for logged in events {
            let payload = String(decoding: try encoder.encode(logged.event), as: UTF8.self)
            try statement.execute(arguments: [logged.sequence, logged.at.storedSeconds, logged.event.kind, payload])
        }
    }

    /// The events a query asks for, oldest first; a limit keeps the most recent. The limit
    /// counts stored events, so events of kinds from a newer build can make the answer shorter.
    static func read(_ query: EventQuery, _ db: Database) throws -> [LoggedEvent] {
        var conditions: [String] = []
        var arguments: StatementArguments = []
        if let kinds = query.kinds {
            guard !kinds.isEmpty else { return [] }
            conditions.append("kind IN (\(Array(repeating: "?", count: kinds.count).joined(separator: ", ")))")
            for kind in kinds.sorted() { arguments += [kind] }
        }
        if let from = query.from {
            conditions.append("at >= ?")
            arguments += [from.storedSeconds]
        }
        if let until = query.until {
            conditions.append("at < ?")
            arguments += [until.storedSeconds]
        }
        var sql = "SELECT sequence, at, kind, payload FROM event"
        if !conditions.isEmpty { sql += " WHERE " + conditions.joined(separator: " AND ") }
        if let limit = query.limit {
            sql = "SELECT * FROM (\(sql) ORDER BY sequence DESC LIMIT \(max(0, limit))) ORDER BY sequence"
        } else {
            sql += " ORDER BY sequence"
        }
        let decoder = StoreJSON.decoder
        var events: [LoggedEvent] = []
        let rows = try Row.fetchCursor(db, sql: sql, arguments: arguments)
        while let row = try rows.next() {
            if let logged = try decode(row, decoder) { events.append(logged) }
        }
        return events
    }

    /// One row as a logged event, or `nil` when its kind comes from a newer build.
    static func decode(_ row: Row, _ decoder: JSONDecoder) throws -> LoggedEvent? {
        let sequence: Int64 = row["sequence"]
        let kind: String = row["kind"]
        let payload: String = row["payload"]
        guard let event = try decode(kind: kind, payload: payload, decoder) else { return nil }
        return LoggedEvent(sequence: sequence, at: Date(storedSeconds: row["at"]), event: event)
    }

    /// An event from its kind and payload, or `nil` for a kind this build does not know.
    static func decode(kind: String, payload: String, _ decoder: JSONDecoder) throws -> Event? {
        do {
            let event = try decoder.decode(Event.self, from: Data(payload.utf8))
            guard event.kind == kind else {
                throw StoreError.corrupt("event of kind \(kind) holds a \(event.kind)")
            }
            return event
        } catch let error as DecodingError {
            // A synthesized enum decoder that finds no case it knows fails at the top level;
            // a known case with a damaged payload fails inside it.
            if error.isUnknownCase, let members = try? JSONMembers.split(Data(payload.utf8)),
                members.count == 1, members.keys.first == kind
            {
                return nil
            }
            throw StoreError.corrupt("event of kind \(kind): \(error.readable)")
        }
    }
}

extension DecodingError {
    /// True when an enum's decoder met a case name it does not have.
    var isUnknownCase: Bool {
        switch self {
        case .typeMismatch(_, let context), .dataCorrupted(let context): context.codingPath.isEmpty
        default: false
        }
    }
}
