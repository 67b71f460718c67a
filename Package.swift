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
    defaultLocalization: "en",
    platforms: [.iOS(.v17), .macOS(.v14)],
    products: [
        .library(name: "ThresholdCore", targets: ["ThresholdCore"]),
        .library(name: "StoreClient", targets: ["StoreClient"]),
        .library(name: "ThresholdStore", targets: ["ThresholdStore"]),
        .library(name: "PrayerContent", targets: ["PrayerContent"]),
        .library(name: "ScreenTimeClient", targets: ["ScreenTimeClient"]),
        .library(name: "ThresholdRuntime", targets: ["ThresholdRuntime"]),
        // The screens' models: the app holds its `AppModel` (App/Threshold).
        .library(name: "FeatureClient", targets: ["FeatureClient"]),
        .library(name: "ScreenTimeSimulator", targets: ["ScreenTimeSimulator"]),
        // The builders and workloads, for the benchmark package in Benchmarks/.
        .library(name: "TestSupport", targets: ["TestSupport"]),
        // The store, Keychain and Screen Time the simulated phone keeps in memory, for Server/'s journeys.
        .library(name: "InMemoryClients", targets: ["InMemoryClients"]),
        // Together's shared rules, for the server package in Server/.
        .library(name: "TogetherCore", targets: ["TogetherCore"]),
        .library(name: "TogetherClient", targets: ["TogetherClient"]),
        .executable(name: "threshold", targets: ["threshold"]),
        // The scenario reader, for the fuzz target in Fuzz/Packages (not used by the app).
        .library(name: "ThresholdCLI", targets: ["ThresholdCLI", "ScenarioSteps", "ScenarioSetup"]),
    ],
    dependencies: [
        .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1"),
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams.git", from: "6.2.2"),
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
            // The rules' refusals are read as the person reads them.
            "SystemWords",
            .product(name: "PropertyBased", package: "swift-property-based"),
        ],
        swiftSettings: swift6
    ),
    .target(
        name: "ThresholdStore",
        dependencies: [
            "ThresholdCore", "StoreClient",
            .product(name: "GRDB", package: "GRDB.swift"),
            .product(name: "GRDBSQLite", package: "GRDB.swift"),
        ],
        swiftSettings: swift6
    ),
    .executableTarget(
        name: "threshold-store-stress", dependencies: ["ThresholdStore", "ThresholdRuntime", "ScreenTimeClient"], swiftSettings: swift6),
    .testTarget(
        name: "ThresholdStoreTests",
        dependencies: ["ThresholdStore", "StoreClient", "TestSupport", "ScreenTimeSimulator", "InMemoryClients", "threshold-store-stress"],
        resources: [.copy("Fixtures")],
        swiftSettings: swift6
    ),
    .target(
        name: "PrayerContent",
        dependencies: ["ThresholdCore"],
        resources: [.copy("Resources/Prayers")],
        swiftSettings: swift6
    ),
    .testTarget(name: "PrayerContentTests", dependencies: ["PrayerContent", "ThresholdCore"], swiftSettings: swift6),
    // The reconcile loop, the activity planner's consumer and the simulated iPhone.
    .target(name: "ScreenTimeClient", dependencies: ["ThresholdCore"], swiftSettings: swift6),
    // Threshold Pro: the App Store as an interface (offers, purchase, entitlements, updates); the
    // live StoreKit 2 value is PurchasesLive (iOS), the simulated store is the simulated phone's.
    .target(name: "PurchasesClient", dependencies: ["ThresholdCore"], swiftSettings: swift6),
    .target(name: "ThresholdRuntime", dependencies: ["ThresholdCore", "StoreClient", "ScreenTimeClient"], swiftSettings: swift6),
    // What a notification, a shield and the status say, worded from their values through String
    // Catalogs (the quips are content, Quips.json and Quips.es.json) for whichever process says them: the app, the
    // monitor, the shield extensions, an App Intent. On Linux StringCatalogs (a stand-in of
    // Foundation's, not SwiftUI) reads the catalogs, as iOS's `String(localized:)` does there.
    .target(
        name: "SystemWords",
        dependencies: ["ThresholdCore", "StoreClient"] + apple("StringCatalogs"),
        resources: [.process("Resources")],
        swiftSettings: swift6
    ),
    // What the simulated phone and the tests keep in memory where a phone keeps it on disk, in the
    // Keychain or in Screen Time: test machinery, which no shipping product reaches (PackageGraphTests).
    .target(
        name: "InMemoryClients", dependencies: ["ThresholdCore", "StoreClient", "ThresholdRuntime", "ScreenTimeClient", "TogetherClient"],
        swiftSettings: swift6),
    .target(
        name: "ScreenTimeSimulator",
        dependencies: [
            "ThresholdCore", "StoreClient", "ScreenTimeClient", "ThresholdRuntime", "EntryPoints", "PurchasesClient", "SystemWords",
            "InMemoryClients",
        ],
        swiftSettings: swift6
    ),
    // Scenarios: `setup:` is the one place that writes Threshold's state directly, before the
    // first step; the steps act only through the app's screen models and iOS's entry points, so
    // their module cannot reach the store (no StoreClient or ThresholdStore, and the simulated
    // phone's store is `@_spi(Setup)`; ThresholdCLITests.FrontDoorTests keeps it so).
    .target(
        name: "ScenarioSetup",
        dependencies: [
            "ThresholdCore", "StoreClient", "ScreenTimeClient", "ScreenTimeSimulator", "ThresholdRuntime", "FeatureClient", "PrayerContent",
            "PurchasesClient", "TogetherClient", .product(name: "Yams", package: "Yams"),
        ],
        swiftSettings: swift6
    ),
    .target(
        name: "ScenarioSteps",
        dependencies: [
            "ScenarioSetup", "FeatureClient", "EntryPoints", "ScreenTimeSimulator", "ScreenTimeClient", "ThresholdCore",
            "ThresholdRuntime", "PrayerContent", "TogetherClient", "TogetherCore", "SystemWords",
            // The app's real views, drawn by SwiftUI for Linux: the person acts on them.
            "AppFeature", "HomeFeature", "SessionsFeature", "ProfilesFeature", "OnboardingFeature", "UnlockFeature", "IntentionsFeature",
            "InsightsFeature", "PaywallFeature", "BackupFeature", "SelectionFeature", "SettingsFeature", "KeysFeature", "WidgetViews",
            "DesignSystem",
            .product(name: "Yams", package: "Yams"),
        ] + apple("SwiftUI", "WidgetKit"),
        // A member of a module this one does not import is out of reach, so the store's writes
        // (StoreClient's) cannot be called through a type that merely passes through.
        swiftSettings: swift6 + [.enableUpcomingFeature("MemberImportVisibility")]
    ),
    // Pictures: a screen as an HTML page in iOS's idiom, drawn to PNG by headless Chromium.
    .target(
        name: "ScreenPictures",
        dependencies: ["ScenarioSteps", "ScreenTimeSimulator", "DesignSystem"] + apple("SwiftUI", "WidgetKit"),
        swiftSettings: swift6
    ),
    // The crawler: every control of every screen reached, from states that are scenarios; it
    // acts only by scenario steps (ScenarioSteps), so it has the journeys' one front door.
    .target(
        name: "ScreenCrawler",
        dependencies: [
            "ScenarioSteps", "ScenarioSetup", "ScreenPictures", "ScreenTimeSimulator", "ScreenTimeClient", "ThresholdCore",
            .product(name: "Yams", package: "Yams"),
        ] + apple("SwiftUI"),
        swiftSettings: swift6 + [.enableUpcomingFeature("MemberImportVisibility")]
    ),
    // The crawler's own test (a button stripped of its action is reported) and a picture drawn.
    .testTarget(
        name: "ScreenCrawlerTests",
        dependencies: ["ScreenCrawler", "ScreenPictures", "ScenarioSteps", "DesignSystem"] + apple("SwiftUI"),
        swiftSettings: swift6
    ),
    .target(
        name: "ThresholdCLI",
        dependencies: [
            "ScenarioSetup", "ScenarioSteps", "ScreenCrawler", "ScreenPictures", "ThresholdCore", "StoreClient", "ScreenTimeSimulator",
            "ThresholdStore",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
            .product(name: "Yams", package: "Yams"),
        ],
        swiftSettings: swift6
    ),
    .executableTarget(name: "threshold", dependencies: ["ThresholdCLI"], swiftSettings: swift6),
    .testTarget(
        name: "ThresholdRuntimeTests",
        dependencies: [
            "ThresholdRuntime", "ScreenTimeSimulator", "TestSupport", "InMemoryClients",
            .product(name: "PropertyBased", package: "swift-property-based"),
        ],
        swiftSettings: swift6
    ),
    .testTarget(
        name: "ScreenTimeSimulatorTests",
        dependencies: [
            "ScreenTimeSimulator", "TestSupport",
            .product(name: "PropertyBased", package: "swift-property-based"),
        ],
        swiftSettings: swift6
    ),
    .testTarget(
        name: "ThresholdCLITests",
        dependencies: [
            "ThresholdCLI", "ScenarioSteps", "ScenarioSetup", "TestSupport", "ScreenTimeSimulator", "TogetherClient", "InMemoryClients",
            .product(name: "PropertyBased", package: "swift-property-based"),
        ],
        swiftSettings: swift6
    ),
    // Together's rules (weeks, day limits, leagues, signed requests), shared by the app and Server/.
    .target(name: "TogetherCore", dependencies: ["ThresholdCore"], swiftSettings: swift6),
    // Together's client in the app: signed requests over URLSession (Linux + iOS; the server's
    // tests drive it against the real server over loopback).
    .target(
        name: "TogetherClient", dependencies: ["TogetherCore", "ThresholdCore", .product(name: "Crypto", package: "swift-crypto")],
        swiftSettings: swift6),
    .testTarget(
        name: "TogetherCoreTests",
        dependencies: ["TogetherCore", "ThresholdCore", .product(name: "PropertyBased", package: "swift-property-based")],
        swiftSettings: swift6
    ),
    .testTarget(
        name: "TogetherClientTests",
        dependencies: ["TogetherClient", .product(name: "PropertyBased", package: "swift-property-based")],
        swiftSettings: swift6
    ),
    // What every iOS entry point does (shield buttons, intents, widgets), written against the
    // interfaces so it runs here on Linux against the simulator; and the Xcode project's checks.
    .target(
        name: "EntryPoints",
        dependencies: ["ThresholdCore", "StoreClient", "ScreenTimeClient", "ThresholdRuntime"],
        swiftSettings: swift6
    ),
    .testTarget(
        name: "EntryPointsTests",
        dependencies: [
            "EntryPoints", "ScreenTimeClient", "ScreenTimeSimulator", "StoreClient", "TestSupport", "SystemWords", "InMemoryClients",
        ],
        swiftSettings: swift6
    ),
    .testTarget(
        name: "AppProjectTests",
        dependencies: ["EntryPoints", "TestSupport", "ThresholdCore", .product(name: "Yams", package: "Yams")],
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
        dependencies: [
            "ThresholdKeys", "ThresholdCore", "StoreClient", "TestSupport", "InMemoryClients",
            .product(name: "PropertyBased", package: "swift-property-based"),
        ],
        swiftSettings: swift6
    ),
    // What the screens share: the client every change goes through (AppClient, RitualClient), the
    // state each commit publishes (AppState) and the app's comings and goings. Each screen's model
    // lives in its feature module.
    .target(
        name: "FeatureClient",
        dependencies: [
            "ThresholdCore", "StoreClient", "ThresholdKeys", "ThresholdRuntime", "EntryPoints", "ScreenTimeClient",
            "PurchasesClient", "TogetherCore", "TogetherClient",
        ],
        swiftSettings: swift6
    ),
    // Together's sync, with or without a screen (the foreground, background refresh and Settings ›
    // Together): the account in the Keychain, how far it got in the saved state.
    .target(
        name: "TogetherSync",
        dependencies: ["FeatureClient", "ThresholdCore", "StoreClient", "ScreenTimeClient", "TogetherClient", "TogetherCore"],
        swiftSettings: swift6
    ),
    // The design system's colours as values, so their contrast is checked here on Linux.
    .target(name: "DesignTokens", swiftSettings: swift6),
    .testTarget(name: "DesignTokensTests", dependencies: ["DesignTokens"], swiftSettings: swift6),
]

