import Foundation
import Testing

/// iOS creates an extension's principal class with Objective-C's `[[Class alloc] init]`. A Swift
/// class answers `-init` only if it implements `init()` or inherits it; a class that declares any
/// other designated initializer inherits none, and its `-init` is Swift's unimplemented-initializer
/// trap: the extension dies on first use (PLATFORM.md, "What each process may do"). These tests
/// read the sources for that rule; `../shared/tools/ios-sdk/check-app` reads the linked binary.
@Suite struct PrincipalClassTests {
    let project: ProjectFiles

    init() throws { project = try ProjectFiles() }

    /// Every principal class an Info.plist names, with the target whose sources declare it.
    func principalClasses() throws -> [(target: ProjectFiles.Target, name: String)] {
        try project.targets.values.sorted { $0.name < $1.name }.compactMap { target in
            guard let path = target.infoPlistPath else { return nil }
            let info = try ProjectFiles.plist(path)
            guard let principal = (info["NSExtension"] as? [String: Any])?["NSExtensionPrincipalClass"] as? String else { return nil }
            return (target, String(principal.split(separator: ".").last ?? ""))
        }
    }

    @Test func threeExtensionsAreEnteredThroughAPrincipalClass() throws {
        #expect(try principalClasses().map(\.name) == ["ThresholdMonitor", "ThresholdShieldAction", "ThresholdShieldConfiguration"])
    }

    @Test func everyPrincipalClass_answersObjectiveCInit() throws {
        for (target, name) in try principalClasses() {
            let classes = SwiftClasses(files: project.reachableSources(of: target))
            let problem = classes.initProblem(for: name)
            #expect(problem == nil, "\(target.name): \(problem ?? "")")
        }
    }

    // MARK: The rule itself, on small sources, so that it can be seen to fail.

    @Test func aSubclassWhoseSuperclassDeclaresOnlyInitWithArguments_doesNotAnswerInit() {
        let classes = SwiftClasses(texts: [
            """
            open class Forwarder: DeviceActivityMonitor {
                public init(connect: @escaping () -> Void) { super.init() }
            }
            final class Monitor: Forwarder {
                init() { super.init(connect: {}) }
            }
            """
        ])
        #expect(classes.initProblem(for: "Monitor") != nil)
        #expect(classes.initProblem(for: "Forwarder") != nil)
    }

    @Test func aSubclassInheritingAnOverriddenInit_answersInit() {
        let classes = SwiftClasses(texts: [
            """
            open class Forwarder: DeviceActivityMonitor {
                private var runtime: Int?
                public override init() { super.init() }
                open func connect() throws -> Int { 1 }
            }
            final class Monitor: Forwarder {
                override func connect() throws -> Int { 2 }
            }
            final class Shield: ShieldConfigurationDataSource {}
            final class Own: Forwarder {
                let value: Int
                override init() { value = 1; super.init() }
            }
            """
        ])
        #expect(classes.initProblem(for: "Monitor") == nil)
        #expect(classes.initProblem(for: "Shield") == nil)
        #expect(classes.initProblem(for: "Own") == nil)
        #expect(classes.initProblem(for: "Missing") != nil)
    }
}

/// The classes a set of Swift sources declares: name, superclass and designated initializers,
/// read well enough for the initializer-inheritance rule (not a Swift parser).
struct SwiftClasses {
    struct Declaration {
        let superclass: String?
        /// The designated initializers' parameter lists, e.g. `"()"`, with whether each overrides.
        let initializers: [(parameters: String, overrides: Bool)]
    }

    private(set) var declarations: [String: Declaration] = [:]

    init(files: [URL]) {
        self.init(texts: files.compactMap { try? String(contentsOf: $0, encoding: .utf8) })
    }

