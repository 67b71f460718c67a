import Foundation
import GRDB
import StoreClient
import ThresholdCore

// How model values become column values and back. Reading a column runs the model's own
// validation, so a row that breaks an invariant surfaces as `StoreError.corrupt`.

/// A row of one of the store's tables: Swift properties in camel case, columns in snake case.
protocol StoredRecord: Codable, FetchableRecord, PersistableRecord {}

extension StoredRecord {
    static var databaseColumnDecodingStrategy: DatabaseColumnDecodingStrategy { .convertFromSnakeCase }
    static var databaseColumnEncodingStrategy: DatabaseColumnEncodingStrategy { .convertToSnakeCase }
}

extension Date {
    /// Seconds since 2001-01-01 UTC: what `Date` holds, so a stored instant reads back equal.
    var storedSeconds: Double { timeIntervalSinceReferenceDate }

    init(storedSeconds: Double) { self.init(timeIntervalSinceReferenceDate: storedSeconds) }
}

/// A value stored as JSON text in one column, written by its own `Codable`.
enum JSONColumn {
    static func encode<Value: Encodable>(_ value: Value) throws -> String {
        String(decoding: try StoreJSON.encoder.encode(value), as: UTF8.self)
    }

    static func decode<Value: Decodable>(_ type: Value.Type, from text: String) throws -> Value {
        try StoreJSON.decoder.decode(type, from: Data(text.utf8))
    }
}

/// The JSON settings every part of the store shares: sorted keys, so equal values encode to
/// equal bytes, and `Date` as its exact seconds.
enum StoreJSON {
    static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    static var decoder: JSONDecoder { JSONDecoder() }
}

/// A case of a string-backed enum read from a column, or a readable error.
func storedCase<Value: RawRepresentable>(_ raw: String, _ field: String) throws -> Value where Value.RawValue == String {
    guard let value = Value(rawValue: raw) else {
        throw ValidationError(field, "“\(raw)” is not a value this version of Threshold knows.")
    }
    return value
}

/// A stored local day, or a readable error.
func storedDay(_ text: String) throws -> LocalDate { try LocalDate(parsing: text) }

/// Runs `body`, turning the model's refusal of a stored value into `StoreError.corrupt` that
/// names the row: `profile work: Choose a single emoji, not “xy”.`
func readingRow<T>(_ row: String, _ body: () throws -> T) throws -> T {
    do {
        return try body()
    } catch let error as ValidationError {
        throw StoreError.corrupt("\(row): \(error)")
    } catch let error as DecodingError {
        throw StoreError.corrupt("\(row): \(error.readable)")
    }
}

extension DecodingError {
    /// Where decoding failed and why, in words: `state.engine.profiles[0].emoji: expected a string`.
    var readable: String {
        func path(_ context: Context) -> String {
            let text = context.codingPath.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }
                .joined().trimmingCharacters(in: CharacterSet(charactersIn: "."))
            return text.isEmpty ? "the top level" : text
        }
        switch self {
        case .typeMismatch(let type, let context):
            return "\(path(context)): expected \(Self.name(of: type)) (\(context.debugDescription))"
        case .valueNotFound(let type, let context):
            return "\(path(context)): a \(Self.name(of: type)) is missing"
        case .keyNotFound(let key, let context):
            return "\(path(context)): the field “\(key.stringValue)” is missing"
        case .dataCorrupted(let context):
            return "\(path(context)): \(context.debugDescription)"
        @unknown default:
            return String(describing: self)
        }
    }

    private static func name(of type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Int.Type, is Int64.Type: "a whole number"
        case is Double.Type: "a number"
        case is Bool.Type: "true or false"
        default: "\(type)"
        }
    }
}
