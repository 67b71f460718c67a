import Foundation
import SwiftUI

/// Why a key was not written; the key is dropped and nothing is kept.
public struct KeyWriteFailure: Error, Sendable {
    public let message: String
    public init(message: String) { self.message = message }
}

/// Writes a key's link to an NFC tag: Core NFC's session on iOS (``coreNFC``), the simulated
/// phone's where it runs the views. `write` returns what must be kept alive while the system's
/// sheet is up; its completion runs once, on the main actor, with success only when the tag took
/// the link.
public struct KeyTagWriting: Sendable {
    public let isAvailable: Bool
    public let write: @MainActor (URL, @escaping @MainActor (Result<Void, KeyWriteFailure>) -> Void) -> AnyObject?

    public init(isAvailable: Bool, write: @escaping @MainActor (URL, @escaping @MainActor (Result<Void, KeyWriteFailure>) -> Void) -> AnyObject?) {
        self.isAvailable = isAvailable
        self.write = write
    }

    /// A device that cannot write NFC tags.
    public static let unavailable = KeyTagWriting(isAvailable: false) { _, completion in
        completion(.failure(KeyWriteFailure(message: String(localized: "This iPhone cannot write NFC tags.", bundle: .module))))
        return nil
    }
}

private struct KeyTagWritingKey: EnvironmentKey {
    #if canImport(CoreNFC)
    static let defaultValue = KeyTagWriting.coreNFC
    #else
    static let defaultValue = KeyTagWriting.unavailable
    #endif
}

extension EnvironmentValues {
    /// How Settings › Keys writes a key to a tag.
    public var keyTagWriting: KeyTagWriting {
        get { self[KeyTagWritingKey.self] }
        set { self[KeyTagWritingKey.self] = newValue }
    }
}
