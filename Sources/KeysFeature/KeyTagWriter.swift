#if canImport(CoreNFC)
@preconcurrency import CoreNFC
import Foundation

/// Writes a key's link to an NFC tag as one URI record (CoreNFC's NDEF reader session).
///
/// The completion runs once, on the main actor: success only after the tag confirmed the write.
final class KeyTagWriter: NSObject, NFCNDEFReaderSessionDelegate, @unchecked Sendable {
    // NB: CoreNFC calls the delegate on its own queue; `written` and `finished` are guarded by `lock`.
    private let link: URL
    private let completion: @MainActor (Result<Void, KeyWriteFailure>) -> Void
    private let lock = NSLock()
    private var written = false
    private var finished = false
    private var session: NFCNDEFReaderSession?

    static var isAvailable: Bool { NFCNDEFReaderSession.readingAvailable }

    init(link: URL, completion: @escaping @MainActor (Result<Void, KeyWriteFailure>) -> Void) {
        self.link = link
        self.completion = completion
    }

    func begin() {
        guard Self.isAvailable else {
            finish(.failure(KeyWriteFailure(message: String(localized: "This iPhone cannot write NFC tags.", bundle: .module))))
            return
        }
        let session = NFCNDEFReaderSession(delegate: self, queue: nil, invalidateAfterFirstRead: false)
        session.alertMessage = String(localized: "Hold the tag near the top of the iPhone.", bundle: .module)
        self.session = session
        session.begin()
    }

    func readerSession(_ session: NFCNDEFReaderSession, didInvalidateWithError error: any Error) {
        let wasWritten = lock.withLock { written }
        if wasWritten {
            finish(.success(()))
        } else {
            finish(
                .failure(
                    KeyWriteFailure(
                        message: String(
                            localized: "The key was not written, so it was not kept. Try again with the tag held still.",
                            bundle: .module))))
        }
    }

    func readerSession(_ session: NFCNDEFReaderSession, didDetectNDEFs messages: [NFCNDEFMessage]) {}

    func readerSession(_ session: NFCNDEFReaderSession, didDetect tags: [any NFCNDEFTag]) {
        guard let tag = tags.first else { return }
        let link = link
        session.connect(to: tag) { error in
            guard error == nil else {
                session.invalidate(errorMessage: String(localized: "Could not reach the tag.", bundle: .module))
                return
            }
            tag.queryNDEFStatus { status, _, error in
                guard error == nil, status == .readWrite, let record = NFCNDEFPayload.wellKnownTypeURIPayload(url: link) else {
                    session.invalidate(errorMessage: String(localized: "This tag cannot be written.", bundle: .module))
                    return
                }
                tag.writeNDEF(NFCNDEFMessage(records: [record])) { error in
                    if error == nil {
                        self.lock.withLock { self.written = true }
                        session.alertMessage = String(localized: "Key written.", bundle: .module)
                        session.invalidate()
                    } else {
                        session.invalidate(errorMessage: String(localized: "Writing failed; the key was not kept.", bundle: .module))
                    }
                }
            }
        }
    }

    private func finish(_ result: Result<Void, KeyWriteFailure>) {
        let first = lock.withLock {
            defer { finished = true }
            return !finished
        }
        guard first else { return }
        Task { @MainActor in completion(result) }
    }
}

extension KeyTagWriting {
    /// Core NFC's reader session: the system's sheet asks for a tag and writes the link to it.
    static let coreNFC = KeyTagWriting(isAvailable: KeyTagWriter.isAvailable) { link, completion in
        let writer = KeyTagWriter(link: link, completion: completion)
        writer.begin()
        return writer
    }
}
#endif