// MARK: - SwiftUI for Linux

// The views run here too: a module named SwiftUI and small stand-ins of the frameworks the views
// import (StandIns/), never built for iOS, where the SDK's are used. Documentation/Screens.md says
// what they draw and what they do not.
if !applePlatformBuild {
    let standIn: (String, [Target.Dependency]) -> Target = { name, dependencies in
        .target(name: name, dependencies: dependencies, path: "StandIns/\(name)", swiftSettings: swift6)
    }
    package.targets += [
        standIn("UniformTypeIdentifiers", []),
        standIn("CoreTransferable", ["UniformTypeIdentifiers"]),
        // Foundation's String Catalogs (`String(localized:)`) and how the person reads a phone's
        // words (Reading, the pseudolanguage): what SystemWords needs on Linux, without SwiftUI.
        standIn("StringCatalogs", []),
        standIn("SwiftUI", ["UniformTypeIdentifiers", "CoreTransferable", "StringCatalogs"]),
        standIn("UIKit", ["SwiftUI"]),
        standIn("Charts", ["SwiftUI"]),
        standIn("DeviceActivity", ["SwiftUI"]),
        standIn("WidgetKit", ["SwiftUI"]),
        .testTarget(name: "SwiftUILayerTests", dependencies: ["SwiftUI"], swiftSettings: swift6),
        .testTarget(
            name: "SystemWordsTests",
            dependencies: ["SystemWords", "StringCatalogs", "ThresholdCore", "StoreClient", "EntryPoints", "TestSupport"],
            swiftSettings: swift6),
        // The shared words and components, rendered as the phone shows them.
        .testTarget(
            name: "DesignSystemTests", dependencies: ["DesignSystem", "SwiftUI", "ThresholdCore", "TestSupport"], swiftSettings: swift6),
        // The screens' words for their models' values, rendered as the phone shows them.
        .testTarget(
            name: "FeatureWordsTests",
            dependencies: [
                "SettingsFeature", "PaywallFeature", "BackupFeature", "OnboardingFeature", "FeatureClient",
                "PurchasesClient", "TogetherCore", "SwiftUI", "ThresholdCore", "TestSupport",
            ],
            swiftSettings: swift6),
    ]
}

