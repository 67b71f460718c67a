import Foundation
import PropertyBased
import Testing
import TogetherClient

/// The encrypted backup's seal (issue 16, item 5): what Together stores opens only with the key it
/// was sealed with, exactly as it was, and not at all once changed.
@Suite struct SealedBackupTests {
    @Test func anyBackup_opensWithItsKey_exactlyAsItWas_andWithNoOtherKey() async throws {
        await propertyCheck(count: 200, input: Gen.uint8().array(of: 0...2_000)) { bytes in
            let backup = Data(bytes), key = BackupKey()
            let blob = try SealedBackup.seal(backup, with: key)
            #expect(blob.prefix(5) == SealedBackup.magic + Data([SealedBackup.format]))
            #expect(blob.count == backup.count + 5 + 12 + 16, "magic, format, nonce and tag: nothing else added")
            #expect(try SealedBackup.open(blob, with: try BackupKey(rawRepresentation: key.rawRepresentation)) == backup)
            #expect(throws: SealedBackup.Failure.cannotOpen) { try SealedBackup.open(blob, with: BackupKey()) }
        }
    }

    @Test func aBlobChangedAnywhere_doesNotOpen() async throws {
        await propertyCheck(count: 300, input: Gen.uint8().array(of: 1...500), Gen.int(in: 0...100_000), Gen.uint8(in: 1...255)) {
            bytes, at, flip in
            let key = BackupKey()
            var blob = try SealedBackup.seal(Data(bytes), with: key)
            let index = at % blob.count
            blob[index] ^= flip
            // A change in the header is refused as no backup or a newer one; anywhere else it does not open.
            #expect(throws: SealedBackup.Failure.self) { try SealedBackup.open(blob, with: key) }
        }
    }

    @Test func whatIsNotABackup_isRefusedAsSuch() throws {
        let key = BackupKey()
        #expect(throws: SealedBackup.Failure.notABackup) { try SealedBackup.open(Data("{\"profiles\":[]}".utf8), with: key) }
        #expect(throws: SealedBackup.Failure.notABackup) { try SealedBackup.open(Data(), with: key) }
        #expect(throws: SealedBackup.Failure.unknownFormat(2)) { try SealedBackup.open(SealedBackup.magic + Data([2, 0, 0]), with: key) }
        #expect(throws: SealedBackup.Failure.badKey) { try BackupKey(rawRepresentation: Data(count: 16)) }
    }

    @Test func aSealedBackupsKey_travelsInTheAccount_andOpensIt() throws {
        let state = CloudBackup(daily: true)
        let blob = try SealedBackup.seal(Data("backup".utf8), with: try state.backupKey())
        let kept = try JSONDecoder().decode(CloudBackup.self, from: try JSONEncoder().encode(state))
        #expect(try SealedBackup.open(blob, with: try kept.backupKey()) == Data("backup".utf8))
        #expect(kept == state && kept.version == 0 && kept.daily)
    }
}
