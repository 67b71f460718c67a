import Crypto
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ThresholdCore
import TogetherCore

/// The app's side of Together's API (Server/openapi.yaml): every request signed by this install's
/// key over method, path, body digest, time and a fresh nonce (``SignedRequest``), every answer
/// read as ``TogetherWire`` or refused with the server's reason (``TogetherError``).
///
/// Nothing here holds state but the identity: the account id comes back from ``register(displayName:)``
/// and the caller keeps it (``TogetherIdentity``). The transport is injected: URLSession in the app,
/// the same over loopback in the server's tests.
public struct TogetherClient: Sendable {
    public let baseURL: URL
    public let identity: TogetherIdentity
    let clock: @Sendable () -> Date
    let transport: TogetherTransport

    public init(
        baseURL: URL, identity: TogetherIdentity, clock: @escaping @Sendable () -> Date = { Date() },
        transport: TogetherTransport = .urlSession
    ) {
        self.baseURL = baseURL
        self.identity = identity
        self.clock = clock
        self.transport = transport
    }

    // MARK: Account

    /// Registers this install's public key with the name others see; returns the account.
    public func register(displayName: String) async throws -> TogetherWire.Registered {
        let body = TogetherWire.Registration(publicKey: identity.publicKey.base64EncodedString(), displayName: displayName)
        return try await send("POST", "/v1/accounts", json: body, as: TogetherWire.Registered.self, signedAs: nil)
    }

    /// Deletes the account and everything the server holds for it.
    public func deleteAccount(_ account: UUID) async throws {
        _ = try await exchange("DELETE", "/v1/account", body: Data(), account: account, expect: [204])
    }

    // MARK: Leaderboard

    /// Sends (or replaces) one local day's points.
    public func upload(_ summary: DailySummary, account: UUID) async throws -> TogetherWire.Saved {
        try await send("POST", "/v1/summaries", json: summary, as: TogetherWire.Saved.self, signedAs: account)
    }

    /// The caller's league for the week starting `monday` (this week when `nil`).
    public func league(week monday: LocalDate? = nil, account: UUID) async throws -> TogetherWire.LeagueBody {
        let path = "/v1/league" + (monday.map { "?week=\($0)" } ?? "")
        return try decode(try await exchange("GET", path, body: Data(), account: account, expect: [200]), TogetherWire.LeagueBody.self)
    }

    /// Finalizes a week whose Sunday has ended everywhere (idempotent: a week done already says so).
    public func finalize(_ week: LeagueWeek, account: UUID) async throws -> TogetherWire.Finalized {
        try decode(
            try await exchange("POST", "/v1/weeks/\(week.monday)/finalize", body: Data(), account: account, expect: [200]),
            TogetherWire.Finalized.self)
    }

    // MARK: Partners

    /// A single-use invitation for 7 days (`https://threshold.app/p/<code>`).
    public func invite(account: UUID) async throws -> TogetherWire.Invitation {
        try decode(
            try await exchange("POST", "/v1/partners/invitations", body: Data(), account: account, expect: [201, 200]),
            TogetherWire.Invitation.self)
    }

    /// Accepts someone's invitation; refused when it was used, expired or is one's own.
    public func accept(code: String, account: UUID) async throws -> TogetherWire.Partner {
        try decode(
            try await exchange(
                "POST", "/v1/partners/invitations/\(code)/accept", body: Data(), account: account,
                expect: [201, 200]), TogetherWire.Partner.self)
    }

    public func partners(account: UUID) async throws -> [TogetherWire.Partner] {
        try decode(
            try await exchange("GET", "/v1/partners", body: Data(), account: account, expect: [200]),
            TogetherWire.PartnerList.self
        ).partners
    }

    /// Ends a partnership (either side may).
    public func end(partnership: UUID, account: UUID) async throws {
        _ = try await exchange("DELETE", "/v1/partners/\(partnership.uuidString)", body: Data(), account: account, expect: [204])
    }

    /// Tells every partner that an intention streak broke (no app name: only a nickname the person chose to share).
    public func post(_ message: PartnerMessage, account: UUID) async throws -> TogetherWire.Sent {
        try await send("POST", "/v1/partners/messages", json: message, as: TogetherWire.Sent.self, signedAs: account)
    }

    /// Partners' messages after `cursor`; with `device`, each says whether it was pushed to it.
    public func messages(after cursor: Int64 = 0, device: String? = nil, account: UUID) async throws -> TogetherWire.Messages {
        let path = "/v1/partners/messages?after=\(cursor)" + (device.map { "&device=\($0)" } ?? "")
        return try decode(try await exchange("GET", path, body: Data(), account: account, expect: [200]), TogetherWire.Messages.self)
    }

