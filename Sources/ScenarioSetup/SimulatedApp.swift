import FeatureClient
import Foundation
import PrayerContent
import ScreenTimeClient
@_spi(Setup) import ScreenTimeSimulator
import ThresholdCore
import TogetherClient

/// Threshold's app on the simulated phone: the same `AppClient` the app builds at launch
/// (`AppRootView`), over the phone's app process, so every change a screen makes goes through the
/// reconciler the app uses and is recorded on the phone's timeline.
///
/// Two things differ from the app, both inputs rather than behaviour: randomness is seeded, so a
/// scenario's prayers, problems, passages and key secrets repeat on every run; and iOS's Screen
/// Time prompt is answered by ``AccessPrompt``, as the person decides.
public enum SimulatedApp {
    /// - Parameter together: Together's server and the phone's Keychain, where a scenario has one
    ///   (the server's package drives two phones against the real server); `nil`: Together is off.
    public static func client(on phone: SimulatedPhone, prompt: AccessPrompt, seed: UInt64, together: TogetherAccess? = nil) -> AppClient {
        let runtime = phone.runtime(for: .app)
        let numbers = Numbers(seed: seed)
        // NB: the content's language is the phone's, as the app reads `Locale.current` (`AppClient.live`).
        let language = ContentLanguage(phone.locale)
        let library: @Sendable () throws -> PrayerLibrary = { try Self.library(in: language).get() }
        let client = AppClient(
            runtime: runtime,
            authorization: AuthorizationClient(
                verdict: { prompt.verdict(phone.authorization) },
                request: {
                    prompt.shown()
                    if let failure = prompt.answer() {
                        if phone.authorization == .notDetermined { phone.authorization = .denied }
                        throw failure
                    }
                    // The person allows: what iOS then does is the phone's (it may grant nothing).
                    return try await runtime.screenTime.requestAuthorization()
                }),
            library: library,
            language: language,
            random: { numbers.next() },
            ritualSeed: { numbers.next() },
            purchases: phone.appStore.client,
            deviceID: phone.catalogue.device ?? deviceID,
            canWriteTags: phone.readsNFCTags,
            together: together,
            currentFocus: { phone.focus.currentFilter })
        // As the app connects its intents to its own runtime (`AppModel.live`): what they commit
        // reaches the screens at once.
        phone.intentsCommitted = { [state = client.state] in state.committed($0) }
        return client
    }

    /// The simulated iPhone scenarios start on, as a backup names it; another device is named by
    /// its catalogue (``AppCatalogue/device``), as Screen Time tokens belong to the device that picked them.
    public static let deviceID = "simulated-iphone"

    /// The bundled prayers in a language, each read once.
    static func library(in language: ContentLanguage) -> Result<PrayerLibrary, ValidationError> {
        language == .spanish ? spanishLibrary : englishLibrary
    }

    private static let englishLibrary = read(.english)
    private static let spanishLibrary = read(.spanish)

    private static func read(_ language: ContentLanguage) -> Result<PrayerLibrary, ValidationError> {
        do {
            return .success(try PrayerContent.bundledLibrary(in: language))
        } catch {
            return .failure(
                error as? ValidationError ?? ValidationError("prayer content", .contentFile(.unreadable(String(describing: error)))))
        }
    }

    /// A seeded source of random numbers the app's closures share.
    private final class Numbers: @unchecked Sendable {
        // NB: an NSLock guards the generator (`Mutex` is not in the iOS 17 SDK).
        private let lock = NSLock()
        private var generator: SplitMix64

        init(seed: UInt64) { generator = SplitMix64(seed: seed) }

        func next() -> UInt64 { lock.withLock { generator.next() } }
    }
}

/// How the person answers iOS's Screen Time prompt, and what Threshold has seen of access so far
/// (to tell a revocation from a refusal, as `AuthorizationTracking` does in the app).
public final class AccessPrompt: @unchecked Sendable {
    // NB: an NSLock guards the fields (`Mutex` is not in the iOS 17 SDK).
    private let lock = NSLock()
    private var failures: [AuthorizationFailure] = []
    private var wasApproved: Bool

    /// - Parameter approvedBefore: access was granted before the scenario began (any setup but a
    ///   fresh install).
    public init(approvedBefore: Bool) { wasApproved = approvedBefore }

    /// The next prompts end with these, in order (`canceled`: the person taps Don't Allow); after
    /// them the person allows.
    public func willAnswer(_ failures: [AuthorizationFailure]) { lock.withLock { self.failures = failures } }

    /// The answer to one prompt: a failure, or `nil` when the person allows.
    /// How many times iOS has shown its Screen Time prompt.
    public var prompts: Int { lock.withLock { shownCount } }
    private var shownCount = 0

    func shown() { lock.withLock { shownCount += 1 } }

    public func answer() -> AuthorizationFailure? {
        lock.withLock { failures.isEmpty ? nil : failures.removeFirst() }
    }

    /// What the app reads of access now, as `AuthorizationTracking` tells a revocation from a refusal.
    public func verdict(_ status: AuthorizationStatus) -> AuthorizationVerdict {
        lock.withLock {
            let verdict = AuthorizationTracking.verdict(readings: [status], wasApproved: wasApproved)
            if verdict == .approved { wasApproved = true }
            return verdict
        }
    }
}
