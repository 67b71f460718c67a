import Crypto
import Foundation
import Hummingbird
import HummingbirdHTTP2
import Logging
import NIOCore
import NIOSSL
import ServiceLifecycle
import SwiftASN1
import ThresholdCore
import X509
@testable import TogetherServer

/// A stand-in for APNs on loopback: HTTP/2 over TLS (Hummingbird's server, a certificate made for
/// the run), `POST /3/device/{token}` answered as Apple's documentation says APNs answers
/// ("Handling notification responses from APNs"): 200 with `apns-id`; 400, 403, 410, 413, 429, 500
/// and 503 with `{"reason": …}` (410 with a `timestamp` too). Each token answers from a script of
/// its own, then 200; every request is kept, with its headers and body.
package final class FakeAPNs: @unchecked Sendable {
    package struct Received: Sendable {
        package let token: String
        package let headers: [String: String]
        package let body: Data

        package var alert: [String: String]? {
            let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any]
            return (object?["aps"] as? [String: Any])?["alert"] as? [String: String]
        }
    }

    /// What the stand-in answers: a status and, but for 200, APNs's `reason`.
    package struct Answer: Sendable {
        package let status: Int
        package let reason: String?
        package static let ok = Answer(status: 200, reason: nil)

        package init(status: Int, reason: String?) {
            self.status = status
            self.reason = reason
        }
    }

    private let lock = NSLock()
    private var scripts: [String: [Answer]] = [:]
    private var received: [Received] = []
    private var delivered: [@Sendable (Received) -> Void] = []
    package let certificate: NIOSSLCertificate
    /// The certificate in PEM, for a server in a process of its own (`TOGETHER_APNS_TRUST_ROOTS`).
    package let certificatePEM: String
    package let port: Int
    private let group: ServiceGroup
    private let running: Task<Void, Never>

    /// The requests so far, in order.
    package var requests: [Received] { lock.withLock { received } }

    /// The next answers for `token`, in order (then 200).
    package func script(_ token: String, _ answers: [Answer]) { lock.withLock { scripts[token, default: []] += answers } }

    /// Called for every push answered 200: a simulated phone shows it.
    package func onDelivered(_ body: @escaping @Sendable (Received) -> Void) { lock.withLock { delivered.append(body) } }

    private func answer(_ request: Received) -> Answer {
        let (answer, tell): (Answer, [@Sendable (Received) -> Void]) = lock.withLock {
            received.append(request)
            let next = scripts[request.token]?.isEmpty == false ? scripts[request.token]!.removeFirst() : .ok
            return (next, next.status == 200 ? delivered : [])
        }
        for body in tell { body(request) }
        return answer
    }

    /// Starts it on a free loopback port.
    package static func start() async throws -> FakeAPNs {
        let key = P256.Signing.PrivateKey()
        let name = try DistinguishedName { CommonName("localhost") }
        let now = Date()
        let made = try Certificate(
            version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: .init(key.publicKey),
            notValidBefore: now.addingTimeInterval(-3_600), notValidAfter: now.addingTimeInterval(86_400),
            issuer: name, subject: name, signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.isCertificateAuthority(maxPathLength: 0))
                SubjectAlternativeNames([.dnsName("localhost")])
            },
            issuerPrivateKey: .init(key))
        var serializer = DER.Serializer()
        try serializer.serialize(made)
        let certificate = try NIOSSLCertificate(bytes: serializer.serializedBytes, format: .der)
        let privateKey = try NIOSSLPrivateKey(bytes: Array(key.pemRepresentation.utf8), format: .pem)
        var tls = TLSConfiguration.makeServerConfiguration(
            certificateChain: [.certificate(certificate)], privateKey: .privateKey(privateKey))
        tls.applicationProtocols = ["h2"]
        return try await FakeAPNs(certificate: certificate, pem: try made.serializeAsPEM().pemString, tls: tls)
    }

    private init(certificate: NIOSSLCertificate, pem: String, tls: TLSConfiguration) async throws {
        self.certificate = certificate
        certificatePEM = pem
        let bound = Locked<(port: Int?, waiting: CheckedContinuation<Int, any Error>?)>((nil, nil))
        let router = Router(context: BasicRequestContext.self)
        let box = Locked<FakeAPNs?>(nil)
        router.post("/3/device/:token") { request, context -> Response in
            var request = request
            let body = try await request.collectBody(upTo: 8_192)
            var headers: [String: String] = [:]
            for field in request.headers { headers[field.name.canonicalName] = field.value }
            let received = Received(token: context.parameters.get("token") ?? "", headers: headers, body: Data(buffer: body))
            guard let fake = box.value else { return Response(status: .internalServerError) }
            let answer = fake.answer(received)
            var response = Response(status: .init(code: answer.status))
            response.headers[.init("apns-id")!] = headers["apns-id"] ?? UUID().uuidString
            if let reason = answer.reason {
                let timestamp = answer.status == 410 ? #","timestamp":\#(Int64(Date().timeIntervalSince1970 * 1_000))"# : ""
                response.body = ResponseBody(byteBuffer: ByteBuffer(string: #"{"reason":"\#(reason)"\#(timestamp)}"#))
                response.headers[.contentType] = "application/json"
            }
            return response
        }
        var logger = Logger(label: "fake-apns")
        logger.logLevel = .critical
        let app = Application(
            router: router, server: try .http2Upgrade(tlsConfiguration: tls),
            configuration: .init(address: .hostname("127.0.0.1", port: 0), serverName: nil),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? 0
                bound.update { state in
                    if let waiting = state.waiting {
                        waiting.resume(returning: port)
                        state.waiting = nil
                    } else {
                        state.port = port
                    }
                }
            }, logger: logger)
        let group = ServiceGroup(configuration: .init(services: [app], logger: logger))
        self.group = group
        running = Task { try? await group.run() }
        port = try await withCheckedThrowingContinuation { continuation in
            bound.update { state in
                if let port = state.port { continuation.resume(returning: port) } else { state.waiting = continuation }
            }
        }
        box.value = self
    }

    /// Where the server's APNs client sends.
    package var endpoint: URL { URL(string: "https://localhost:\(port)")! }

    package func stop() async {
        await group.triggerGracefulShutdown()
        _ = await running.result
    }
}
