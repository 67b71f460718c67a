import Foundation
import GRDB
import ThresholdCore

// Sessions (with their breaks) and grants: the engine's live inputs and, once they are over
// or dropped from the state (`inState` false), the history screens' rows. Rows are never deleted.

struct SessionRecord: StoredRecord {
    static let databaseTableName = "session"

    var id: String
    var profileId: String
    var origin: String
    var start: Double
    var planGoalMinutes: Int?
    var planUntil: Double?
    var occurrenceScheduleId: String?
    var occurrenceDay: String?
    var endingAt: Double?
    var endingState: String?
    var stopAt: Double?
    var inState = true

    init(_ session: Session, inState: Bool = true) {
        self.inState = inState
        id = session.id.rawValue
        profileId = session.profileID.rawValue
        origin = session.origin.rawValue
        start = session.start.storedSeconds
        switch session.plan {
        case .goal(let minutes): planGoalMinutes = minutes
        case .until(let end): planUntil = end.storedSeconds
        case .openEnded: break
        }
        occurrenceScheduleId = session.occurrence?.scheduleID.rawValue
        occurrenceDay = session.occurrence?.day.description
        endingAt = session.ending?.at.storedSeconds
        endingState = session.ending?.state.rawValue
        stopAt = session.stop?.storedSeconds
    }

    init(row: Row) throws {
        id = try column(row, "id")
        profileId = try column(row, "profile_id")
        origin = try column(row, "origin")
        start = try column(row, "start")
        planGoalMinutes = try column(row, "plan_goal_minutes")
        planUntil = try column(row, "plan_until")
        occurrenceScheduleId = try column(row, "occurrence_schedule_id")
        occurrenceDay = try column(row, "occurrence_day")
        endingAt = try column(row, "ending_at")
        endingState = try column(row, "ending_state")
        stopAt = try column(row, "stop_at")
        inState = try column(row, "in_state")
    }

    func model(breaks: [BreakRecord]) throws -> Session {
        try readingRow("session \(id)") {
            let profile = ProfileID(profileId)
            let plan: SessionPlan =
                if let planGoalMinutes {
                    .goal(minutes: planGoalMinutes)
                } else if let planUntil {
                    .until(Date(storedSeconds: planUntil))
                } else {
                    .openEnded
                }
            var occurrence: OccurrenceKey?
            if let occurrenceScheduleId, let occurrenceDay {
                occurrence = OccurrenceKey(
                    profileID: profile, scheduleID: ScheduleID(occurrenceScheduleId),
                    day: try storedDay(occurrenceDay))
            }
            var ending: Session.Ending?
            if let endingAt, let endingState {
                ending = Session.Ending(at: Date(storedSeconds: endingAt), state: try storedCase(endingState, "ending"))
            }
            return try Session(
                id: SessionID(id), profileID: profile, origin: storedCase(origin, "origin"),
                start: Date(storedSeconds: start), plan: plan, occurrence: occurrence,
                breaks: breaks.map { try $0.model() }, ending: ending)
        }
    }
}

struct BreakRecord: StoredRecord {
    static let databaseTableName = "session_break"

    var sessionId: String
    var id: String
    var start: Double
    var end: Double

    init(_ pause: Break, session: SessionID) {
        sessionId = session.rawValue
        id = pause.id.rawValue
        start = pause.start.storedSeconds
        end = pause.end.storedSeconds
    }

    init(row: Row) throws {
        sessionId = try column(row, "session_id")
        id = try column(row, "id")
        start = try column(row, "start")
        end = try column(row, "end")
    }

    func model() throws -> Break {
        try Break(id: BreakID(id), start: Date(storedSeconds: start), end: Date(storedSeconds: end))
    }
}

struct GrantRecord: StoredRecord {
    static let databaseTableName = "access_grant"

    var id: String
    var scopeKind: String
    var scopeToken: Data?
    var originRitual: String?
    var originIntentionId: String?
    var start: Double
    var end: Double
    var inState = true

    init(_ grant: Grant, inState: Bool = true) {
        self.inState = inState
        id = grant.id.rawValue
        switch grant.scope {
        case .allGated: scopeKind = "allGated"
        case .token(.app(let token)): (scopeKind, scopeToken) = ("app", token.data)
        case .token(.category(let token)): (scopeKind, scopeToken) = ("category", token.data)
        case .token(.webDomain(let token)): (scopeKind, scopeToken) = ("webDomain", token.data)
        }
        switch grant.origin {
        case .ritual(let kind): originRitual = kind.rawValue
        case .intentionOpen(let intention): originIntentionId = intention.rawValue
        }
        start = grant.start.storedSeconds
        end = grant.end.storedSeconds
    }

    init(row: Row) throws {
        id = try column(row, "id")
        scopeKind = try column(row, "scope_kind")
        scopeToken = try column(row, "scope_token")
        originRitual = try column(row, "origin_ritual")
        originIntentionId = try column(row, "origin_intention_id")
        start = try column(row, "start")
        end = try column(row, "end")
        inState = try column(row, "in_state")
    }

    func model() throws -> Grant {
        try readingRow("grant \(id)") {
            let scope: GrantScope
            switch (scopeKind, scopeToken) {
            case ("allGated", nil): scope = .allGated
            case ("app", let token?) where !token.isEmpty: scope = .token(.app(AppToken(data: token)))
            case ("category", let token?) where !token.isEmpty: scope = .token(.category(CategoryToken(data: token)))
            case ("webDomain", let token?) where !token.isEmpty: scope = .token(.webDomain(WebDomainToken(data: token)))
            default: throw ValidationError("scope", .invariant(.unknownStoredValue(field: "scope", raw: scopeKind)))
            }
            let origin: GrantOrigin
            switch (originRitual, originIntentionId) {
            case (let ritual?, nil): origin = .ritual(try storedCase(ritual, "ritual"))
            case (nil, let intention?): origin = .intentionOpen(IntentionID(intention))
            default: throw ValidationError("origin", .invariant(.grantOriginCount))
            }
            return try Grant(
                id: GrantID(id), scope: scope, start: Date(storedSeconds: start),
                end: Date(storedSeconds: end), origin: origin)
        }
    }
}
