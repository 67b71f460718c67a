import Foundation
import Testing

/// The package as SwiftPM reads it (`swift package dump-package`): for iOS, as Xcode builds it
/// (`APPLE_PLATFORM_BUILD`), or for Linux, where the stand-ins of Apple's frameworks take the SDK's
/// place.
struct PackageGraph {
    struct Target {
        let name: String
        let type: String
        /// Where its sources are, when not `Sources/<name>`.
        let path: String?
        /// The package's own targets it depends on (not other packages' products).
        let dependencies: [String]

        var sourceFolder: String { path ?? (type == "test" ? "Tests/\(name)" : "Sources/\(name)") }

        /// Its Swift files.
        var swiftFiles: [URL] {
            let folder = ProjectFiles.root.appendingPathComponent(sourceFolder)
            let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
            return files.filter { $0.pathExtension == "swift" }
        }
    }

    let targets: [String: Target]
    let products: [String: [String]]

    init(apple: Bool) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        // NB: a scratch path of its own: `swift test` holds the package's .build, which a plain
        // `swift package` waits for. Dumping the manifest builds nothing there.
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("threshold-package-graph-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        process.arguments = ["swift", "package", "--package-path", ProjectFiles.root.path, "--scratch-path", scratch.path, "dump-package"]
        var environment = ProcessInfo.processInfo.environment
        environment["APPLE_PLATFORM_BUILD"] = apple ? "1" : nil
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "swift package dump-package failed (\(process.terminationStatus))")
        let manifest = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        var targets: [String: Target] = [:]
        for spec in manifest["targets"] as? [[String: Any]] ?? [] {
            let name = try #require(spec["name"] as? String)
            let dependencies = (spec["dependencies"] as? [[String: Any]] ?? []).compactMap { dependency -> String? in
                ((dependency["byName"] ?? dependency["target"]) as? [Any])?.first as? String
            }
            targets[name] = Target(
                name: name, type: spec["type"] as? String ?? "", path: spec["path"] as? String, dependencies: dependencies)
        }
        self.targets = targets
        products = Dictionary(
            uniqueKeysWithValues: (manifest["products"] as? [[String: Any]] ?? []).compactMap { product in
                (product["name"] as? String).map { ($0, product["targets"] as? [String] ?? []) }
            })
    }

    /// Every target `roots` reach, each with the chain of dependencies that reaches it.
    func reached(from roots: [String]) -> [String: [String]] {
        var chains: [String: [String]] = [:]
        var queue = roots.map { [$0] }
        while !queue.isEmpty {
            let chain = queue.removeFirst()
            guard let name = chain.last, chains[name] == nil, let target = targets[name] else { continue }
            chains[name] = chain
            queue += target.dependencies.map { chain + [$0] }
        }
        return chains
    }
}

/// Nothing test-only ships (issue 39): the products the app and its extensions link (App/project.yml)
/// reach no simulator, scenario, crawler, stand-in or in-memory client, and on Linux a shipping
/// module reaches a stand-in only in place of a framework it imports on iOS too.
@Suite struct PackageGraphTests {
    /// The harness's modules: the simulated iPhone and what it keeps in memory, the scenario
    /// language, the crawler, the pictures, the CLI, the builders and the store's stress harness.
    /// Test targets, and targets whose sources are under Tests/ or StandIns/, are machinery too.
    static let harness: Set<String> = [
        "TestSupport", "InMemoryClients", "ScreenTimeSimulator", "ScenarioSetup", "ScenarioSteps", "ScreenCrawler", "ScreenPictures",
        "ThresholdCLI", "threshold", "threshold-store-stress",
    ]

    static func isMachinery(_ target: PackageGraph.Target) -> Bool {
        harness.contains(target.name) || target.type == "test" || target.sourceFolder.hasPrefix("Tests/")
            || target.sourceFolder.hasPrefix("StandIns/")
    }

