import Foundation
import Hummingbird
import Logging
import ThresholdCore
import TogetherCore

/// The routes: each reads and checks its request, then asks the store. Every refusal is a 4xx with
/// `{"error": code, "reason": …}` and changes nothing; anything unexpected is a 500 that says only
/// that, with the detail in the server's log.
public struct TogetherAPI: Sendable {
    public let store: TogetherStore
    public let clock: any TogetherClock
    let logger: Logger

    public init(store: TogetherStore, clock: any TogetherClock, logger: Logger) {
        self.store = store
        self.clock = clock
        self.logger = logger
    }

    /// Every route, as the OpenAPI document names it: method and path template.
    public static let routes: [(method: HTTPRequest.Method, path: String)] = [
        (.get, "/v1/health"),
        (.post, "/v1/accounts"),
        (.delete, "/v1/account"),
        (.post, "/v1/summaries"),
        (.get, "/v1/league"),
        (.post, "/v1/weeks/{week}/finalize"),
        (.post, "/v1/partners/invitations"),
        (.post, "/v1/partners/invitations/{code}/accept"),
        (.get, "/v1/partners"),
        (.delete, "/v1/partners/{partnership}"),
        (.post, "/v1/partners/messages"),
        (.get, "/v1/partners/messages"),
        (.put, "/v1/backup"),
        (.get, "/v1/backup"),
        (.delete, "/v1/backup"),
        (.put, "/v1/push-token"),
    ]

    public func register(on router: Router<BasicRequestContext>) {
        router.add(middleware: MethodNotAllowed())
        router.get("/v1/health") { _, _ in await respond { try await health() } }
        router.post("/v1/accounts") { request, _ in await respond { try await registerAccount(request) } }
        router.delete("/v1/account") { request, _ in await respond { try await deleteAccount(request) } }
        router.post("/v1/summaries") { request, _ in await respond { try await saveSummary(request) } }
        router.get("/v1/league") { request, _ in await respond { try await readLeague(request) } }
        router.post("/v1/weeks/:week/finalize") { request, context in
            await respond { try await finalizeWeek(request, week: context.parameters.get("week") ?? "") }
        }
        router.post("/v1/partners/invitations") { request, _ in await respond { try await invite(request) } }
        router.post("/v1/partners/invitations/:code/accept") { request, context in
            await respond { try await acceptInvitation(request, code: context.parameters.get("code") ?? "") }
        }
        router.get("/v1/partners") { request, _ in await respond { try await listPartners(request) } }
        router.delete("/v1/partners/:partnership") { request, context in
            await respond { try await endPartnership(request, id: context.parameters.get("partnership") ?? "") }
        }
        router.post("/v1/partners/messages") { request, _ in await respond { try await sendMessage(request) } }
        router.get("/v1/partners/messages") { request, _ in await respond { try await readMessages(request) } }
        router.put("/v1/backup") { request, _ in await respond { try await storeBackup(request) } }
        router.get("/v1/backup") { request, _ in await respond { try await fetchBackup(request) } }
        router.delete("/v1/backup") { request, _ in await respond { try await deleteBackup(request) } }
        router.put("/v1/push-token") { request, _ in await respond { try await storePushToken(request) } }
    }

    // MARK: Routes

    func health() async throws -> Response {
        // NB: down is 503 (``respond``), so a load balancer takes the instance out until it can serve.
        guard store.database.isUp else { throw DatabaseUnavailable() }
        for try await _ in try await store.client.query("SELECT 1", logger: logger).decode(Int.self) {}
        return try json(.ok, Wire.Health(status: "ok"))
    }

    func registerAccount(_ request: Request) async throws -> Response {
        let (signed, body) = try await signedRequest(request)
        guard signed.account == nil else {
            throw TogetherRefusal(.malformed, "Registration has no X-Threshold-Account: the account does not exist yet.")
        }
        let registration = try Wire.decode(Wire.Registration.self, from: body, keys: ["publicKey", "displayName"])
        guard let key = Data(base64Encoded: registration.publicKey), key.count == 32 else {
            throw TogetherRefusal(.malformed, "publicKey is a Curve25519 signing public key: 32 bytes in base64.")
        }
        let name = try Self.displayName(registration.displayName)
        let now = clock.now
        try signed.verify(publicKey: Array(key), now: now)
        try await store.useNonce(signed.request.nonce, publicKey: Array(key), at: now)
        let account = try await store.register(publicKey: Array(key), displayName: name, at: now)
        return try json(.created, Wire.Registered(accountID: account.id, tier: account.tier))
    }

