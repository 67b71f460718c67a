@preconcurrency import Crypto
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import PostgresNIO
import ServerTestSupport
import Testing
import ThresholdCore
import TogetherCore
@testable import TogetherServer

/// Partners hear at once (issue 27, item 4): each partner message is pushed to every device its
/// recipient registered, as an APNs alert, against a stand-in that answers as APNs does
/// (``FakeAPNs``: HTTP/2 over TLS).
@Suite(.serialized) struct PushTests {
    static let teamID = "TEAM123456", keyID = "KEY1234567"

    /// The server on a fresh database, the stand-in for APNs, and a sender pointed at it.
    func withPush(_ body: @Sendable (Phone, PostgresClient, FakeAPNs, PushSender, P256.Signing.PublicKey) async throws -> Void) async throws
    {
        let apns = try await FakeAPNs.start()
        let key = P256.Signing.PrivateKey()
        let configuration = APNsConfiguration(
            endpoint: apns.endpoint, teamID: Self.teamID, keyID: Self.keyID, key: key, topic: "app.threshold",
            trustRoots: [apns.certificate])
        let publicKey = key.publicKey
        do {
            try await withServer { phone, inspector in
                var logger = Logger(label: "push-tests")
                logger.logLevel = .critical
                let client = APNsClient(configuration: configuration, now: { phone.clock.now })
                let sender = PushSender(
                    store: TogetherStore(client: inspector, logger: logger), apns: client, clock: phone.clock, logger: logger)
                do {
                    try await body(phone, inspector, apns, sender, publicKey)
                } catch {
                    try? await client.shutdown()
                    throw error
                }
                try await client.shutdown()
            }
        } catch {
            await apns.stop()
            throw error
        }
        await apns.stop()
    }

    /// Alice and Bob, partners.
    func partners(_ phone: Phone) async throws -> (alice: Device, bob: Device) {
        let alice = try await phone.register("Alice"), bob = try await phone.register("Bob")
        let invitation = try await phone.send(.post, "/v1/partners/invitations", as: alice)
        let code = try #require(invitation.json?["code"] as? String)
        #expect(try await phone.send(.post, "/v1/partners/invitations/\(code)/accept", as: bob).status == 201)
        return (alice, bob)
    }

    static func token(_ byte: String) -> String { String(repeating: byte, count: 32) }

