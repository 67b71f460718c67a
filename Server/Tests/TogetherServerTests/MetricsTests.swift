import Crypto
import Foundation
import Hummingbird
import HummingbirdTesting
import Prometheus
import ServerTestSupport
import Testing
@testable import TogetherServer

/// What the server counts, and its operator's listener (`ServerMetrics`): refusals by their code,
/// requests by route template, never an account, a name or a key.
@Suite(.serialized) struct MetricsTests {
    /// swift-metrics takes one backend per process: this suite's registry, bootstrapped once.
    static let registry: PrometheusCollectorRegistry = {
        let registry = PrometheusCollectorRegistry()
        ServerMetrics.bootstrap(registry)
        return registry
    }()

    @Test func refusalsAndRequests_areCounted_byCodeAndRoute_withoutWhoSentThem() async throws {
        let registry = Self.registry
        try await withServer { phone, _ in
            let alice = try await phone.register("Alice")
            let summary = Data(#"{"day":"2026-11-25","xp":3,"screenTimePoints":0}"#.utf8)
            let forged = try await phone.send(.post, "/v1/summaries", json: summary, as: alice, signer: Curve25519.Signing.PrivateKey())
            #expect(forged.status == 401)
            #expect(try await phone.send(.post, "/v1/summaries", json: summary, as: alice).status == 200)

            let text = registry.emitToString()
            #expect(text.contains(#"together_refusals_total{error="badSignature"}"#), "\(text)")
            #expect(text.contains("/v1/summaries") && text.contains("/v1/accounts"), "requests are counted by route: \(text)")
            let account = try #require(alice.account)
            #expect(!text.contains(account.uuidString) && !text.contains("Alice"), "no account and no name in any label")
        }

        // The operator's listener answers the same text.
        try await Application(router: ServerMetrics.router(registry)).test(.router) { client in
            let response = try await client.execute(uri: "/metrics", method: .get)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType]?.hasPrefix("text/plain; version=0.0.4") == true)
            #expect(String(buffer: response.body).contains("together_refusals_total"))
        }
    }
}