    /// The targets of every product an Xcode target links.
    static func shippingRoots(in graph: PackageGraph) throws -> [String] {
        let linked = Set(try ProjectFiles().targets.values.flatMap(\.products))
        #expect(linked.contains("MonitorExtension") && linked.contains("AppFeature"), "project.yml's products were read: \(linked)")
        return try linked.sorted().flatMap { product in try #require(graph.products[product], "Package.swift has no product \(product)") }
    }

    @Test func theAppAndItsExtensions_reachNoTestMachinery_asXcodeBuildsThem() throws {
        let graph = try PackageGraph(apple: true)
        let shipped = graph.reached(from: try Self.shippingRoots(in: graph))
        #expect(shipped.count >= 30, "the shipping graph was read (\(shipped.count) targets)")
        #expect(shipped["MonitorExtension"] != nil && shipped["SystemWords"] != nil)
        let machinery = shipped.filter { graph.targets[$0.key].map(Self.isMachinery) ?? false }
        #expect(
            machinery.isEmpty, "shipping products reach test machinery: \(machinery.values.map { $0.joined(separator: " → ") }.sorted())")
    }

    /// The rule holds of a graph that breaks it: the test can fail.
    @Test func aShippingTargetThatReachedTheSimulator_wouldBeFound() throws {
        let graph = try PackageGraph(apple: true)
        let simulatorUser = try #require(graph.targets.values.first { $0.dependencies.contains("ScreenTimeSimulator") })
        let reached = graph.reached(from: [simulatorUser.name])
        #expect(reached.keys.contains { graph.targets[$0].map(Self.isMachinery) ?? false })
    }

    @Test func onLinux_aShippingModuleReachesAStandInOnlyForAFrameworkItImportsOnIOS() throws {
        let apple = try PackageGraph(apple: true)
        let linux = try PackageGraph(apple: false)
        let shipped = apple.reached(from: try Self.shippingRoots(in: apple)).keys.filter { linux.targets[$0] != nil }
        #expect(shipped.count >= 25, "\(shipped.count) shipping targets build on Linux")
        var found: [String] = []
        for name in shipped.sorted() {
            let onLinux = try #require(linux.targets[name])
            let extra = Set(onLinux.dependencies).subtracting(apple.targets[name]?.dependencies ?? [])
            for dependency in extra.sorted() {
                guard let standIn = linux.targets[dependency], standIn.sourceFolder.hasPrefix("StandIns/") else {
                    found.append("\(name) depends on \(dependency) on Linux only, and it is no stand-in")
                    continue
                }
                // Foundation's stand-in reads String Catalogs where Foundation on Linux does not.
                if dependency == "StringCatalogs" { continue }
                let imports = Self.importsOnIOS(of: onLinux)
                if !imports.contains(dependency) {
                    found.append("\(name) reaches the \(dependency) stand-in on Linux, but imports \(dependency) on iOS nowhere")
                }
            }
        }
        #expect(found.isEmpty, "\(found)")
        let words = try #require(linux.targets["SystemWords"])
        #expect(
            !linux.reached(from: [words.name]).keys.contains("SwiftUI"), "SystemWords (which the extensions link) reaches SwiftUI on Linux")
    }

    /// The modules a target's sources import on iOS (outside `#if`s that hold only off iOS).
    static func importsOnIOS(of target: PackageGraph.Target) -> Set<String> {
        Set(target.swiftFiles.flatMap(ProjectFiles.imports(in:)))
    }

    /// Shipping modules declare no client that keeps in memory what a phone keeps elsewhere, and no
    /// stand-in: those are InMemoryClients' and the tests'.
    @Test func noShippingModule_declaresAnInMemoryClientOrAStandIn() throws {
        let graph = try PackageGraph(apple: true)
        let shipped = graph.reached(from: try Self.shippingRoots(in: graph)).keys
        let pattern = try NSRegularExpression(
            pattern: #"static (func|let|var) (inMemory|standIn|mock|fake|stub)\b|(class|struct|enum|actor) (InMemory|Mock|Fake|Stub)\w*"#)
        // The effects journal of a store not yet opened is the app's own: OpeningStore keeps it in
        // memory until the store opens, so nothing asked before then is lost.
        let allowed = ["StoreClient/EffectsJournal.swift: static func inMemory"]
        var found: [String] = []
        for name in shipped.sorted() {
            guard let target = graph.targets[name] else { continue }
            for file in target.swiftFiles {
                let text = try String(contentsOf: file, encoding: .utf8)
                for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                    let place = "\(name)/\(file.lastPathComponent): \(text[Range(match.range, in: text)!])"
                    if !allowed.contains(place) { found.append(place) }
                }
            }
        }
        #expect(found.isEmpty, "\(found)")
    }
}
