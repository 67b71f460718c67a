// swift-tools-version: 6.1
import PackageDescription
import Foundation

// libFuzzer targets built with SwiftPM: the prayer library loader (`ThresholdCore`), and the
// parsers that live beside GRDB or Yams: backup import (`ThresholdStore`) and the scenario reader
// (`ThresholdCLI`). Built by `Fuzz/run-fuzzer` with
// `-sanitize=fuzzer,address` on the command line, so that the root's code is instrumented too;
// nothing here is part of the root package or of CI.

// A path dependency's identity is its folder's name (the worktree's), not the manifest's name.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
let rootIdentity = root.lastPathComponent.lowercased()
let swift6: [SwiftSetting] = [.swiftLanguageMode(.v6)]

let package = Package(
    name: "ThresholdFuzz",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(path: root.path),
        // The root's own Yams, for writing a parsed scenario's YAML out again.
        .package(url: "https://github.com/jpsim/Yams.git", from: "6.2.2"),
    ],
    targets: [
        // libFuzzer's driver, which every target's entry point hands over to.
        .target(name: "FuzzDriver", swiftSettings: swift6),
        .executableTarget(
            name: "PrayerLibraryFuzz",
            dependencies: ["FuzzDriver", .product(name: "ThresholdCore", package: rootIdentity)],
            swiftSettings: swift6
        ),
        .executableTarget(
            name: "BackupFuzz",
            dependencies: [
                "FuzzDriver", .product(name: "StoreClient", package: rootIdentity),
                .product(name: "ThresholdCore", package: rootIdentity),
            ],
            swiftSettings: swift6
        ),
        .executableTarget(
            name: "ScenarioFuzz",
            dependencies: [
                "FuzzDriver", .product(name: "ThresholdCLI", package: rootIdentity),
                .product(name: "ThresholdCore", package: rootIdentity),
                .product(name: "Yams", package: "yams"),
            ],
            swiftSettings: swift6
        ),
    ]
)
