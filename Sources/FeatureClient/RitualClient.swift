import Foundation
import StoreClient
import ThresholdCore

/// Everything the unlock screens need from the rest of the app, as one small interface: the
/// stored state, the clocks, randomness, the prayer library, and the writes (complete a ritual,
/// save a prayer in progress, record a shield choice, tap a key, start or end a session).
///
/// `live(runtime:…)` runs every write through the reconciler as a command, so a finished ritual's
/// grant lifts the shields at once; `inMemory(…)` is the same client over a store alone, with a
/// Screen Time stand-in that enforces nothing, for tests and previews. A completion and its grant
/// are one command (``CompleteRitual``).
public struct RitualClient: Sendable {
    /// The state to show.
    public var load: @Sendable () throws -> StoredState
    /// The device's clocks, read now.
    public var clock: @Sendable () -> ClockReading
    /// A Gregorian calendar in the device's time zone.
    public var calendar: @Sendable () -> Calendar
    /// A fresh random seed (for problems, passages, prayers, the opponent's choices).
    public var seed: @Sendable () -> UInt64
    /// The bundled prayers; throws when the library cannot be read.
    public var library: @Sendable () throws -> PrayerLibrary
    /// The language of the rituals' content: Unscramble's words and the copy-text passages.
    public var language: ContentLanguage
    /// Records a completed ritual and issues its grant.
    public var complete: @Sendable (RitualCompletion) -> RitualSubmission
    /// Saves the prayer in progress (`nil`: none).
    public var savePrayer: @Sendable (PrayerProgress?) throws -> Void
    /// Records a button pressed on a shield or the gate.
    public var recordChoice: @Sendable (ShieldChoice) throws -> Void
    /// Verifies and decides a key's tap (see `KeyRing.tap`).
    public var tapKey: @Sendable (KeyTagID, KeySecret) throws -> KeyTapOutcome
    /// Starts, ends or pauses a profile; returns why it was refused, or `nil` when done.
    public var session: @Sendable (SessionRequest) -> Problem?
    /// Days in a row with a completed focus session, today's included when it has one.
    public var focusStreak: @Sendable () throws -> Int
    /// What the last reconcile saved: the unlock screens derive what they show from it.
    public let state: AppState

    public init(
        load: @escaping @Sendable () throws -> StoredState,
        clock: @escaping @Sendable () -> ClockReading,
        calendar: @escaping @Sendable () -> Calendar,
        seed: @escaping @Sendable () -> UInt64,
        library: @escaping @Sendable () throws -> PrayerLibrary,
        complete: @escaping @Sendable (RitualCompletion) -> RitualSubmission,
        savePrayer: @escaping @Sendable (PrayerProgress?) throws -> Void,
        recordChoice: @escaping @Sendable (ShieldChoice) throws -> Void,
        tapKey: @escaping @Sendable (KeyTagID, KeySecret) throws -> KeyTapOutcome,
        session: @escaping @Sendable (SessionRequest) -> Problem?,
        focusStreak: @escaping @Sendable () throws -> Int,
        language: ContentLanguage = .english,
        state: AppState = AppState()
    ) {
        self.state = state
        self.load = load
        self.clock = clock
        self.calendar = calendar
        self.seed = seed
        self.library = library
        self.language = language
        self.complete = complete
        self.savePrayer = savePrayer
        self.recordChoice = recordChoice
        self.tapKey = tapKey
        self.session = session
        self.focusStreak = focusStreak
    }

    /// The focus-day streak from a store's session log: a year of sessions bounds it.
    package static func focusStreak(_ store: any StoreClient, now: Date, calendar: Calendar) throws -> Int {
        let window = SessionStats.focusStreakWindow(at: now, calendar: calendar)
        let engine = try store.read().engine
        return SessionStats.focusDayStreak(
            engine.focus(try store.sessions(startingFrom: window.from, until: window.until)), now: now, calendar: calendar)
    }

    /// A generator seeded from `seed()`.
    package func generator() -> SplitMix64 { SplitMix64(seed: seed()) }
}

/// What became of a finished ritual.
public enum RitualSubmission: Hashable, Sendable {
    /// Recorded; the grant lets things through for `minutes`, until `until` (`nil` when no grant
    /// was needed): `letThrough`, what the shields stopped holding when it was written.
    case unlocked(until: Date?, minutes: Int?, letThrough: Set<AnyToken>)
    /// Refused when it was written (a limit reached meanwhile, the balance spent, the store
    /// unavailable): nothing was recorded and shields stay as they are.
    case refused(Problem)
}

/// A session change a key's screen asks for.
public enum SessionRequest: Hashable, Sendable {
    case start(ProfileID)
    case end(ProfileID)
    case takeBreak(ProfileID)
    /// Back to focus before the break is over: the Live Activity's button, the same command.
    case endBreak(ProfileID)

    /// The session command it stands for; a start from a key is a key-started session.
    public var command: any Command {
        switch self {
        case .start(let profile): StartSession(profile: profile, origin: .key)
        case .end(let profile): EndSession(profile: profile)
        case .takeBreak(let profile): TakeBreak(profile: profile)
        case .endBreak(let profile): EndBreak(profile: profile)
        }
    }
}
