import AsyncHTTPClient
import Crypto
import Foundation
import Logging
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL
import ThresholdCore

/// Where and as whom the server pushes: Apple Push Notification service over HTTP/2, with
/// token-based authentication (an ES256 JWT signed by the team's `.p8` key).
// NB: @unchecked because swift-crypto's private keys are not marked Sendable; the key is a `let`
// and never mutated.
public struct APNsConfiguration: @unchecked Sendable {
    public enum Environment: String, Sendable, CaseIterable {
        /// Apps from the App Store and TestFlight.
        case production
        /// Development builds (`aps-environment` development).
        case sandbox

        public var endpoint: URL {
            switch self {
            case .production: URL(string: "https://api.push.apple.com")!
            case .sandbox: URL(string: "https://api.sandbox.push.apple.com")!
            }
        }
    }

    /// The server pushes to, `https://api.push.apple.com` unless said (the tests' stand-in's).
    public var endpoint: URL
    /// The Apple Developer team the key belongs to (the JWT's `iss`).
    public var teamID: String
    /// The key's id (the JWT's `kid`).
    public var keyID: String
    /// The `.p8` key (PKCS #8, P-256).
    public let key: P256.Signing.PrivateKey
    /// The app's bundle id (`apns-topic`).
    public var topic: String
    /// Certificates to trust besides the system's (the tests' stand-in signs its own); `nil`: the system's.
    public var trustRoots: [NIOSSLCertificate]?

    public init(
        endpoint: URL, teamID: String, keyID: String, key: P256.Signing.PrivateKey, topic: String,
        trustRoots: [NIOSSLCertificate]? = nil
    ) {
        self.endpoint = endpoint
        self.teamID = teamID
        self.keyID = keyID
        self.key = key
        self.topic = topic
        self.trustRoots = trustRoots
    }

    /// TOGETHER_APNS_KEY_FILE (the `.p8` file), TOGETHER_APNS_KEY_ID, TOGETHER_APNS_TEAM_ID,
    /// TOGETHER_APNS_TOPIC (app.threshold), TOGETHER_APNS_ENVIRONMENT (production or sandbox) or
    /// TOGETHER_APNS_ENDPOINT (a URL, for a stand-in) and TOGETHER_APNS_TRUST_ROOTS (a PEM file of
    /// the certificates a stand-in's TLS is signed with; APNs itself needs none). `nil` when no key
    /// file is named: no push, the apps fetch their messages as before.
    public static func fromEnvironment(_ environment: [String: String]) throws -> APNsConfiguration? {
        guard let file = environment["TOGETHER_APNS_KEY_FILE"] else { return nil }
        guard let keyID = environment["TOGETHER_APNS_KEY_ID"], let teamID = environment["TOGETHER_APNS_TEAM_ID"] else {
            throw ConfigurationError(
                "TOGETHER_APNS_KEY_FILE needs TOGETHER_APNS_KEY_ID and TOGETHER_APNS_TEAM_ID (from the key's page in the Apple Developer account)."
            )
        }
        let pem: String
        do { pem = try String(contentsOfFile: file, encoding: .utf8) } catch {
            throw ConfigurationError("The APNs key \(file) cannot be read: \(error.localizedDescription)")
        }
        let key: P256.Signing.PrivateKey
        do { key = try P256.Signing.PrivateKey(pemRepresentation: pem) } catch {
            throw ConfigurationError("\(file) is not an APNs .p8 key (a P-256 private key in PEM): \(error)")
        }
        let endpoint: URL
        if let text = environment["TOGETHER_APNS_ENDPOINT"] {
            guard let url = URL(string: text), url.scheme == "https" else {
                throw ConfigurationError("TOGETHER_APNS_ENDPOINT is an https URL, not “\(text)”.")
            }
            endpoint = url
        } else {
            let name = environment["TOGETHER_APNS_ENVIRONMENT"] ?? Environment.production.rawValue
            guard let chosen = Environment(rawValue: name) else {
                throw ConfigurationError("TOGETHER_APNS_ENVIRONMENT is production or sandbox, not “\(name)”.")
            }
            endpoint = chosen.endpoint
        }
        let trustRoots = try environment["TOGETHER_APNS_TRUST_ROOTS"].map { file in
            let certificates = try? NIOSSLCertificate.fromPEMFile(file)
            guard let certificates, !certificates.isEmpty else {
                throw ConfigurationError("TOGETHER_APNS_TRUST_ROOTS names a PEM file of certificates; \(file) holds none that can be read.")
            }
            return certificates
        }
        return APNsConfiguration(
            endpoint: endpoint, teamID: teamID, keyID: keyID, key: key, topic: environment["TOGETHER_APNS_TOPIC"] ?? "app.threshold",
            trustRoots: trustRoots)
    }
}