    // MARK: Push

    /// Keeps this install's APNs device token (replacing what it sent before), so partners'
    /// messages are pushed to it as they come.
    public func storePushToken(_ token: TogetherWire.PushToken, account: UUID) async throws {
        let data: Data
        do { data = try TogetherWire.encoder.encode(token) } catch {
            throw TogetherError.unreadable("the request could not be written: \(error)")
        }
        _ = try await exchange("PUT", "/v1/push-token", body: data, account: account, expect: [204])
    }

    // MARK: Encrypted backup

    /// Stores the sealed backup (``SealedBackup``) as `version`, which must be the stored one + 1.
    public func storeBackup(_ blob: Data, version: Int64, account: UUID) async throws -> TogetherWire.BackupStored {
        try decode(
            try await exchange(
                "PUT", "/v1/backup?version=\(version)", body: blob, account: account, expect: [200, 201],
                contentType: "application/octet-stream"), TogetherWire.BackupStored.self)
    }

    /// The sealed backup as stored, with its version, or `nil` when the account has none.
    public func fetchBackup(account: UUID) async throws -> StoredBackup? {
        let answer: Answer
        do {
            answer = try await request("GET", "/v1/backup", body: Data(), account: account, expect: [200])
        } catch TogetherError.refused(_, "noBackup", _) {
            return nil
        }
        guard let text = answer.response.value(forHTTPHeaderField: "X-Threshold-Backup-Version"), let version = Int64(text) else {
            throw TogetherError.unreadable("Together's backup came without its version.")
        }
        return StoredBackup(blob: answer.body, version: version)
    }

    /// Deletes the stored backup (the account stays).
    public func deleteBackup(account: UUID) async throws {
        _ = try await exchange("DELETE", "/v1/backup", body: Data(), account: account, expect: [204])
    }

    // MARK: Requests

    private func send<Body: Encodable, Answer: Decodable>(
        _ method: String, _ path: String, json body: Body, as answer: Answer.Type,
        signedAs account: UUID?
    ) async throws -> Answer {
        let data: Data
        do { data = try TogetherWire.encoder.encode(body) } catch {
            throw TogetherError.unreadable("the request could not be written: \(error)")
        }
        return try decode(try await exchange(method, path, body: data, account: account, expect: [200, 201]), answer)
    }

    private func decode<Answer: Decodable>(_ data: Data, _ type: Answer.Type) throws -> Answer {
        do {
            return try TogetherWire.decoder.decode(type, from: data)
        } catch {
            throw TogetherError.unreadable("Together's answer could not be read: \(error)")
        }
    }

    /// Signs and sends one request; returns the body of an expected status, or throws the refusal.
    func exchange(
        _ method: String, _ path: String, body: Data, account: UUID?, expect: Set<Int>,
        contentType: String = "application/json"
    ) async throws -> Data {
        try await request(method, path, body: body, account: account, expect: expect, contentType: contentType).body
    }

    /// An answer of an expected status: its body and its headers.
    struct Answer {
        let body: Data
        let response: HTTPURLResponse
    }

    /// Signs and sends one request; returns the answer of an expected status, or throws the refusal.
    func request(
        _ method: String, _ path: String, body: Data, account: UUID?, expect: Set<Int>,
        contentType: String = "application/json"
    ) async throws -> Answer {
        guard let url = URL(string: path, relativeTo: baseURL) else { throw TogetherError.unreadable("“\(path)” is not a path") }
        let time = Int64(clock().timeIntervalSince1970)
        let nonce = identity.nonce()
        let digest = SHA256.hash(data: body).map { String(format: "%02x", $0) }.joined()
        let signed = try SignedRequest(method: method, path: path, bodyDigest: digest, time: time, nonce: nonce)
        var request = URLRequest(url: url.absoluteURL)
        request.httpMethod = method
        request.setValue(String(time), forHTTPHeaderField: "X-Threshold-Time")
        request.setValue(nonce, forHTTPHeaderField: "X-Threshold-Nonce")
        request.setValue(try identity.sign(signed.signedBytes).base64EncodedString(), forHTTPHeaderField: "X-Threshold-Signature")
        if let account { request.setValue(account.uuidString, forHTTPHeaderField: "X-Threshold-Account") }
        if !body.isEmpty {
            request.setValue(contentType, forHTTPHeaderField: "Content-Type")
            request.httpBody = body
        }
        let (data, response) = try await transport.send(request)
        let status = response.statusCode
        // Busy, or without its database for now (Server/README.md): nothing was changed; later.
        if status == 503 {
            throw TogetherError.later(retryAfter: response.value(forHTTPHeaderField: "Retry-After").flatMap(TimeInterval.init))
        }
        guard expect.contains(status) else {
            if let refusal = try? TogetherWire.decoder.decode(TogetherWire.Refusal.self, from: data) {
                throw TogetherError.refused(status: status, error: refusal.error, reason: refusal.reason)
            }
            throw TogetherError.unexpected(status: status)
        }
        return Answer(body: data, response: response)
    }
}

