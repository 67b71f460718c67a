// swift-tools-version: 6.1
import PackageDescription
import Foundation

// Threshold: the engine, store, simulator and CLI build on Linux and iOS; the SwiftUI features,
// the live Screen Time client and the design system are added only where Apple's SDKs exist.
let applePlatformBuild: Bool = {
    #if os(macOS)
    return true
    #else
    return ProcessInfo.processInfo.environment["APPLE_PLATFORM_BUILD"] != nil
    #endif
}()

let swift6: [SwiftSetting] = [.swiftLanguageMode(.v6)]

let package = Package(
    name: "Threshold",
    platforms: [.iOS(.v17), .macOS(.v14)],
    products: [
        .library(name: "ThresholdCore", targets: ["ThresholdCore"]),
        .library(name: "StoreClient", targets: ["StoreClient"]),
    ],
    dependencies: [
        .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1"),
        .package(url: "https://github.com/apple/swift-crypto.git", from: "3.12.3"),
    ],
    targets: []
)

// MARK: - Core (Linux + iOS)

package.targets += [
    .target(name: "ThresholdCore", swiftSettings: swift6),
    .target(name: "StoreClient", dependencies: ["ThresholdCore"], swiftSettings: swift6),
    .target(name: "TestSupport", dependencies: ["ThresholdCore"], swiftSettings: swift6),
    .testTarget(
        name: "ThresholdCoreTests",
        dependencies: [
            "ThresholdCore",
            "TestSupport",
            .product(name: "PropertyBased", package: "swift-property-based"),
        ],
        swiftSettings: swift6
    ),
    // NFC key tags: secrets, SHA-256 (swift-crypto; CryptoKit underneath on Apple platforms), taps.
    .target(
        name: "ThresholdKeys",
        dependencies: ["ThresholdCore", "StoreClient", .product(name: "Crypto", package: "swift-crypto")],
        swiftSettings: swift6
    ),
    .testTarget(
        name: "ThresholdKeysTests",
        dependencies: ["ThresholdKeys", "ThresholdCore", "StoreClient", "TestSupport",
                       .product(name: "PropertyBased", package: "swift-property-based")],
        swiftSettings: swift6
    ),
]

// MARK: - iOS

if applePlatformBuild {
    package.targets += [
        .target(name: "DesignSystem", dependencies: ["ThresholdCore"], swiftSettings: swift6),
    ]
}
