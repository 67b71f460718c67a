import Foundation

/// Every prayer template the app can show, checked as a whole and indexed by cell.
///
/// Built from one or more JSON files, each an array of templates. Loading is all or nothing:
/// a truncated or malformed file, a template that breaks the content rules, or an id used twice
/// is refused with an error naming the file and the problem, never skipped.
public struct PrayerLibrary: Equatable, Sendable {
    /// All templates, file by file (files in name order), each file in its own order.
    public let templates: [PrayerTemplate]
    private let byCell: [PrayerCell: [PrayerTemplate]]
    private let universalByMood: [Mood: [PrayerTemplate]]

    /// A library of these templates; refuses two with the same id.
    public init(templates: [PrayerTemplate]) throws {
        var seen = Set<PrayerTemplateID>()
        for template in templates where !seen.insert(template.id).inserted {
            throw ValidationError("prayer library", .contentFile(.duplicateID(template.id, earlier: nil)))
        }
        self.templates = templates
        var byCell: [PrayerCell: [PrayerTemplate]] = [:]
        var universalByMood: [Mood: [PrayerTemplate]] = [:]
        for template in templates {
            if template.isUniversal {
                for mood in template.moods { universalByMood[mood, default: []].append(template) }
                continue
            }
            for tradition in template.traditions {
                for vibe in template.vibes {
                    for mood in template.moods { byCell[PrayerCell(tradition, vibe, mood), default: []].append(template) }
                }
            }
        }
        self.byCell = byCell
        self.universalByMood = universalByMood
    }

    /// Decodes one JSON array of templates; `file` names it in errors.
    public init(data: Data, file: String = "prayers.json") throws {
        try self.init(files: [file: data])
    }

    /// Decodes several files, keyed by file name, each a JSON array of templates.
    /// Ids must be unique across all of them.
    public init(files: [String: Data]) throws {
        var all: [PrayerTemplate] = []
        var origin: [PrayerTemplateID: String] = [:]
        for name in files.keys.sorted() {
            let templates = try PrayerLibrary.decodeFile(files[name]!, named: name)
            for template in templates {
                if let earlier = origin[template.id] {
                    let place: ContentFault.Place = earlier == name ? .sameFile : .file(earlier)
                    throw ValidationError(name, .contentFile(.duplicateID(template.id, earlier: place)))
                }
                origin[template.id] = name
            }
            all += templates
        }
        try self.init(templates: all)
    }

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.templates == rhs.templates }

    // MARK: Queries

    /// The templates written for this cell, in library order; universal ones are not included.
    public func templates(tradition: Tradition, vibe: Vibe, mood: Mood) -> [PrayerTemplate] {
        byCell[PrayerCell(tradition, vibe, mood)] ?? []
    }

    /// The template with this id, if the library has it.
    public func template(_ id: PrayerTemplateID) -> PrayerTemplate? {
        templates.first { $0.id == id }
    }

    /// The universal templates for a mood, in library order.
    public func universalTemplates(mood: Mood) -> [PrayerTemplate] {
        universalByMood[mood] ?? []
    }

    /// How many templates are written for each of the 168 cells (zero included), universal ones not counted.
    public var coverage: [PrayerCell: Int] {
        Dictionary(uniqueKeysWithValues: PrayerCell.all.map { ($0, byCell[$0]?.count ?? 0) })
    }

    /// The cells of these traditions with fewer than `minimum` templates of their own, in grid order.
    public func cells(withFewerThan minimum: Int, traditions: [Tradition] = Tradition.allCases) -> [PrayerCell] {
        PrayerCell.all.filter { traditions.contains($0.tradition) && (byCell[$0]?.count ?? 0) < minimum }
    }

    // MARK: Decoding files

    private static func decodeFile(_ data: Data, named name: String) throws -> [PrayerTemplate] {
        do {
            return try JSONDecoder().decode([PrayerTemplate].self, from: data)
        } catch let error as DecodingError {
            throw ValidationError(name, .contentFile(explain(error, in: data)))
        }
    }

    /// The fault a decoding error stands for: where in the file (template index and id, field) and what.
    private static func explain(_ error: DecodingError, in data: Data) -> ContentFault {
        let context: DecodingError.Context
        var problem: ContentFault
        switch error {
        case .typeMismatch(_, let c):
            context = c
            problem = .wrongType(c.debugDescription)
        case .valueNotFound(_, let c):
            context = c
            problem = .missingValue
        case .keyNotFound(let key, let c):
            context = c
            problem = .missingKey(key.stringValue)
        case .dataCorrupted(let c):
            context = c
            if let validation = c.underlyingError as? ValidationError {
                if case .contentFile(let fault) = validation.refusal { problem = fault } else { problem = .undecodable(c.debugDescription) }
            } else if c.codingPath.isEmpty {
                return syntaxProblem(in: data)
            } else {
                problem = .undecodable(c.debugDescription)
            }
        @unknown default:
            return .unreadable(String(describing: error))
        }
        guard let first = context.codingPath.first else {
            if case .typeMismatch = error { return .notAnArray(context.debugDescription) }
            return problem
        }
        let index = first.intValue
        let id = index.flatMap { idOfTemplate(at: $0, in: data) }
        let path = index == nil ? context.codingPath[...] : context.codingPath.dropFirst()
        let field = path.reduce(into: "") { path, key in
            if let i = key.intValue { path += "[\(i)]" } else { path += path.isEmpty ? key.stringValue : ".\(key.stringValue)" }
        }
        return .inTemplate(index: index, id: id, field: field, problem)
    }

    /// Why bytes that are not JSON were refused: empty, cut short, or where the syntax breaks.
    private static func syntaxProblem(in data: Data) -> ContentFault {
        if data.allSatisfy({ [0x20, 0x0A, 0x0D, 0x09].contains($0) }) {
            return .emptyFile
        }
        if endsOpen(data) {
            let lines = data.reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
            return .truncated(line: lines)
        }
        do {
            _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? String(describing: error)
            let place = lineAndColumn(detail, in: data)
            return .notJSON(detail, line: place?.line, column: place?.column)
        }
        return .notJSON(nil, line: nil, column: nil)
    }

    /// Whether the text stops inside a string, an array or an object.
    private static func endsOpen(_ data: Data) -> Bool {
        var depth = 0
        var inString = false
        var escaped = false
        for byte in data {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            default: break
            }
        }
        return inString || depth > 0
    }

    /// The line and column (from 1) of the character offset a parser message names, if it names one.
    private static func lineAndColumn(_ detail: String, in data: Data) -> (line: Int, column: Int)? {
        guard let range = detail.range(of: "character ") else { return nil }
        let digits = detail[range.upperBound...].prefix(while: \.isNumber)
        guard let offset = Int(digits), offset <= data.count else { return nil }
        let before = data.prefix(offset)
        let line = before.reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
        let column = offset - (before.lastIndex(of: 0x0A).map { $0 - data.startIndex + 1 } ?? 0) + 1
        return (line, column)
    }

    /// The `id` of the template at `index`, if the file is JSON and it has one; only to name it in a fault.
    private static func idOfTemplate(at index: Int, in data: Data) -> String? {
        guard let array = try? JSONSerialization.jsonObject(with: data) as? [Any], array.indices.contains(index),
            let object = array[index] as? [String: Any]
        else { return nil }
        return object["id"] as? String
    }
}
