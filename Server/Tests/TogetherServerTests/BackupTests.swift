import Foundation
import Hummingbird
import PostgresNIO
import ServerTestSupport
import Testing
import TogetherCore
@testable import TogetherServer

/// The encrypted backup: an opaque blob per account, stored and returned byte for byte, versioned
/// one after another; every refusal a 4xx with a reason that changes nothing.
@Suite struct BackupTests {
    static func blob(_ count: Int) -> Data { Data((0..<count).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }) }

    func stored(_ db: PostgresClient) async throws -> [String] {
        var rows: [String] = []
        for try await (account, version, bytes) in try await db.query(
            "SELECT account_id, version, length(blob)::bigint FROM backups ORDER BY 1"
        )
        .decode((UUID, Int64, Int).self) { rows.append("\(account) \(version) \(bytes)") }
        return rows
    }

    @Test func aBackupIsStoredAndFetchedByteForByte_andVersionsClimbByOne() async throws {
        try await withServer { phone, db in
            let alice = try await phone.register("Alice")
            let bob = try await phone.register("Bob")
            let none = try await phone.send(.get, "/v1/backup", as: alice)
            #expect(none.status == 404 && none.error == "noBackup")
            // Not JSON, not UTF-8: the server never looks inside.
            let first = Self.blob(200_000)
            let reply = try await phone.send(.put, "/v1/backup?version=1", json: first, as: alice)
            #expect(reply.status == 200)
            let saved = try reply.decode(Wire.BackupStored.self)
            #expect(saved.version == 1 && saved.bytes == 200_000)
            let fetched = try await phone.send(.get, "/v1/backup", as: alice)
            #expect(fetched.status == 200 && fetched.body == first)
            #expect(try await phone.send(.get, "/v1/backup", as: bob).status == 404, "each account reads only its own")

            let second = Data("second".utf8)
            #expect(try await phone.send(.put, "/v1/backup?version=2", json: second, as: alice).status == 200)
            #expect(try await phone.send(.get, "/v1/backup", as: alice).body == second)

            #expect(try await phone.send(.delete, "/v1/backup", as: alice).status == 204)
            #expect(try await phone.send(.get, "/v1/backup", as: alice).status == 404)
            #expect(try await phone.send(.delete, "/v1/backup", as: alice).status == 204, "deleting none is fine")
            #expect(
                try await phone.send(.put, "/v1/backup?version=1", json: second, as: alice).status == 200, "after a delete, version 1 again"
            )
            #expect(try await stored(db).count == 1)
        }
    }

    @Test func theFetchSaysItsVersion_inAHeader() async throws {
        try await withServer { phone, _ in
            let alice = try await phone.register("Alice")
            let path = "/v1/backup"
            for version in 1...3 {
                #expect(try await phone.send(.put, "\(path)?version=\(version)", json: Data([UInt8(version)]), as: alice).status == 200)
            }
            let headers = try alice.headers(.get, path, body: Data(), at: phone.clock.now)
            let response = try await phone.client.execute(uri: path, method: .get, headers: headers, body: nil)
            #expect(response.headers[TogetherAPI.backupVersionName] == "3")
            #expect(response.headers[.contentType] == "application/octet-stream")
            #expect(Array(response.body.readableBytesView) == [3])
        }
    }

    @Test func everyBadStore_isRefused_andChangesNothing() async throws {
        try await withServer { phone, db in
            let alice = try await phone.register("Alice")
            #expect(try await phone.send(.put, "/v1/backup?version=1", json: Data([9]), as: alice).status == 200)
            #expect(try await phone.send(.put, "/v1/backup?version=2", json: Data([9, 9]), as: alice).status == 200)
            let before = try await stored(db)
            let cases: [(String, Data, Int, String)] = [
                ("an older version", Data([1]), 409, "backupVersionConflict"),
                ("the same version", Data([1]), 409, "backupVersionConflict"),
                ("a skipped version", Data([1]), 409, "backupVersionConflict"),
                ("no version", Data([1]), 400, "malformed"),
                ("a version that is not a number", Data([1]), 400, "malformed"),
                ("version 0", Data([1]), 400, "malformed"),
                ("an empty blob", Data(), 400, "malformed"),
                ("a blob over 1 MiB", Self.blob(1_048_577), 413, "bodyTooLarge"),
            ]
            let paths = [
                "/v1/backup?version=1", "/v1/backup?version=2", "/v1/backup?version=4", "/v1/backup", "/v1/backup?version=two",
                "/v1/backup?version=0", "/v1/backup?version=3", "/v1/backup?version=3",
            ]
            for ((name, body, status, error), path) in zip(cases, paths) {
                let reply = try await phone.send(.put, path, json: body, as: alice)
                #expect(
                    reply.status == status && reply.error == error && reply.reason?.isEmpty == false,
                    "\(name): \(reply.status) \(reply.error ?? "")")
            }
            #expect(try await stored(db) == before)
            // A blob of exactly 1 MiB is fine, and other requests keep their 4 KiB limit.
            #expect(try await phone.send(.put, "/v1/backup?version=3", json: Self.blob(1_048_576), as: alice).status == 200)
            let big = try await phone.tell(alice, String(repeating: " ", count: 5_000) + "{}")
            #expect(big.status == 413)
        }
    }

    @Test func twoPhonesStoringTheSameVersionAtOnce_oneWins() async throws {
        try await withServer { phone, db in
            let alice = try await phone.register("Alice")
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for n in 0..<6 {
                    group.addTask { try await phone.send(.put, "/v1/backup?version=1", json: Data([UInt8(n)]), as: alice).status }
                }
                return try await group.reduce(into: [Int]()) { $0.append($1) }
            }
            #expect(statuses.filter { $0 == 200 }.count == 1 && statuses.filter { $0 == 409 }.count == 5, "\(statuses)")
            #expect(try await stored(db).count == 1)
        }
    }
}
