import Foundation
import Security
import TogetherClient

extension TogetherKeychain {
    /// The install's Together account in the Keychain: one generic-password item, its data the
    /// account as JSON (the signing key's raw bytes among it). Synchronizable, so a new iPhone
    /// signed in to the same Apple Account finds it through the iCloud Keychain (issue 16's
    /// restore); readable after the first unlock, as the app refreshes in the background.
    static let keychain = TogetherKeychain(
        load: {
            var query = KeychainItem.query
            query[kSecReturnData as String] = true
            query[kSecMatchLimit as String] = kSecMatchLimitOne
            var result: CFTypeRef?
            let status = SecItemCopyMatching(query as CFDictionary, &result)
            if status == errSecItemNotFound { return nil }
            guard status == errSecSuccess, let data = result as? Data else { throw KeychainItem.Failure(status: status) }
            return try JSONDecoder().decode(TogetherAccount.self, from: data)
        },
        save: { account in
            let data = try JSONEncoder().encode(account)
            let update = [kSecValueData as String: data] as CFDictionary
            var status = SecItemUpdate(KeychainItem.query as CFDictionary, update)
            if status == errSecItemNotFound {
                var add = KeychainItem.query
                add[kSecValueData as String] = data
                add[kSecAttrAccessible as String] = kSecAttrAccessibleAfterFirstUnlock
                status = SecItemAdd(add as CFDictionary, nil)
            }
            guard status == errSecSuccess else { throw KeychainItem.Failure(status: status) }
        },
        delete: {
            let status = SecItemDelete(KeychainItem.query as CFDictionary)
            guard status == errSecSuccess || status == errSecItemNotFound else { throw KeychainItem.Failure(status: status) }
        })
}

/// The one Keychain item Together keeps.
private enum KeychainItem {
    nonisolated(unsafe) static var query: [String: Any] {
        [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: "app.threshold.together",
            kSecAttrAccount as String: "account",
            kSecAttrSynchronizable as String: kCFBooleanTrue as Any,
        ]
    }

    struct Failure: Error, CustomStringConvertible {
        let status: OSStatus
        var description: String {
            (SecCopyErrorMessageString(status, nil) as String?) ?? "the Keychain answered \(status)"
        }
    }
}

extension TogetherAccess {
    /// Together as this build has it: the server in the Info.plist's `ThresholdTogetherServer`,
    /// or `nil` (Together off) where the build names none. Partners' messages are pushed to the
    /// device token iOS gives (``RemoteNotifications``).
    static func live(bundle: Bundle = .main) -> TogetherAccess? {
        guard let text = bundle.object(forInfoDictionaryKey: "ThresholdTogetherServer") as? String,
            let url = URL(string: text), url.scheme == "https"
        else { return nil }
        var access = TogetherAccess.live(baseURL: url, keychain: .keychain)
        access.push = PushRegistration { await RemoteNotifications.register() }
        return access
    }
}
