import Crypto
import Foundation

/// The key a backup is sealed with: 256 random bits the app keeps in the iCloud Keychain, so a new
/// iPhone signed in to the same Apple Account can open what this one stored. The server never
/// sees it.
// NB: @unchecked because swift-crypto's SymmetricKey is not marked Sendable; the key is a `let`.
public struct BackupKey: @unchecked Sendable {
    let key: SymmetricKey

    public init() { key = SymmetricKey(size: .bits256) }

    public init(rawRepresentation: Data) throws {
        guard rawRepresentation.count == 32 else { throw SealedBackup.Failure.badKey }
        key = SymmetricKey(data: rawRepresentation)
    }

    public var rawRepresentation: Data { key.withUnsafeBytes { Data($0) } }
}

/// The store's backup JSON (`StoreClient.exportBackup`) sealed on the device (AES-256-GCM) into
/// the opaque, versioned blob Together keeps: `THRB` and a format byte (1), then the GCM nonce,
/// ciphertext and tag. The server can read none of it; a blob changed by one bit does not open.
public enum SealedBackup {
    public static let magic = Data("THRB".utf8)
    public static let format: UInt8 = 1

    public enum Failure: Error, Equatable, CustomStringConvertible {
        case badKey, notABackup, unknownFormat(UInt8), cannotOpen

        public var description: String {
            switch self {
            case .badKey: "The backup key is not 32 bytes."
            case .notABackup: "This is not a Threshold backup."
            case .unknownFormat(let format): "This backup was made by a newer Threshold (format \(format)); update Threshold to restore it."
            case .cannotOpen: "This backup cannot be opened with this Apple Account's backup key, or it was changed after it was made."
            }
        }
    }

    public static func seal(_ backup: Data, with key: BackupKey) throws -> Data {
        guard let combined = try AES.GCM.seal(backup, using: key.key).combined else { throw Failure.cannotOpen }
        return magic + Data([format]) + combined
    }

    public static func open(_ blob: Data, with key: BackupKey) throws -> Data {
        let bytes = [UInt8](blob)
        guard bytes.count > magic.count, Data(bytes.prefix(magic.count)) == magic else { throw Failure.notABackup }
        guard bytes[magic.count] == format else { throw Failure.unknownFormat(bytes[magic.count]) }
        do {
            return try AES.GCM.open(AES.GCM.SealedBox(combined: Data(bytes.dropFirst(magic.count + 1))), using: key.key)
        } catch {
            throw Failure.cannotOpen
        }
    }
}