/// Apple frameworks a module imports: the SDK's on iOS, the stand-ins on Linux.
func apple(_ frameworks: String...) -> [Target.Dependency] {
    applePlatformBuild ? [] : frameworks.map { .target(name: $0) }
}

// MARK: - The screens (Linux + iOS)

// Each screen a vertical slice: its @Observable model, its views and its String Catalog, one module each; AppFeature is the root the app shows. The
// same source compiles for iOS against the SDK and here against the stand-ins, where the journeys
// run it. Views are annotated @MainActor (`.defaultIsolation` needs swift-tools 6.2).
package.targets += [
    .target(
        name: "DesignSystem", dependencies: ["ThresholdCore", "StoreClient", "DesignTokens", "SystemWords"] + apple("SwiftUI", "UIKit"),
        resources: [.process("Resources")], swiftSettings: swift6),
    // The report extension's scenes and views (Daily Review, the score).
    .target(
        name: "ReportExtension", dependencies: ["ThresholdCore", "DesignSystem"] + apple("SwiftUI", "DeviceActivity", "Charts"),
        resources: [.process("Resources")], swiftSettings: swift6),
    // The widgets' and the Live Activity's views; their configurations are WidgetsExtension's.
    .target(
        name: "WidgetViews", dependencies: ["ThresholdCore", "DesignSystem", "EntryPoints", "SystemWords"] + apple("SwiftUI", "WidgetKit"),
        resources: [.process("Resources")], swiftSettings: swift6),
]
let screens: [(name: String, uses: [Target.Dependency])] = [
    ("SelectionFeature", applePlatformBuild ? ["ScreenTimeLive"] : []),
    ("PaywallFeature", []),
    ("BackupFeature", apple("UniformTypeIdentifiers")),
    ("ProfilesFeature", ["SelectionFeature", "PaywallFeature"]),
    // Making a key: written to an NFC tag (Core NFC), or a link shown as a QR code.
    ("KeysFeature", apple("UIKit")),
    ("OnboardingFeature", ["SelectionFeature", "PaywallFeature", "BackupFeature", "ProfilesFeature", "KeysFeature"] + apple("UIKit")),
    ("SessionsFeature", []),
    ("HomeFeature", ["SelectionFeature", "SystemWords"]),
    ("UnlockFeature", ["SelectionFeature", "HomeFeature"]),
    ("IntentionsFeature", ["SelectionFeature"]),
    ("InsightsFeature", ["ReportExtension", "SelectionFeature", "HomeFeature"] + apple("DeviceActivity", "Charts")),
    (
        "SettingsFeature",
        [
            "SelectionFeature", "InsightsFeature", "PaywallFeature", "BackupFeature", "UnlockFeature", "KeysFeature", "TogetherCore",
            "TogetherSync",
            "SystemWords",
        ]
            + apple("UniformTypeIdentifiers", "CoreTransferable")
    ),
    (
        "AppFeature",
        [
            "OnboardingFeature", "PaywallFeature", "HomeFeature", "UnlockFeature", "SessionsFeature", "ProfilesFeature",
            "IntentionsFeature", "InsightsFeature", "SettingsFeature", "EntryPoints", "ScreenTimeClient", "PurchasesClient", "TogetherSync",
        ]
    ),
]
// The app's root and every screen: the app links it; the Together server's journeys run its screens.
package.products.append(.library(name: "AppFeature", targets: screens.map(\.name)))
package.targets += screens.map { screen in
    .target(
        name: screen.name, dependencies: ["FeatureClient", "DesignSystem", "ThresholdCore"] + screen.uses + apple("SwiftUI"),
        resources: [.process("Resources")], swiftSettings: swift6)
}

