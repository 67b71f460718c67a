import Foundation
import Hummingbird
import Logging
import Metrics
import Prometheus
import TogetherCore

/// What the server counts (swift-metrics), exported in Prometheus's text format on a listener of
/// its own, on loopback only (`TOGETHER_METRICS_PORT`), never beside the public API:
///
/// - `http_server_request_duration` (a histogram in seconds), `hb_requests`, `hb_request_errors`
///   and `http_server_active_requests`: Hummingbird's `MetricsMiddleware`, by route template
///   (`/v1/weeks/{week}/finalize`, never the values in a path), method and status;
/// - `together_refusals_total{error}`: each refusal by its code (a jump in `replayedNonce` or
///   `badSignature` is someone trying);
/// - `together_internal_errors_total`: 500s;
/// - `together_unavailable_total`: 503s, answered while the database cannot be reached, and
///   `together_database_up` (1 or 0), as the probe last found it (``Database``);
/// - `together_finalize_duration_seconds`: how long finalizing a week took.
///
/// Labels hold route templates and refusal codes only: never an account, a name or a key.
public enum ServerMetrics {
    static func refused(_ code: TogetherRefusal.Code) {
        Metrics.Counter(label: "together_refusals_total", dimensions: [("error", code.rawValue)]).increment()
    }

    static func failed() {
        Metrics.Counter(label: "together_internal_errors_total").increment()
    }

    static func unavailable() {
        Metrics.Counter(label: "together_unavailable_total").increment()
    }

    static func finalized(in duration: Duration) {
        Metrics.Timer(label: "together_finalize_duration_seconds").recordNanoseconds(
            duration.components.seconds * 1_000_000_000 + duration.components.attoseconds / 1_000_000_000)
    }

    /// Makes swift-metrics report into `registry` (once per process, as swift-metrics allows).
    public static func bootstrap(_ registry: PrometheusCollectorRegistry) {
        MetricsSystem.bootstrap(PrometheusMetricsFactory(registry: registry))
    }

    /// The operator's listener: `GET /metrics` answers the registry in Prometheus's text format.
    public static func application(registry: PrometheusCollectorRegistry, port: Int, logger: Logger) -> some ApplicationProtocol {
        Application(
            router: router(registry), configuration: .init(address: .hostname("127.0.0.1", port: port), serverName: nil),
            logger: logger)
    }

    static func router(_ registry: PrometheusCollectorRegistry) -> Router<BasicRequestContext> {
        let router = Router(context: BasicRequestContext.self)
        router.get("/metrics") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: registry.emitToBuffer())))
        }
        return router
    }
}
