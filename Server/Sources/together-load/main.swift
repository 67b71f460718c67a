import Crypto
import Foundation
import Logging
import NIOCore
import NIOHTTP1
import NIOPosix
import PostgresNIO
import ThresholdCore
import TogetherCore

// together-load: seeds accounts straight into the database, then drives the summary upload and the
// league read at a fixed rate (open loop: requests go out on schedule whether or not earlier ones
// have answered, and latency counts from when each was due), every request signed with a fresh
// nonce, spread round robin over every server named. See README.md, "Figures" and "Two servers, one
// database"; `together-load --help` says how.

let usage = """
    together-load: drives Together's server(s) at a fixed rate and prints one JSON line a phase.

    It first seeds --accounts accounts straight into the database at TOGETHER_DATABASE_URL (the one
    the servers use): full bronze leagues of this week, each account's days so far. Then for each
    phase it sends --rate requests a second for --seconds (after a 3 s warm-up at the same rate, not
    counted), each from a random account, signed with a fresh nonce, over keep-alive connections.
    Open loop: a request goes out when it is due whether or not earlier ones have answered, and its
    latency counts from then, so a server that falls behind shows it.

    USAGE: TOGETHER_DATABASE_URL=postgres://… together-load [--url URL]... [options]

    OPTIONS:
      --url URL          a server to send to (http://127.0.0.1:8080 if none). Name it again for
                         another: requests go to each in turn (round robin), e.g.
                         --url http://127.0.0.1:8080 --url http://127.0.0.1:8081
      --accounts N       accounts to seed and send as (100000)
      --rate R           requests a second, over all the servers together (500)
      --seconds S        how long each phase is counted (30)
      --phases LIST      phases in order, comma-separated: upload (POST /v1/summaries, today's
                         points), league (GET /v1/league) (upload,league)
      --no-seed          the accounts are in the database already (an earlier run seeded them)
      -h, --help         this

    Each phase prints: phase, servers, requests, ok (answered 200), errors (anything else, or no
    answer), statuses, targetRate, achievedRate (200s a second), seconds, p50ms, p90ms, p95ms, p99ms
    and maxms (latency of the 200s from when each request was due), and okByServer.
    Server/Scripts/load-test runs it against a throwaway PostgreSQL and one server, or two
    (LOAD_SERVERS=2).
    """

struct Options {
    var urls: [String] = []
    var accounts = 100_000
    var rate = 500.0
    var seconds = 30.0
    var seed = true
    var phases = ["upload", "league"]
    var help = false

    init(_ arguments: [String]) throws {
        var rest = arguments.dropFirst()
        while let flag = rest.popFirst() {
            if flag == "--no-seed" { seed = false; continue }
            if flag == "-h" || flag == "--help" { help = true; continue }
            guard let value = rest.popFirst() else { throw LoadError("\(flag) needs a value; see together-load --help") }
            func number(_ parse: (String) -> Double?) throws -> Double {
                guard let number = parse(value), number > 0 else { throw LoadError("\(flag) is a number above 0, not “\(value)”") }
                return number
            }
            switch flag {
            case "--url": urls.append(value)
            case "--accounts": accounts = Int(try number { Int($0).map(Double.init) })
            case "--rate": rate = try number(Double.init)
            case "--seconds": seconds = try number(Double.init)
            case "--phases":
                phases = value.split(separator: ",").map(String.init)
                guard !phases.isEmpty, phases.allSatisfy(["upload", "league"].contains) else {
                    throw LoadError("--phases names upload and league, comma-separated, not “\(value)”")
                }
            default: throw LoadError("unknown option \(flag); see together-load --help")
            }
        }
        if urls.isEmpty { urls = ["http://127.0.0.1:8080"] }
    }
}

/// The n-th load account: its key and id, the same on every run.
struct LoadAccount: @unchecked Sendable {  // NB: swift-crypto's keys are not marked Sendable; never mutated.
    let key: Curve25519.Signing.PrivateKey
    let id: UUID

    init(_ n: Int) {
        let seed = Array(SHA256.hash(data: Array("together-load-key-\(n)".utf8)))
        key = try! Curve25519.Signing.PrivateKey(rawRepresentation: seed)
        var bytes = Array(SHA256.hash(data: Array("together-load-id-\(n)".utf8)).prefix(16))
        bytes[6] = (bytes[6] & 0x0F) | 0x40
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        id = UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
    }

