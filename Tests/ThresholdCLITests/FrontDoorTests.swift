import Foundation
import Testing

/// The simulated person has one way into Threshold, the app's: its screen models and the entry
/// points iOS calls. This is kept by the module graph, not by care, and these tests keep the graph:
///
/// - `ScenarioSteps` (the step runner and the person) does not depend on the store's modules
///   (`StoreClient`, `ThresholdStore`) nor on `TestSupport`, and imports none of them;
/// - the simulated phone's store and its raw reconcile calls are `@_spi(Setup)`, and only
///   `ScenarioSetup` (which writes `setup:` before the first step) and tests import that SPI;
/// - `ScenarioSteps` builds with `MemberImportVisibility`, so a store method cannot be called on a
///   value that merely passes through another module;
/// - and the app has one way to change its state: every change is a command (`StateCommand`, Core)
///   that the reconciler runs; nothing else writes the store or hands the reconcile a closure.
@Suite struct FrontDoorTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let forbidden = ["StoreClient", "ThresholdStore", "TestSupport", "GRDB"]

    /// The dependency list of a target in Package.swift, as written.
    static func dependencies(of target: String) throws -> String {
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        guard let start = manifest.range(of: "name: \"\(target)\",") else { throw ManifestError.noTarget(target) }
        let rest = manifest[start.upperBound...]
        guard let end = rest.range(of: "swiftSettings:") else { throw ManifestError.noTarget(target) }
        return String(rest[..<end.lowerBound])
    }

    enum ManifestError: Error { case noTarget(String) }

    static func sources(of module: String) throws -> [(file: String, text: String)] {
        let folder = root.appendingPathComponent("Sources/\(module)")
        return try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }.sorted().map {
            ($0, try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8))
        }
    }

    @Test func theStepRunner_dependsOnNoStoreModule() throws {
        let dependencies = try Self.dependencies(of: "ScenarioSteps")
        for module in Self.forbidden {
            #expect(!dependencies.contains("\"\(module)\""), "ScenarioSteps must not depend on \(module)")
        }
        #expect(
            dependencies.contains("\"AppFeature\"") && dependencies.contains("\"FeatureClient\""),
            "the person acts through the screens' models and the client they share")
        let manifest = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let target = manifest.components(separatedBy: "name: \"ScenarioSteps\",")[1].components(separatedBy: ".target(")[0]
        #expect(target.contains("MemberImportVisibility"))
    }

    @Test func theStepRunner_importsNoStoreModule_andNoSetupSPI() throws {
        for (file, text) in try Self.sources(of: "ScenarioSteps") {
            for line in text.split(separator: "\n") where line.hasPrefix("import ") || line.hasPrefix("@") && line.contains("import ") {
                for module in Self.forbidden { #expect(!line.hasSuffix(" \(module)"), "\(file) imports \(module)") }
                #expect(!line.contains("@_spi"), "\(file): \(line)")
            }
            // The raw reconcile is the store's back door; the person goes through screens and
            // named entry points (startProfile, endSession, pressLiveActivity …).
            #expect(!text.contains(".reconcile("), "\(file) calls a reconcile directly")
        }
    }

    @Test func onlySetupAndTests_importTheSimulatorsSetupSPI() throws {
        let sources = Self.root.appendingPathComponent("Sources")
        let modules = try FileManager.default.contentsOfDirectory(atPath: sources.path)
        var importers: Set<String> = []
        for module in modules {
            guard let files = try? Self.sources(of: module) else { continue }
            if files.contains(where: { $0.text.contains("@_spi(Setup) import ScreenTimeSimulator") }) { importers.insert(module) }
        }
        #expect(importers == ["ScenarioSetup"], "\(importers.sorted())")
        let phone = try String(contentsOf: sources.appendingPathComponent("ScreenTimeSimulator/SimulatedPhone.swift"), encoding: .utf8)
        for member in ["let store:", "func reconciler(for", "func perform(_ command", "func runtime(for process: Process) -> Runtime {"] {
            let line = phone.split(separator: "\n").first { $0.contains(member) }
            #expect(line?.contains("@_spi(Setup) public") == true, "SimulatedPhone's \(member) must be @_spi(Setup)")
        }
    }

    /// One drawing: the person sees the app's own views. ScenarioSteps hosts `AppScreens` (the
    /// app's root under iOS) and declares no view or screen of its own to read instead.
    @Test func thePersonReadsTheAppsViews_andDrawsNoScreenOfItsOwn() throws {
        let files = try Self.sources(of: "ScenarioSteps")
        #expect(files.contains { $0.text.contains("ViewHost(AppScreens(") }, "the person hosts the app's root view")
        let ownView = try NSRegularExpression(pattern: #"(struct|class|enum) \w+[^{\n]*:[^{\n]*\bView\b"#)
        for (file, text) in files {
            #expect(ownView.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) == nil, "\(file) declares a view")
        }
    }

    // MARK: One way to change the state

    /// Every Swift file under Sources, by module.
    static func allSources() throws -> [(module: String, file: String, text: String)] {
        let sources = root.appendingPathComponent("Sources")
        var all: [(module: String, file: String, text: String)] = []
        for module in try FileManager.default.contentsOfDirectory(atPath: sources.path).sorted() {
            guard let enumerator = FileManager.default.enumerator(atPath: sources.appendingPathComponent(module).path) else { continue }
            for case let path as String in enumerator where path.hasSuffix(".swift") {
                let url = sources.appendingPathComponent(module).appendingPathComponent(path)
                all.append((module, path, try String(contentsOf: url, encoding: .utf8)))
            }
        }
        return all
    }

    /// The modules that open a store transaction: the stores themselves (SQLite's, and the one the
    /// simulated phone keeps in memory), and the runtime that runs every command in one.
    /// `threshold-store-stress` is the store's own stress harness (several processes writing one
    /// SQLite file), not a way into the app.
    static let writers: Set<String> = ["ThresholdStore", "StoreClient", "InMemoryClients", "ThresholdRuntime", "threshold-store-stress"]

    @Test func nothingWritesTheStore_butTheStoreAndTheRuntime() throws {
        let write = try NSRegularExpression(pattern: #"\.write\s*(\{|\(\s*\{)"#)
        let all = try Self.allSources()
        #expect(all.count > 300, "the sources were read (\(all.count) files)")
        var writers: [String] = []
        for (module, file, text) in all where !Self.writers.contains(module) {
            if write.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil { writers.append("\(module)/\(file)") }
        }
        #expect(writers.isEmpty, "these write the store directly instead of running a command: \(writers)")
    }

    @Test func everyChangeIsACommand_noClosureChangesTheState() throws {
        // A closure over the transaction is how a change used to slip past the plan's rules and
        // trusted time (`DomainChange`): outside the store, a transaction is only ever handed to a
        // command's `apply`, and the runtime offers no closure in its API.
        var found: [String] = []
        for (module, file, text) in try Self.allSources() {
            if text.contains("DomainChange") { found.append("\(module)/\(file): DomainChange") }
            for line in text.split(separator: "\n")
            where line.contains("inout StoreTransaction") && !line.contains("apply(to transaction: inout StoreTransaction") {
                let offered =
                    !Self.writers.contains(module) && module != "ThresholdCore"
                    || module == "ThresholdRuntime" && (line.contains("public ") || line.contains("package "))
                if offered { found.append("\(module)/\(file): \(line.trimmingCharacters(in: .whitespaces))") }
            }
            // The rules live in commands, not in extensions of the transaction outside Core and the store.
            if !["ThresholdCore", "StoreClient"].contains(module), text.contains("extension StoreTransaction") {
                found.append("\(module)/\(file): extension StoreTransaction")
            }
        }
        #expect(found.isEmpty, "\(found)")
    }

    /// A foreground is handled once (issue 38, item 4): only the app's root reads the scene phase
    /// and hands it to `AppModel.scenePhaseChanged(to:)`, so no order of SwiftUI's handlers matters.
    @Test func onlyTheRoot_readsTheScenePhase() throws {
        var readers: [String] = []
        for (module, file, text) in try Self.allSources() where text.contains("\\.scenePhase") || text.contains("onChange(of: scenePhase") {
            readers.append("\(module)/\(file)")
        }
        #expect(readers == ["AppFeature/AppRootView.swift"], "\(readers)")
        let app = try String(contentsOf: Self.root.appendingPathComponent("App/Threshold/ThresholdApp.swift"), encoding: .utf8)
        #expect(!app.contains("scenePhase"), "the app's scene hands its phase to the root's one handler")
    }
}