/// One alert to one device.
public struct Push: Sendable, Equatable {
    /// The device token, in hex.
    public let token: String
    /// `apns-id`: the same for every attempt at the same message and device.
    public let id: UUID
    /// `apns-collapse-id`: the app's own notification id for the message, so the push and the
    /// app's fetch of it are one notification.
    public let collapseID: String
    public let title: String
    public let body: String
    /// Until when APNs keeps trying an offline device.
    public let expiration: Date
}

/// What APNs answered.
public enum APNsAnswer: Sendable, Equatable {
    /// 200: APNs took it (it delivers when it can).
    case accepted
    /// Try again later, after a while: 429 (too many for this device), 500 and 503 (APNs down), or
    /// no connection could be made (nothing was sent).
    case later(status: Int?, reason: String?)
    /// 410: the device token is no longer valid for the topic (the app was deleted): forget it.
    case unregistered
    /// 400 BadDeviceToken, and the like: this token will never work here: forget it.
    case badToken(reason: String)
    /// 403 ExpiredProviderToken / InvalidProviderToken: a fresh JWT, and try once more.
    case providerToken(reason: String)
    /// Any other refusal (400 with a reason, 413…): not tried again.
    case refused(status: Int, reason: String?)
    /// Sent, and no answer came (a timeout after the request went): it may have been delivered.
    case unknown(String)
}

/// Sends alerts to APNs over HTTP/2 (async-http-client negotiates h2 over TLS), each with a
/// provider token: an ES256 JWT (`kid` the key's id, `iss` the team, `iat` now), made again every
/// 40 minutes (APNs refuses one older than an hour, and one made more often than every 20).
public final class APNsClient: Sendable {
    let configuration: APNsConfiguration
    let http: HTTPClient
    private let jwt: Locked<(token: String, madeAt: Date)?> = Locked(nil)
    /// The HTTP version of the last answer (2 with APNs, which speaks nothing else).
    let lastVersion = Locked<Int?>(nil)
    private let now: @Sendable () -> Date

    public init(configuration: APNsConfiguration, now: @escaping @Sendable () -> Date = { Date() }) {
        self.configuration = configuration
        self.now = now
        var tls = TLSConfiguration.makeClientConfiguration()
        if let roots = configuration.trustRoots { tls.trustRoots = .certificates(roots) }
        tls.applicationProtocols = ["h2"]
        var client = HTTPClient.Configuration(tlsConfiguration: tls, timeout: .init(connect: .seconds(5), read: .seconds(15)))
        client.httpVersion = .automatic
        http = HTTPClient(eventLoopGroupProvider: .singleton, configuration: client)
    }

    public func shutdown() async throws { try await http.shutdown() }

    /// How long a provider token is used before a fresh one is made.
    static let tokenLifetime: TimeInterval = 40 * 60

    /// The provider token, made again when old (or when APNs said it expired).
    func providerToken(fresh: Bool = false) throws -> String {
        let instant = now()
        return try jwt.update { held in
            if !fresh, let held, instant.timeIntervalSince(held.madeAt) < Self.tokenLifetime, instant >= held.madeAt { return held.token }
            let token = try Self.makeJWT(teamID: configuration.teamID, keyID: configuration.keyID, key: configuration.key, at: instant)
            held = (token, instant)
            return token
        }
    }

