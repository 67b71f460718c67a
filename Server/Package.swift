// swift-tools-version: 6.1
import PackageDescription

// Together's server: Hummingbird 2 over PostgreSQL, in a package of its own so that the app's
// package and its iOS build never see it. Shares its rules with the app through TogetherCore in the
// root package. See README.md.
let swift6: [SwiftSetting] = [.swiftLanguageMode(.v6)]

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
        .testTarget(
            name: "TogetherServerTests",
            dependencies: [
                "TogetherServer",
                .product(name: "TogetherClient", package: "Threshold"),
                .product(name: "TogetherCore", package: "Threshold"),
                .product(name: "ThresholdCore", package: "Threshold"),
                // Two simulated phones' apps (the app's screen models over the simulated iPhone)
                // against the server live on loopback: the Together scenarios.
                .product(name: "FeatureClient", package: "Threshold"),
                .product(name: "AppFeature", package: "Threshold"),
                .product(name: "ScreenTimeSimulator", package: "Threshold"),
                .product(name: "ThresholdCLI", package: "Threshold"),
                .product(name: "TestSupport", package: "Threshold"),
                .product(name: "StoreClient", package: "Threshold"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Yams", package: "Yams"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "HummingbirdHTTP2", package: "hummingbird"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "X509", package: "swift-certificates"),
            ],
            swiftSettings: swift6
        ),
    ]
)
