import EntryPoints
import Foundation
import PurchasesClient
import ScreenTimeClient
import StoreClient
import ThresholdCore
import ThresholdRuntime
import TogetherClient

/// Everything the app's screens need, built once at the root: the runtime every change goes
/// through (the same reconciler as the extensions, intents and widgets), Screen Time access, the
/// prayer library, and randomness for new keys.
///
/// `live(runtime:authorization:library:)` is the app's. Tests build one on the simulated iPhone
/// (`SimulatedPhone.reconciler(for:)`), or over a store alone (FeatureTestSupport's `inMemory(…)`).
public struct AppClient: Sendable {
    /// The runtime every change goes through; it publishes each commit to ``state``.
    public let runtime: Runtime
    /// What the last reconcile saved, observed by every screen.
    public let state: AppState
    public let authorization: AuthorizationClient
    /// The bundled prayers; throws when the library cannot be read.
    public let library: @Sendable () throws -> PrayerLibrary
    /// Random numbers for new key tags' ids and secrets: the system's cryptographic source in the app.
    public let random: @Sendable () -> UInt64
    /// The unlock screens' client, on the same runtime.
    public let rituals: RitualClient
    /// The App Store, for Threshold Pro; `nil` where there is none (previews): the plan saved stays
    /// as it is, as no refresh runs.
    public let purchases: PurchasesClient?
    /// This iPhone, as a backup names it (`identifierForVendor` in the app): a backup restored on
    /// the iPhone that made it keeps its Screen Time app choices.
    public let deviceID: String?
    /// Whether this device can write NFC tags (Core NFC's `readingAvailable`; an iPad cannot):
    /// where it cannot, keys are made as links and QR codes.
    public let canWriteTags: Bool
    /// Together (issue 16), opt-in: the server and where the account is kept; `nil` where Together
    /// is off (previews, tests, a build without a server), and then nothing reaches the network.
    public let together: TogetherAccess?
    /// What the app's process itself does as it comes and goes, told first on the way in and last
    /// on the way out (``AppModel/scenePhaseChanged(to:)``): on iOS the store lets go of its SQLite
    /// locks in the background (or iOS kills the app, 0xDEAD10CC) and the next background refresh
    /// is scheduled. Nothing elsewhere.
    public let appPhase: @Sendable (AppPhase) -> Void
    /// The filter of the Focus on now, as iOS has it (`SetFocusFilterIntent.current` in the app),
    /// `.off` when none is on, `nil` when it cannot be read (previews, or iOS could not say): each
    /// foreground follows what changed (`Runtime.followFocus`), for a filter iOS did not run.
    public let currentFocus: @Sendable () async -> FocusFilterSetting?

    /// - Parameter language: the language of the content the rituals deal (Unscramble's words, the
    ///   copy-text passages); the app passes the phone's, as it reads `library` in it.
    public init(
        runtime: Runtime, authorization: AuthorizationClient, library: @escaping @Sendable () throws -> PrayerLibrary,
        language: ContentLanguage = .english,
        random: @escaping @Sendable () -> UInt64 = { UInt64.random(in: .min ... .max) },
        ritualSeed: (@Sendable () -> UInt64)? = nil,
        purchases: PurchasesClient? = nil, deviceID: String? = nil, canWriteTags: Bool = true, together: TogetherAccess? = nil,
        appPhase: @escaping @Sendable (AppPhase) -> Void = { _ in },
        currentFocus: @escaping @Sendable () async -> FocusFilterSetting? = { nil }
    ) {
        let state = AppState()
        let runtime = runtime.publishing(to: state)
        self.state = state
        self.runtime = runtime
        self.authorization = authorization
        self.library = library
        self.random = random
        self.rituals = .live(
            runtime: runtime, library: library, language: language, seed: ritualSeed ?? { UInt64.random(in: .min ... .max) }, state: state)
        self.purchases = purchases
        self.deviceID = deviceID
        self.canWriteTags = canWriteTags
        self.together = together
        self.appPhase = appPhase
        self.currentFocus = currentFocus
    }

    /// The device's wall clock now, for what the screens show.
    public var now: Date { runtime.clock.reading().wall }
    public var calendar: Calendar { runtime.clock.calendar }

    /// A day the report extension is asked about, on the device's clock: today up to now, or an
    /// earlier day midnight to midnight.
    package func reportDay(daysAgo: Int) -> DateInterval {
        let now = now
        let today = calendar.startOfDay(for: now)
        guard daysAgo > 0 else { return DateInterval(start: today, end: max(today, now)) }
        let start = calendar.date(byAdding: .day, value: -daysAgo, to: today) ?? today
        let end = calendar.date(byAdding: .day, value: 1, to: start) ?? today
        return DateInterval(start: start, end: end)
    }

    package func read() throws -> StoredState { try runtime.store.read() }

    /// The saved state, or `nil` after putting why it could not be read into `problem`: the
    /// screen keeps what it showed, and the shields stay as they were.
    package func read(reporting problem: inout Problem?) -> StoredState? {
        do {
            return try read()
        } catch {
            problem = Problem(error)
            return nil
        }
    }

    /// Runs `command` through the reconciler; returns why it was refused (or why the store
    /// failed), or `nil` when it was done. A refusal changes nothing and leaves the shields as
    /// they were.
    package func perform(_ what: String, _ command: some StateCommand) -> Problem? {
        runtime.reconcile(.inApp(what), command: command).problem
    }

    /// Why `command` would be refused now, asked of the command itself on a copy of the state
    /// (nothing is written): how a screen shows a disabled button's reason in the rule's own words.
    package func refusal(of command: any Command, in stored: StoredState) -> Problem? {
        FeatureClient.refusal(of: command, in: stored, at: now, calendar: calendar)
    }
}

/// Screen Time access, as the screens ask for it.
public struct AuthorizationClient: Sendable {
    /// The verdict now: on every foreground (PLATFORM.md), telling a revocation from a refusal.
    public var verdict: @Sendable () async -> AuthorizationVerdict
    /// Shows the system's request; throws an `AuthorizationFailure` saying what went wrong.
    public var request: @Sendable () async throws -> AuthorizationStatus

    public init(
        verdict: @escaping @Sendable () async -> AuthorizationVerdict,
        request: @escaping @Sendable () async throws -> AuthorizationStatus
    ) {
        self.verdict = verdict
        self.request = request
    }

    /// Access already granted: previews.
    public static let approved = AuthorizationClient(verdict: { .approved }, request: { .approved })
}

/// Why `command` would be refused at `now`, asked of the command itself on a copy of the state
/// (nothing is written), in the rule's words; `nil` when it would be done.
package func refusal(of command: any Command, in stored: StoredState, at now: Date, calendar: Calendar) -> Problem? {
    var copy = stored.engine
    do {
        try PlanRules.permit(command, in: copy, plan: stored.plan)
        _ = try command.apply(to: &copy, at: now, calendar: calendar, ids: .counting(prefix: "preflight-"))
        return nil
    } catch {
        return Problem(error)
    }
}
