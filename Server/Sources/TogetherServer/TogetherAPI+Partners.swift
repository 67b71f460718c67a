import Foundation
import HTTPTypes
import Hummingbird
import ThresholdCore
import TogetherCore

/// Accountability partners' routes (issue 16, item 4).
extension TogetherAPI {
    /// The most messages one fetch returns; the cursor fetches the rest.
    static let messagesPerFetch = 100

    func invite(_ request: Request) async throws -> Response {
        let (account, signed, body) = try await authenticated(request)
        guard body.isEmpty else { throw TogetherRefusal(.malformed, "An invitation takes no body.") }
        let now = clock.now
        try await store.useNonce(signed.request.nonce, publicKey: account.publicKey, at: now)
        let invitation = try await store.invite(account, at: now)
        return try json(.created, Wire.Invitation(code: invitation.code.text, link: invitation.code.link, expiresAt: invitation.expiresAt))
    }

    func acceptInvitation(_ request: Request, code text: String) async throws -> Response {
        let (account, signed, body) = try await authenticated(request)
        guard body.isEmpty else { throw TogetherRefusal(.malformed, "Accepting an invitation takes no body.") }
        let code = try InvitationCode(text)
        let now = clock.now
        try await store.useNonce(signed.request.nonce, publicKey: account.publicKey, at: now)
        let partner = try await store.accept(code, by: account, at: now)
        return try json(.created, Wire.Partner(id: partner.id, displayName: partner.displayName, since: partner.since))
    }

    func listPartners(_ request: Request) async throws -> Response {
        let (account, signed, _) = try await authenticated(request)
        try await store.useNonce(signed.request.nonce, publicKey: account.publicKey, at: clock.now)
        let partners = try await store.partners(of: account.id)
        return try json(
            .ok, Wire.PartnerList(partners: partners.map { Wire.Partner(id: $0.id, displayName: $0.displayName, since: $0.since) }))
    }

    func endPartnership(_ request: Request, id text: String) async throws -> Response {
        let (account, signed, _) = try await authenticated(request)
        guard let id = UUID(uuidString: text) else {
            throw TogetherRefusal(.malformed, "A partnership is named by its id (a UUID), not “\(text)”.")
        }
        try await store.useNonce(signed.request.nonce, publicKey: account.publicKey, at: clock.now)
        try await store.endPartnership(id, by: account.id)
        return Response(status: .noContent)
    }

    func sendMessage(_ request: Request) async throws -> Response {
        let (account, signed, body) = try await authenticated(request)
        let message = try Wire.decode(PartnerMessage.self, from: body, keys: ["kind", "day", "streakDays"], optional: ["nickname", "key"])
        let now = clock.now
        try message.validate(at: now)
        try await store.useNonce(signed.request.nonce, publicKey: account.publicKey, at: now)
        let recipients = try await store.send(message, from: account, at: now)
        return try json(.ok, Wire.Sent(recipients: recipients))
    }

    func readMessages(_ request: Request) async throws -> Response {
        let (account, signed, _) = try await authenticated(request)
        let query = request.uri.queryParameters
        var after: Int64 = 0
        if let text = query.get("after") {
            guard let value = Int64(text), value >= 0 else {
                throw TogetherRefusal(.malformed, "after is the cursor a fetch returned: a whole number, 0 or more, not “\(text)”.")
            }
            after = value
        }
        var partnership: UUID?
        if let text = query.get("partner") {
            guard let id = UUID(uuidString: text) else {
                throw TogetherRefusal(.malformed, "partner is a partnership's id (a UUID), not “\(text)”.")
            }
            partnership = id
        }
        let device = query.get("device")
        if let device { try Wire.PushToken(device: device, token: String(repeating: "0", count: 64)).validate() }
        let now = clock.now
        try await store.useNonce(signed.request.nonce, publicKey: account.publicKey, at: now)
        let messages = try await store.messages(
            to: account.id, after: after, partnership: partnership, device: device,
            limit: Self.messagesPerFetch, at: now)
        return try json(
            .ok,
            Wire.Messages(
                messages: messages.map {
                    Wire.Message(
                        id: $0.id, partnership: $0.partnership, from: $0.from, kind: $0.message.kind, day: $0.message.day,
                        streakDays: $0.message.streakDays, nickname: $0.message.nickname, sentAt: $0.sentAt,
                        text: $0.message.text(from: $0.from),
                        pushed: $0.pushed)
                }, cursor: messages.last?.id ?? after))
    }

    /// `PUT /v1/push-token`: keeps this install's APNs token (one per account and device), replacing
    /// what it sent before.
    func storePushToken(_ request: Request) async throws -> Response {
        let (account, signed, body) = try await authenticated(request)
        let token = try Wire.decode(Wire.PushToken.self, from: body, keys: ["device", "token"])
        try token.validate()
        let now = clock.now
        try await store.useNonce(signed.request.nonce, publicKey: account.publicKey, at: now)
        try await store.keepPushToken(token, for: account.id, at: now)
        return Response(status: .noContent)
    }
}
