import Foundation
import HTTPTypes
import Hummingbird
import TogetherCore

/// The encrypted backup's routes (issue 16, item 5). The blob is the raw body, never parsed; its
/// version is in the signed query, `?version=N`.
extension TogetherAPI {
    static let backupVersionName = HTTPField.Name("X-Threshold-Backup-Version")!

    func storeBackup(_ request: Request) async throws -> Response {
        let (account, signed, body) = try await authenticated(request, bodyLimit: BackupBlob.maximumBytes)
        guard let text = request.uri.queryParameters.get("version"), let version = Int64(text) else {
            throw TogetherRefusal(
                .malformed, "Store a backup as PUT /v1/backup?version=N, N the one after the stored version (1 for the first).")
        }
        try BackupBlob.checkSize(body.count)
        let now = clock.now
        try await store.useNonce(signed.request.nonce, publicKey: account.publicKey, at: now)
        let stored = try await store.storeBackup(Array(body), version: version, for: account.id, at: now)
        return try json(.ok, Wire.BackupStored(version: stored.version, bytes: stored.blob.count, storedAt: stored.storedAt))
    }

    func fetchBackup(_ request: Request) async throws -> Response {
        let (account, signed, _) = try await authenticated(request)
        try await store.useNonce(signed.request.nonce, publicKey: account.publicKey, at: clock.now)
        guard let backup = try await store.backup(of: account.id) else {
            throw TogetherRefusal(.noBackup, "This account has no backup stored.")
        }
        return Response(
            status: .ok,
            headers: [.contentType: "application/octet-stream", Self.backupVersionName: String(backup.version)],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: backup.blob)))
    }

    func deleteBackup(_ request: Request) async throws -> Response {
        let (account, signed, _) = try await authenticated(request)
        try await store.useNonce(signed.request.nonce, publicKey: account.publicKey, at: clock.now)
        try await store.deleteBackup(of: account.id)
        return Response(status: .noContent)
    }
}
