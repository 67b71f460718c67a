import Foundation
import Observation
import ThresholdCore

/// The unlock gate screen (Earned Access flow D): why the app is blocked, the balance, and every
/// option with its cost and, when disabled, why and until when. Choosing an option gives the
/// model of that ritual's screen.
@MainActor @Observable
public final class UnlockGateModel {
    /// A ritual screen to push, with its model.
    public enum Screen {
        case prayer(PrayerModel)
        case math(MathChallengeModel)
        case ticTacToe(TicTacToeModel)
        case breathing(BreathingQuestModel)
        case copyText(CopyTextQuestModel)
        case credits(CreditsModel)
        case emergency(EmergencyModel)
        case intentionOpen(IntentionOpenModel)
    }

    public let app: AppToken
    public let category: CategoryToken?
    /// What the app is called on screen ("Instagram"); the shield extension knows it. Empty when
    /// the gate was opened by a link, which carries only the app's token.
    public let appName: String
    public private(set) var gate: UnlockGate?
    /// Why the gate could not be shown (the state could not be read); shields stay as they are.
    public private(set) var problem: String?
    /// Difficulty for the math option.
    public var mathDifficulty: MathDifficulty = .medium
    let client: RitualClient

    public init(app: AppToken, category: CategoryToken? = nil, appName: String, client: RitualClient) {
        self.app = app
        self.category = category
        self.appName = appName
        self.client = client
    }

    /// What the history calls the app: its name, or "an app" when the gate does not know it.
    var historyLabel: String { appName.isEmpty ? "an app" : appName }

    /// Reads the state and works out the gate; call on appear and after a ritual returns.
    public func load() {
        do {
            let stored = try client.load()
            let now = client.clock().wall
            let calendar = client.calendar()
            gate = UnlockGate(app: app, category: category, enforcement: evaluate(stored.engine, at: now, calendar: calendar),
                              stored: stored, at: now, calendar: calendar)
            problem = nil
        } catch {
            gate = nil
            self.problem = FeatureModels.problem(error)
        }
    }

    /// The screen for an option, or `nil` when it is disabled (its reason is on the option).
    public func choose(_ option: UnlockGate.Option) -> Screen? {
        guard option.eligibility.isAvailable, let terms = option.terms else { return nil }
        do {
            switch option.way {
            case .ritual(.prayer): return .prayer(PrayerModel(terms: terms, client: client))
            case .ritual(.mathChallenge): return .math(try MathChallengeModel(difficulty: mathDifficulty, terms: terms, client: client))
            case .ritual(.ticTacToe): return .ticTacToe(TicTacToeModel(terms: terms, client: client))
            case .ritual(.breathingQuest): return .breathing(BreathingQuestModel(terms: terms, client: client))
            case .ritual(.copyTextQuest): return .copyText(CopyTextQuestModel(terms: terms, client: client))
            case .ritual(.credits): return .credits(try CreditsModel(terms: terms, label: historyLabel, client: client))
            case .ritual(.emergency): return .emergency(try EmergencyModel(terms: terms, client: client))
            case .intentionOpen(let label): return .intentionOpen(IntentionOpenModel(label: label, client: client))
            }
        } catch {
            problem = FeatureModels.problem(error)
            return nil
        }
    }
}
