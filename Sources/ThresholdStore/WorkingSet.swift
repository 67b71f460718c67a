import Foundation
import GRDB
import StoreClient
import ThresholdCore

/// What `read()` and `write` load and save: the stored state with only the sessions and grants
/// the engine still needs.
///
/// The working set holds every profile, gate, intention, streak-freeze day and the tutorial;
/// of the sessions and grants the state holds, those that have not stopped or stopped since
/// `cutoff` (the start of yesterday) and the grants that end after `cutoff`. Sessions of a
/// deleted profile and grants of a deleted intention stay in the history only. Older rows stay
/// in their tables for the history screens.
///
/// Saving writes only what differs from what was loaded. Sessions and grants are history: one
/// dropped from the state keeps its row, marked as no longer in the state.
enum WorkingSet {
    static func load(_ db: Database, cutoff: Date) throws -> StoredState {
        var state = try Documents.load(db)
        state.engine = try engine(db, cutoff: cutoff)
        state.balances = try BalanceRecord.fetch(db)
        return state
    }

    private static func engine(_ db: Database, cutoff: Date) throws -> ThresholdState {
        let schedules = Dictionary(
            grouping: try ScheduleRecord.fetchAll(
                db, sql: "SELECT * FROM schedule ORDER BY profile_id, position, id"), by: \.profileId)
        let columns = ColumnDecoder()
        let profiles = try ProfileRecord.fetchAll(db, sql: "SELECT * FROM profile ORDER BY position, id")
            .map { try $0.model(schedules: schedules[$0.id] ?? [], columns: columns) }
        let gates = try GateRecord.fetchAll(db, sql: "SELECT * FROM gate ORDER BY position, id").map { try $0.model(columns: columns) }
        let intentions = try IntentionRecord.fetchAll(db, sql: "SELECT * FROM intention ORDER BY position, id")
            .map { try $0.model() }

        let live = """
            SELECT id FROM session
            WHERE in_state AND profile_id IN (SELECT id FROM profile) AND (stop_at IS NULL OR stop_at >= :cutoff)
            """
        let arguments: StatementArguments = ["cutoff": cutoff.storedSeconds]
        let breaks = Dictionary(
            grouping: try BreakRecord.fetchAll(
                db, sql: "SELECT * FROM session_break WHERE session_id IN (\(live)) ORDER BY start, id",
                arguments: arguments), by: \.sessionId)
        let sessions = try SessionRecord.fetchAll(
            db, sql: "SELECT * FROM session WHERE id IN (\(live)) ORDER BY start, id", arguments: arguments
        )
        .map { try $0.model(breaks: breaks[$0.id] ?? []) }
        let grants = try GrantRecord.fetchAll(
            db,
            sql: """
                SELECT * FROM access_grant
                WHERE in_state AND "end" >= :cutoff
                  AND (origin_intention_id IS NULL OR origin_intention_id IN (SELECT id FROM intention))
                ORDER BY start, id
                """, arguments: arguments
        ).map { try $0.model() }

        let freezes = try StreakFreezeRecord.fetchAll(db).map { try $0.model() }
        let tutorial = try TutorialRecord.fetchOne(db, key: 1)?.model()
        return try readingRow("state") {
            try ThresholdState(
                profiles: profiles, gates: gates, intentions: intentions, sessions: sessions,
                grants: grants, streakFreezeDays: Set(freezes), tutorial: tutorial)
        }
    }

    /// Saves what changed between the state loaded (`before`) and the state to keep (`after`).
    static func save(from before: StoredState, to after: StoredState, _ db: Database) throws {
        guard before != after else { return }
        if before.engine != after.engine { try save(from: before.engine, to: after.engine, db) }
        if before.balances != after.balances { try BalanceRecord(after.balances).update(db) }
        try Documents.save(from: before, to: after, db)
    }

    private static func save(from before: ThresholdState, to after: ThresholdState, _ db: Database) throws {
        try saveList(before.profiles, after.profiles, db, delete: ProfileRecord.self) { profile, position in
            try ProfileRecord(profile, position: position).upsert(db)
            try db.execute(sql: "DELETE FROM schedule WHERE profile_id = ?", arguments: [profile.id.rawValue])
            for (index, schedule) in profile.schedules.enumerated() {
                try ScheduleRecord(schedule, profile: profile.id, position: index).insert(db)
            }
        }
        try saveList(before.gates, after.gates, db, delete: GateRecord.self) { gate, position in
            try GateRecord(gate, position: position).upsert(db)
        }
        try saveList(before.intentions, after.intentions, db, delete: IntentionRecord.self) { intention, position in
            try IntentionRecord(intention, position: position).upsert(db)
        }
        try saveHistory(before.sessions, after.sessions, db, table: SessionRecord.self, label: "session") { session, isNew in
            let record = SessionRecord(session)
            if isNew { try record.insert(db) } else { try record.update(db) }
            try db.execute(sql: "DELETE FROM session_break WHERE session_id = ?", arguments: [session.id.rawValue])
            for pause in session.breaks { try BreakRecord(pause, session: session.id).insert(db) }
        }
        try saveHistory(before.grants, after.grants, db, table: GrantRecord.self, label: "grant") { grant, isNew in
            if isNew { try GrantRecord(grant).insert(db) } else { try GrantRecord(grant).update(db) }
        }
        for day in before.streakFreezeDays.subtracting(after.streakFreezeDays) {
            _ = try StreakFreezeRecord.deleteOne(db, key: day.description)
        }
        for day in after.streakFreezeDays.subtracting(before.streakFreezeDays) {
            try StreakFreezeRecord(day).insert(db)
        }
        if before.tutorial != after.tutorial {
            if let tutorial = after.tutorial { try TutorialRecord(tutorial).upsert(db) } else { _ = try TutorialRecord.deleteAll(db) }
        }
    }

    /// Saves an ordered list of set-up records: removed ones are deleted, and each one that is
    /// new, changed or moved is written at its position.
    private static func saveList<Model: Identifiable & Equatable, Table: TableRecord>(
        _ before: [Model], _ after: [Model], _ db: Database, delete table: Table.Type,
        write: (Model, Int) throws -> Void
    ) throws where Model.ID == Identifier<Model> {
        let kept = Set(after.map(\.id))
        for model in before where !kept.contains(model.id) {
            _ = try table.deleteOne(db, key: model.id.rawValue)
        }
        for (position, model) in after.enumerated() where position >= before.count || before[position] != model {
            try write(model, position)
        }
    }

    /// Saves history records: new ones are inserted (an id already in the history is refused,
    /// never overwritten), changed ones updated, dropped ones kept but marked out of the state.
    private static func saveHistory<Model: Identifiable & Equatable, Table: TableRecord>(
        _ before: [Model], _ after: [Model], _ db: Database, table: Table.Type, label: String,
        write: (Model, _ isNew: Bool) throws -> Void
    ) throws where Model.ID == Identifier<Model> {
        let loaded = Dictionary(before.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let kept = Set(after.map(\.id))
        for model in before where !kept.contains(model.id) {
            try db.execute(sql: "UPDATE \(Table.databaseTableName) SET in_state = 0 WHERE id = ?", arguments: [model.id.rawValue])
        }
        for model in after {
            switch loaded[model.id] {
            case nil:
                guard try !table.exists(db, key: model.id.rawValue) else {
                    throw StoreError.failed("\(label) \(model.id) is already in the history; give the new \(label) its own id")
                }
                try write(model, true)
            case let old? where old != model:
                try write(model, false)
            default:
                continue
            }
        }
    }
}