    func deleteAccount(_ request: Request) async throws -> Response {
        let (account, signed, _) = try await authenticated(request)
        try await store.useNonce(signed.request.nonce, publicKey: account.publicKey, at: clock.now)
        _ = try await store.deleteAccount(account.id)
        return Response(status: .noContent)
    }

    func saveSummary(_ request: Request) async throws -> Response {
        let (account, signed, body) = try await authenticated(request)
        let summary = try Wire.decode(DailySummary.self, from: body, keys: ["day", "xp", "screenTimePoints"])
        let now = clock.now
        try summary.validate(at: now)
        try await store.useNonce(signed.request.nonce, publicKey: account.publicKey, at: now)
        let weekPoints = try await store.save(summary, for: account, at: now)
        return try json(.ok, Wire.Saved(day: summary.day, week: summary.week, points: summary.points, weekPoints: weekPoints))
    }

    func readLeague(_ request: Request) async throws -> Response {
        let (account, signed, _) = try await authenticated(request)
        let now = clock.now
        let week: LeagueWeek
        if let text = request.uri.queryParameters.get("week") {
            guard let day = try? LocalDate(parsing: text) else {
                throw TogetherRefusal(.malformed, "week is a Monday as yyyy-MM-dd, not “\(text)”.")
            }
            week = try LeagueWeek(monday: day)
        } else {
            week = LeagueWeek(containing: Clockwork(timeZone: TimeZone(identifier: "UTC")!).localDate(of: now))
        }
        try await store.useNonce(signed.request.nonce, publicKey: account.publicKey, at: now)
        guard let league = try await store.league(for: account, week: week, at: now) else {
            let reason =
                now >= week.closesAt
                ? "You took part in no league the week of \(week)."
                : "You join a league once last week's result is in (finalized from Monday 12:00 UTC)."
            return try json(
                .ok,
                Wire.LeagueBody(
                    week: week, placed: false, tier: account.tier, rank: nil, finalized: false, members: [],
                    result: nil, reason: reason))
        }
        let members = league.members.map {
            Wire.Member(rank: $0.rank, displayName: $0.displayName, points: $0.points, you: $0.account == account.id)
        }
        return try json(
            .ok,
            Wire.LeagueBody(
                week: week, placed: true, tier: league.tier, rank: members.first(where: \.you)?.rank, finalized: league.finalized,
                members: members, result: league.result.map { Wire.Result(outcome: $0.outcome, tierAfter: $0.tierAfter) }, reason: nil))
    }

    func finalizeWeek(_ request: Request, week text: String) async throws -> Response {
        let (account, signed, _) = try await authenticated(request)
        guard let day = try? LocalDate(parsing: text) else {
            throw TogetherRefusal(.malformed, "The week is its Monday as yyyy-MM-dd, not “\(text)”.")
        }
        let week = try LeagueWeek(monday: day)
        let now = clock.now
        guard now >= week.closesAt else {
            throw TogetherRefusal(
                .weekOpen,
                "The week of \(week) is open until its Sunday has ended everywhere (\(ISO8601DateFormatter().string(from: week.closesAt)))."
            )
        }
        try await store.useNonce(signed.request.nonce, publicKey: account.publicKey, at: now)
        let started = ContinuousClock.now
        let done = try await store.finalize(week, at: now)
        ServerMetrics.finalized(in: ContinuousClock.now - started)
        logger.info("finalized \(week): \(done.accounts) accounts\(done.alreadyFinalized ? " (already)" : "")")
        return try json(
            .ok,
            Wire.Finalized(
                week: done.week, finalizedAt: done.finalizedAt, accounts: done.accounts,
                alreadyFinalized: done.alreadyFinalized))
    }

    // MARK: Reading requests

    /// The body, refused past `limit` bytes (``SignedRequest/maximumBodyBytes`` but for a backup).
    func body(of request: Request, limit: Int = SignedRequest.maximumBodyBytes) async throws -> Data {
        if let length = request.headers[.contentLength].flatMap(Int.init), length > limit {
            throw Self.tooLarge(limit)
        }
        var request = request
        do {
            let buffer = try await request.collectBody(upTo: limit)
            return Data(buffer.readableBytesView)
        } catch {
            throw Self.tooLarge(limit)
        }
    }

