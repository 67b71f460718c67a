import Crypto
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import PostgresNIO
import Testing
import ThresholdCore
import TogetherClient
import TogetherCore
@testable import TogetherServer

/// A database of its own for one test, in the real PostgreSQL at TOGETHER_DATABASE_URL
/// (Scripts/with-postgres sets it), dropped afterwards. No mock of PostgreSQL anywhere.
package enum TestDatabase {
    package static func url() throws -> String {
        guard let url = ProcessInfo.processInfo.environment["TOGETHER_DATABASE_URL"] else {
            throw ConfigurationError(
                "TOGETHER_DATABASE_URL is not set: run the server's tests through Scripts/with-postgres (see Server/README.md).")
        }
        return url
    }

    package static let logger: Logger = {
        var logger = Logger(label: "together-tests")
        logger.logLevel = .error
        return logger
    }()

    /// Runs `body` with a client on a fresh, empty database (the client already running).
    package static func withFresh<T: Sendable>(_ body: @Sendable (PostgresClient.Configuration) async throws -> T) async throws -> T {
        let admin = try TogetherConfiguration.databaseConfiguration(url: url())
        let name = "together_test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        _ = try await withClient(admin) { try await $0.query(PostgresQuery(unsafeSQL: "CREATE DATABASE \(name)")) }
        var configuration = admin
        configuration.database = name
        do {
            let value = try await body(configuration)
            _ = try await withClient(admin) { try await $0.query(PostgresQuery(unsafeSQL: "DROP DATABASE \(name) WITH (FORCE)")) }
            return value
        } catch {
            _ = try? await withClient(admin) { try await $0.query(PostgresQuery(unsafeSQL: "DROP DATABASE \(name) WITH (FORCE)")) }
            throw error
        }
    }

    /// Runs `body` with a running client for `configuration`.
    package static func withClient<T: Sendable>(
        _ configuration: PostgresClient.Configuration, _ body: @Sendable (PostgresClient) async throws -> T
    ) async throws -> T {
        let client = PostgresClient(configuration: configuration, backgroundLogger: logger)
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await client.run() }
            defer { group.cancelAll() }
            return try await body(client)
        }
    }

    /// Counts rows: `SELECT count(*) FROM <table>`.
    package static func count(_ table: String, in client: PostgresClient) async throws -> Int {
        for try await n in try await client.query(PostgresQuery(unsafeSQL: "SELECT count(*)::bigint FROM \(table)")).decode(Int.self) {
            return n
        }
        return 0
    }
}

/// One installed app: a signing key, and once registered its account id.
// NB: @unchecked because swift-crypto's private keys are not marked Sendable; the key is a `let`
// and never mutated.
package struct Device: @unchecked Sendable {
    package let key = Curve25519.Signing.PrivateKey()
    package var account: UUID?
    package let name: String

    package init(_ name: String) { self.name = name }

    package static func nonce() -> String { UUID().uuidString + "-" + String(UInt32.random(in: 0...UInt32.max)) }

    /// Signed headers for a request as sent.
    package func headers(
        _ method: HTTPRequest.Method, _ path: String, body: Data, at now: Date, nonce: String = Device.nonce(),
        signer: Curve25519.Signing.PrivateKey? = nil
    ) throws -> HTTPFields {
        let digest = SHA256.hash(data: body).map { String(format: "%02x", $0) }.joined()
        let time = Int64(now.timeIntervalSince1970)
        let request = try SignedRequest(method: method.rawValue, path: path, bodyDigest: digest, time: time, nonce: nonce)
        let signature = try (signer ?? key).signature(for: request.signedBytes)
        var fields: HTTPFields = [:]
        fields[SignedHeaders.timeName] = String(time)
        fields[SignedHeaders.nonceName] = nonce
        fields[SignedHeaders.signatureName] = signature.base64EncodedString()
        if let account { fields[SignedHeaders.accountName] = account.uuidString }
        fields[.contentType] = "application/json"
        return fields
    }
}

/// What a response says, read and checked against openapi.yaml.
package struct Reply: Sendable {
    package let status: Int
    package let body: Data

    package init(status: Int, body: Data) {
        self.status = status
        self.body = body
    }

    package var json: [String: Any]? { try? JSONSerialization.jsonObject(with: body) as? [String: Any] }
    package var error: String? { json?["error"] as? String }
    package var reason: String? { json?["reason"] as? String }

    package func decode<T: Decodable>(_ type: T.Type) throws -> T { try Wire.decoder.decode(T.self, from: body) }
}

