import FeatureClient
import Foundation
import Observation
import StoreClient
import ThresholdCore
import ThresholdKeys

/// Making a key for a profile: minted, then written to an NFC tag and kept only once the tag took
/// it, or made as a link (a QR code the Camera opens) and kept at once. Settings › Keys and
/// onboarding's key step make keys through this one model; each reloads what it shows when a key
/// is kept (``kept``).
@MainActor @Observable
public final class KeyMaking {
    /// A key minted and waiting to be written to a tag; stored only once the tag took it.
    public struct PendingKey: Sendable, Identifiable {
        public let key: WrittenKey
        /// The profile it starts ("💼 Work").
        public let profileTitle: String
        public var id: KeyTagID { key.tag.id }
        /// The link to write as the tag's NDEF URI record.
        public var link: URL { key.link }
    }

    /// A key made as a link (for a QR code, or any NFC writer app), kept from the moment it is shown.
    public struct KeyLink: Sendable, Identifiable {
        public let name: String
        /// The profile it starts ("💼 Work").
        public let profileTitle: String
        /// `https://threshold.app/k/<tag id>#<secret>`: the QR code's content.
        public let link: URL
        public var id: String { link.absoluteString }
    }

    /// A key kept: the profile it starts ("💼 Work") and how it was made.
    public struct Made: Hashable, Sendable {
        public let name: String
        public let profileTitle: String
        public let isLink: Bool
    }

    public private(set) var pending: PendingKey?
    /// The key link shown now (its QR code and Copy link), after ``makeLink(for:name:)``.
    public private(set) var link: KeyLink?
    /// The last key kept on this screen.
    public private(set) var made: Made?
    /// Why the last key action was refused, shown beside the keys' controls; nothing changed.
    public package(set) var problem: KeyProblem?
    /// Core NFC's session while its sheet is up (it must outlive the call that started it).
    @ObservationIgnored private var session: AnyObject?
    /// Runs after a key is kept, so the screen that made it shows it.
    @ObservationIgnored package var kept: @MainActor () -> Void = {}
    @ObservationIgnored let client: AppClient

    package init(client: AppClient) { self.client = client }

    /// Whether this device writes NFC tags: where it does not, writing a key is disabled, and
    /// the screen says to make a key link instead.
    public var writesTags: Bool { client.canWriteTags }

    /// Mints a key for `profile` (`nil`: none was chosen): its link is written to the tag next,
    /// and the key is kept only when the tag took it (``written()``). Refused where the device
    /// writes no tags.
    public func prepare(for profile: Profile?, name: String) {
        guard writesTags else { return problem = .cannotWriteTags }
        guard let profile else { return problem = .noProfile }
        var generator = ClosureGenerator(source: client.random)
        do {
            pending = PendingKey(
                key: try KeyRing.mint(profile: profile.id, name: name, at: client.now, using: &generator),
                profileTitle: profile.title)
            problem = nil
        } catch {
            problem = .refused(Problem(error))
        }
    }

    /// Mints a key for `profile` and writes it to a tag through `writing` (Core NFC's sheet asks
    /// for the tag): kept when the tag took it, dropped with the writer's words when it did not.
    public func write(for profile: Profile?, name: String, using writing: KeyTagWriting) {
        prepare(for: profile, name: name)
        guard let pending else { return }
        session = writing.write(pending.link) { [weak self] result in
            switch result {
            case .success: self?.written()
            case .failure(let failure): self?.notWritten(failure.message)
            }
            self?.session = nil
        }
    }

    /// The tag holds the link now: keep the key.
    public func written() {
        guard let pending else { return }
        self.pending = nil
        keep(pending.key, profileTitle: pending.profileTitle, isLink: false)
    }

    /// Writing the tag failed or was cancelled: the key is dropped (its secret existed nowhere
    /// else); `reason` is the tag writer's words.
    public func notWritten(_ reason: String) {
        pending = nil
        problem = .notWritten(reason)
    }

    /// Makes a key as a link: kept at once (the link is the key, shown as a QR code and ready to
    /// copy), and revoked like any key. A link edited by hand is refused as a forged tag is.
    public func makeLink(for profile: Profile?, name: String) {
        link = nil
        guard let profile else { return problem = .noProfile }
        var generator = ClosureGenerator(source: client.random)
        do {
            let key = try KeyRing.mint(profile: profile.id, name: name, at: client.now, using: &generator)
            guard keep(key, profileTitle: profile.title, isLink: true) else { return }
            link = KeyLink(name: key.tag.name, profileTitle: profile.title, link: key.link)
        } catch {
            problem = .refused(Problem(error))
        }
    }

    /// The key link's sheet closed (the key stays; revoke it to stop it).
    public func linkClosed() { link = nil }

    @discardableResult
    private func keep(_ key: WrittenKey, profileTitle: String, isLink: Bool) -> Bool {
        if let refused = client.perform("key", AddKey(key)) {
            problem = .refused(refused)
            kept()
            return false
        }
        problem = nil
        made = Made(name: key.tag.name, profileTitle: profileTitle, isLink: isLink)
        kept()
        return true
    }
}

/// Why a key could not be made or changed.
public enum KeyProblem: Hashable, Sendable {
    /// This device cannot write NFC tags: a key link is the way.
    case cannotWriteTags
    /// No profile is chosen for the key.
    case noProfile
    /// Writing the tag failed or was cancelled (the tag writer's words).
    case notWritten(String)
    /// A rule refused it, or the store failed.
    case refused(Problem)
}

/// Why a key was not written; the key is dropped and nothing is kept.
public struct KeyWriteFailure: Error, Sendable {
    public let message: String
    public init(message: String) { self.message = message }
}

/// Writes a key's link to an NFC tag: Core NFC's session on iOS (KeysFeature's `coreNFC`), the
/// simulated phone's where it runs the views. `write` returns what must be kept alive while the
/// system's sheet is up; its completion runs once, on the main actor, with success only when the
/// tag took the link.
public struct KeyTagWriting: Sendable {
    public let isAvailable: Bool
    public let write: @MainActor (URL, @escaping @MainActor (Result<Void, KeyWriteFailure>) -> Void) -> AnyObject?

    public init(
        isAvailable: Bool, write: @escaping @MainActor (URL, @escaping @MainActor (Result<Void, KeyWriteFailure>) -> Void) -> AnyObject?
    ) {
        self.isAvailable = isAvailable
        self.write = write
    }
}

/// A random-number generator over a closure (the client's source of randomness).
private struct ClosureGenerator: RandomNumberGenerator {
    let source: @Sendable () -> UInt64
    mutating func next() -> UInt64 { source() }
}
