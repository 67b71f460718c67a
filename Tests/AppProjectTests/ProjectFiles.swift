import Foundation
import Testing
import Yams

/// The repository as the project tests read it: App/project.yml, the files it names and the
/// package's sources.
struct ProjectFiles {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let app = root.appendingPathComponent("App")

    /// A target of project.yml.
    struct Target {
        let name: String
        let spec: [String: Any]

        var type: String? { spec["type"] as? String }
        var setting: [String: Any] { ((spec["settings"] as? [String: Any])?["base"] as? [String: Any]) ?? [:] }
        var bundleIdentifier: String? { setting["PRODUCT_BUNDLE_IDENTIFIER"] as? String }
        var infoPlistPath: String? { setting["INFOPLIST_FILE"] as? String }
        var entitlementsPath: String? { setting["CODE_SIGN_ENTITLEMENTS"] as? String }

        /// The `sources` paths, relative to App/.
        var sourcePaths: [String] {
            let sources = spec["sources"]
            let list = sources as? [Any] ?? (sources.map { [$0] } ?? [])
            return list.compactMap { ($0 as? String) ?? (($0 as? [String: Any])?["path"] as? String) }
        }

        /// The package products it links.
        var products: [String] {
            (spec["dependencies"] as? [[String: Any]] ?? []).flatMap { dependency -> [String] in
                guard dependency["package"] != nil else { return [] }
                return (dependency["products"] as? [String]) ?? (dependency["product"] as? String).map { [$0] } ?? []
            }
        }

        /// The targets it depends on (and so embeds).
        var targetDependencies: [String] {
            (spec["dependencies"] as? [[String: Any]] ?? []).compactMap { $0["target"] as? String }
        }
    }

    let spec: [String: Any]
    let targets: [String: Target]

    init() throws {
        let text = try String(contentsOf: Self.app.appendingPathComponent("project.yml"), encoding: .utf8)
        spec = try #require(try Yams.load(yaml: text) as? [String: Any])
        let targetSpecs = try #require(spec["targets"] as? [String: [String: Any]])
        targets = Dictionary(uniqueKeysWithValues: targetSpecs.map { ($0.key, Target(name: $0.key, spec: $0.value)) })
    }

    static func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: app.appendingPathComponent(path).path)
    }

    static func plist(_ path: String) throws -> [String: Any] {
        let data = try Data(contentsOf: app.appendingPathComponent(path))
        return try #require(try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])
    }

    // MARK: Swift sources

    /// Every Swift file under a folder (or the file itself).
    static func swiftFiles(at url: URL) -> [URL] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else { return [] }
        guard isDirectory.boolValue else { return url.pathExtension == "swift" ? [url] : [] }
        let enumerator = FileManager.default.enumerator(at: url, includingPropertiesForKeys: nil)
        return (enumerator?.allObjects as? [URL] ?? []).filter { $0.pathExtension == "swift" }.sorted { $0.path < $1.path }
    }

    /// The Swift sources of a target's `sources` paths.
    func sources(of target: Target) -> [URL] {
        target.sourcePaths.flatMap { Self.swiftFiles(at: Self.app.appendingPathComponent($0)) }
    }

    /// The modules a file imports.
    /// The modules a file imports as an iOS build compiles it: an import in a branch only Linux
    /// takes (`#if os(Linux)`, `#if !canImport(UserNotifications)`) is not iOS's.
    static func imports(in file: URL) -> Set<String> {
        let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        var modules = Set<String>()
        // Each open `#if`'s condition, and whether the branch read now is the `#else`.
        var branches: [(condition: String, inElse: Bool)] = []
        func isLinuxOnly(_ branch: (condition: String, inElse: Bool)) -> Bool {
            let linux = ["os(Linux)", "!canImport(UserNotifications)", "!canImport(Darwin)"]
            let apple = ["canImport(UserNotifications)", "os(iOS)", "canImport(Darwin)"]
            return branch.inElse ? apple.contains(branch.condition) : linux.contains(branch.condition)
        }
        for line in text.split(separator: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("#if ") {
                branches.append((trimmed.dropFirst(4).trimmingCharacters(in: .whitespaces), false))
                continue
            }
            if trimmed.hasPrefix("#else"), let open = branches.popLast() {
                branches.append((open.condition, true))
                continue
            }
            if trimmed.hasPrefix("#endif") {
                _ = branches.popLast()
                continue
            }
            guard !branches.contains(where: isLinuxOnly) else { continue }
            let words = line.split(separator: " ").filter { !$0.hasPrefix("@") }
            if words.first == "import", words.count >= 2 {
                modules.insert(String(words[words.count - 1].split(separator: ".")[0]))
            }
        }
        return modules
    }

    /// The package modules a target's code reaches (its own imports, then theirs, transitively),
    /// with the Swift files that make them up.
    func reachableSources(of target: Target) -> [URL] {
        var files = sources(of: target)
        var seen = Set<String>()
        var queue = Array(Set(target.products).union(files.flatMap { Self.imports(in: $0) }))
        while let module = queue.popLast() {
            guard seen.insert(module).inserted else { continue }
            let moduleFiles = Self.swiftFiles(at: Self.root.appendingPathComponent("Sources/\(module)"))
            files += moduleFiles
            queue += moduleFiles.flatMap { Self.imports(in: $0) }
        }
        return files
    }

    /// The frameworks and modules imported anywhere in a target's reach.
    func reachableImports(of target: Target) -> Set<String> {
        Set(reachableSources(of: target).flatMap { Self.imports(in: $0) })
    }

    /// Whether any source in reach matches a pattern.
    func reaches(_ pattern: String, from target: Target) throws -> Bool {
        let regex = try NSRegularExpression(pattern: pattern)
        return reachableSources(of: target).contains { file in
            let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
            return regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
        }
    }
}
