import Foundation
import StoreClient

// libFuzzer target for backup import: the part of `StoreClient.importBackup(_:deviceID:)` that
// reads untrusted bytes (`BackupReader.read`: JSON, the format and version, the strict decode
// that refuses unknown fields, and the checks of the ledger, the log and the history) before
// anything is written; it lives in StoreClient, where every store reads backups. Built by
// `Fuzz/run-fuzzer backup`.
//
// Beyond "never crashes":
// 1. A backup that decodes re-encodes, as `export` writes it (sorted keys, pretty-printed), to a
//    document that decodes equal, and encodes to the same bytes again.
// 2. A refused backup is refused with a `BackupError` (never another error), with a message.

@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(UnsafeBufferPointer(start: data, count: size))
    let backup: Backup
    do {
        backup = try BackupReader.read(bytes)
    } catch let error as BackupError {
        if error.description.isEmpty { fatalError("a refused backup was given no reason") }
        return 0
    } catch {
        fatalError("a backup was refused with \(type(of: error)), not a BackupError: \(error)")
    }
    let written: Data
    do {
        written = try backup.encoded()
    } catch {
        fatalError("a backup that decodes does not encode: \(error)")
    }
    let again: Backup
    do {
        again = try BackupReader.read(written)
    } catch {
        fatalError("a backup that decodes, written again, is refused: \(error)\n\(String(decoding: written, as: UTF8.self))")
    }
    guard again == backup else {
        fatalError("a backup that decodes, written again, decodes different:\n\(String(decoding: written, as: UTF8.self))")
    }
    guard (try? again.encoded()) == written else {
        fatalError("a backup that decodes, written twice, gives different bytes")
    }
    return 0
}
