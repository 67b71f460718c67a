import FeatureClient
import Foundation
import Observation
import StoreClient
import ThresholdCore

/// The prayer screen (Selah): an open window's time left, or mood → prayer → "Amen".
///
/// Leaving mid-prayer saves where the person was and grants nothing; the next `open()` resumes
/// with the same prayer.
@MainActor @Observable
public final class PrayerModel: SubmitsCompletion {
    public enum Phase: Hashable, Sendable {
        case loading
        /// Apps are unlocked until then: no new prayer is asked for.
        case windowOpen(until: Date)
        /// No restriction in force accepts a prayer.
        case nothingToUnlock
        case mood
        case reading(PrayerTemplate)
        case finished
        /// The library or the state could not be read; shields stay as they are.
        case problem(Problem)
    }

    public private(set) var phase: Phase = .loading
    public private(set) var ritual: PrayerRitual?
    public var outcome: RitualOutcome?
    package let client: RitualClient
    private var selector: PrayerSelector?
    private var recent: [PrayerTemplateID] = []
    /// Terms from the unlock gate, when it started the prayer; otherwise they follow from the
    /// restrictions in force.
    private let givenTerms: UnlockTerms?

    public init(terms: UnlockTerms? = nil, client: RitualClient) {
        self.givenTerms = terms
        self.client = client
    }

    /// Loads the state: an open window, a saved prayer to resume, or the mood question. A new
    /// open is a new attempt: the last prayer's outcome is cleared, so another "Amen" is submitted.
    public func open() {
        outcome = nil
        do {
            let stored = try client.load()
            let now = client.clock().wall
            if let until = UnlockGate.openWindow(of: .prayer, grants: stored.engine.grants, at: now) {
                phase = .windowOpen(until: until)
                return
            }
            let enforcement = evaluate(stored.engine, at: now, calendar: client.calendar())
            guard let terms = givenTerms ?? UnlockGate.terms(for: .prayer, enforcement: enforcement, state: stored.engine) else {
                phase = .nothingToUnlock
                return
            }
            let library = try client.library()
            selector = PrayerSelector(library: library)
            recent = stored.rituals.recentPrayers
            let ritual = PrayerRitual(
                terms: terms, preferences: stored.settings.selah, resuming: stored.rituals.prayer,
                library: library, at: now)
            self.ritual = ritual
            show(ritual)
        } catch {
            phase = .problem(Problem(error))
        }
    }

    /// The person chose how they are.
    public func choose(_ mood: Mood) {
        guard var ritual, let selector else { return }
        do {
            _ = try ritual.choose(mood, selector: selector, seed: client.seed(), recent: recent)
            self.ritual = ritual
            save()
            show(ritual)
        } catch {
            phase = .problem(Problem(error))
        }
    }

    public func changeMood() {
        ritual?.changeMood()
        save()
        if let ritual { show(ritual) }
    }

    public func amen() {
        guard var ritual else { return }
        ritual.amen(at: client.clock().wall)
        self.ritual = ritual
        submit(ritual.completion)
        phase = .finished
    }

    /// The person left the screen: the prayer in progress stays saved. After "Amen" nothing
    /// changes: a recorded prayer cleared it, a refused one keeps it for the next open.
    public func leave() {
        guard outcome == nil else { return }
        save()
    }

    /// The open window, read now by the model's clock: the one found on opening, or the one "Amen"
    /// just opened (with its length, which the success screen says); `nil` when none is open.
    public var window: UnlockWindow? {
        switch (phase, outcome) {
        case (.windowOpen(let until), _):
            UnlockWindow(until: until, minutes: nil, at: client.clock().wall)
        case (.finished, _?):
            openedWindow(minutes: ritual?.terms.minutes)
        default:
            nil
        }
    }

    /// Seconds left of the open ``window``, never below zero; `nil` when none is open. At zero the
    /// screen opens again (``open()``) and asks for a new prayer.
    public var windowRemaining: TimeInterval? { window?.remaining }

    /// The verse shown with the prayer, in the person's translation when the prayer carries it;
    /// ``VerseLine/citation`` names the translation beside it ("Psalms 46:10 (KJV)").
    public var verse: VerseLine? { ritual?.verse }

    /// The translation a verse is shown in when it is not the one the person chose (the screen
    /// says so under the verse); `nil` when it is the chosen one, or when the chosen one is read
    /// elsewhere (``readElsewhere``).
    public var translationNote: BibleTranslation? {
        guard readElsewhere == nil, let preferred = ritual?.preferences.translation, let shown = verse?.translation,
            preferred != shown
        else { return nil }
        return shown
    }

    /// A translation chosen before Threshold offered only those it quotes (the ESV, NIV, NKJV,
    /// NLT, NASB): the screen shows the verse's reference with a way to read it in that
    /// translation, never another translation's words under its name.
    public var readElsewhere: (translation: BibleTranslation, link: URL)? {
        guard let preferred = ritual?.preferences.translation, let reference = verse?.reference,
            let link = preferred.reading(reference)
        else { return nil }
        return (preferred, link)
    }

    private func show(_ ritual: PrayerRitual) {
        switch ritual.step {
        case .mood: phase = .mood
        case .reading: phase = ritual.template.map(Phase.reading) ?? .mood
        case .completed: phase = .finished
        }
    }

    private func save() {
        // NB: saving progress is a convenience; if it fails the prayer simply starts over next time.
        do { try client.savePrayer(ritual?.saved) } catch {}
    }
}
