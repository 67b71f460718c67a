import Crypto
import Foundation
import Logging
import PostgresNIO
import ThresholdCore
import TogetherCore

/// Accountability partners: invitations, partnerships, and the outbox their messages wait in.
///
/// Every change runs in one transaction; a refusal thrown inside it rolls it back, so a refused
/// request changes nothing. Invitations are kept as the SHA-256 of their code.
extension TogetherStore {
    public struct Partner: Sendable, Equatable {
        /// The partnership's id: what either side names to end it.
        public let id: UUID
        public let displayName: String
        public let since: Date
    }

    public struct OutboxMessage: Sendable, Equatable {
        public let id: Int64
        public let partnership: UUID
        public let from: String
        public let message: PartnerMessage
        public let sentAt: Date
        /// For a fetch that named a device: whether APNs took the message's push for it.
        public var pushed: Bool? = nil
    }

    static func digest(_ code: InvitationCode) -> ByteBuffer {
        ByteBuffer(bytes: Array(SHA256.hash(data: Array(code.text.utf8))))
    }

    /// Locks the accounts' rows, in id order, for the rest of the transaction.
    static func lock(_ accounts: [UUID], connection: PostgresConnection, logger: Logger) async throws {
        for id in accounts.sorted(by: { $0.uuidString < $1.uuidString }) {
            for try await _ in try await connection.query("SELECT 1 FROM accounts WHERE id = \(id) FOR UPDATE", logger: logger).decode(
                Int.self)
            {}
        }
    }

    static func partnerCount(_ account: UUID, connection: PostgresConnection, logger: Logger) async throws -> Int {
        for try await n in try await connection.query(
            "SELECT count(*)::bigint FROM partnerships WHERE account_a = \(account) OR account_b = \(account)", logger: logger
        ).decode(Int.self) { return n }
        return 0
    }

    // MARK: Invitations

    /// Makes an invitation for `account`; refuses one past the open-invitation or partner limits.
    public func invite(_ account: Account, at now: Date) async throws -> PartnerInvitation {
        try await transaction { connection in
            try await Self.lock([account.id], connection: connection, logger: logger)
            try Partners.checkRoomForPartner(current: try await Self.partnerCount(account.id, connection: connection, logger: logger))
            var open = 0
            for try await n in try await connection.query(
                """
                SELECT count(*)::bigint FROM partner_invitations
                WHERE inviter = \(account.id) AND accepted_at IS NULL AND expires_at > \(now)
                """, logger: logger
            ).decode(Int.self) { open = n }
            try Partners.checkRoomForInvitation(open: open)
            // 60 random bits: a collision is next to impossible, but one is retried, never served.
            for _ in 0..<4 {
                let invitation = PartnerInvitation(code: .random(), inviter: account.id.uuidString, createdAt: now)
                var inserted = false
                for try await _ in try await connection.query(
                    """
                    INSERT INTO partner_invitations (code_digest, inviter, created_at, expires_at)
                    VALUES (\(Self.digest(invitation.code)), \(account.id), \(now), \(invitation.expiresAt))
                    ON CONFLICT (code_digest) DO NOTHING RETURNING 1
                    """, logger: logger
                ).decode(Int.self) { inserted = true }
                if inserted { return invitation }
            }
            throw StoreError("four invitation codes in a row were taken")
        }
    }

