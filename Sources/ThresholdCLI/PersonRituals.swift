import Foundation
import PrayerContent
import ScreenTimeSimulator
import StoreClient
import ThresholdCore
import ThresholdRuntime

/// The rituals as the person does them on the simulated phone: the Core ritual types the app's
/// screens drive, on the phone's clock, then one write that records the ritual and issues its
/// grant (`StoreTransaction.complete`, the write behind every finished ritual in the app).
extension Person {
    /// Does a ritual the way its screen asks: a mood, the prayer and its verse, Amen; five
    /// problems answered; a game played to a win or a draw; 45 seconds of breathing; a passage
    /// typed over 90 seconds; the emergency button held and a reason given; credits spent.
    /// Quests and the emergency hold take their time on the phone's clock.
    ///
    /// What it unlocks comes from the unlock gate: for `app`, the gate's option for this ritual;
    /// otherwise everything gated by the restrictions in force that accept it, for the shortest
    /// of their windows. When nothing offers the ritual, or it cannot be finished (too few
    /// credits, no emergencies left), the request is refused and nothing changes; when the saved
    /// state cannot be read the reconcile fails closed.
    ///
    /// - Parameters:
    ///   - minutes: how long credits buy (5, 15 or 30); the other rituals unlock for the window
    ///     their restriction sets.
    ///   - mood: the answer to the prayer's "How are you right now?" (grateful when not given).
    @discardableResult
    func completeRitual(_ kind: RitualKind, minutes: Int?, app: String?, mood: Mood? = nil) throws -> ReconcileOutcome {
        let target = try app.map { name in
            guard let found = phone.catalogue.app(named: name) else { throw SimulatorError.unknownApp(name, known: phone.catalogue.names) }
            return found
        }
        let trigger = Trigger.inApp(kind.rawValue)
        let stored: StoredState
        do {
            stored = try phone.store.read()
        } catch {
            phone.note(.person, "opens the \(kind.displayName.lowercased())")
            // The write fails closed on the same store and reports why.
            return phone.perform(as: trigger) { _, _ in throw error }
        }
        do {
            let terms = try self.terms(for: kind, app: target, stored: stored)
            let completion = try perform(kind, terms: terms, minutes: minutes, mood: mood, label: target?.displayName, stored: stored)
            return phone.perform(as: trigger) { transaction, context in
                _ = try transaction.complete(completion, at: context.now, calendar: context.calendar, ids: context.ids)
            }
        } catch {
            return phone.perform(as: trigger) { _, _ in throw error }
        }
    }

    /// What the ritual would unlock now: the gate's terms for `app`, or the terms for a ritual
    /// started from inside Threshold (the prayer link). Throws the reason the gate gives when it
    /// does not offer the ritual.
    private func terms(for kind: RitualKind, app: AppCatalogue.App?, stored: StoredState) throws -> UnlockTerms {
        let now = phone.clock.wall
        let enforcement = evaluate(stored.engine, at: now, calendar: calendar)
        guard let app else {
            guard let terms = UnlockGate.terms(for: kind, enforcement: enforcement, state: stored.engine) else {
                throw ValidationError("unlock", "Nothing shielded now takes \(Self.noun(kind)).")
            }
            return terms
        }
        let gate = UnlockGate(app: app.token, category: app.category, enforcement: enforcement, stored: stored, at: now, calendar: calendar)
        guard gate.status == .shielded else {
            throw ValidationError("unlock", "\(app.displayName) is not shielded; there is nothing to unlock.")
        }
        guard let option = gate.options.first(where: { $0.way == .ritual(kind) }) else {
            throw ValidationError("unlock", "\(app.displayName)'s shield does not take \(Self.noun(kind)).")
        }
        if let reason = option.eligibility.disabledReason { throw UnlockRefused(reason) }
        guard let terms = option.terms else {
            throw ValidationError("unlock", "\(app.displayName)'s shield offers \(Self.noun(kind)) without terms to unlock with.")
        }
        return terms
    }

