import Foundation
import Testing
import TestSupport
@testable import ThresholdCore

@Suite struct ModelValidationTests {
    @Test func profile_refusesWhatIOSCannotDo() {
        // NB: a block list that holds nothing is a timer's; whether one may be saved is the store's rule.
        #expect(throws: Never.self) { try Profile(id: "w", name: "Work", emoji: "💼", path: .key, selection: .empty) }
        #expect(throws: ValidationError.self) {
            try Profile(
                id: "w", name: "Work", emoji: "💼", path: .key,
                selection: Selection(categories: [CategoryToken("social")]), listMode: .allowList)
        }
        #expect(throws: ValidationError.self) {
            try Profile(
                id: "w", name: "Work", emoji: "💼", path: .key,
                selection: .apps((0..<51).map { "app\($0)" }), listMode: .allowList)
        }
        #expect(throws: ValidationError("profile “Work”", .notOneEmoji("ab"))) {
            try Profile(id: "w", name: "Work", emoji: "ab", path: .key, selection: .apps("x"))
        }
        #expect(throws: ValidationError.self) {
            try Profile(id: "w", name: "   ", emoji: "💼", path: .key, selection: .apps("x"))
        }
    }

    @Test func sessions_grantsAndBreaks_refuseImpossibleTimes() {
        let now = at("2026-11-21 10:00")
        #expect(throws: ValidationError.self) { try Grant(id: "g", scope: .allGated, start: now, end: now, origin: .ritual(.prayer)) }
        #expect(throws: ValidationError.self) { try Break(id: "b", start: now, end: now.adding(minutes: -1)) }
        #expect(throws: ValidationError.self) {
            try Session(id: "s", profileID: "p", origin: .manual, start: now, plan: .goal(minutes: 0))
        }
        #expect(throws: ValidationError.self) {
            try Session(
                id: "s", profileID: "p", origin: .manual, start: now, plan: .openEnded,
                breaks: [.make("a", from: now, minutes: 10), .make("b", from: now.adding(minutes: 5), minutes: 5)])
        }
        #expect(throws: ValidationError.self) {
            try Grant(id: "g", scope: .allGated, start: now, end: now.adding(minutes: 5), origin: .intentionOpen("i"))
        }
    }

    @Test func state_refusesDanglingReferencesAndDuplicates() {
        let now = at("2026-11-21 10:00")
        #expect(throws: ValidationError("session s", .invariant(.missingProfile(session: "s", profile: "ghost")))) {
            try ThresholdState(sessions: [.make("s", profile: "ghost", start: now)])
        }
        #expect(throws: ValidationError.self) {
            try ThresholdState(profiles: [.make("a"), .make("a")])
        }
        #expect(throws: ValidationError.self) {
            try ThresholdState(intentions: [.make("i", app: "x"), .make("j", app: "x")])
        }
    }

    @Test func decodingAStateThatBreaksAnInvariant_failsWithTheReadableReason() throws {
        let json = """
            {"profiles": [{"id": "w", "name": "Work", "emoji": "💼💼", "path": "key",
                           "selection": {"applications": []}}]}
            """
        do {
            _ = try JSONDecoder().decode(ThresholdState.self, from: Data(json.utf8))
            Issue.record("decoded an invalid state")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(context.debugDescription.hasPrefix("profile “Work”: notOneEmoji"))
        }
    }

    @Test func aContentFault_isDescribedByItsCase_withQuotedTextKeptWhole() {
        #expect(
            ValidationError("prayer template “short”", .contentFile(.sentenceCount(1))).description
                == "prayer template “short”: contentFile(sentenceCount(1))")
        let inside = ContentFault.inTemplate(index: 1, id: "second", field: "moods", .wrongType("Expected Array. Found String."))
        #expect(
            ValidationError("catholic.json", .contentFile(inside)).description
                == #"catholic.json: contentFile(inTemplate(index: Optional(1), id: Optional("second"), field: "moods", wrongType("Expected Array. Found String.")))"#
        )
    }

    @Test func decodingGarbageTokensAndWeekdays_fails() {
        let badToken = #"{"applications": ["%%%"]}"#
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Selection.self, from: Data(badToken.utf8)) }
        let badDay = #"{"id": "s", "weekdays": ["funday"], "start": "09:00", "end": "10:00"}"#
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Schedule.self, from: Data(badDay.utf8)) }
    }

    @Test func aValidState_roundTripsThroughJSON() throws {
        let start = at("2026-11-21 10:00")
        let state = ThresholdState.make(
            profiles: [.make("work", schedules: [.on(Weekday.weekdays, "09:00", "17:00")])],
            gates: [.make("selah")],
            intentions: [.make("ig", app: "instagram")],
            sessions: [
                .make(
                    "s1", profile: "work", start: start, plan: .goal(minutes: 30),
                    breaks: [.make("b1", from: start.adding(minutes: 5), minutes: 5)])
            ],
            grants: [.make("g1", from: start, minutes: 10)],
            streakFreezeDays: [day("2026-11-23")],
            tutorial: Tutorial(startedAt: start))
        let data = try JSONEncoder().encode(state)
        #expect(try JSONDecoder().decode(ThresholdState.self, from: data) == state)
    }

    @Test func anIntentionsSharedNickname_roundTrips_andOneWrittenBeforeNicknamesReadsAsNone() throws {
        let named = Intention.make("ig", app: "instagram", nickname: "Morning scroll")
        #expect(try JSONDecoder().decode(Intention.self, from: JSONEncoder().encode(named)) == named)
        let plain = try JSONSerialization.jsonObject(with: JSONEncoder().encode(Intention.make("ig", app: "instagram"))) as? [String: Any]
        #expect(plain.map { Set($0.keys) } == ["id", "app", "opensPerDay", "minutesPerOpen"], "no nickname: no field, as before")

        var older = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(named)) as? [String: Any])
        older["sharedNickname"] = nil
        let read = try JSONDecoder().decode(Intention.self, from: JSONSerialization.data(withJSONObject: older))
        #expect(read.sharedNickname == nil && read.opensPerDay == named.opensPerDay)
    }
}