    init(texts: [String]) {
        let header = try! NSRegularExpression(pattern: #"\bclass\s+(\w+)\s*(?::\s*([\w.]+))?[^{]*\{"#)
        let initializer = try! NSRegularExpression(
            pattern: #"^\s*((?:@\w+\s+|\w+\s+)*)init\s*(\([^)]*\))"#,
            options: [.anchorsMatchLines])
        for text in texts {
            let ns = text as NSString
            for match in header.matches(in: text, range: NSRange(location: 0, length: ns.length)) {
                let name = ns.substring(with: match.range(at: 1))
                let superclass = match.range(at: 2).location == NSNotFound ? nil : ns.substring(with: match.range(at: 2))
                let body = Self.body(of: ns, openingAt: match.range.location + match.range.length - 1)
                let bodyNS = body as NSString
                let inits = initializer.matches(in: body, range: NSRange(location: 0, length: bodyNS.length)).compactMap {
                    m -> (String, Bool)? in
                    let modifiers = bodyNS.substring(with: m.range(at: 1)).split(separator: " ").map(String.init)
                    guard !modifiers.contains("convenience") else { return nil }
                    return (bodyNS.substring(with: m.range(at: 2)).replacingOccurrences(of: " ", with: ""), modifiers.contains("override"))
                }
                declarations[name] = Declaration(
                    superclass: superclass?.split(separator: ".").last.map(String.init),
                    initializers: inits)
            }
        }
    }

    /// The text between a class's braces, nested types' bodies included (their initializers are
    /// not the class's, but a principal class nests none).
    private static func body(of text: NSString, openingAt index: Int) -> String {
        var depth = 0
        var position = index
        while position < text.length {
            let character = text.character(at: position)
            if character == 123 { depth += 1 }
            if character == 125 {
                depth -= 1
                if depth == 0 { return text.substring(with: NSRange(location: index + 1, length: position - index - 1)) }
            }
            position += 1
        }
        return text.substring(from: index + 1)
    }

    /// Why `[[name alloc] init]` would trap, or `nil` when the class answers `-init`: it overrides
    /// `init()` itself, or declares no designated initializer and its superclass answers `-init`
    /// (a class these sources do not declare is the system's, which does).
    func initProblem(for name: String) -> String? {
        guard let declaration = declarations[name] else { return "no class \(name) in the sources it reaches" }
        if declaration.initializers.contains(where: { $0.parameters == "()" && $0.overrides }) { return nil }
        if let own = declaration.initializers.first {
            let kind = own.parameters == "()" && !own.overrides ? "init() that overrides nothing" : "init\(own.parameters)"
            return "\(name) declares \(kind), so it inherits no init() and its Objective-C -init is the unimplemented-initializer trap"
        }
        guard let superclass = declaration.superclass, declarations[superclass] != nil else { return nil }
        return initProblem(for: superclass).map { "\(name) inherits from \(superclass): \($0)" }
    }
}

/// The monitor runs in a small extension process (about 6 MB on a device) at every boundary:
/// it links only what its callbacks need. App/README.md gives the reason for each module.
@Suite struct MonitorFootprintTests {
    /// The package modules the monitor's code reaches, and why (App/README.md lists the same).
    static let packageModules: Set<String> = [
        "MonitorExtension",  // the principal class's superclass: callbacks → triggers
        "EntryPoints",  // Runtime: one reconcile, device restrictions after it
        "ThresholdRuntime",  // the Reconciler
        "ThresholdCore",  // the engine: evaluate, plan, commands
        "StoreClient",  // the storage interface
        "ThresholdStore",  // the App Group's SQLite store (GRDB)
        "ScreenTimeClient",  // the interface the reconciler calls
        "ScreenTimeLive",  // shields, monitoring, authorization, notifications, widget reloads
        "SystemWords",  // a notification's words, from its String Catalog (no SwiftUI on iOS)
    ]
    /// The system frameworks those may import: no ActivityKit (only the app may change the Live
    /// Activity), no SwiftUI, App Intents, Charts or Core NFC.
    static let frameworks: Set<String> = [
        "Foundation", "os", "Darwin", "Glibc", "DeviceActivity", "ManagedSettings", "FamilyControls", "UserNotifications", "WidgetKit",
        "GRDB", "GRDBSQLite",
    ]

    @Test func theMonitor_reachesOnlyTheModulesItsCallbacksNeed() throws {
        let project = try ProjectFiles()
        let monitor = try #require(project.targets["ThresholdMonitor"])
        let imports = project.reachableImports(of: monitor).union(monitor.products)
        let ours = imports.filter { FileManager.default.fileExists(atPath: ProjectFiles.root.appendingPathComponent("Sources/\($0)").path) }
        #expect(Set(ours) == Self.packageModules)
        #expect(
            imports.subtracting(ours).subtracting(Self.frameworks).isEmpty,
            "the monitor reaches \(imports.subtracting(ours).subtracting(Self.frameworks).sorted())")
    }

    @Test func appReadme_listsEveryModuleTheMonitorLinks() throws {
        let readme = try String(contentsOf: ProjectFiles.app.appendingPathComponent("README.md"), encoding: .utf8)
        let section =
            try #require(readme.components(separatedBy: "### What the monitor links").dropFirst().first)
            .components(separatedBy: "\n## ").first ?? ""
        for module in Self.packageModules.union(["ActivityKit"]) {
            #expect(section.contains("`\(module)`"), "App/README.md's monitor section does not name \(module)")
        }
    }
}

/// The shield's follow-up notification is the only way from a shield into the app; under a Focus
/// only a time-sensitive one arrives, and only with the entitlement.
@Suite struct TimeSensitiveNotificationTests {
    @Test(arguments: ["Threshold", "ThresholdShieldAction"])
    func theProcessesThatPostTheShieldsFollowUp_holdTheTimeSensitiveEntitlement(target name: String) throws {
        let project = try ProjectFiles()
        let target = try #require(project.targets[name])
        let entitlements = try ProjectFiles.plist(try #require(target.entitlementsPath))
        #expect(entitlements["com.apple.developer.usernotifications.time-sensitive"] as? Bool == true)
    }

    @Test func theLiveClient_postsTimeSensitiveNotificationsAsSuch() throws {
        let notifications = try String(
            contentsOf: ProjectFiles.root.appendingPathComponent("Sources/ScreenTimeLive/Notifications.swift"),
            encoding: .utf8)
        #expect(notifications.contains(".timeSensitive"))
    }
}
