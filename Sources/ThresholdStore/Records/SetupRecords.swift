import Foundation
import GRDB
import ThresholdCore

// The person's set-up: profiles (with their schedules), gates and intentions. Each keeps the
// position it has in the state, so the order the person chose reads back unchanged.

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
    }

    func model(schedules: [ScheduleRecord]) throws -> Profile {
        try readingRow("profile \(id)") {
            try Profile(
                id: ProfileID(id), name: name, emoji: emoji, path: storedCase(path, "path"),
                selection: JSONColumn.decode(Selection.self, from: selection),
                listMode: storedCase(listMode, "list mode"), strictness: storedCase(strictness, "strictness"),
                unlockPolicy: JSONColumn.decode(UnlockPolicy.self, from: unlockPolicy),
                breakPolicy: JSONColumn.decode(BreakPolicy.self, from: breakPolicy),
                schedules: schedules.map { try $0.model() })
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

    func model() throws -> Schedule {
        try Schedule(id: ScheduleID(id), weekdays: Set(JSONColumn.decode([Weekday].self, from: weekdays)),
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

    func model() throws -> Gate {
        try readingRow("gate \(id)") {
            try Gate(id: GateID(id), name: name, path: storedCase(path, "path"),
                     selection: JSONColumn.decode(Selection.self, from: selection),
                     strictness: storedCase(strictness, "strictness"),
                     unlockPolicy: JSONColumn.decode(UnlockPolicy.self, from: unlockPolicy))
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

    init(_ intention: Intention, position: Int) {
        id = intention.id.rawValue
        self.position = position
        app = intention.app.data
        opensPerDay = intention.opensPerDay
        minutesPerOpen = intention.minutesPerOpen
    }

    func model() throws -> Intention {
        try readingRow("intention \(id)") {
            guard !app.isEmpty else { throw ValidationError("app", "The app token is empty.") }
            return try Intention(id: IntentionID(id), app: AppToken(data: app), opensPerDay: opensPerDay,
                                 minutesPerOpen: minutesPerOpen)
        }
    }
}