    /// Uses the invitation `code` for `account`: pairs the two, or refuses (unknown, used, expired,
    /// the inviter's own, already partners, either side at the most partners) and changes nothing.
    public func accept(_ code: InvitationCode, by account: Account, at now: Date) async throws -> Partner {
        try await transaction { connection in
            var found: (inviter: UUID, created: Date, acceptedBy: UUID?, acceptedAt: Date?)?
            for try await row in try await connection.query(
                """
                SELECT inviter, created_at, accepted_by, accepted_at FROM partner_invitations
                WHERE code_digest = \(Self.digest(code)) FOR UPDATE
                """, logger: logger
            ).decode((UUID, Date, UUID?, Date?).self) { found = row }
            guard let found else {
                throw TogetherRefusal(.unknownInvitation, "No invitation has this code; check the link, or ask for a new one.")
            }
            // Used is `accepted_at` set: the one who accepted may since have deleted their account.
            var invitation = PartnerInvitation(
                code: code, inviter: found.inviter.uuidString, createdAt: found.created,
                acceptedBy: found.acceptedAt == nil ? nil : (found.acceptedBy?.uuidString ?? "a deleted account"))
            try invitation.accept(by: account.id.uuidString, at: now)
            let inviter = found.inviter
            try await Self.lock([inviter, account.id], connection: connection, logger: logger)
            let (a, b) = account.id.uuidString < inviter.uuidString ? (account.id, inviter) : (inviter, account.id)
            for try await _ in try await connection.query(
                "SELECT 1 FROM partnerships WHERE account_a = \(a) AND account_b = \(b)", logger: logger
            ).decode(Int.self) {
                throw TogetherRefusal(.alreadyPartners, "You are partners already.")
            }
            try Partners.checkRoomForPartner(current: try await Self.partnerCount(account.id, connection: connection, logger: logger))
            try Partners.checkRoomForPartner(
                current: try await Self.partnerCount(inviter, connection: connection, logger: logger),
                who: "The person who invited you")
            var name = ""
            for try await value in try await connection.query("SELECT display_name FROM accounts WHERE id = \(inviter)", logger: logger)
                .decode(String.self)
            { name = value }
            let id = UUID()
            try await connection.query(
                "INSERT INTO partnerships (id, account_a, account_b, since) VALUES (\(id), \(a), \(b), \(now))", logger: logger)
            try await connection.query(
                """
                UPDATE partner_invitations SET accepted_by = \(account.id), accepted_at = \(now) WHERE code_digest = \(Self.digest(code))
                """, logger: logger)
            return Partner(id: id, displayName: name, since: now)
        }
    }

    // MARK: Partnerships

    /// The account's partners, longest first.
    public func partners(of account: UUID) async throws -> [Partner] {
        var partners: [Partner] = []
        for try await (id, name, since) in try await client.query(
            """
            SELECT p.id, a.display_name, p.since FROM partnerships p
            JOIN accounts a ON a.id = CASE WHEN p.account_a = \(account) THEN p.account_b ELSE p.account_a END
            WHERE p.account_a = \(account) OR p.account_b = \(account)
            ORDER BY p.since, p.id
            """, logger: logger
        ).decode((UUID, String, Date).self) {
            partners.append(Partner(id: id, displayName: name, since: since))
        }
        return partners
    }

    /// Ends a partnership either side is in, with the messages between them; refuses any other.
    public func endPartnership(_ id: UUID, by account: UUID) async throws {
        var ended = false
        for try await _ in try await client.query(
            """
            DELETE FROM partnerships WHERE id = \(id) AND (account_a = \(account) OR account_b = \(account)) RETURNING 1
            """, logger: logger
        ).decode(Int.self) { ended = true }
        guard ended else {
            throw TogetherRefusal(.notPartners, "You are in no partnership with this id; it may have ended already.")
        }
    }

    // MARK: The outbox

    /// Deletes messages 30 days old and invitations a week past their expiry (kept that long so
    /// using one says it expired rather than that it never existed).
    func purge(at now: Date, connection: PostgresConnection) async throws {
        let messageCutoff = now.addingTimeInterval(-Partners.messageRetention)
        try await connection.query("DELETE FROM partner_outbox WHERE sent_at <= \(messageCutoff)", logger: logger)
        let invitationCutoff = now.addingTimeInterval(-PartnerInvitation.lifetime)
        try await connection.query("DELETE FROM partner_invitations WHERE expires_at < \(invitationCutoff)", logger: logger)
    }

