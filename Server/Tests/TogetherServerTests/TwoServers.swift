import AsyncHTTPClient
@preconcurrency import Crypto
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Glibc)
import Glibc
#endif
import HTTPTypes
import NIOCore
import NIOHTTP1
import NIOPosix
import PostgresNIO
import ServerTestSupport
import Testing
import ThresholdCore
import TogetherClient
@testable import TogetherServer

/// Two `together-server` processes (this package's own build, as production runs it) on two
/// loopback ports, each with its own pool and probe, on one database; and the app's client with a
/// transport that sends each request to the next server in turn (round robin), every exchange
/// checked against openapi.yaml and kept: which server answered, its status, its `Retry-After`.
final class TwoServers: Sendable {
    /// One request as a server answered it.
    struct Exchange: Sendable {
        let server: Int
        let method: String
        let path: String
        let status: Int
        let retryAfter: String?
    }

    let servers: [ServerProcess]
    private let http: HTTPClient
    private let document: OpenAPIDocument
    private let turn = Locked(0)
    private let kept = Locked<[Exchange]>([])

    /// Every exchange so far, in the order the answers came.
    var exchanges: [Exchange] { kept.value }

    /// The app's client for `identity`, its requests spread over both servers.
    func client(_ identity: TogetherIdentity = TogetherIdentity()) -> TogetherClient {
        TogetherClient(baseURL: servers[0].base, identity: identity, transport: TogetherTransport { try await self.send($0) })
    }

