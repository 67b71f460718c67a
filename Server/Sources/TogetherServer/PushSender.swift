import Foundation
import Logging
import Metrics
import PostgresNIO
import ServiceLifecycle
import ThresholdCore
import TogetherCore

extension TogetherStore {
    /// Keeps an install's APNs token, replacing the one it sent before.
    public func keepPushToken(_ token: Wire.PushToken, for account: UUID, at now: Date) async throws {
        try await client.query(
            """
            INSERT INTO push_tokens (account_id, device, token, updated_at) VALUES (\(account), \(token.device), \(token.token), \(now))
            ON CONFLICT (account_id, device) DO UPDATE SET token = excluded.token, updated_at = excluded.updated_at
            """, logger: logger)
    }

    /// A push on its way: the outbox row it is for, the device, and what to send.
    public struct DuePush: Sendable, Equatable {
        public let outbox: Int64
        public let account: UUID
        public let device: String
        public let push: Push
        public let attempts: Int
    }

    /// Claims up to `limit` pushes due at `now` for this sender, marking each on its way
    /// (`sending_since`) in the same statement, so no other instance takes it (`SKIP LOCKED`). One
    /// that another sender left on its way longer than ``PushSender/abandonedAfter`` (it died
    /// meanwhile) is given up: it may have gone, and a push goes at most once.
    public func claimPushes(at now: Date, limit: Int) async throws -> [DuePush] {
        try await transaction { connection in
            try await connection.query(
                """
                UPDATE push_deliveries SET failed = 'abandoned on its way', sending_since = NULL
                WHERE sent_at IS NULL AND failed IS NULL AND sending_since < \(now.addingTimeInterval(-PushSender.abandonedAfter))
                """, logger: logger)
            var due: [DuePush] = []
            for try await (outbox, account, device, token, apnsID, attempts, from, kind, day, streak, nickname, sentAt)
                in try await connection.query(
                    """
                    WITH claimed AS (
                        UPDATE push_deliveries d SET sending_since = \(now), attempts = d.attempts + 1
                        WHERE (d.outbox_id, d.account_id, d.device) IN (
                            SELECT outbox_id, account_id, device FROM push_deliveries
                            WHERE sent_at IS NULL AND failed IS NULL AND sending_since IS NULL AND next_attempt_at <= \(now)
                            ORDER BY next_attempt_at LIMIT \(limit) FOR UPDATE SKIP LOCKED)
                        RETURNING d.outbox_id, d.account_id, d.device, d.token, d.apns_id, d.attempts
                    )
                    SELECT c.outbox_id, c.account_id, c.device, c.token, c.apns_id, c.attempts, a.display_name, o.kind, o.day::text,
                           o.streak_days, o.nickname, o.sent_at
                    FROM claimed c JOIN partner_outbox o ON o.id = c.outbox_id JOIN accounts a ON a.id = o.sender
                    """, logger: logger
                ).decode((Int64, UUID, String, String, UUID, Int, String, String, String, Int, String?, Date).self)
            {
                guard let kind = PartnerMessage.Kind(rawValue: kind), let day = try? LocalDate(parsing: day) else { continue }
                let message = PartnerMessage(kind: kind, day: day, streakDays: streak, nickname: nickname)
                due.append(
                    DuePush(
                        outbox: outbox, account: account, device: device,
                        push: Push(
                            token: token, id: apnsID, collapseID: "together-message-\(outbox)", title: "Together",
                            body: message.text(from: from),
                            expiration: sentAt.addingTimeInterval(Partners.messageRetention)), attempts: attempts))
            }
            return due
        }
    }

