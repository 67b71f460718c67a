// swift-tools-version: 6.1
import Foundation
import PackageDescription

// Together's server: Hummingbird 2 over PostgreSQL, in a package of its own so that the app's
// package and its iOS build never see it. Shares its rules with the app through TogetherCore in the
// root package. See README.md.
let swift6: [SwiftSetting] = [.swiftLanguageMode(.v6)]

// The tests come in two targets: TogetherServerTests, the server's own, which build without any of
// the app's views, and TogetherJourneyTests, simulated phones going through the app's screens
// against the server, which build every view. SwiftPM links every test target into one test binary,
// so `swift build --build-tests` builds both; with TOGETHER_SKIP_JOURNEYS set (to anything) the
// journeys are left out of the package, and `swift build --build-tests` and `swift test` build and
// run the server's own tests alone, no view compiled (README.md, "Run it").
let journeys = ProcessInfo.processInfo.environment["TOGETHER_SKIP_JOURNEYS"] == nil

/// What both test targets use: the server, the shared support, Together's client and rules, and a
/// server on the router or against PostgreSQL.
let testDependencies: [Target.Dependency] = [
    "TogetherServer",
    "ServerTestSupport",
    .product(name: "TogetherClient", package: "Threshold"),
    .product(name: "TogetherCore", package: "Threshold"),
    .product(name: "ThresholdCore", package: "Threshold"),
    .product(name: "Hummingbird", package: "hummingbird"),
    .product(name: "HummingbirdTesting", package: "hummingbird"),
    .product(name: "PostgresNIO", package: "postgres-nio"),
    .product(name: "Crypto", package: "swift-crypto"),
]

let package = Package(
    name: "TogetherServer",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "together-server", targets: ["together-server"]),
        .executable(name: "together-load", targets: ["together-load"]),
    ],
    dependencies: [
        .package(name: "Threshold", path: ".."),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-crypto.git", from: "3.12.3"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        .package(url: "https://github.com/jpsim/Yams.git", from: "6.2.2"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
        // Push to partners: APNs over HTTP/2 with TLS (async-http-client); the tests' stand-in for
        // APNs is Hummingbird's HTTP/2 server over TLS (swift-nio-ssl) with a certificate made for
        // the run (swift-certificates).
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-certificates.git", from: "1.21.1"),
    ],
    targets: [
        // The routes, the signed-request check, the store over PostgreSQL and its migrations.
        .target(
            name: "TogetherServer",
            dependencies: [
                .product(name: "TogetherCore", package: "Threshold"),
                .product(name: "ThresholdCore", package: "Threshold"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            swiftSettings: swift6
        ),
        // Reads its configuration from the environment and runs; only wiring.
        .executableTarget(name: "together-server", dependencies: ["TogetherServer"], swiftSettings: swift6),
        // The load client: seeds accounts, then drives uploads and league reads at a fixed rate, each
        // request signed with a fresh nonce (README.md, "Figures").
        .executableTarget(
            name: "together-load",
            dependencies: [
                .product(name: "TogetherCore", package: "Threshold"),
                .product(name: "ThresholdCore", package: "Threshold"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            swiftSettings: swift6
        ),
        // What both test targets share: a database of its own per test, the signed phone, the server
        // on the router or live on loopback with a hand-set clock, openapi.yaml's checks and the
        // stand-in for APNs. No views: the server's own tests build without the app's screens. It
        // imports TogetherServer @testable, as the tests do, so it builds in debug (where SwiftPM
        // enables testing); a release build names its product (`--product together-server`).
        .target(
            name: "ServerTestSupport",
            dependencies: [
                "TogetherServer",
                .product(name: "TogetherClient", package: "Threshold"),
                .product(name: "TogetherCore", package: "Threshold"),
                .product(name: "ThresholdCore", package: "Threshold"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HummingbirdHTTP2", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Yams", package: "Yams"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "X509", package: "swift-certificates"),
            ],
            path: "Tests/ServerTestSupport",
            swiftSettings: swift6
        ),
        // The server's own tests: its routes, store, push, metrics and two servers on one database,
        // against a real PostgreSQL. No views (nothing here reaches AppFeature or the SwiftUI
        // stand-in), so `swift build --target TogetherServerTests` compiles none of the app's screens.
        .testTarget(
            name: "TogetherServerTests",
            dependencies: testDependencies + [
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Yams", package: "Yams"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            swiftSettings: swift6
        ),
    ]
)

if journeys {
    package.targets.append(
        // The journeys: simulated phones run the app's screens and screen models (over the simulated
        // iPhone) against the server live on loopback: TogetherAppTests, the Together scenarios
        // (Scenarios/) and the crawl from Together on (Crawl/). These build every view, against the
        // SwiftUI stand-in on Linux.
        .testTarget(
            name: "TogetherJourneyTests",
            dependencies: testDependencies + [
                .product(name: "FeatureClient", package: "Threshold"),
                .product(name: "AppFeature", package: "Threshold"),
                .product(name: "ScreenTimeSimulator", package: "Threshold"),
                .product(name: "ThresholdCLI", package: "Threshold"),
                .product(name: "TestSupport", package: "Threshold"),
                .product(name: "StoreClient", package: "Threshold"),
                .product(name: "InMemoryClients", package: "Threshold"),
            ],
            swiftSettings: swift6
        )
    )
}
