import Foundation
import ThresholdCore

/// The prayers that ship with the app: one JSON file per tradition plus `universal.json`, for each
/// language, bundled under `Resources/Prayers` (English) and `Resources/Prayers/es` (Spanish) and
/// checked word for word by `Scripts/check-verses`.
public enum PrayerContent {
    /// Reads and checks every bundled prayer file of a language; throws, naming the file and the
    /// problem, if any is malformed, so the app never runs with part of the library.
    public static func bundledLibrary(in language: ContentLanguage = .english) throws -> PrayerLibrary {
        try PrayerLibrary(files: bundledFiles(in: language))
    }

    /// The raw bytes of every `.json` file of a language's bundled folder, keyed by file name:
    /// `catholic.json` for English, `es/catholic.json` for Spanish.
    public static func bundledFiles(in language: ContentLanguage = .english) throws -> [String: Data] {
        guard let prayers = Bundle.module.url(forResource: "Prayers", withExtension: nil) else {
            throw ValidationError("prayer content", .contentFile(.noPrayersFolder))
        }
        let prefix = folder(of: language).map { "\($0)/" } ?? ""
        let folder = prayers.appendingPathComponent(prefix, isDirectory: true)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw ValidationError("prayer content", .contentFile(.noPrayersFolder))
        }
        var files: [String: Data] = [:]
        for url in try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
        where url.pathExtension == "json" {
            files[prefix + url.lastPathComponent] = try Data(contentsOf: url)
        }
        return files
    }

    /// The folder inside `Prayers` holding a language's files; `nil` for English, which is `Prayers` itself.
    static func folder(of language: ContentLanguage) -> String? {
        switch language {
        case .english: nil
        case .spanish: "es"
        }
    }
}