    func headers(method: String, path: String, body: [UInt8], at now: Date) throws -> [(String, String)] {
        let digest = SHA256.hash(data: body).map { String(format: "%02x", $0) }.joined()
        let nonce = UUID().uuidString + "-" + String(UInt32.random(in: 0...UInt32.max))
        let request = try SignedRequest(
            method: method, path: path, bodyDigest: digest, time: Int64(now.timeIntervalSince1970), nonce: nonce)
        let signature = try key.signature(for: request.signedBytes)
        return [
            ("X-Threshold-Time", String(request.time)), ("X-Threshold-Nonce", nonce),
            ("X-Threshold-Signature", signature.base64EncodedString()), ("X-Threshold-Account", id.uuidString),
            ("Content-Type", "application/json"),
        ]
    }
}

func log(_ text: String) { FileHandle.standardError.write(Data((text + "\n").utf8)) }

/// Inserts the accounts (bronze, in chunks), places them in full leagues of this week, and gives each
/// every day of the week so far.
func seed(_ accounts: [LoadAccount], week: LeagueWeek, today: LocalDate, database: String) async throws {
    var logger = Logger(label: "together-load")
    logger.logLevel = .error
    let configuration = try databaseConfiguration(url: database)
    let client = PostgresClient(configuration: configuration, backgroundLogger: logger)
    try await withThrowingTaskGroup(of: Void.self) { group in
        group.addTask { await client.run() }
        defer { group.cancelAll() }
        let started = Date()
        for chunk in stride(from: 0, to: accounts.count, by: 10_000) {
            let slice = accounts[chunk..<min(chunk + 10_000, accounts.count)]
            let ids = slice.map(\.id)
            let keys = slice.map { $0.key.publicKey.rawRepresentation.map { String(format: "%02x", $0) }.joined() }
            let names = slice.indices.map { "load-\($0)" }
            try await client.query(
                """
                INSERT INTO accounts (id, public_key, display_name, tier, created_at)
                SELECT i, decode(k, 'hex'), n, 0, now() + (o * interval '1 microsecond')
                FROM unnest(\(ids)::uuid[], \(keys)::text[], \(names)::text[]) WITH ORDINALITY AS r(i, k, n, o)
                ON CONFLICT (id) DO NOTHING
                """, logger: logger)
        }
        let leagues = (accounts.count + League.capacity - 1) / League.capacity
        try await client.query(
            """
            INSERT INTO leagues (week, tier) SELECT \(week.description)::date, 0 FROM generate_series(1, \(leagues))
            """, logger: logger)
        try await client.query(
            """
            INSERT INTO memberships (account_id, week, league_id)
            SELECT a.id, \(week.description)::date,
                   (SELECT min(id) FROM leagues WHERE week = \(week.description)::date) + (row_number() OVER (ORDER BY a.created_at, a.id) - 1) / \(League.capacity)
            FROM accounts a WHERE a.display_name LIKE 'load-%'
            ON CONFLICT DO NOTHING
            """, logger: logger)
        try await client.query(
            """
            INSERT INTO day_summaries (account_id, day, week, xp, screen_time_points, updated_at)
            SELECT a.id, d::date, \(week.description)::date, (abs(hashtext(a.id::text || d::text)) % 200), 40, now()
            FROM accounts a, generate_series(\(week.description)::date, \(today.description)::date, interval '1 day') d
            WHERE a.display_name LIKE 'load-%'
            ON CONFLICT DO NOTHING
            """, logger: logger)
        try await client.query("ANALYZE", logger: logger)
        log(
            "seeded \(accounts.count) accounts in \(leagues) leagues of the week of \(week), days to \(today), in \(String(format: "%.1f", Date().timeIntervalSince(started))) s"
        )
    }
}

func databaseConfiguration(url text: String) throws -> PostgresClient.Configuration {
    guard let url = URLComponents(string: text), let host = url.host, let user = url.user else {
        throw LoadError("bad TOGETHER_DATABASE_URL")
    }
    let database = url.path.hasPrefix("/") ? String(url.path.dropFirst()) : url.path
    return PostgresClient.Configuration(
        host: host, port: url.port ?? 5432, username: user, password: url.password,
        database: database.isEmpty ? user : database, tls: .disable)
}

