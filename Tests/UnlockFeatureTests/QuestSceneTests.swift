import FeatureClient
import FeatureTestSupport
@testable import UnlockFeature
import Foundation
import TestSupport
import Testing
import ThresholdCore

/// Leaving the app voids a quest in progress (seed 002: it cannot be skipped or sped up): the
/// view passes each scene-phase change to the model.
@MainActor
@Suite struct QuestSceneTests {
    @Test func theBreathingQuest_stopsWhenTheAppGoesToTheBackground_andStartsOverOnReturn() {
        let h = Harness(.make(engine: .make(profiles: [workMode])))
        let quest = BreathingQuestModel(terms: .make(.app("instagram")), client: h.client)
        quest.start()
        h.clock.advance(by: 30)
        quest.tick()
        quest.scenePhaseChanged(to: .inactive)
        quest.scenePhaseChanged(to: .background)
        // Away for a minute: had it kept counting, 45 s would have passed.
        h.clock.advance(by: 60)
        quest.scenePhaseChanged(to: .active)
        quest.tick()
        #expect(quest.outcome == nil)
        #expect(quest.progress == .notStarted)
        #expect(quest.notice == .leftScreen)

        quest.start()
        h.clock.advance(by: 44)
        quest.tick()
        #expect(quest.outcome == nil, "44 s after the new start is not 45")
        h.clock.advance(by: 1)
        quest.tick()
        #expect(quest.outcome?.unlockedUntil == h.clock.now.adding(minutes: 5))
    }

    @Test func aGlanceAtControlCentre_doesNotStopTheBreathingQuest() {
        let h = Harness(.make(engine: .make(profiles: [workMode])))
        let quest = BreathingQuestModel(terms: .make(.app("instagram")), client: h.client)
        quest.start()
        h.clock.advance(by: 20)
        quest.scenePhaseChanged(to: .inactive)
        h.clock.advance(by: 5)
        quest.scenePhaseChanged(to: .active)
        h.clock.advance(by: 20)
        quest.tick()
        #expect(quest.outcome?.unlockedUntil == h.clock.now.adding(minutes: 5))
    }

    @Test func theCopyQuest_startsOverWithAnEmptyField_afterTheAppWasInTheBackground() {
        let h = Harness(.make(engine: .make(profiles: [workMode])))
        let quest = CopyTextQuestModel(terms: .make(.app("instagram")), client: h.client)
        quest.start()
        let passage = quest.quest.passage.text
        func type() {
            var typed = ""
            for word in passage.split(separator: " ", omittingEmptySubsequences: false) {
                typed += (typed.isEmpty ? "" : " ") + word
                h.clock.advance(by: 1)
                quest.edit(typed)
            }
        }
        type()
        quest.scenePhaseChanged(to: .background)
        h.clock.advance(by: 120)
        quest.scenePhaseChanged(to: .active)
        #expect(quest.text.isEmpty)
        #expect(quest.lastFinish == .restarted(.leftScreen))
        // Typed again at once: had the count gone on, the 90 s would be long past.
        type()
        quest.finish()
        #expect(quest.outcome == nil)
        guard case .tooEarly? = quest.lastFinish else {
            Issue.record("the count started again on return, got \(String(describing: quest.lastFinish))")
            return
        }
    }
}