// Each feature's own tests: its model on the simulated iPhone (FeatureTestSupport's `Device`) or
// over an in-memory store (`Harness`), with what else the feature's screens lead into.
package.targets += [
    .target(
        name: "FeatureTestSupport",
        dependencies: [
            "FeatureClient", "OnboardingFeature", "SelectionFeature", "ThresholdCore", "StoreClient", "ThresholdKeys",
            "PrayerContent", "TestSupport", "EntryPoints", "ScreenTimeSimulator", "ScreenTimeClient", "ThresholdRuntime",
            "ScenarioSetup", "SystemWords", "TogetherClient", "InMemoryClients",
        ],
        path: "Tests/FeatureTestSupport",
        swiftSettings: swift6
    )
]
let featureTests: [(feature: String, uses: [Target.Dependency])] = [
    (
        "AppFeature",
        [
            "HomeFeature", "SessionsFeature", "ProfilesFeature", "OnboardingFeature", "UnlockFeature", "IntentionsFeature",
            "InsightsFeature", "SettingsFeature", "SelectionFeature", "PaywallFeature", "BackupFeature",
        ]
    ),
    ("HomeFeature", ["SessionsFeature", "UnlockFeature"]),
    ("SessionsFeature", []),
    ("ProfilesFeature", ["SelectionFeature", "IntentionsFeature"]),
    ("OnboardingFeature", ["SelectionFeature", "PaywallFeature", "KeysFeature"]),
    ("UnlockFeature", ["SettingsFeature"]),
    ("IntentionsFeature", ["SelectionFeature"]),
    ("SettingsFeature", ["AppFeature", "KeysFeature", "TogetherSync"]),
    ("BackupFeature", ["AppFeature", "SettingsFeature", "OnboardingFeature", "SessionsFeature", "SelectionFeature", "TogetherSync"]),
    ("PaywallFeature", ["AppFeature", "OnboardingFeature", "SettingsFeature", "SelectionFeature"]),
]
package.targets += featureTests.map { test in
    .testTarget(
        name: "\(test.feature)Tests",
        dependencies: [
            .target(name: test.feature), "FeatureTestSupport", "FeatureClient", "ThresholdCore", "StoreClient", "ThresholdKeys",
            "TestSupport", "EntryPoints", "ScreenTimeSimulator", "ScreenTimeClient", "ThresholdRuntime", "ScenarioSetup",
            "PurchasesClient", "TogetherClient", "TogetherCore", "PrayerContent", "InMemoryClients",
        ] + test.uses,
        swiftSettings: swift6)
}