    static func tooLarge(_ limit: Int) -> TogetherRefusal {
        TogetherRefusal(.bodyTooLarge, "The body is over \(limit) bytes; no Together request needs that much.")
    }

    func signedRequest(_ request: Request, bodyLimit: Int = SignedRequest.maximumBodyBytes) async throws -> (SignedHeaders, Data) {
        let body = try await body(of: request, limit: bodyLimit)
        return (try SignedHeaders(request, body: body), body)
    }

    /// A request from a registered account whose signature verifies; its nonce is not yet used.
    func authenticated(
        _ request: Request, bodyLimit: Int = SignedRequest.maximumBodyBytes
    ) async throws -> (TogetherStore.Account, SignedHeaders, Data) {
        let (signed, body) = try await signedRequest(request, bodyLimit: bodyLimit)
        guard let id = signed.account else {
            throw TogetherRefusal(.malformed, "X-Threshold-Account is missing; send the account id registration returned.")
        }
        try signed.request.checkFreshness(now: clock.now)
        guard let account = try await store.account(id: id) else {
            throw TogetherRefusal(.unknownAccount, "No account has this id; it may have been deleted. Register again to take part.")
        }
        try signed.verify(publicKey: account.publicKey, now: clock.now)
        return (account, signed, body)
    }

    static func displayName(_ raw: String) throws -> String {
        let name = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard (1...40).contains(name.count), !name.unicodeScalars.contains(where: { CharacterSet.controlCharacters.contains($0) }) else {
            throw TogetherRefusal(.malformed, "A display name is 1 to 40 characters with no control characters.")
        }
        return name
    }

    // MARK: Responses

    /// The status each refusal is sent with.
    public static func status(for code: TogetherRefusal.Code) -> HTTPResponse.Status {
        switch code {
        case .malformed: .badRequest
        case .staleTime, .badSignature, .unknownAccount: .unauthorized
        case .replayedNonce, .alreadyRegistered, .weekOpen, .invitationUsed, .alreadyPartners, .tooManyPartners, .tooManyInvitations,
            .backupVersionConflict:
            .conflict
        case .unknownInvitation, .notPartners, .noBackup: .notFound
        case .invitationExpired: .gone
        case .bodyTooLarge: .contentTooLarge
        case .futureDay, .weekClosed, .impossiblePoints, .selfInvitation, .messageNotAllowed: .unprocessableContent
        case .tooManyMessages: .tooManyRequests
        }
    }

    /// Runs a route's work on the database (``Database/use(_:)``): a refusal is its 4xx; the database
    /// lost (found so before, during, or on checking after a failure) is 503 with `Retry-After`, at
    /// once; anything else is a 500.
    func respond(_ work: @escaping @Sendable () async throws -> Response) async -> Response {
        do {
            return try await store.database.use(work)
        } catch is DatabaseUnavailable {
            return unavailable()
        } catch let refusal as TogetherRefusal {
            logger.debug("refused: \(refusal)")
            ServerMetrics.refused(refusal.code)
            return (try? json(Self.status(for: refusal.code), Wire.Refusal(error: refusal.code.rawValue, reason: refusal.reason)))
                ?? Response(status: Self.status(for: refusal.code))
        } catch {
            // A failure the outage caused before the probe saw it: answered as the outage.
            if await !store.database.confirmUp() { return unavailable() }
            logger.error("internal error: \(String(reflecting: error))")
            ServerMetrics.failed()
            return
                (try? json(
                    .internalServerError,
                    Wire.Refusal(
                        error: "internal", reason: "The server failed; nothing was changed by this request's failure. Try again later.")))
                ?? Response(status: .internalServerError)
        }
    }

    /// 503 with `Retry-After` (``Database/retryAfter`` seconds): the database cannot be reached now;
    /// nothing was changed.
    func unavailable() -> Response {
        ServerMetrics.unavailable()
        var response =
            (try? json(
                .serviceUnavailable,
                Wire.Refusal(
                    error: "unavailable",
                    reason: "Together cannot reach its database just now; nothing was changed. Try again in a few seconds.")))
            ?? Response(status: .serviceUnavailable)
        response.headers[.retryAfter] = String(Database.retryAfter)
        return response
    }

    func json(_ status: HTTPResponse.Status, _ value: some Encodable) throws -> Response {
        let data = try Wire.encoder.encode(value)
        return Response(
            status: status, headers: [.contentType: "application/json"], body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }
}