/// One phase: `rate` requests a second for `seconds`, each from a random account, the n-th to pool
/// n mod their number (one per server).
func drive(
    _ phase: String, accounts: [LoadAccount], today: LocalDate, rate: Double, seconds: Double, pools: [ConnectionPool]
) async -> [String: Any] {
    let total = Int(rate * seconds)
    let clock = ContinuousClock()
    let start = clock.now
    let results = await withTaskGroup(of: (Int, Double, Int).self, returning: [(Int, Double, Int)].self) { group in
        for i in 0..<total {
            let due = start.advanced(by: .seconds(Double(i) / rate))
            try? await Task.sleep(until: due, clock: clock)
            let account = accounts[Int.random(in: 0..<accounts.count)]
            let server = i % pools.count
            let pool = pools[server]
            group.addTask {
                do {
                    let path: String, method: HTTPMethod, body: [UInt8]
                    if phase == "upload" {
                        (path, method) = ("/v1/summaries", .POST)
                        body = Array(#"{"day":"\#(today)","xp":\#(Int.random(in: 0...300)),"screenTimePoints":55}"#.utf8)
                    } else {
                        (path, method, body) = ("/v1/league", .GET, [])
                    }
                    let headers = try account.headers(method: method.rawValue, path: path, body: body, at: Date())
                    let connection = try await pool.acquire()
                    let status = try await connection.send(method: method, path: path, headers: headers, body: body)
                    await pool.release(connection)
                    let elapsed = clock.now - due
                    return (status, Double(elapsed.components.seconds) * 1_000 + Double(elapsed.components.attoseconds) / 1e15, server)
                } catch {
                    return (0, .nan, server)
                }
            }
        }
        return await group.reduce(into: []) { $0.append($1) }
    }
    let wall = clock.now - start
    let wallSeconds = Double(wall.components.seconds) + Double(wall.components.attoseconds) / 1e18
    let latencies = results.filter { $0.0 == 200 }.map(\.1).sorted()
    func percentile(_ p: Double) -> Double {
        latencies.isEmpty ? .nan : latencies[min(latencies.count - 1, Int(Double(latencies.count) * p))]
    }
    var statuses: [String: Int] = [:], okByServer = Array(repeating: 0, count: pools.count)
    for (status, _, server) in results {
        statuses[String(status), default: 0] += 1
        if status == 200 { okByServer[server] += 1 }
    }
    return [
        "phase": phase, "servers": pools.count, "requests": total, "ok": latencies.count, "errors": total - latencies.count,
        "statuses": statuses, "targetRate": rate, "achievedRate": (Double(latencies.count) / wallSeconds).rounded(),
        "seconds": (wallSeconds * 10).rounded() / 10,
        "p50ms": (percentile(0.50) * 100).rounded() / 100, "p90ms": (percentile(0.90) * 100).rounded() / 100,
        "p95ms": (percentile(0.95) * 100).rounded() / 100, "p99ms": (percentile(0.99) * 100).rounded() / 100,
        "maxms": ((latencies.last ?? .nan) * 100).rounded() / 100, "okByServer": okByServer,
    ]
}

let options: Options
do {
    options = try Options(CommandLine.arguments)
} catch {
    log("together-load: \(error)")
    exit(2)
}
if options.help {
    print(usage)
    exit(0)
}
let servers = try options.urls.map { text in
    guard let url = URLComponents(string: text), let host = url.host, let port = url.port else {
        throw LoadError("--url is a server's base URL with its port, like http://127.0.0.1:8080, not “\(text)”")
    }
    return (host: host, port: port)
}
let utc = Clockwork(timeZone: TimeZone(identifier: "UTC")!)
let today = utc.localDate(of: Date())
let week = LeagueWeek(containing: today)
let keysStarted = Date()
let accounts = (0..<options.accounts).map(LoadAccount.init)
log("made \(accounts.count) keys in \(String(format: "%.1f", Date().timeIntervalSince(keysStarted))) s")
if options.seed {
    guard let database = ProcessInfo.processInfo.environment["TOGETHER_DATABASE_URL"] else {
        throw LoadError("TOGETHER_DATABASE_URL is not set")
    }
    try await seed(accounts, week: week, today: today, database: database)
}
let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
let pools = servers.map { ConnectionPool(host: $0.host, port: $0.port, group: group) }
for phase in options.phases {
    // A short warm-up at the same rate, not counted.
    _ = await drive(phase, accounts: accounts, today: today, rate: options.rate, seconds: 3, pools: pools)
    let result = await drive(phase, accounts: accounts, today: today, rate: options.rate, seconds: options.seconds, pools: pools)
    let json = try JSONSerialization.data(withJSONObject: result, options: [.sortedKeys])
    print(String(decoding: json, as: UTF8.self))
}
var opened: [Int] = []
for pool in pools { opened.append(await pool.opened) }
log("connections opened: \(opened.map(String.init).joined(separator: ", "))")
try await group.shutdownGracefully()