    /// Runs the ritual itself, noting each step on the timeline; returns its completion.
    private func perform(_ kind: RitualKind, terms: UnlockTerms, minutes: Int?, mood: Mood?, label: String?,
                         stored: StoredState) throws -> RitualCompletion {
        var generator = SplitMix64(seed: UInt64(phone.timeline.count) &+ 1)
        let completion: RitualCompletion?
        switch kind {
        case .prayer:
            let library = try Self.library.get()
            var prayer = PrayerRitual(terms: terms, preferences: stored.settings.selah, resuming: stored.rituals.prayer,
                                      library: library, at: phone.clock.wall)
            if prayer.step == .mood {
                let mood = mood ?? .grateful
                phone.note(.person, "opens Selah's prayer and answers “How are you right now?”: \(mood.displayName)")
                _ = try prayer.choose(mood, selector: PrayerSelector(library: library), seed: generator.next(),
                                      recent: stored.rituals.recentPrayers)
            }
            if let template = prayer.template {
                phone.note(.app, "shows the prayer “\(template.firstLine)” and \(template.verse.reference) (\(template.translation.abbreviation))")
            }
            prayer.amen(at: phone.clock.wall)
            phone.note(.person, "says Amen")
            completion = prayer.completion
        case .mathChallenge:
            var challenge = try MathChallenge(difficulty: .medium, problems: UnlockGate.mathProblems, terms: terms, using: &generator)
            var solved: [String] = []
            while case .solving(let problem) = challenge.step {
                _ = challenge.answer(String(problem.answer), at: phone.clock.wall, using: &generator)
                solved.append("\(problem.text) = \(problem.answer)")
            }
            phone.note(.person, "solves the math challenge: \(solved.joined(separator: ", "))")
            completion = challenge.completion
        case .ticTacToe:
            var game = TicTacToeChallenge(terms: terms)
            var moves: [Int] = []
            while game.step == .yourMove, let cell = game.board.bestMoves(for: .x).first {
                moves.append(cell)
                if case .finished(.lost, _) = game.play(cell, at: phone.clock.wall, using: &generator) { game.newGame() }
            }
            let result = if case .finished(let outcome) = game.step { outcome.rawValue } else { "unfinished" }
            phone.note(.person, "plays tic-tac-toe (cells \(moves.map(String.init).joined(separator: ", "))): \(result)")
            completion = game.completion
        case .breathingQuest:
            var quest = BreathingQuest(terms: terms)
            quest.start(at: phone.clock.reading)
            phone.note(.person, "breathes with the quest for \(Int(BreathingQuest.duration)) s")
            phone.advance(by: BreathingQuest.duration)
            quest.tick(at: phone.clock.reading)
            completion = quest.completion
        case .copyTextQuest:
            var quest = CopyTextQuest(terms: terms, passage: .random(using: &generator))
            quest.start(at: phone.clock.reading)
            phone.note(.person, "copies “\(quest.passage.text)” by hand")
            let pieces = Self.typed(quest.passage.text, inPiecesOf: CopyTextQuest.maximumInsertion)
            let pause = (CopyTextQuest.duration / Double(pieces.count)).rounded(.up)
            for piece in pieces {
                phone.advance(by: pause)
                _ = quest.edit(to: piece, at: phone.clock.reading)
            }
            _ = quest.finish(at: phone.clock.reading)
            completion = quest.completion
        case .emergency:
            var emergency = EmergencyUnlock(terms: terms, policy: stored.settings.emergency)
            emergency.pressHold(at: phone.clock.reading)
            phone.note(.person, "holds the emergency button for \(stored.settings.emergency.holdSeconds) s")
            phone.advance(by: TimeInterval(stored.settings.emergency.holdSeconds))
            _ = emergency.releaseHold(at: phone.clock.reading)
            let reason = "My doctor is messaging me about tomorrow's appointment"
            phone.note(.person, "gives the reason “\(reason)”")
            _ = emergency.submit(reason: reason, at: phone.clock.wall)
            completion = emergency.completion
        case .credits:
            let credits = CreditsUnlock(terms: terms, balance: stored.balances.credits, label: label ?? "everything gated")
            let minutes = minutes ?? CreditsUnlock.choices[0]
            phone.note(.person, "spends \(credits.cost(minutes: minutes)) Focus Bank credits for \(minutes) min (balance \(credits.balance))")
            completion = try credits.spend(minutes: minutes, at: phone.clock.wall)
        }
        guard let completion else { throw ValidationError("unlock", "\(kind.displayName) did not finish.") }
        return completion
    }

    /// The ritual as a refusal names it: "a prayer", "Focus Bank credits".
    private static func noun(_ kind: RitualKind) -> String {
        switch kind {
        case .prayer: "a prayer"
        case .mathChallenge: "a math challenge"
        case .ticTacToe: "a game of tic-tac-toe"
        case .breathingQuest: "a breathing quest"
        case .copyTextQuest: "a copy-text quest"
        case .credits: "Focus Bank credits"
        case .emergency: "an emergency unlock"
        }
    }

    /// The passage as a person types it: each edit adds at most `length` characters.
    private static func typed(_ text: String, inPiecesOf length: Int) -> [String] {
        stride(from: length, to: text.count + length, by: length).map { String(text.prefix($0)) }
    }

    /// The bundled prayers, read once.
    private static let library: Result<PrayerLibrary, ValidationError> = {
        do {
            return .success(try PrayerContent.bundledLibrary())
        } catch {
            return .failure(error as? ValidationError ?? ValidationError("prayer content", "\(error)"))
        }
    }()
}