    /// Sends `request` to the next server in turn.
    private func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        let server = turn.update { next in
            defer { next += 1 }
            return next % servers.count
        }
        guard let given = request.url, var components = URLComponents(url: given, resolvingAgainstBaseURL: true) else {
            throw TogetherError.unreadable("no URL")
        }
        components.port = servers[server].base.port
        let url = try #require(components.url)
        var outgoing = HTTPClientRequest(url: url.absoluteString)
        outgoing.method = .init(rawValue: request.httpMethod ?? "GET")
        for (name, value) in request.allHTTPHeaderFields ?? [:] { outgoing.headers.add(name: name, value: value) }
        if let body = request.httpBody { outgoing.body = .bytes(ByteBuffer(bytes: body)) }
        let response = try await http.execute(outgoing, timeout: .seconds(30))
        let body = Data(try await response.body.collect(upTo: 2 << 20).readableBytesView)
        var fields: [String: String] = [:]
        for header in response.headers { fields[header.name] = header.value }
        let status = Int(response.status.code)
        let path = url.path() + (url.query().map { "?\($0)" } ?? "")
        let method = try #require(HTTPRequest.Method(request.httpMethod ?? "GET"))
        document.check(method: method, path: path, reply: Reply(status: status, body: body), sourceLocation: #_sourceLocation)
        kept.update {
            $0.append(
                Exchange(
                    server: server, method: method.rawValue, path: path, status: status,
                    retryAfter: response.headers.first(name: "Retry-After")))
        }
        return (body, try #require(HTTPURLResponse(url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: fields)))
    }

    /// `GET /v1/health` of one server: its status, 0 when it did not answer.
    func health(_ server: Int) async -> Int {
        await Self.health(servers[server].base, http: http)
    }

    private init(servers: [ServerProcess], http: HTTPClient, document: OpenAPIDocument) {
        self.servers = servers
        self.http = http
        self.document = document
    }

    static func health(_ base: URL, http: HTTPClient) async -> Int {
        guard
            let response = try? await http.execute(
                HTTPClientRequest(url: base.appending(path: "v1/health").absoluteString), timeout: .seconds(5))
        else { return 0 }
        _ = try? await response.body.collect(upTo: 64 * 1024)
        return Int(response.status.code)
    }

    // MARK: Running them

    /// Runs `body` with two servers on a fresh database (``TestDatabase``), pushing through `apns`
    /// when given, and a client of the test's own on that database to look into it.
    static func with(apns: FakeAPNs? = nil, _ body: @Sendable (TwoServers, PostgresClient) async throws -> Void) async throws {
        try await TestDatabase.withFresh { database in
            guard var url = URLComponents(string: try TestDatabase.url()) else {
                throw ConfigurationError("TOGETHER_DATABASE_URL is not a URL")
            }
            url.path = "/" + database.database!
            try await with(databaseURL: try #require(url.string), apns: apns) { servers in
                try await TestDatabase.withClient(database) { inspector in try await body(servers, inspector) }
            }
        }
    }

    /// Runs `body` with two servers on the database at `databaseURL`, both started at once (so both
    /// apply the migrations, one after the other under their lock), and stops them afterwards.
    static func with(databaseURL: String, apns: FakeAPNs? = nil, _ body: @Sendable (TwoServers) async throws -> Void) async throws {
        var environment = ["TOGETHER_DATABASE_URL": databaseURL]
        let files = FileManager.default.temporaryDirectory.appending(path: "together-two-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: files, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: files) }
        if let apns {
            let key = files.appending(path: "AuthKey.p8"), roots = files.appending(path: "stand-in.pem")
            try P256.Signing.PrivateKey().pemRepresentation.write(to: key, atomically: true, encoding: .utf8)
            try apns.certificatePEM.write(to: roots, atomically: true, encoding: .utf8)
            environment.merge([
                "TOGETHER_APNS_KEY_FILE": key.path(), "TOGETHER_APNS_KEY_ID": "KEY1234567", "TOGETHER_APNS_TEAM_ID": "TEAM123456",
                "TOGETHER_APNS_ENDPOINT": apns.endpoint.absoluteString, "TOGETHER_APNS_TRUST_ROOTS": roots.path(),
            ]) { $1 }
        }
        var configuration = HTTPClient.Configuration(timeout: .init(connect: .seconds(5), read: .seconds(30)))
        // NB: many requests at once, each on a connection of its own (the default is 8 a host).
        configuration.connectionPool = .init(idleTimeout: .seconds(30), concurrentHTTP1ConnectionsPerHostSoftLimit: 64)
        let http = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        // Both at once; each awaited before either is looked at, so that neither is left running.
        let settings = environment
        let results = await withTaskGroup(of: Result<ServerProcess, any Error>.self) { group in
            for name in ["a", "b"] {
                group.addTask {
                    do { return .success(try await ServerProcess.start(environment: settings, logs: files, name: name, http: http)) } catch
                    {
                        return .failure(error)
                    }
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        let started = results.compactMap { try? $0.get() }
        do {
            for result in results { _ = try result.get() }
            try await body(TwoServers(servers: started, http: http, document: try OpenAPIDocument.load()))
        } catch {
            for server in started { await server.stop() }
            try? await http.shutdown()
            throw error
        }
        for server in started { await server.stop() }
        try await http.shutdown()
    }
}

/// One `together-server` process, configured by its environment as in production, serving on a
/// loopback port of its own; its output goes to a log file, printed should it fail to start.
// NB: @unchecked Sendable: Foundation's Process is not marked Sendable; it is only started,
// asked whether it runs, and signalled.
final class ServerProcess: @unchecked Sendable {
    let base: URL
    let log: URL
    private let process: Process

    private init(base: URL, log: URL, process: Process) {
        self.base = base
        self.log = log
        self.process = process
    }

    /// The executable `swift build --build-tests` made beside the tests' own.
    static func executable() throws -> URL {
        var directory = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
        for _ in 0..<5 {
            directory = directory.deletingLastPathComponent()
            let candidate = directory.appending(path: "together-server")
            if FileManager.default.isExecutableFile(atPath: candidate.path()) { return candidate }
        }
        throw ConfigurationError(
            "together-server was not found beside the tests; build it first (swift build --build-tests builds every product).")
    }

    /// A loopback port nothing listens on now.
    static func freePort() async throws -> Int {
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton).bind(host: "127.0.0.1", port: 0).get()
        let port = channel.localAddress?.port
        try await channel.close()
        guard let port else { throw ConfigurationError("no free loopback port") }
        return port
    }

    /// Starts one and waits until `GET /v1/health` answers 200 (its migrations applied).
    static func start(environment: [String: String], logs: URL, name: String, http: HTTPClient) async throws -> ServerProcess {
        let port = try await freePort()
        let log = logs.appending(path: "server-\(name).log")
        _ = FileManager.default.createFile(atPath: log.path(), contents: nil)
        let output = try FileHandle(forWritingTo: log)
        let process = Process()
        process.executableURL = try executable()
        // Only what the server reads, so that nothing of the test runner's own environment leaks in.
        let inherited = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("TOGETHER_") && !$0.key.hasPrefix("THRESHOLD_") }
        process.environment = inherited.merging(environment) { $1 }.merging([
            "TOGETHER_HOST": "127.0.0.1", "TOGETHER_PORT": String(port),
            "LOG_LEVEL": "warning",
        ]) { $1 }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let server = ServerProcess(base: try #require(URL(string: "http://127.0.0.1:\(port)")), log: log, process: process)
        let deadline = ContinuousClock.now + .seconds(60)
        while ContinuousClock.now < deadline {
            if await TwoServers.health(server.base, http: http) == 200 { return server }
            guard process.isRunning else { break }
            try await Task.sleep(for: .milliseconds(100))
        }
        await server.stop()
        let printed = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        throw ConfigurationError("together-server \(name) did not answer GET /v1/health with 200 on port \(port); its log:\n\(printed)")
    }

    var isRunning: Bool { process.isRunning }

    /// SIGTERM (its service group shuts down gracefully), and SIGKILL if it has not ended within 10 s.
    func stop() async {
        guard process.isRunning else { return }
        process.terminate()
        let deadline = ContinuousClock.now + .seconds(10)
        while process.isRunning, ContinuousClock.now < deadline { try? await Task.sleep(for: .milliseconds(50)) }
        if process.isRunning {
            Issue.record("together-server did not end within 10 s of SIGTERM; killed")
            kill(process.processIdentifier, SIGKILL)
        }
    }
}