// MARK: - iOS

if applePlatformBuild {
    // The live platform and the extensions' logic; App/project.yml links these products.
    let extensionProducts = [
        "SessionActivity", "ScreenTimeLive", "EntryPoints", "MonitorExtension", "ShieldConfigurationExtension",
        "ShieldActionExtension", "ThresholdIntents", "WidgetsExtension", "ReportExtension", "AppLive", "PurchasesLive",
    ]
    package.products += extensionProducts.map { .library(name: $0, targets: [$0]) }
    package.targets += [
        // The Live Activity's attributes and its ActivityKit client: the app's process only.
        .target(name: "SessionActivity", dependencies: ["ThresholdCore", "ScreenTimeClient"], swiftSettings: swift6),
        // What every process may use (no ActivityKit, no SwiftUI): the monitor links only this,
        // EntryPoints and the store.
        .target(
            name: "ScreenTimeLive",
            dependencies: ["ThresholdCore", "ScreenTimeClient", "SystemWords"],
            swiftSettings: swift6
        ),
        .target(name: "MonitorExtension", dependencies: ["EntryPoints", "ScreenTimeLive"], swiftSettings: swift6),
        // StoreKit 2 for Threshold Pro: the app's process only (extensions never call StoreKit).
        .target(name: "PurchasesLive", dependencies: ["PurchasesClient", "ThresholdCore"], swiftSettings: swift6),
        .target(
            name: "ShieldConfigurationExtension",
            dependencies: ["EntryPoints", "ScreenTimeLive", "DesignSystem", "PrayerContent", "SystemWords"],
            swiftSettings: swift6
        ),
        .target(name: "ShieldActionExtension", dependencies: ["EntryPoints", "ScreenTimeLive"], swiftSettings: swift6),
        .target(
            name: "ThresholdIntents",
            dependencies: ["EntryPoints", "SystemWords"],
            swiftSettings: swift6
        ),
        .target(
            name: "WidgetsExtension",
            dependencies: ["EntryPoints", "SessionActivity", "ThresholdIntents", "DesignSystem", "WidgetViews"],
            resources: [.process("Resources")],
            swiftSettings: swift6
        ),
        // The app's live dependencies and its root (AppRootView): the app target shows it.
        .target(
            name: "AppLive",
            dependencies: [
                "EntryPoints", "ScreenTimeLive", "SessionActivity", "ThresholdIntents", "DesignSystem", "AppFeature",
                "FeatureClient", "PurchasesLive", "TogetherClient", "PrayerContent",
            ],
            resources: [.process("Resources")],
            swiftSettings: swift6
        ),
    ]
}