    /// Records what APNs answered for a claimed push.
    public func record(_ answer: APNsAnswer, for due: DuePush, at now: Date) async throws {
        try await transaction { connection in
            switch answer {
            case .accepted:
                try await connection.query(
                    """
                    UPDATE push_deliveries SET sent_at = \(now), sending_since = NULL
                    WHERE outbox_id = \(due.outbox) AND account_id = \(due.account) AND device = \(due.device)
                    """, logger: logger)
                try await connection.query(
                    "UPDATE partner_outbox SET pushed_at = coalesce(pushed_at, \(now)) WHERE id = \(due.outbox)",
                    logger: logger)
            case .later(let status, let reason) where due.attempts < PushSender.attempts:
                let next = now.addingTimeInterval(PushSender.backoff(after: due.attempts))
                try await connection.query(
                    """
                    UPDATE push_deliveries SET sending_since = NULL, next_attempt_at = \(next)
                    WHERE outbox_id = \(due.outbox) AND account_id = \(due.account) AND device = \(due.device)
                    """, logger: logger)
                logger.info("push for outbox \(due.outbox) waits: \(status.map(String.init) ?? "no connection") \(reason ?? "")")
            case .unregistered, .badToken:
                // The token will never work: it is forgotten, and every push waiting for it goes.
                try await connection.query(
                    """
                    DELETE FROM push_tokens WHERE account_id = \(due.account) AND device = \(due.device) AND token = \(due.push.token)
                    """, logger: logger)
                try await connection.query(
                    """
                    UPDATE push_deliveries SET failed = \(Self.words(answer)), sending_since = NULL
                    WHERE account_id = \(due.account) AND device = \(due.device) AND token = \(due.push.token) AND sent_at IS NULL
                    """, logger: logger)
            default:
                try await connection.query(
                    """
                    UPDATE push_deliveries SET failed = \(Self.words(answer)), sending_since = NULL
                    WHERE outbox_id = \(due.outbox) AND account_id = \(due.account) AND device = \(due.device)
                    """, logger: logger)
            }
        }
    }

    static func words(_ answer: APNsAnswer) -> String {
        switch answer {
        case .accepted: "accepted"
        case .later(let status, let reason): "later (\(status.map(String.init) ?? "no connection") \(reason ?? ""))"
        case .unregistered: "410 Unregistered"
        case .badToken(let reason): "400 \(reason)"
        case .providerToken(let reason): "403 \(reason)"
        case .refused(let status, let reason): "\(status) \(reason ?? "")"
        case .unknown(let detail): "no answer: \(detail)"
        }
    }
}

/// Pushes each partner message to its recipient's devices as an APNs alert (issue 27, item 4),
/// beside the fetch the apps make (which stays, for a device without a token, or a push that
/// failed): every ``interval`` it claims the pushes due (``TogetherStore/claimPushes(at:limit:)``),
/// sends each (``APNsClient``) and records the answer. At most once per message and device: a push
/// whose answer never came is not sent again. Retries with backoff (``backoff(after:)``) on 429,
/// 500, 503 and connections that could not be made, at most ``attempts`` times; a token APNs calls
/// unregistered (410) or bad is forgotten. Any number of instances can run it: a claim is a row lock.
public struct PushSender: Service {
    let store: TogetherStore
    let apns: APNsClient
    let clock: any TogetherClock
    let logger: Logger

    /// How often it looks for pushes due.
    public static let interval: Duration = .milliseconds(250)
    /// The most tries of one push (the first and its retries).
    public static let attempts = 8
    /// How long a push may stay on its way before it counts as abandoned (its sender died).
    public static let abandonedAfter: TimeInterval = 120

    public init(store: TogetherStore, apns: APNsClient, clock: any TogetherClock, logger: Logger) {
        self.store = store
        self.apns = apns
        self.clock = clock
        self.logger = logger
    }

    /// Seconds before the next try after `attempts` tries: 1, 2, 4 … up to 5 minutes.
    public static func backoff(after attempts: Int) -> TimeInterval {
        min(300, pow(2, Double(max(0, attempts - 1))))
    }

    public func run() async throws {
        await withGracefulShutdownHandler {
            while !Task.isCancelled, !Task.isShuttingDownGracefully {
                _ = await sendDue()
                try? await Task.sleep(for: Self.interval)
            }
        } onGracefulShutdown: {
        }
        try? await apns.shutdown()
    }

    /// Sends every push due now; returns how many it tried. The database lost: nothing now.
    @discardableResult
    public func sendDue() async -> Int {
        guard store.database.isUp else { return 0 }
        let due: [TogetherStore.DuePush]
        do {
            due = try await store.claimPushes(at: clock.now, limit: 50)
        } catch {
            logger.error("pushes could not be claimed: \(String(reflecting: error))")
            return 0
        }
        await withTaskGroup(of: Void.self) { group in
            for push in due {
                group.addTask {
                    let answer = await apns.send(push.push)
                    Metrics.Counter(label: "together_pushes_total", dimensions: [("answer", Self.label(answer))]).increment()
                    do {
                        try await store.record(answer, for: push, at: clock.now)
                    } catch {
                        logger.error("a push's answer could not be recorded: \(String(reflecting: error))")
                    }
                }
            }
        }
        return due.count
    }

    static func label(_ answer: APNsAnswer) -> String {
        switch answer {
        case .accepted: "accepted"
        case .later: "later"
        case .unregistered: "unregistered"
        case .badToken: "badToken"
        case .providerToken: "providerToken"
        case .refused: "refused"
        case .unknown: "unknown"
        }
    }
}