/// A client that signs as devices and checks every response against the OpenAPI document.
package struct Phone: Sendable {
    package let client: any TestClientProtocol
    package let clock: ManualClock
    package let document: OpenAPIDocument

    package init(client: any TestClientProtocol, clock: ManualClock, document: OpenAPIDocument) {
        self.client = client
        self.clock = clock
        self.document = document
    }

    package func send(
        _ method: HTTPRequest.Method, _ path: String, json body: Data = Data(), as device: Device?,
        nonce: String = Device.nonce(), signer: Curve25519.Signing.PrivateKey? = nil, at time: Date? = nil,
        headers extra: HTTPFields = [:], sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> Reply {
        var headers = try device?.headers(method, path, body: body, at: time ?? clock.now, nonce: nonce, signer: signer) ?? [:]
        headers.append(contentsOf: extra)
        let response = try await client.execute(
            uri: path, method: method, headers: headers,
            body: body.isEmpty ? nil : ByteBuffer(bytes: body))
        let reply = Reply(status: Int(response.status.code), body: Data(response.body.readableBytesView))
        document.check(method: method, path: path, reply: reply, sourceLocation: sourceLocation)
        return reply
    }

    package func register(_ name: String) async throws -> Device {
        var device = Device(name)
        let body = try JSONEncoder().encode(
            Wire.Registration(publicKey: device.key.publicKey.rawRepresentation.base64EncodedString(), displayName: name))
        let reply = try await send(.post, "/v1/accounts", json: body, as: device)
        try #require(reply.status == 201, "registering \(name): \(reply.status) \(reply.reason ?? "")")
        device.account = try reply.decode(Wire.Registered.self).accountID
        return device
    }

    package func upload(_ device: Device, day: String, xp: Int, screenTimePoints: Int) async throws -> Reply {
        let body = Data(#"{"day":"\#(day)","xp":\#(xp),"screenTimePoints":\#(screenTimePoints)}"#.utf8)
        return try await send(.post, "/v1/summaries", json: body, as: device)
    }

    package func league(_ device: Device, week: String? = nil) async throws -> Wire.LeagueBody {
        let reply = try await send(.get, week.map { "/v1/league?week=\($0)" } ?? "/v1/league", as: device)
        try #require(reply.status == 200, "league: \(reply.status) \(reply.reason ?? "")")
        return try reply.decode(Wire.LeagueBody.self)
    }

    package func finalize(_ week: String, as device: Device) async throws -> Reply {
        try await send(.post, "/v1/weeks/\(week)/finalize", as: device)
    }
}

package func utc(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }

extension TogetherTransport {
    /// URLSession, with every exchange the app's own client (`TogetherClient`) makes checked
    /// against openapi.yaml: the request goes to a documented operation, and the answer has a status
    /// the document lists for it, with its JSON shape.
    package static func checked(against document: OpenAPIDocument) -> TogetherTransport {
        TogetherTransport { request in
            let (data, response) = try await TogetherTransport.urlSession.send(request)
            let url = try #require(request.url)
            let path = url.path() + (url.query().map { "?\($0)" } ?? "")
            let method = try #require(HTTPRequest.Method(request.httpMethod ?? ""))
            document.check(
                method: method, path: path, reply: Reply(status: response.statusCode, body: data), sourceLocation: #_sourceLocation)
            return (data, response)
        }
    }
}

/// The server on a fresh database with a hand-set clock, and a phone to talk to it.
package func withServer(
    at start: Date = utc("2026-11-25T12:00:00Z"),
    _ body: @Sendable (Phone, PostgresClient) async throws -> Void
) async throws {
    let document = try OpenAPIDocument.load()
    try await TestDatabase.withFresh { database in
        let clock = ManualClock(start)
        let app = TogetherServer.application(configuration: TogetherConfiguration(database: database, logLevel: .critical), clock: clock)
        try await app.test(.router) { client in
            try await TestDatabase.withClient(database) { inspector in
                try await body(Phone(client: client, clock: clock, document: document), inspector)
            }
        }
    }
}
