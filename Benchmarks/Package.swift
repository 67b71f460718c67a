// swift-tools-version: 6.1
import PackageDescription

// Threshold's benchmarks (ordo-one/benchmark), in a package of their own so that `swift build`
// and `swift test` at the root never build the benchmark machinery. See README.md.
let swift6: [SwiftSetting] = [.swiftLanguageMode(.v6)]

let package = Package(
    name: "ThresholdBenchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "Threshold", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark.git", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        // What the benchmarks run: the scaled set-ups in a store, a monitor callback's reconcile.
        .target(
            name: "Workloads",
            dependencies: [
                .product(name: "ThresholdCore", package: "Threshold"),
                .product(name: "StoreClient", package: "Threshold"),
                .product(name: "ThresholdStore", package: "Threshold"),
                .product(name: "ScreenTimeClient", package: "Threshold"),
                .product(name: "ThresholdRuntime", package: "Threshold"),
                .product(name: "TestSupport", package: "Threshold"),
            ],
            swiftSettings: swift6
        ),
        // One monitor callback's reconcile in a process of its own, for valgrind's heap figures.
        .executableTarget(name: "reconcile-once", dependencies: ["Workloads"], swiftSettings: swift6),
        // The planner at scale on the simulated phone (a fortnight's boundaries), run by .ci/run in release.
        .executableTarget(
            name: "scale-check",
            dependencies: [
                .product(name: "ThresholdCore", package: "Threshold"),
                .product(name: "ScreenTimeSimulator", package: "Threshold"),
                .product(name: "TestSupport", package: "Threshold"),
            ],
            swiftSettings: swift6
        ),
        // The suite; the plugin finds it under Benchmarks/.
        .executableTarget(
            name: "ThresholdBenchmarks",
            dependencies: [
                "Workloads",
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "ThresholdCore", package: "Threshold"),
                .product(name: "PrayerContent", package: "Threshold"),
                .product(name: "TestSupport", package: "Threshold"),
            ],
            path: "Benchmarks/ThresholdBenchmarks",
            swiftSettings: swift6,
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)
