import Foundation
import SwiftUI

extension KeyTagWriting {
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
    /// How a key is written to a tag (Settings › Keys, onboarding's key step).
    public var keyTagWriting: KeyTagWriting {
        get { self[KeyTagWritingKey.self] }
        set { self[KeyTagWritingKey.self] = newValue }
    }
}
