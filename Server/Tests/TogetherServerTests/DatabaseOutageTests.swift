import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Glibc)
import Glibc
#endif
import Hummingbird
import HummingbirdTesting
import PostgresNIO
import Testing
import TogetherClient
import TogetherCore
@testable import TogetherServer

/// The server when PostgreSQL is lost (issue 27, item 3): a real cluster of the test's own
/// (`Scripts/pg-cluster`, so that stopping it touches no other test) is stopped and started again
/// under the server live on loopback. While it is down every request is answered 503 with
/// `Retry-After` within a second, `GET /v1/health` included (a load balancer takes the instance
/// out); within 5 s of its return the server serves again.
@Suite struct DatabaseOutageTests {
    /// One request and how it went: its status, `Retry-After`, and how long the answer took.
    struct Answer: CustomStringConvertible {
        let status: Int
        let retryAfter: String?
        let seconds: Double
        var description: String { "\(status) in \(String(format: "%.3f", seconds)) s" + (retryAfter.map { " (Retry-After: \($0))" } ?? "") }
    }

    static func get(_ url: URL) async -> Answer {
        var request = URLRequest(url: url)
        request.timeoutInterval = 30
        let started = ContinuousClock.now
        do {
            let (_, response) = try await URLSession.shared.data(for: request)
            let http = response as? HTTPURLResponse
            return Answer(
                status: http?.statusCode ?? 0, retryAfter: http?.value(forHTTPHeaderField: "Retry-After"),
                seconds: (ContinuousClock.now - started).seconds)
        } catch {
            return Answer(status: 0, retryAfter: nil, seconds: (ContinuousClock.now - started).seconds)
        }
    }

    /// A signed request as the app makes it (a league read), timed: its status, or 0 when it did
    /// not come back with one.
    static func signed(_ work: @Sendable () async throws -> Void) async -> Answer {
        let started = ContinuousClock.now
        var status = 200, retryAfter: String?
        do {
            try await work()
        } catch TogetherError.later(let seconds) {
            status = 503
            retryAfter = seconds.map { String(Int($0)) }
        } catch TogetherError.refused(let code, _, _) {
            status = code
        } catch TogetherError.unexpected(let code) {
            status = code
        } catch {
            status = 0
        }
        return Answer(status: status, retryAfter: retryAfter, seconds: (ContinuousClock.now - started).seconds)
    }

    @Test func theDatabaseLost_isAnswered503WithinASecond_andServedAgainWithinFiveSecondsOfItsReturn() async throws {
        let cluster = try PostgresCluster()
        defer { cluster.remove() }
        try cluster.start()
        let app = TogetherServer.application(configuration: TogetherConfiguration(database: cluster.configuration, logLevel: .critical))
        try await app.test(.live) { client in
            let port = try #require(client.port)
            let base = try #require(URL(string: "http://127.0.0.1:\(port)"))
            let health = base.appending(path: "v1/health")
            let identity = TogetherIdentity()
            let phone = TogetherClient(baseURL: base, identity: identity)
            let account = try await phone.register(displayName: "Alice").accountID
            #expect(await Self.get(health).status == 200)

            // The database goes away.
            try cluster.stop()
            let lost = ContinuousClock.now
            var answers: [Answer] = []
            while ContinuousClock.now - lost < .seconds(3) {
                answers.append(await Self.get(health))
                answers.append(await Self.signed { _ = try await phone.league(account: account) })
                try await Task.sleep(for: .milliseconds(100))
            }
            print(
                "while the database is down: \(answers.count) requests, the first \(answers.first.map(String.init(describing:)) ?? "none"), "
                    + "the slowest \(answers.map(\.seconds).max().map { String(format: "%.3f s", $0) } ?? "none")")
            #expect(answers.allSatisfy { $0.status == 503 && $0.retryAfter != nil }, "\(answers)")
            #expect(answers.allSatisfy { $0.seconds < 1 }, "every answer within a second: \(answers)")

            // It comes back.
            try cluster.start()
            let returned = ContinuousClock.now
            var served: Duration?
            while ContinuousClock.now - returned < .seconds(15) {
                if await Self.get(health).status == 200 {
                    served = ContinuousClock.now - returned
                    break
                }
                try await Task.sleep(for: .milliseconds(100))
            }
            let again = try #require(served, "the server serves again once the database is back")
            print("the database back: health answers 200 after \(String(format: "%.3f", again.seconds)) s")
            #expect(again < .seconds(5))
            let league = await Self.signed { _ = try await phone.league(account: account) }
            #expect(league.status == 200, "a signed request is served again: \(league)")
        }
    }
}

/// A PostgreSQL cluster of a test's own (`Scripts/pg-cluster`, which `Scripts/with-postgres` names
/// in TOGETHER_PG_CLUSTER), removed by ``remove()``.
struct PostgresCluster {
    let script: String
    let directory: String
    let port: Int

    init() throws {
        guard let script = ProcessInfo.processInfo.environment["TOGETHER_PG_CLUSTER"] else {
            throw ConfigurationError(
                "TOGETHER_PG_CLUSTER is not set: run the server's tests through Scripts/with-postgres (see Server/README.md).")
        }
        self.script = script
        directory = NSTemporaryDirectory() + "together-outage-" + UUID().uuidString.prefix(8)
        let printed = try Self.run(script, "init", directory)
        guard let port = Int(printed.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw ConfigurationError("pg-cluster init printed no port: “\(printed)”")
        }
        self.port = port
    }

    var configuration: PostgresClient.Configuration {
        PostgresClient.Configuration(
            host: "127.0.0.1", port: port, username: "postgres", password: nil, database: "postgres", tls: .disable)
    }

    func start() throws { _ = try Self.run(script, "start", directory) }
    func stop() throws { _ = try Self.run(script, "stop", directory) }
    func remove() { _ = try? Self.run(script, "remove", directory) }

    /// Runs the script and returns what it printed.
    // NB: not Foundation's Process: on Linux its waitUntilExit() never returned once the script had
    // started a server that outlives it (PostgreSQL); system() waits for the script alone.
    @discardableResult
    static func run(_ arguments: String...) throws -> String {
        let output = NSTemporaryDirectory() + "pg-cluster-\(UUID().uuidString).out"
        defer { try? FileManager.default.removeItem(atPath: output) }
        let command = (arguments.map { "'\($0)'" } + [">'\(output)'", "</dev/null"]).joined(separator: " ")
        #if canImport(Glibc)
        let status = system(command)
        #else
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        try process.run()
        process.waitUntilExit()
        let status = process.terminationStatus
        #endif
        guard status == 0 else { throw ConfigurationError("\(arguments.joined(separator: " ")) failed (\(status))") }
        return (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
    }
}

extension Duration {
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