    /// Puts `message` in the outbox for each of the sender's partners, with a push to wait for each
    /// device they registered (``PushSender``); returns how many partners. Refuses past the day's
    /// limit. A message whose key the sender used already (sent again, its answer lost) is not put
    /// in again: the answer is the first one's.
    public func send(_ message: PartnerMessage, from account: Account, at now: Date) async throws -> Int {
        try await transaction { connection in
            try await purge(at: now, connection: connection)
            try await Self.lock([account.id], connection: connection, logger: logger)
            if let key = message.key {
                var recipients: Int?
                for try await n in try await connection.query(
                    """
                    SELECT count(*)::bigint FROM partner_outbox WHERE sender = \(account.id) AND client_key = \(key)
                    """, logger: logger
                ).decode(Int.self) where n > 0 { recipients = n }
                if let recipients { return recipients }
            }
            var sent = 0
            for try await n in try await connection.query(
                """
                SELECT count(DISTINCT message_id)::bigint FROM partner_outbox
                WHERE sender = \(account.id) AND sent_at > \(now.addingTimeInterval(-Partners.messageWindow))
                """, logger: logger
            ).decode(Int.self) { sent = n }
            try Partners.checkRoomForMessage(sentInWindow: sent)
            var recipients = 0
            for try await _ in try await connection.query(
                """
                WITH sent AS (
                    INSERT INTO partner_outbox (message_id, partnership_id, sender, recipient, kind, day, streak_days, nickname, sent_at, client_key)
                    SELECT \(UUID()), p.id, \(account.id), CASE WHEN p.account_a = \(account.id) THEN p.account_b ELSE p.account_a END,
                           \(message.kind.rawValue), \(message.day.description)::date, \(message.streakDays), \(message.nickname), \(now),
                           \(message.key)
                    FROM partnerships p WHERE p.account_a = \(account.id) OR p.account_b = \(account.id)
                    RETURNING id, recipient
                ), pushes AS (
                    INSERT INTO push_deliveries (outbox_id, account_id, device, token, apns_id, next_attempt_at)
                    SELECT sent.id, t.account_id, t.device, t.token, gen_random_uuid(), \(now)
                    FROM sent JOIN push_tokens t ON t.account_id = sent.recipient
                )
                SELECT 1 FROM sent
                """, logger: logger
            ).decode(Int.self) { recipients += 1 }
            return recipients
        }
    }

    /// The messages to `account` after the id `after`, oldest first, at most `limit`; only from a
    /// partnership it is in (refused otherwise), and none older than 30 days. With `device`, each
    /// says whether APNs took its push for that device (``OutboxMessage/pushed``).
    public func messages(
        to account: UUID, after: Int64, partnership: UUID?, device: String? = nil, limit: Int,
        at now: Date
    ) async throws -> [OutboxMessage] {
        try await transaction { connection in
            try await purge(at: now, connection: connection)
            if let partnership {
                var member = false
                for try await _ in try await connection.query(
                    """
                    SELECT 1 FROM partnerships WHERE id = \(partnership) AND (account_a = \(account) OR account_b = \(account))
                    """, logger: logger
                ).decode(Int.self) { member = true }
                guard member else {
                    throw TogetherRefusal(
                        .notPartners, "You are in no partnership with this id; you can read only your partners' messages.")
                }
            }
            let cutoff = now.addingTimeInterval(-Partners.messageRetention)
            var messages: [OutboxMessage] = []
            for try await (id, pair, name, kind, day, streak, nickname, sentAt, pushed) in try await connection.query(
                """
                SELECT o.id, o.partnership_id, a.display_name, o.kind, o.day::text, o.streak_days, o.nickname, o.sent_at,
                       EXISTS (SELECT 1 FROM push_deliveries d WHERE d.outbox_id = o.id AND d.account_id = o.recipient
                               AND d.device = \(device) AND d.sent_at IS NOT NULL)
                FROM partner_outbox o JOIN accounts a ON a.id = o.sender
                WHERE o.recipient = \(account) AND o.id > \(after) AND o.sent_at > \(cutoff)
                  AND (\(partnership)::uuid IS NULL OR o.partnership_id = \(partnership))
                ORDER BY o.id LIMIT \(limit)
                """, logger: logger
            ).decode((Int64, UUID, String, String, String, Int, String?, Date, Bool).self) {
                guard let kind = PartnerMessage.Kind(rawValue: kind), let day = try? LocalDate(parsing: day) else {
                    throw StoreError("outbox row \(id) holds a kind or day the rules do not know")
                }
                messages.append(
                    OutboxMessage(
                        id: id, partnership: pair, from: name,
                        message: PartnerMessage(kind: kind, day: day, streakDays: streak, nickname: nickname), sentAt: sentAt,
                        pushed: device == nil ? nil : pushed))
            }
            return messages
        }
    }
}

/// Something the database held that it should not have; a 500, with the detail in the log.
struct StoreError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