    /// `header.claims.signature`, each base64url: ES256 over the first two.
    static func makeJWT(teamID: String, keyID: String, key: P256.Signing.PrivateKey, at instant: Date) throws -> String {
        let header = Data(#"{"alg":"ES256","kid":"\#(keyID)"}"#.utf8).base64URL
        let claims = Data(#"{"iss":"\#(teamID)","iat":\#(Int64(instant.timeIntervalSince1970))}"#.utf8).base64URL
        let signature = try key.signature(for: Data("\(header).\(claims)".utf8))
        return "\(header).\(claims).\(signature.rawRepresentation.base64URL)"
    }

    /// The alert's JSON: the title and words the app would show, nothing else (never an app's name:
    /// the words are `PartnerMessage.text(from:)`).
    static func payload(_ push: Push) -> Data {
        let object: [String: Any] = ["aps": ["alert": ["title": push.title, "body": push.body], "sound": "default"]]
        return (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
    }

    /// Sends one alert; a provider token APNs calls expired or invalid is made again once.
    public func send(_ push: Push) async -> APNsAnswer {
        let answer = await attempt(push, freshToken: false)
        guard case .providerToken = answer else { return answer }
        return await attempt(push, freshToken: true)
    }

    private func attempt(_ push: Push, freshToken: Bool) async -> APNsAnswer {
        let bearer: String
        do { bearer = try providerToken(fresh: freshToken) } catch {
            return .refused(status: 0, reason: "the provider token could not be signed: \(error)")
        }
        var request = HTTPClientRequest(url: configuration.endpoint.appendingPathComponent("3/device/\(push.token)").absoluteString)
        request.method = .POST
        request.headers.add(name: "authorization", value: "bearer \(bearer)")
        request.headers.add(name: "apns-topic", value: configuration.topic)
        request.headers.add(name: "apns-push-type", value: "alert")
        request.headers.add(name: "apns-priority", value: "10")
        request.headers.add(name: "apns-id", value: push.id.uuidString.lowercased())
        request.headers.add(name: "apns-collapse-id", value: push.collapseID)
        request.headers.add(name: "apns-expiration", value: String(Int64(push.expiration.timeIntervalSince1970)))
        request.headers.add(name: "content-type", value: "application/json")
        request.body = .bytes(ByteBuffer(data: Self.payload(push)))
        let response: HTTPClientResponse
        do {
            response = try await http.execute(request, timeout: .seconds(20))
        } catch let error as HTTPClientError where error == .connectTimeout {
            return .later(status: nil, reason: "no connection: \(error)")
        } catch let error as NIOConnectionError {
            return .later(status: nil, reason: "no connection: \(error)")
        } catch let error as ChannelError {
            if case .connectTimeout = error { return .later(status: nil, reason: "no connection: \(error)") }
            return .unknown("\(error)")
        } catch {
            // NB: it may have gone out: at most once, so it is not sent again.
            return .unknown("\(error)")
        }
        lastVersion.value = response.version.major
        let body = try? await response.body.collect(upTo: 64 * 1024)
        let reason = body.flatMap { try? JSONSerialization.jsonObject(with: Data(buffer: $0)) as? [String: Any] }?["reason"] as? String
        let status = Int(response.status.code)
        switch status {
        case 200: return .accepted
        case 410: return .unregistered
        case 429, 500, 503: return .later(status: status, reason: reason)
        case 403 where reason == "ExpiredProviderToken" || reason == "InvalidProviderToken": return .providerToken(reason: reason ?? "")
        case 400 where ["BadDeviceToken", "DeviceTokenNotForTopic"].contains(reason ?? ""): return .badToken(reason: reason ?? "")
        default: return .refused(status: status, reason: reason)
        }
    }

}

extension Data {
    /// Base64 with the URL-safe alphabet and no padding (RFC 7515's base64url).
    var base64URL: String {
        base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(
            of: "=", with: "")
    }
}
