import FeatureClient
import Foundation
import Observation
import SelectionFeature
import StoreClient
import ThresholdCore
import TogetherCore

/// Intentions (seed 001 §5): per app, so many opens a day of so many minutes; the opens used
/// today, each intention's streak, and this week's streak freeze.
@MainActor @Observable
public final class IntentionsModel {
    public struct Row: Hashable, Sendable, Identifiable {
        public let intention: Intention
        public let opensUsed: Int
        /// The streak as its shield shows it today.
        public let streak: Int
        /// Open now until then, when it is.
        public let openUntil: Date?
        public var id: IntentionID { intention.id }
    }

    /// Opens a day and minutes an open, as the editor offers them.
    public static let opensRange = 1...50
    public static let minutesRange = 1...60

    public private(set) var rows: [Row] = []
    /// Why this week's freeze cannot be used now, in the rule's words; `nil` when it can.
    public private(set) var freezeRefusal: Problem?
    /// Whether the freeze is refused because it is Pro's: the screen offers "See Threshold Pro".
    public var freezeNeedsPro: Bool { freezeRefusal?.needsPro ?? false }
    public private(set) var frozenToday = false
    /// Why no new intention can be added now (the set-up budget is full), in the rule's words;
    /// `nil` while there is room. The editor's Save is refused with the same words.
    public private(set) var addRefusal: Problem?
    public private(set) var problem: Problem?
    let client: AppClient

    public init(client: AppClient) { self.client = client }

    public func load() {
        let now = client.now
        guard let stored = client.read(reporting: &problem) else { return }
        let enforcement = evaluate(stored.engine, at: now, calendar: client.calendar)
        let today = Clockwork(calendar: client.calendar).localDate(of: now)
        frozenToday = stored.engine.streakFreezeDays.contains(today)
        addRefusal = SetupBudget.additionRefusal(in: stored.engine).map(Problem.refused)
        rows = stored.engine.intentions.map { intention in
            let label: IntentionLabel? =
                switch enforcement.rule(.intention(intention.id))?.reason {
                case .intention(let label), .streakFreeze(let label): label
                default: nil
                }
            let used = label?.opensUsed ?? 0
            let days = stored.progress.streak(of: intention.id)?.days ?? 0
            let open = stored.engine.grants.filter { $0.origin == .intentionOpen(intention.id) && $0.isValid(at: now) }.map(\.end).max()
            return Row(
                intention: intention, opensUsed: used,
                streak: IntentionStreaks.shown(days, opensToday: used, limit: intention.opensPerDay, frozenToday: frozenToday),
                openUntil: open)
        }
        freezeRefusal = client.refusal(of: UseStreakFreeze(), in: stored)
    }

    /// An editor for an intention, or a new one.
    public func editor(for id: IntentionID? = nil) -> IntentionEditorModel {
        IntentionEditorModel(editing: id.flatMap { id in rows.first { $0.id == id }?.intention }, client: client)
    }

    public func delete(_ id: IntentionID) {
        problem = client.perform("delete intention", DeleteIntention(id))
        load()
    }

    /// Protects every intention streak today.
    public func useFreeze() {
        problem = client.perform("streak freeze", UseStreakFreeze())
        load()
    }
}

/// One intention's editor: one app from the picker, opens a day and minutes an open, and a
/// nickname to share with accountability partners.
@MainActor @Observable
public final class IntentionEditorModel {
    public let id: IntentionID
    public let isNew: Bool
    public private(set) var app: AppToken?
    public var opensPerDay: Int
    public var minutesPerOpen: Int
    /// The nickname to share with partners, as typed: empty for none. Partners told of a broken
    /// streak see these words and never the app (Together; ``sharedNickname(from:)``).
    public var sharedNickname: String
    public private(set) var pickProblem: IntentionPickProblem?
    public private(set) var problem: Problem?
    public private(set) var saved = false
    let client: AppClient

    init(editing intention: Intention?, client: AppClient) {
        self.client = client
        isNew = intention == nil
        id = intention?.id ?? IntentionID("intention-" + String(client.random() % 1_000_000_000, radix: 36))
        app = intention?.app
        opensPerDay = intention?.opensPerDay ?? 3
        minutesPerOpen = intention?.minutesPerOpen ?? 5
        sharedNickname = intention?.sharedNickname ?? ""
    }

    /// The error to show under the fields, in the model's words; `nil` when the draft is valid.
    public var error: Problem? {
        guard let app else { return nil }
        do {
            _ = try Intention(id: id, app: app, opensPerDay: opensPerDay, minutesPerOpen: minutesPerOpen)
            return nil
        } catch {
            return Problem(error)
        }
    }

    /// Why the nickname cannot be shared, in Together's words, to show under its field; `nil` when
    /// it can, or when there is none. Save is refused with the same words.
    public var nicknameError: Problem? {
        do {
            _ = try Self.sharedNickname(from: sharedNickname)
            return nil
        } catch {
            return Problem(error)
        }
    }

    /// The nickname as it is saved: trimmed, `nil` when nothing is left. Refused when partners
    /// could not be sent it (``IntentionNickname``: 1 to 30 characters of letters, digits, single
    /// spaces and ' ’ - &, so never a link, an address or a handle).
    public static func sharedNickname(from typed: String) throws -> String? {
        let trimmed = typed.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return nil }
        do {
            try IntentionNickname.check(trimmed)
        } catch let refusal as TogetherRefusal {
            throw ValidationError("nickname “\(trimmed)”", .together(refusal.reason))
        }
        return trimmed
    }

    /// Takes the one app the picker returned.
    public func pick(_ result: PickerResult) {
        switch result {
        case .failed(let detail):
            pickProblem = .pickerFailed(detail)
        case .picked(let selection) where selection.isEmpty:
            pickProblem = .nothingChosen
        case .picked(let selection):
            guard selection.applications.count == 1, selection.categories.isEmpty, selection.webDomains.isEmpty,
                let only = selection.applications.first
            else {
                pickProblem = .notOneApp(count: selection.count)
                return
            }
            app = only
            pickProblem = nil
        }
    }

    public func save() {
        guard let app else {
            pickProblem = .nothingChosen
            return
        }
        do {
            let intention = try Intention(
                id: id, app: app, opensPerDay: opensPerDay, minutesPerOpen: minutesPerOpen,
                sharedNickname: try Self.sharedNickname(from: sharedNickname))
            problem = client.perform(isNew ? "new intention" : "edit intention", SaveIntention(intention))
        } catch {
            problem = Problem(error)
        }
        saved = problem == nil
    }
}

/// Why an intention's pick was not taken.
public enum IntentionPickProblem: Hashable, Sendable {
    case nothingChosen
    case pickerFailed(String)
    /// An intention is for one app; `count` items were chosen.
    case notOneApp(count: Int)
}