/// The sealed backup as Together keeps it (``SealedBackup``), and its version.
public struct StoredBackup: Sendable, Equatable {
    public let blob: Data
    public let version: Int64

    public init(blob: Data, version: Int64) {
        self.blob = blob
        self.version = version
    }
}

/// Why a request to Together did not do what was asked. Nothing on this iPhone changed.
public enum TogetherError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The server refused, saying why (`{"error", "reason"}`).
    case refused(status: Int, error: String, reason: String)
    /// A status the API does not give for this operation.
    case unexpected(status: Int)
    /// The network failed (offline): try again later.
    case unreachable(String)
    /// Together answered that it cannot serve now (503, with the seconds `Retry-After` gives), or
    /// did not answer in time: nothing was changed; what was asked waits for a later foreground or
    /// background refresh.
    case later(retryAfter: TimeInterval?)
    /// A request or an answer that could not be read or written.
    case unreadable(String)

    /// Whether it is worth trying the same again later (Together busy, without its database, not
    /// answering in time, or not reachable): what was asked was not done, and nothing is lost.
    public var isLater: Bool {
        switch self {
        case .later, .unreachable: true
        case .refused, .unexpected, .unreadable: false
        }
    }

    public var description: String {
        switch self {
        case .refused(_, _, let reason): reason
        case .unexpected(let status): "Together answered \(status), which it should not; try again later."
        case .unreachable(let detail): "Together cannot be reached (\(detail)); your leaderboard and partners wait until it can."
        case .later: "Together cannot answer just now; your leaderboard and partners wait until it can."
        case .unreadable(let detail): detail
        }
    }

    /// What went wrong with a request to Together, as the system or Together said it (the
    /// server's reason when it refused): the detail a screen's problem shows.
    public static func detail(of error: any Error) -> String {
        if let error = error as? TogetherError { return error.description }
        return String(describing: error)
    }
}

/// How requests travel: URLSession in the app and in the server's tests over loopback.
public struct TogetherTransport: Sendable {
    public var send: @Sendable (URLRequest) async throws -> (Data, HTTPURLResponse)

    public init(send: @escaping @Sendable (URLRequest) async throws -> (Data, HTTPURLResponse)) { self.send = send }

    /// How long a request may take before it counts as "later" (a server that lost its database
    /// answers 503 within a second; one that does not answer at all is not waited on for long).
    public static let timeout: TimeInterval = 15

    public static let urlSession = TogetherTransport { request in
        var request = request
        request.timeoutInterval = min(request.timeoutInterval, timeout)
        let data: Data, response: URLResponse
        do {
            (data, response) = try await URLSession.shared.data(for: request)
        } catch let error as URLError where error.code == .timedOut {
            throw TogetherError.later(retryAfter: nil)
        } catch {
            throw TogetherError.unreachable(error.localizedDescription)
        }
        guard let http = response as? HTTPURLResponse else { throw TogetherError.unreadable("Together's answer was not HTTP") }
        return (data, http)
    }
}

/// This install's signing key (Curve25519): the app keeps it in the Keychain; tests make one.
// NB: @unchecked because swift-crypto's private keys are not marked Sendable; the key is a `let`.
public struct TogetherIdentity: @unchecked Sendable {
    let key: Curve25519.Signing.PrivateKey

    /// A new key (a new install's).
    public init() { key = Curve25519.Signing.PrivateKey() }

    /// The key kept as its 32 raw bytes.
    public init(rawRepresentation: Data) throws { key = try Curve25519.Signing.PrivateKey(rawRepresentation: rawRepresentation) }

    /// What to keep in the Keychain.
    public var rawRepresentation: Data { key.rawRepresentation }
    public var publicKey: Data { key.publicKey.rawRepresentation }

    func sign(_ bytes: Data) throws -> Data { try key.signature(for: bytes) }

    /// A fresh nonce: 24 random bytes in base64url (32 characters).
    func nonce() -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<24).map { _ in UInt8.random(in: 0...255, using: &generator) }
        return Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
    }
}
