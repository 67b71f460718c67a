import Foundation
import Testing
import TestSupport
@testable import ThresholdCore

/// An event is written by hand (one key type, not one per case: cheaper for a monitor callback's
/// fresh process), and must stay what Swift's synthesized coding wrote: the event log and every
/// backup are read by the synthesized decoder, in this build and the ones before it.
@Suite struct EventCodingTests {
    /// `Event` as it is declared, with Swift's synthesized `Codable`: the format on disk.
    enum Synthesized: Codable {
        case sessionStarted(Session)
        case sessionEnded(id: SessionID, ending: Session.Ending)
        case breakStarted(session: SessionID, pause: Break)
        case breakEnded(session: SessionID, pause: Break)
        case grantIssued(Grant)
        case ledger(LedgerEntry)
        case streakFreezeUsed(day: LocalDate)
        case attemptResisted(RuleRef)
        case triggered(Trigger)
        case ritualCompleted(RitualRecord)
        case keyTapped(KeyTap)
        case keyTapRefused(tag: KeyTagID, reason: KeyRefusal)
        case keyTagWritten(KeyTagID, profile: ProfileID)
        case keyTagRevoked(KeyTagID)
        case shieldChoice(ShieldChoice)
    }

    static let start = at("2026-03-02 10:00")
    static let pause = Break.make("b1", from: start.addingTimeInterval(600), minutes: 5)

    /// One event of every kind, each beside the same event as the synthesized coding has it.
    static let pairs: [(Event, Synthesized)] = {
        let session = Session.make("s1", profile: "work", origin: .key, start: start, plan: .goal(minutes: 45), breaks: [pause])
        let ending = Session.Ending(at: start.addingTimeInterval(2_700), state: .completed)
        let grant = Grant.make("g1", from: start, minutes: 10)
        let entry = try! LedgerEntry(
            account: .credits, amount: -15, memo: "Unlocked Instagram for 15 min",
            reason: .unlock(minutes: 15, item: nil))
        let record = RitualRecord(
            origin: .ritual(.mathChallenge), scope: .allGated, minutes: 5,
            detail: .math(difficulty: .medium, solved: 5, mistakes: 1), timeZoneIdentifier: "America/New_York")
        let tap = KeyTap(tag: "tag-1", at: start, decision: .start("work"))
        let choice = ShieldChoice(rule: .gate("selah"), action: .askedToUnlock)
        return [
            (.sessionStarted(session), .sessionStarted(session)),
            (.sessionEnded(id: "s1", ending: ending), .sessionEnded(id: "s1", ending: ending)),
            (.breakStarted(session: "s1", pause: pause), .breakStarted(session: "s1", pause: pause)),
            (.breakEnded(session: "s1", pause: pause), .breakEnded(session: "s1", pause: pause)),
            (.grantIssued(grant), .grantIssued(grant)),
            (.ledger(entry), .ledger(entry)),
            (.streakFreezeUsed(day: day("2026-03-02")), .streakFreezeUsed(day: day("2026-03-02"))),
            (.attemptResisted(.intention("ig")), .attemptResisted(.intention("ig"))),
            (
                .triggered(.eventDidReachThreshold(activity: "usage", event: "screen-60")),
                .triggered(.eventDidReachThreshold(activity: "usage", event: "screen-60"))
            ),
            (.ritualCompleted(record), .ritualCompleted(record)),
            (.keyTapped(tap), .keyTapped(tap)),
            (.keyTapRefused(tag: "tag-1", reason: .revoked(at: start)), .keyTapRefused(tag: "tag-1", reason: .revoked(at: start))),
            (.keyTagWritten("tag-1", profile: "work"), .keyTagWritten("tag-1", profile: "work")),
            (.keyTagRevoked("tag-1"), .keyTagRevoked("tag-1")),
            (.shieldChoice(choice), .shieldChoice(choice)),
        ]
    }()

    static func json(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        encoder.dateEncodingStrategy = .secondsSince1970
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    @Test func theSamples_coverEveryKindOfEvent() {
        #expect(
            Set(Self.pairs.map(\.0.kind)).count == Self.pairs.count && Self.pairs.count == 15,
            "a new kind of event needs a sample here and a case in Synthesized")
    }

    @Test(arguments: pairs)
    func anEvent_isWrittenAsSwiftsSynthesizedCodingWroteIt_andReadsBack(event: Event, synthesized: Synthesized) throws {
        let written = try Self.json(event)
        #expect(written == (try Self.json(synthesized)), "\(event.kind)")
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        #expect(try decoder.decode(Event.self, from: Data(written.utf8)) == event)
    }
}
