import FeatureClient
import Foundation
import Observation
import StoreClient
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
        case ink(GameChallengeModel<InkGame>)
        case echo(GameChallengeModel<EchoGame>)
        case slide(GameChallengeModel<SlideGame>)
        case unscramble(GameChallengeModel<UnscrambleGame>)
        case breathing(BreathingQuestModel)
        case copyText(CopyTextQuestModel)
        case credits(CreditsModel)
        case emergency(EmergencyModel)
        case intentionOpen(IntentionOpenModel)

        /// One of Challenge's own games played for fun: no terms, so it grants and records
        /// nothing; `nil` for math and tic-tac-toe, which are played only to unlock.
        @MainActor public static func practice(_ kind: ChallengeKind, client: RitualClient) -> Screen? {
            game(kind, terms: nil, client: client)
        }

        /// The screen of one of Challenge's own games (`terms` `nil`: for fun); `nil` for math
        /// and tic-tac-toe, which have screens of their own.
        @MainActor static func game(_ kind: ChallengeKind, terms: UnlockTerms?, client: RitualClient) -> Screen? {
            switch kind {
            case .ink: .ink(GameChallengeModel(terms: terms, client: client))
            case .echo: .echo(GameChallengeModel(terms: terms, client: client))
            case .slide: .slide(GameChallengeModel(terms: terms, client: client))
            case .unscramble: .unscramble(GameChallengeModel(terms: terms, client: client))
            case .math, .ticTacToe: nil
            }
        }
    }

    /// The app (or the category a mode holds) the gate is for; the view shows it with the
    /// token's own label (`Label(token)`), which is how the app learns its name.
    nonisolated public let subject: UnlockGate.Subject
    /// The restriction the shield named, when its link carried it: it holds the app even when
    /// the category it holds it through cannot be told.
    public let rule: RuleRef?
    /// What the app is called, when the caller knows it as text ("Instagram"), for the history;
    /// `nil` when the gate was opened by a link or from Home, which know only the token.
    public let appName: String?
    public private(set) var gate: UnlockGate?
    /// Why the gate could not be shown (the state could not be read); shields stay as they are.
    public private(set) var problem: Problem?
    /// Difficulty for the math option: Settings › Challenges chooses it; the gate only reads it.
    public private(set) var mathDifficulty: MathDifficulty = .medium
    /// Whether the gate opens straight into a game picked at random (the Challenge shield's
    /// notification); ``openingChallenge()`` takes it, once.
    public var opensChallenge = false
    /// Days in a row with a completed focus session (seed 002 flow D: the balance and the streak).
    public private(set) var focusStreak: Int?
    let client: RitualClient

    public init(app: AppToken, category: CategoryToken? = nil, rule: RuleRef? = nil, appName: String?, client: RitualClient) {
        self.subject = .app(app, category: category)
        self.rule = rule
        self.appName = appName
        self.client = client
    }

    /// The gate for a whole category a mode or gate holds (it holds no app by name).
    public init(category: CategoryToken, rule: RuleRef? = nil, client: RitualClient) {
        self.subject = .category(category)
        self.rule = rule
        self.appName = nil
        self.client = client
    }

    /// The gate for a website the person picked (its shield in Safari, Home's Unlocks).
    public init(webDomain: WebDomainToken, rule: RuleRef? = nil, client: RitualClient) {
        self.subject = .webDomain(webDomain, category: nil)
        self.rule = rule
        self.appName = nil
        self.client = client
    }

    /// The app the gate is for; `nil` for a category.
    public var app: AppToken? {
        if case .app(let app, _) = subject { return app }
        return nil
    }

    /// What the history calls the app: its name, or "an app" ("apps in a category") when the
    /// gate does not know it.
    var historyLabel: String {
        if let appName, !appName.isEmpty { return appName }
        return switch subject {
        case .app: "an app"
        case .category: "apps in a category"
        case .webDomain: "a website"
        }
    }

    /// Reads the state and works out the gate; call on appear and after a ritual returns.
    public func load() {
        do {
            let stored = try client.load()
            let now = client.clock().wall
            let calendar = client.calendar()
            gate = UnlockGate(
                subject, rule: rule, enforcement: evaluate(stored.engine, at: now, calendar: calendar),
                stored: stored, at: now, calendar: calendar)
            focusStreak = try client.focusStreak()
            mathDifficulty = stored.settings.challenges.mathDifficulty
            problem = nil
        } catch {
            gate = nil
            self.problem = Problem(error)
        }
    }

    /// When a disabled option returns by itself, in words on the device's clock ("Available again
    /// at 17:00"); `nil` when it is available, or when only the person can bring it back.
    public func availableAgain(_ option: UnlockGate.Option) -> (at: Date, from: Date)? {
        option.eligibility.availableAt.map { ($0, client.clock().wall) }
    }

    /// The game to open straight into, once, when the gate was opened for one (``opensChallenge``):
    /// one the gate offers available now, at random among those the person has on. `nil` when it
    /// offers none, and the gate itself shows why.
    public func openingChallenge() -> Screen? {
        guard opensChallenge else { return nil }
        opensChallenge = false
        var generator = client.generator()
        return gate?.randomChallenge(using: &generator).flatMap(choose)
    }

    /// The screen for an option, or `nil` when it is disabled (its reason is on the option).
    public func choose(_ option: UnlockGate.Option) -> Screen? {
        guard option.eligibility.isAvailable, let terms = option.terms else { return nil }
        do {
            switch option.way {
            case .ritual(.prayer): return .prayer(PrayerModel(terms: terms, client: client))
            case .ritual(.mathChallenge): return .math(try MathChallengeModel(difficulty: mathDifficulty, terms: terms, client: client))
            case .ritual(.ticTacToe): return .ticTacToe(TicTacToeModel(terms: terms, client: client))
            case .ritual(.ink): return .game(.ink, terms: terms, client: client)
            case .ritual(.echo): return .game(.echo, terms: terms, client: client)
            case .ritual(.slide): return .game(.slide, terms: terms, client: client)
            case .ritual(.unscramble): return .game(.unscramble, terms: terms, client: client)
            case .ritual(.breathingQuest): return .breathing(BreathingQuestModel(terms: terms, client: client))
            case .ritual(.copyTextQuest): return .copyText(CopyTextQuestModel(terms: terms, client: client))
            case .ritual(.credits):
                return .credits(try CreditsModel(terms: terms, label: historyLabel, item: subject.token, client: client))
            case .ritual(.emergency): return .emergency(try EmergencyModel(terms: terms, client: client))
            case .intentionOpen(let label): return .intentionOpen(IntentionOpenModel(label: label, client: client))
            }
        } catch {
            problem = Problem(error)
            return nil
        }
    }
}
