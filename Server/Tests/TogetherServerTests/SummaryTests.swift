import Crypto
import Foundation
import Hummingbird
import PostgresNIO
import ServerTestSupport
import Testing
import TogetherCore
@testable import TogetherServer

/// Registering, sending days and reading the league; and every kind of bad request refused with a
/// 4xx and a reason, changing nothing.
@Suite struct SummaryTests {
    @Test func twoPeople_sendTheirDays_andSeeOneLeagueRankedByTheWeeksPoints() async throws {
        try await withServer { phone, db in
            let alice = try await phone.register("Alice")
            let bob = try await phone.register("Bob")
            #expect(try await phone.upload(alice, day: "2026-11-23", xp: 25, screenTimePoints: 75).status == 200)
            let saved = try await phone.upload(alice, day: "2026-11-24", xp: 10, screenTimePoints: 100).decode(Wire.Saved.self)
            #expect(saved.points == 110 && saved.weekPoints == 210 && saved.week.description == "2026-11-23")
            // A later summary for the same day replaces the earlier one.
            #expect(try await phone.upload(bob, day: "2026-11-24", xp: 3, screenTimePoints: 40).status == 200)
            #expect(try await phone.upload(bob, day: "2026-11-24", xp: 8, screenTimePoints: 40).decode(Wire.Saved.self).weekPoints == 48)
            let league = try await phone.league(bob)
            #expect(league.placed && league.tier == .bronze && !league.finalized && league.rank == 2)
            #expect(
                league.members == [
                    Wire.Member(rank: 1, displayName: "Alice", points: 210, you: false),
                    Wire.Member(rank: 2, displayName: "Bob", points: 48, you: true),
                ])
            #expect(try await TestDatabase.count("leagues", in: db) == 1)
        }
    }

    @Test func aSundayEveningAtUTCMinus10_stillCountsForItsWeek_untilMondayNoonUTC() async throws {
        try await withServer(at: utc("2026-11-30T08:00:00Z")) { phone, _ in  // Sunday 22:00 in Honolulu
            let kai = try await phone.register("Kai")
            #expect(try await phone.upload(kai, day: "2026-11-29", xp: 5, screenTimePoints: 55).status == 200)
            // Auckland's Monday has begun too.
            #expect(try await phone.upload(kai, day: "2026-11-30", xp: 5, screenTimePoints: 55).status == 200)
            phone.clock.set(utc("2026-11-30T12:00:00Z"))
            let late = try await phone.upload(kai, day: "2026-11-29", xp: 8, screenTimePoints: 55)
            #expect(late.status == 422 && late.error == "weekClosed")
        }
    }

    @Test func everyBadRequest_isA4xxWithAReason_andChangesNothing() async throws {
        try await withServer { phone, db in
            let alice = try await phone.register("Alice")
            #expect(try await phone.upload(alice, day: "2026-11-24", xp: 10, screenTimePoints: 75).status == 200)
            let stranger = Curve25519.Signing.PrivateKey()
            let good = Data(#"{"day":"2026-11-24","xp":25,"screenTimePoints":100}"#.utf8)
            func summaryPoints() async throws -> Int {
                for try await n in try await db.query("SELECT coalesce(sum(xp + screen_time_points), 0)::bigint FROM day_summaries").decode(
                    Int.self)
                { return n }
                return -1
            }
            let reused = Device.nonce()
            #expect(
                try await phone.send(
                    .post, "/v1/summaries", json: Data(#"{"day":"2026-11-25","xp":0,"screenTimePoints":0}"#.utf8), as: alice,
                    nonce: reused
                ).status == 200)
            let before = try await summaryPoints()
            let nonces = try await TestDatabase.count("used_nonces", in: db)

            let cases: [(String, Int, String, () async throws -> Reply)] = [
                (
                    "forged signature", 401, "badSignature",
                    { try await phone.send(.post, "/v1/summaries", json: good, as: alice, signer: stranger) }
                ),
                (
                    "replayed nonce", 409, "replayedNonce",
                    { try await phone.send(.post, "/v1/summaries", json: good, as: alice, nonce: reused) }
                ),
                (
                    "stale time", 401, "staleTime",
                    { try await phone.send(.post, "/v1/summaries", json: good, as: alice, at: phone.clock.now.addingTimeInterval(-301)) }
                ),
                (
                    "time ahead", 401, "staleTime",
                    { try await phone.send(.post, "/v1/summaries", json: good, as: alice, at: phone.clock.now.addingTimeInterval(301)) }
                ),
                ("future day", 422, "futureDay", { try await phone.upload(alice, day: "2026-11-27", xp: 1, screenTimePoints: 0) }),
                (
                    "too much XP", 422, "impossiblePoints",
                    { try await phone.upload(alice, day: "2026-11-24", xp: 926, screenTimePoints: 0) }
                ),
                (
                    "screen-time points off the table", 422, "impossiblePoints",
                    { try await phone.upload(alice, day: "2026-11-24", xp: 1, screenTimePoints: 99) }
                ),
                ("negative XP", 422, "impossiblePoints", { try await phone.upload(alice, day: "2026-11-24", xp: -5, screenTimePoints: 0) }),
                ("closed week", 422, "weekClosed", { try await phone.upload(alice, day: "2026-11-22", xp: 1, screenTimePoints: 0) }),
                (
                    "oversized body", 413, "bodyTooLarge",
                    {
                        try await phone.send(
                            .post, "/v1/summaries", json: Data(String(repeating: " ", count: 5_000).utf8 + good), as: alice)
                    }
                ),
                (
                    "malformed JSON", 400, "malformed",
                    { try await phone.send(.post, "/v1/summaries", json: Data(#"{"day":"2026-11-24","xp":"#.utf8), as: alice) }
                ),
                (
                    "an app name", 400, "malformed",
                    {
                        try await phone.send(
                            .post, "/v1/summaries", json: Data(#"{"day":"2026-11-24","xp":1,"screenTimePoints":0,"app":"Instagram"}"#.utf8),
                            as: alice)
                    }
                ),
                (
                    "a string for a number", 400, "malformed",
                    {
                        try await phone.send(
                            .post, "/v1/summaries", json: Data(#"{"day":"2026-11-24","xp":"25","screenTimePoints":0}"#.utf8), as: alice)
                    }
                ),
                (
                    "null", 400, "malformed",
                    {
                        try await phone.send(
                            .post, "/v1/summaries", json: Data(#"{"day":"2026-11-24","xp":null,"screenTimePoints":0}"#.utf8), as: alice)
                    }
                ),
                ("a JSON array", 400, "malformed", { try await phone.send(.post, "/v1/summaries", json: Data("[1,2]".utf8), as: alice) }),
                ("not a date", 400, "malformed", { try await phone.upload(alice, day: "2026-02-30", xp: 1, screenTimePoints: 0) }),
                ("unsigned", 400, "malformed", { try await phone.send(.post, "/v1/summaries", json: good, as: nil) }),
                (
                    "unknown account", 401, "unknownAccount",
                    {
                        var ghost = Device("Ghost")
                        ghost.account = UUID()
                        return try await phone.send(.post, "/v1/summaries", json: good, as: ghost)
                    }
                ),
                (
                    "signed for another path", 401, "badSignature",
                    {
                        let headers = try alice.headers(.post, "/v1/account", body: good, at: phone.clock.now)
                        let response = try await phone.client.execute(
                            uri: "/v1/summaries", method: .post, headers: headers, body: ByteBuffer(bytes: good))
                        return Reply(status: Int(response.status.code), body: Data(response.body.readableBytesView))
                    }
                ),
            ]
            for (name, status, error, send) in cases {
                let reply = try await send()
                #expect(reply.status == status && reply.error == error, "\(name): \(reply.status) \(reply.error ?? "-")")
                #expect((reply.reason ?? "").count > 20, "\(name) says why")
            }
            #expect(try await summaryPoints() == before, "nothing changed")
            #expect(try await TestDatabase.count("used_nonces", in: db) == nonces, "a refused request uses no nonce")
            #expect(try await TestDatabase.count("day_summaries", in: db) == 2)
        }
    }

    @Test func registration_isSignedByTheKeyItRegisters_andAKeyRegistersOnce() async throws {
        try await withServer { phone, db in
            let alice = try await phone.register("Alice")
            let body = try JSONEncoder().encode(
                Wire.Registration(publicKey: alice.key.publicKey.rawRepresentation.base64EncodedString(), displayName: "Again"))
            let again = try await phone.send(.post, "/v1/accounts", json: body, as: Device("x"), signer: alice.key)
            #expect(again.status == 409 && again.error == "alreadyRegistered")
            let someoneElses = Device("Mallory")
            let claim = try JSONEncoder().encode(
                Wire.Registration(publicKey: someoneElses.key.publicKey.rawRepresentation.base64EncodedString(), displayName: "M"))
            let forged = try await phone.send(.post, "/v1/accounts", json: claim, as: Device("y"))
            #expect(forged.status == 401 && forged.error == "badSignature")
            let blank = try JSONEncoder().encode(
                Wire.Registration(publicKey: someoneElses.key.publicKey.rawRepresentation.base64EncodedString(), displayName: "  "))
            #expect(try await phone.send(.post, "/v1/accounts", json: blank, as: someoneElses).status == 400)
            #expect(try await TestDatabase.count("accounts", in: db) == 1)
        }
    }

    @Test func theHealthCheck_answersWithoutASignature() async throws {
        try await withServer { phone, _ in
            let reply = try await phone.send(.get, "/v1/health", as: nil)
            #expect(reply.status == 200 && reply.json?["status"] as? String == "ok")
        }
    }
}
