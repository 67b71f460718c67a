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

/// Reads the JSON columns of one load: each distinct text is decoded once (a set-up repeats the
/// same unlock and break policies, strict options and weekday sets on row after row), and a selection in the
/// exact form the store writes is read without `JSONDecoder` (``SelectionReader``). Whatever the
/// fast path does not recognise goes through `JSONDecoder`, so a value reads exactly as it did.
final class ColumnDecoder {
    private var unlockPolicies: [String: UnlockPolicy] = [:]
    private var breakPolicies: [String: BreakPolicy] = [:]
    private var strictOptionSets: [String: StrictOptions] = [:]
    private var weekdaySets: [String: Set<Weekday>] = [:]
    private let decoder = StoreJSON.decoder

    func unlockPolicy(_ text: String) throws -> UnlockPolicy { try memo(text, &unlockPolicies) }
    func breakPolicy(_ text: String) throws -> BreakPolicy { try memo(text, &breakPolicies) }
    func strictOptions(_ text: String) throws -> StrictOptions { try memo(text, &strictOptionSets) }

    func weekdays(_ text: String) throws -> Set<Weekday> {
        if let known = weekdaySets[text] { return known }
        let value = Set(try decoder.decode([Weekday].self, from: Data(text.utf8)))
        weekdaySets[text] = value
        return value
    }

    func selection(_ text: String) throws -> Selection {
        if let read = SelectionReader.read(text) { return read }
        return try decoder.decode(Selection.self, from: Data(text.utf8))
    }

    private func memo<Value: Decodable>(_ text: String, _ known: inout [String: Value]) throws -> Value {
        if let value = known[text] { return value }
        let value = try decoder.decode(Value.self, from: Data(text.utf8))
        known[text] = value
        return value
    }
}

/// Reads a selection written by the store (`{"applications":[…],"categories":[…],"webDomains":[…]}`,
/// keys sorted, each token a base64 string) without `JSONDecoder`: a profile's or gate's
/// selection is most of what a load decodes. Returns `nil` for anything else (whitespace, escapes,
/// other keys, a token that is not base64), which the caller then decodes the general way, so
/// what is accepted and refused is `Selection`'s own `Codable`.
enum SelectionReader {
    static func read(_ text: String) -> Selection? {
        var text = text
        return text.withUTF8 { read(bytes: $0) }
    }

    private static func read(bytes: UnsafeBufferPointer<UInt8>) -> Selection? {
        var index = 0
        func take(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }
        /// A string without escapes; its bytes.
        func string() -> UnsafeBufferPointer<UInt8>? {
            guard take(0x22) else { return nil }
            let start = index
            while index < bytes.count, bytes[index] != 0x22 {
                if bytes[index] == 0x5C || bytes[index] < 0x20 { return nil }
                index += 1
            }
            guard index < bytes.count else { return nil }
            defer { index += 1 }
            return UnsafeBufferPointer(rebasing: bytes[start..<index])
        }
        func tokens<Token: OpaqueToken>(_ type: Token.Type) -> Set<Token>? {
            guard take(0x5B) else { return nil }
            var result = Set<Token>()
            if take(0x5D) { return result }
            repeat {
                guard let text = string(), let data = Data(base64Encoded: Data(text)), !data.isEmpty else { return nil }
                result.insert(Token(data: data))
            } while take(0x2C)
            return take(0x5D) ? result : nil
        }
        var selection = Selection()
        var seen = Set<String>()
        guard take(0x7B) else { return nil }
        if !take(0x7D) {
            repeat {
                guard let key = string().map({ String(decoding: $0, as: UTF8.self) }), seen.insert(key).inserted, take(0x3A) else {
                    return nil
                }
                switch key {
                case "applications": guard let set = tokens(AppToken.self) else { return nil }; selection.applications = set
                case "categories": guard let set = tokens(CategoryToken.self) else { return nil }; selection.categories = set
                case "webDomains": guard let set = tokens(WebDomainToken.self) else { return nil }; selection.webDomains = set
                default: return nil
                }
            } while take(0x2C)
            guard take(0x7D) else { return nil }
        }
        return index == bytes.count ? selection : nil
    }
}

/// A column of a row, read with a readable error (the table's `STRICT` types make a mismatch
/// unlikely; a NULL where the model needs a value is the case this catches).
func column<Value: DatabaseValueConvertible & StatementColumnConvertible>(
    _ row: Row, _ name: String, as type: Value.Type = Value.self
) throws -> Value {
    do {
        return try row.decode(Value.self, forColumn: name)
    } catch {
        throw StoreError.corrupt("the column \(name) cannot be read (\(error))")
    }
}

/// A case of a string-backed enum read from a column, or a readable error.
func storedCase<Value: RawRepresentable>(_ raw: String, _ field: String) throws -> Value where Value.RawValue == String {
    guard let value = Value(rawValue: raw) else {
        throw ValidationError(field, .invariant(.unknownStoredValue(field: field, raw: raw)))
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