    func register(_ token: String, device: String, for account: Device, on phone: Phone) async throws -> Reply {
        try await phone.send(.put, "/v1/push-token", json: Data(#"{"device":"\#(device)","token":"\#(token)"}"#.utf8), as: account)
    }

    func brokeStreak(_ account: Device, on phone: Phone, key: String? = nil) async throws -> Reply {
        let keyField = key.map { #","key":"\#($0)""# } ?? ""
        return try await phone.send(
            .post, "/v1/partners/messages",
            json: Data(#"{"kind":"brokeStreak","day":"2026-11-24","streakDays":3\#(keyField)}"#.utf8), as: account)
    }

    @Test func aPartnerMessage_isPushedToEveryDeviceOfTheRecipient_onceEach_asAPNsAsks() async throws {
        try await withPush { phone, inspector, apns, sender, publicKey in
            let (alice, bob) = try await partners(phone)
            #expect(try await register(Self.token("0a"), device: "bob-iphone", for: bob, on: phone).status == 204)
            #expect(try await register(Self.token("0b"), device: "bob-ipad", for: bob, on: phone).status == 204)
            // A new token for the same install replaces the old one.
            #expect(try await register(Self.token("0c"), device: "bob-iphone", for: bob, on: phone).status == 204)
            #expect(try await TestDatabase.count("push_tokens", in: inspector) == 2)

            #expect(try await brokeStreak(alice, on: phone).status == 200)
            #expect(await sender.sendDue() == 2)
            let pushes = apns.requests
            #expect(Set(pushes.map(\.token)) == [Self.token("0c"), Self.token("0b")])
            for push in pushes {
                #expect(push.headers["apns-topic"] == "app.threshold")
                #expect(push.headers["apns-push-type"] == "alert")
                #expect(push.headers["apns-id"].flatMap(UUID.init(uuidString:)) != nil)
                #expect(push.headers["apns-collapse-id"]?.hasPrefix("together-message-") == true)
                #expect(push.alert == ["title": "Together", "body": "Alice broke an intention streak after 3 days."])
                #expect(!String(decoding: push.body, as: UTF8.self).lowercased().contains("instagram"))
                try Self.verify(bearer: push.headers["authorization"], with: publicKey)
            }
            #expect(sender.apns.lastVersion.value == 2, "APNs speaks HTTP/2")
            #expect(await sender.sendDue() == 0, "at most once per message and device")
            #expect(apns.requests.count == 2)

            // The app asks which of its messages came by push to it.
            let read = try await phone.send(.get, "/v1/partners/messages?after=0&device=bob-iphone", as: bob)
            let messages = try read.decode(Wire.Messages.self).messages
            #expect(messages.count == 1 && messages.first?.pushed == true)
            let other = try await phone.send(.get, "/v1/partners/messages?after=0&device=bob-watch", as: bob).decode(Wire.Messages.self)
            #expect(other.messages.first?.pushed == false)
            #expect(
                try await phone.send(.get, "/v1/partners/messages?after=0", as: bob).decode(Wire.Messages.self).messages.first?.pushed
                    == nil)
        }
    }

    @Test func apnsAnswers_areHandledAsItsDocumentationSays() async throws {
        try await withPush { phone, inspector, apns, sender, _ in
            let (alice, bob) = try await partners(phone)
            let unregistered = Self.token("1a"), bad = Self.token("1b"), tooLarge = Self.token("1c"), busy = Self.token("1d"),
                down = Self.token("1e")
            apns.script(unregistered, [.init(status: 410, reason: "Unregistered")])
            apns.script(bad, [.init(status: 400, reason: "BadDeviceToken")])
            apns.script(tooLarge, [.init(status: 413, reason: "PayloadTooLarge")])
            apns.script(busy, [.init(status: 429, reason: "TooManyRequests")])
            apns.script(down, [.init(status: 503, reason: "ServiceUnavailable"), .init(status: 500, reason: "InternalServerError")])
            for (index, token) in [unregistered, bad, tooLarge, busy, down].enumerated() {
                #expect(try await register(token, device: "d\(index)", for: bob, on: phone).status == 204)
            }
            #expect(try await brokeStreak(alice, on: phone).status == 200)
            #expect(await sender.sendDue() == 5)
            // 410 and BadDeviceToken: the tokens are forgotten; 413: given up; 429 and 503: later.
            var kept: [String] = []
            for try await token in try await inspector.query("SELECT token FROM push_tokens ORDER BY token", logger: TestDatabase.logger)
                .decode(String.self)
            {
                kept.append(token)
            }
            #expect(kept == [tooLarge, busy, down])
            #expect(await sender.sendDue() == 0, "a retry waits for its backoff")
            phone.clock.advance(by: PushSender.backoff(after: 1))
            #expect(await sender.sendDue() == 2)
            phone.clock.advance(by: PushSender.backoff(after: 2))
            #expect(await sender.sendDue() == 1, "503 then 500: a third try")
            #expect(await sender.sendDue() == 0)
            let tries = apns.requests.filter { $0.token == busy } + apns.requests.filter { $0.token == down }
            #expect(tries.count == 5)
            #expect(
                Set(apns.requests.filter { $0.token == down }.map { $0.headers["apns-id"] }).count == 1,
                "every try carries the same apns-id")
            var states: [String: String] = [:]
            for try await (token, state) in try await inspector.query(
                """
                SELECT token, coalesce(failed, CASE WHEN sent_at IS NOT NULL THEN 'sent' END, 'waiting') FROM push_deliveries
                """, logger: TestDatabase.logger
            ).decode((String, String).self) { states[token] = state }
            #expect(
                states == [
                    unregistered: "410 Unregistered", bad: "400 BadDeviceToken", tooLarge: "413 PayloadTooLarge", busy: "sent",
                    down: "sent",
                ])
        }
    }

    @Test func anExpiredProviderToken_isMadeAgain_andTheMessageGoesOnce() async throws {
        try await withPush { phone, _, apns, sender, publicKey in
            let (alice, bob) = try await partners(phone)
            let token = Self.token("2a")
            apns.script(token, [.init(status: 403, reason: "ExpiredProviderToken")])
            #expect(try await register(token, device: "iphone", for: bob, on: phone).status == 204)
            #expect(try await brokeStreak(alice, on: phone).status == 200)
            #expect(await sender.sendDue() == 1)
            let tries = apns.requests
            #expect(tries.count == 2 && tries[0].headers["apns-id"] == tries[1].headers["apns-id"])
            for push in tries { try Self.verify(bearer: push.headers["authorization"], with: publicKey) }
        }
    }

    @Test func aPushLeftOnItsWay_byASenderThatDied_isGivenUp_notSentTwice() async throws {
        try await withPush { phone, inspector, apns, sender, _ in
            let (alice, bob) = try await partners(phone)
            #expect(try await register(Self.token("3a"), device: "iphone", for: bob, on: phone).status == 204)
            #expect(try await brokeStreak(alice, on: phone).status == 200)
            // Another instance claimed it, then died before APNs answered.
            let claimed = try await sender.store.claimPushes(at: phone.clock.now, limit: 10)
            #expect(claimed.count == 1)
            phone.clock.advance(by: PushSender.abandonedAfter + 1)
            #expect(await sender.sendDue() == 0)
            #expect(apns.requests.isEmpty)
            for try await failed in try await inspector.query("SELECT failed FROM push_deliveries", logger: TestDatabase.logger).decode(
                String?.self)
            {
                #expect(failed == "abandoned on its way")
            }
        }
    }

    @Test func aMessageSentAgainWithItsKey_isPutInTheOutboxOnce_andPushedOnce() async throws {
        try await withPush { phone, inspector, apns, sender, _ in
            let (alice, bob) = try await partners(phone)
            #expect(try await register(Self.token("4a"), device: "iphone", for: bob, on: phone).status == 204)
            let key = "0123456789abcdef0123456789abcdef"
            let first = try await brokeStreak(alice, on: phone, key: key)
            let again = try await brokeStreak(alice, on: phone, key: key)
            #expect(first.status == 200 && again.status == 200 && again.json?["recipients"] as? Int == 1)
            #expect(try await TestDatabase.count("partner_outbox", in: inspector) == 1)
            #expect(await sender.sendDue() == 1)
            #expect(apns.requests.count == 1)
            let other = try await brokeStreak(alice, on: phone, key: "fedcba9876543210fedcba9876543210")
            #expect(other.status == 200)
            #expect(try await TestDatabase.count("partner_outbox", in: inspector) == 2)
        }
    }

    @Test func deletingTheAccount_deletesItsTokens_andABadTokenIsRefused() async throws {
        try await withServer { phone, inspector in
            let bob = try await phone.register("Bob")
            #expect(try await register(Self.token("5a"), device: "iphone", for: bob, on: phone).status == 204)
            let upper = try await register(Self.token("5A"), device: "iphone", for: bob, on: phone)
            #expect(upper.status == 400 && upper.error == "malformed")
            #expect(try await register("abc", device: "iphone", for: bob, on: phone).status == 400)
            #expect(try await register(Self.token("5b"), device: "a/b", for: bob, on: phone).status == 400)
            let extra = try await phone.send(
                .put, "/v1/push-token", json: Data(#"{"device":"x","token":"\#(Self.token("5c"))","app":"instagram"}"#.utf8), as: bob)
            #expect(extra.status == 400)
            #expect(try await phone.send(.delete, "/v1/account", as: bob).status == 204)
            #expect(try await TestDatabase.count("push_tokens", in: inspector) == 0)
        }
    }

    @Test func theConfiguration_readsTheKey_andTheEndpoint() throws {
        let key = P256.Signing.PrivateKey()
        let file = NSTemporaryDirectory() + "AuthKey_\(UUID().uuidString.prefix(8)).p8"
        try key.pemRepresentation.write(toFile: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: file) }
        let base = ["TOGETHER_APNS_KEY_FILE": file, "TOGETHER_APNS_KEY_ID": Self.keyID, "TOGETHER_APNS_TEAM_ID": Self.teamID]
        let production = try #require(try APNsConfiguration.fromEnvironment(base))
        #expect(production.endpoint == URL(string: "https://api.push.apple.com") && production.topic == "app.threshold")
        #expect(production.key.publicKey.rawRepresentation == key.publicKey.rawRepresentation)
        let sandbox = try #require(try APNsConfiguration.fromEnvironment(base.merging(["TOGETHER_APNS_ENVIRONMENT": "sandbox"]) { $1 }))
        #expect(sandbox.endpoint == URL(string: "https://api.sandbox.push.apple.com"))
        #expect(try APNsConfiguration.fromEnvironment([:]) == nil, "no key: no push")
        #expect(throws: ConfigurationError.self) { try APNsConfiguration.fromEnvironment(["TOGETHER_APNS_KEY_FILE": file]) }
        #expect(throws: ConfigurationError.self) {
            try APNsConfiguration.fromEnvironment(base.merging(["TOGETHER_APNS_ENVIRONMENT": "staging"]) { $1 })
        }
        #expect(throws: ConfigurationError.self) {
            try APNsConfiguration.fromEnvironment(base.merging(["TOGETHER_APNS_KEY_FILE": "/nonexistent.p8"]) { $1 })
        }
        #expect(production.trustRoots == nil, "APNs itself: the system's roots")
    }

    @Test func aStandInsCertificate_isTrusted_fromAPEMFile() async throws {
        let apns = try await FakeAPNs.start()
        let key = NSTemporaryDirectory() + "AuthKey_\(UUID().uuidString.prefix(8)).p8",
            roots = NSTemporaryDirectory() + "stand-in-\(UUID().uuidString.prefix(8)).pem"
        try P256.Signing.PrivateKey().pemRepresentation.write(toFile: key, atomically: true, encoding: .utf8)
        try apns.certificatePEM.write(toFile: roots, atomically: true, encoding: .utf8)
        defer { for file in [key, roots] { try? FileManager.default.removeItem(atPath: file) } }
        let configuration = try APNsConfiguration.fromEnvironment([
            "TOGETHER_APNS_KEY_FILE": key, "TOGETHER_APNS_KEY_ID": Self.keyID, "TOGETHER_APNS_TEAM_ID": Self.teamID,
            "TOGETHER_APNS_ENDPOINT": apns.endpoint.absoluteString, "TOGETHER_APNS_TRUST_ROOTS": roots,
        ])
        let client = try APNsClient(configuration: #require(configuration))
        let answer = await client.send(
            Push(
                token: Self.token("6a"), id: UUID(), collapseID: "together-message-1", title: "Together", body: "Hello",
                expiration: Date().addingTimeInterval(60)))
        try await client.shutdown()
        await apns.stop()
        #expect(answer == .accepted, "the stand-in's TLS is trusted")
        // A file with no certificate in it (the key's) stops the server at start.
        var refused = false
        do {
            _ = try APNsConfiguration.fromEnvironment([
                "TOGETHER_APNS_KEY_FILE": key, "TOGETHER_APNS_KEY_ID": Self.keyID,
                "TOGETHER_APNS_TEAM_ID": Self.teamID, "TOGETHER_APNS_TRUST_ROOTS": key,
            ])
        } catch is ConfigurationError {
            refused = true
        }
        #expect(refused)
    }

    /// A provider token as APNs reads it: ES256 over `header.claims`, `kid` the key's id, `iss` the team.
    static func verify(bearer: String?, with key: P256.Signing.PublicKey) throws {
        let jwt = try #require(bearer?.hasPrefix("bearer ") == true ? bearer.map { String($0.dropFirst(7)) } : nil)
        let parts = jwt.split(separator: ".").map(String.init)
        try #require(parts.count == 3)
        func decoded(_ text: String) throws -> Data {
            var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
            while base64.count % 4 != 0 { base64 += "=" }
            return try #require(Data(base64Encoded: base64))
        }
        let header = try #require(try JSONSerialization.jsonObject(with: decoded(parts[0])) as? [String: String])
        #expect(header == ["alg": "ES256", "kid": keyID])
        let claims = try #require(try JSONSerialization.jsonObject(with: decoded(parts[1])) as? [String: Any])
        #expect(claims["iss"] as? String == teamID && claims["iat"] is Int)
        let signature = try P256.Signing.ECDSASignature(rawRepresentation: decoded(parts[2]))
        #expect(key.isValidSignature(signature, for: Data("\(parts[0]).\(parts[1])".utf8)))
    }
}
