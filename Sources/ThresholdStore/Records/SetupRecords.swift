import Foundation
import GRDB
import ThresholdCore

// The person's set-up: profiles (with their schedules), gates and intentions. Each keeps the
// position it has in the state, so the order the person chose reads back unchanged.
//
// Rows are read by hand (`init(row:)`), not through `Codable`: a load reads every set-up row, and
// GRDB's `Codable` decoding of a row costs several times the reading itself. Writing still goes
// through `Encodable` (only the rows that changed are written).

struct ProfileRecord: StoredRecord {
    static let databaseTableName = "profile"

    var id: String
    var position: Int
    var name: String
    var emoji: String
    var path: String
    var selection: String
    var listMode: String
    var strictness: String
    var unlockPolicy: String
    var breakPolicy: String
    var headsUpMinutes: Int
    /// ``StrictOptions`` as JSON; `nil` in a row saved before they existed.
    var strict: String?
    /// ``Profile/isRest``.
    var rest: Bool

    init(_ profile: Profile, position: Int) throws {
        id = profile.id.rawValue
        self.position = position
        name = profile.name
        emoji = profile.emoji
        path = profile.path.rawValue
        selection = try JSONColumn.encode(profile.selection)
        listMode = profile.listMode.rawValue
        strictness = profile.strictness.rawValue
        unlockPolicy = try JSONColumn.encode(profile.unlockPolicy)
        breakPolicy = try JSONColumn.encode(profile.breakPolicy)
        headsUpMinutes = profile.headsUpMinutes
        strict = try JSONColumn.encode(profile.strict)
        rest = profile.isRest
    }

    init(row: Row) throws {
        id = try column(row, "id")
        position = try column(row, "position")
        name = try column(row, "name")
        emoji = try column(row, "emoji")
        path = try column(row, "path")
        selection = try column(row, "selection")
        listMode = try column(row, "list_mode")
        strictness = try column(row, "strictness")
        unlockPolicy = try column(row, "unlock_policy")
        breakPolicy = try column(row, "break_policy")
        headsUpMinutes = try column(row, "heads_up_minutes")
        strict = try column(row, "strict", as: String?.self)
        rest = try column(row, "rest")
    }

    func model(schedules: [ScheduleRecord], columns: ColumnDecoder = ColumnDecoder()) throws -> Profile {
        try readingRow("profile \(id)") {
            try Profile(
                id: ProfileID(id), name: name, emoji: emoji, path: storedCase(path, "path"),
                selection: columns.selection(selection),
                listMode: storedCase(listMode, "list mode"), strictness: storedCase(strictness, "strictness"),
                unlockPolicy: columns.unlockPolicy(unlockPolicy),
                breakPolicy: columns.breakPolicy(breakPolicy),
                schedules: schedules.map { try $0.model(columns: columns) },
                headsUpMinutes: headsUpMinutes, strict: strict.map(columns.strictOptions), isRest: rest)
        }
    }
}

struct ScheduleRecord: StoredRecord {
    static let databaseTableName = "schedule"

    var profileId: String
    var id: String
    var position: Int
    var weekdays: String
    var start: String
    var end: String

    init(_ schedule: Schedule, profile: ProfileID, position: Int) throws {
        profileId = profile.rawValue
        id = schedule.id.rawValue
        self.position = position
        weekdays = try JSONColumn.encode(schedule.weekdays.sorted())
        start = schedule.start.description
        end = schedule.end.description
    }

    init(row: Row) throws {
        profileId = try column(row, "profile_id")
        id = try column(row, "id")
        position = try column(row, "position")
        weekdays = try column(row, "weekdays")
        start = try column(row, "start")
        end = try column(row, "end")
    }

    func model(columns: ColumnDecoder = ColumnDecoder()) throws -> Schedule {
        try Schedule(
            id: ScheduleID(id), weekdays: columns.weekdays(weekdays),
            start: LocalTime(parsing: start), end: LocalTime(parsing: end))
    }
}

struct GateRecord: StoredRecord {
    static let databaseTableName = "gate"

    var id: String
    var position: Int
    var name: String
    var path: String
    var selection: String
    var strictness: String
    var unlockPolicy: String

    init(_ gate: Gate, position: Int) throws {
        id = gate.id.rawValue
        self.position = position
        name = gate.name
        path = gate.path.rawValue
        selection = try JSONColumn.encode(gate.selection)
        strictness = gate.strictness.rawValue
        unlockPolicy = try JSONColumn.encode(gate.unlockPolicy)
    }

    init(row: Row) throws {
        id = try column(row, "id")
        position = try column(row, "position")
        name = try column(row, "name")
        path = try column(row, "path")
        selection = try column(row, "selection")
        strictness = try column(row, "strictness")
        unlockPolicy = try column(row, "unlock_policy")
    }

    func model(columns: ColumnDecoder = ColumnDecoder()) throws -> Gate {
        try readingRow("gate \(id)") {
            try Gate(
                id: GateID(id), name: name, path: storedCase(path, "path"),
                selection: columns.selection(selection),
                strictness: storedCase(strictness, "strictness"),
                unlockPolicy: columns.unlockPolicy(unlockPolicy))
        }
    }
}

struct IntentionRecord: StoredRecord {
    static let databaseTableName = "intention"

    var id: String
    var position: Int
    var app: Data
    var opensPerDay: Int
    var minutesPerOpen: Int
    var sharedNickname: String?

    init(_ intention: Intention, position: Int) {
        id = intention.id.rawValue
        self.position = position
        app = intention.app.data
        opensPerDay = intention.opensPerDay
        minutesPerOpen = intention.minutesPerOpen
        sharedNickname = intention.sharedNickname
    }

    init(row: Row) throws {
        id = try column(row, "id")
        position = try column(row, "position")
        app = try column(row, "app")
        opensPerDay = try column(row, "opens_per_day")
        minutesPerOpen = try column(row, "minutes_per_open")
        sharedNickname = try column(row, "shared_nickname")
    }

    func model() throws -> Intention {
        try readingRow("intention \(id)") {
            guard !app.isEmpty else { throw ValidationError("app", .invariant(.emptyAppToken)) }
            return try Intention(
                id: IntentionID(id), app: AppToken(data: app), opensPerDay: opensPerDay,
                minutesPerOpen: minutesPerOpen, sharedNickname: sharedNickname)
        }
    }
}
