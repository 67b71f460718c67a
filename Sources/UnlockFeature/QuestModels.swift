import FeatureClient
import Foundation
import Observation
import ThresholdCore

/// The breathing quest screen. The view calls `tick()` on every frame of a `TimelineView`,
/// `leave()` when it disappears and `scenePhaseChanged(to:)` when the app's scene phase changes:
/// leaving the screen or the app stops the quest, which cannot be sped up or skipped.
@MainActor @Observable
public final class BreathingQuestModel: SubmitsCompletion, FollowsAppPhase {
    public private(set) var quest: BreathingQuest
    public private(set) var progress: BreathingQuest.Progress = .notStarted
    public var outcome: RitualOutcome?
    package let client: RitualClient

    public init(terms: UnlockTerms, client: RitualClient) {
        self.quest = BreathingQuest(terms: terms)
        self.client = client
        client.state.inFront = self
    }

    /// Why the quest last started over, to show once.
    public var notice: QuestTimer.Interruption? { quest.timer.lastInterruption }

    public func start() {
        quest.start(at: client.clock())
        tick()
    }

    public func tick() {
        progress = quest.tick(at: client.clock())
        submit(quest.completion)
    }

    public func leave() {
        quest.leave()
        progress = .notStarted
    }

    /// The app's scene phase changed: going to the background is leaving the quest, which stops
    /// it (the person begins again on return). A moment inactive (Control Centre) is not.
    public func scenePhaseChanged(to phase: AppPhase) {
        if phase == .background { leave() }
    }
}

/// The copy-text quest screen: the passage, the field, how much matches, and "Done" once it
/// can be. Edits that arrive as a paste are refused and leave the field as it was. Leaving the
/// app stops the quest; it starts over, the field empty, on return (`scenePhaseChanged(to:)`).
@MainActor @Observable
public final class CopyTextQuestModel: SubmitsCompletion, FollowsAppPhase {
    public private(set) var quest: CopyTextQuest
    /// What the last edit or "Done" did, for the line under the field.
    public private(set) var lastEdit: CopyTextQuest.EditOutcome?
    public private(set) var lastFinish: CopyTextQuest.FinishOutcome?
    public var outcome: RitualOutcome?
    package let client: RitualClient
    /// The quest was running when the app went to the background.
    private var leftForTheBackground = false

    public init(terms: UnlockTerms, client: RitualClient) {
        var generator = client.generator()
        self.quest = CopyTextQuest(terms: terms, passage: CopyPassage.random(in: client.language, using: &generator))
        self.client = client
        client.state.inFront = self
    }

    /// What the field shows: the text as the quest kept it (a refused paste is not in it).
    public var text: String { quest.typed }

    /// When the quest started and when its time is up, for the countdown the screen shows.
    public var runs: ClosedRange<Date>? {
        quest.timer.startedAt.map { $0.wall...$0.wall.addingTimeInterval(quest.timer.duration) }
    }

    /// Seconds left before "Done" can complete, for the countdown.
    public var remaining: TimeInterval? {
        if case .running(_, let remaining) = quest.timer.reading(at: client.clock()) { return remaining }
        return nil
    }

    public func start() {
        quest.start(at: client.clock())
        lastEdit = nil
        lastFinish = nil
    }

    /// The field changed; bind the text field's setter here.
    public func edit(_ text: String) {
        lastEdit = quest.edit(to: text, at: client.clock())
    }

    public func finish() {
        lastFinish = quest.finish(at: client.clock())
        submit(quest.completion)
    }

    public func leave() { quest.leave() }

    /// The app's scene phase changed: going to the background stops a running quest, and coming
    /// back starts it over with an empty field, saying why. A moment inactive is not leaving.
    public func scenePhaseChanged(to phase: AppPhase) {
        switch phase {
        case .background:
            guard quest.timer.startedAt != nil, quest.completion == nil else { return }
            leave()
            leftForTheBackground = true
        case .active where leftForTheBackground:
            leftForTheBackground = false
            start()
            lastFinish = .restarted(.leftScreen)
        case .active, .inactive:
            break
        }
    }
}
