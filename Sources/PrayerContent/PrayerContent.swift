import Foundation
import ThresholdCore

/// The prayers that ship with the app: one JSON file per tradition plus `universal.json`,
/// bundled under `Resources/Prayers` and checked word for word by `Scripts/check-verses`.
public enum PrayerContent {
    /// Reads and checks every bundled prayer file; throws, naming the file and the problem, if
    /// any is malformed, so the app never runs with part of the library.
    public static func bundledLibrary() throws -> PrayerLibrary {
        try PrayerLibrary(files: bundledFiles())
    }

    /// The raw bytes of every `.json` file in the bundled `Prayers` folder, keyed by file name.
    public static func bundledFiles() throws -> [String: Data] {
        guard let folder = Bundle.module.url(forResource: "Prayers", withExtension: nil) else {
            throw ValidationError("prayer content", .contentFile(.noPrayersFolder))
        }
        var files: [String: Data] = [:]
        for url in try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
        where url.pathExtension == "json" {
            files[url.lastPathComponent] = try Data(contentsOf: url)
        }
        return files
    }
}
