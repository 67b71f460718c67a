import Foundation
import Testing

/// The README's module map names every module under Sources/ and nothing that is not there: a
/// module added, moved or renamed (FeatureModels into the features) moves the map with it.
@Suite struct ModuleMapTests {
    /// The names the map gives as modules: `Name/` words on its lines one level under `Sources/`
    /// (two spaces in; deeper lines are a module's folders).
    static func mappedModules() throws -> Set<String> {
        let readme = try String(contentsOf: ProjectFiles.root.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try #require(readme.components(separatedBy: "## Module map").dropFirst().first)
        let block = try #require(section.components(separatedBy: "```").dropFirst().first)
        var modules: Set<String> = []
        var inSources = false
        for line in block.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("Sources/") { inSources = true; continue }
            guard inSources else { continue }
            if !line.hasPrefix(" ") && !line.isEmpty { break }
            guard line.hasPrefix("  "), !line.hasPrefix("   ") else { continue }
            for word in line.split(separator: " ") {
                if word.hasPrefix("//") { break }  // a comment: "// iOS only …"
                if word.hasSuffix("/") { modules.insert(String(word.dropLast())) }
            }
        }
        return modules
    }

    @Test func theMap_namesEveryModuleUnderSources_andNoOther() throws {
        let sources = ProjectFiles.root.appendingPathComponent("Sources")
        let folders = Set(try FileManager.default.contentsOfDirectory(atPath: sources.path).filter { !$0.hasPrefix(".") })
        let mapped = try Self.mappedModules()
        #expect(folders.count > 40, "the sources were read")
        #expect(folders.subtracting(mapped).isEmpty, "missing from the README's module map: \(folders.subtracting(mapped).sorted())")
        #expect(mapped.subtracting(folders).isEmpty, "in the module map but not under Sources/: \(mapped.subtracting(folders).sorted())")
    }

    @Test func everyModuleUnderSources_isATargetOfThePackage() throws {
        let manifest = try String(contentsOf: ProjectFiles.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let sources = ProjectFiles.root.appendingPathComponent("Sources")
        for folder in try FileManager.default.contentsOfDirectory(atPath: sources.path) where !folder.hasPrefix(".") {
            #expect(manifest.contains("\"\(folder)\""), "Sources/\(folder) is no target of Package.swift")
        }
    }
}
