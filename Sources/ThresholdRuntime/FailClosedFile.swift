import Foundation
import ThresholdCore

/// Where the reconciler leaves ``FailClosedShields`` outside the store, for a reconcile that
/// cannot read the store: a file in the App Group container on a phone (``file(at:)``), the
/// simulated phone's disk in scenarios; ``none`` keeps nothing (previews).
public struct FailClosedFile: Sendable {
    /// What was left, or `nil` when nothing is lifted; throws when the file cannot be read.
    public var read: @Sendable () throws -> FailClosedShields?
    /// Leaves `record` (or removes what was left, given `nil`).
    public var write: @Sendable (FailClosedShields?) throws -> Void

    public init(
        read: @escaping @Sendable () throws -> FailClosedShields?,
        write: @escaping @Sendable (FailClosedShields?) throws -> Void
    ) {
        self.read = read
        self.write = write
    }

    /// Keeps nothing: a failing reconcile keeps the shields as they are.
    public static let none = FailClosedFile(read: { nil }, write: { _ in })

    /// A JSON file at `url`, written atomically; a missing file is `nil`.
    public static func file(at url: URL) -> FailClosedFile {
        FailClosedFile(
            read: {
                guard FileManager.default.fileExists(atPath: url.path) else { return nil }
                return try JSONDecoder().decode(FailClosedShields.self, from: Data(contentsOf: url))
            },
            write: { record in
                if let record {
                    try JSONEncoder().encode(record).write(to: url, options: .atomic)
                } else if FileManager.default.fileExists(atPath: url.path) {
                    try FileManager.default.removeItem(at: url)
                }
            })
    }
}

#if canImport(Darwin)
extension FailClosedFile {
    /// `fail-closed.json` in the App Group container, beside the database: every process reads and
    /// writes the same file. Where the container is missing, reading and writing throw.
    public static func appGroup(_ identifier: String) -> FailClosedFile {
        guard let container = FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: identifier) else {
            let missing = CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "the App Group \(identifier) is not available"])
            return FailClosedFile(read: { throw missing }, write: { _ in throw missing })
        }
        return .file(at: container.appendingPathComponent("fail-closed.json"))
    }
}
#endif
