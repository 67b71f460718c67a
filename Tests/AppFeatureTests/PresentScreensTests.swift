@testable import AppFeature
import EntryPoints
import FeatureClient
import FeatureTestSupport
import Foundation
import HomeFeature
import InsightsFeature
import OnboardingFeature
import SessionsFeature
import SettingsFeature
import StoreClient
import TestSupport
import Testing
import ThresholdCore

/// Seed 001's screen-time goal, score and reminders as Settings and Home show them (issue 13, item 1).
@MainActor
@Suite struct PresentScreensTests {
    let focus = Profile.make("focus", name: "Focus", emoji: "🎯", path: .present, selection: .apps("instagram"))

    @Test func settings_setsTheGoal_onThePickedApps_andHomeShowsItsStreakAndLives() throws {
        let device = try Device(.make(profiles: [focus]))
        let settings = SettingsModel(client: device.client)
        settings.load()
        #expect(settings.screenTime == nil)
        settings.setScreenTimeGoal(180)
        #expect(settings.problem == nil)
        #expect(settings.screenTime?.goalMinutes == 180)
        #expect(device.stored.settings.screenTime?.selection == .apps("instagram"))
        let home = HomeModel(client: device.client)
        home.load()
        #expect(home.streaks.goal?.days == 0 && home.streaks.goal?.lives == 1)
        #expect(home.today.screenTimeMinutes == 0 && home.today.score == 100 && home.today.points == 100)
    }

    @Test func aGoalOutsideTheRange_isRefusedWithWhatIsAllowed_andNothingChanges() throws {
        let device = try Device(.make(profiles: [focus]))
        let settings = SettingsModel(client: device.client)
        settings.setScreenTimeGoal(120)
        settings.setScreenTimeGoal(17 * 60)
        guard case .refused(let words)? = settings.problem else {
            Issue.record("a goal out of range should be refused: \(String(describing: settings.problem))")
            return
        }
        #expect(words.said.contains("between 30 minutes and 16 hours"))
        #expect(settings.screenTime?.goalMinutes == 120)
    }

    @Test func withNothingPicked_aGoalSaysToChooseApps() throws {
        let device = try Device()
        let settings = SettingsModel(client: device.client)
        settings.setScreenTimeGoal(120)
        #expect(settings.problem == .noAppsToCount)
        #expect(settings.screenTime == nil)
    }

    @Test func theDailyReview_turnedOnInSettings_isHandedToIOS() throws {
        let device = try Device(.make(profiles: [focus]))
        let settings = SettingsModel(client: device.client)
        settings.setReminders(Reminders(dailyReview: true))
        #expect(settings.reminders.dailyReview)
        #expect(device.stored.applied.pendingNotifications.keys.contains { $0.hasPrefix("daily-review.") })
        settings.setReminders(Reminders())
        #expect(!device.stored.applied.pendingNotifications.keys.contains { $0.hasPrefix("daily-review.") })
    }

    /// Issue 13, item 2: the 9 AM reminder's link opens the review itself, of yesterday; a rating
    /// there is saved for yesterday, and a second replaces the first.
    @Test func theDailyReviewsLink_opensTheReviewOfYesterday_andItsThumbsAreSaved() throws {
        let device = try Device(.make(profiles: [focus]))
        let app = AppModel(client: device.client)
        app.open(URL(string: AppDestination.dailyReview.deepLink)!)
        guard case .dailyReview(let review)? = app.presented else {
            Issue.record("the review's link opened \(String(describing: app.presented)), not the review")
            return
        }
        let today = Clockwork(calendar: device.client.calendar).localDate(of: device.client.now)
        #expect(review.review?.day == today.adding(days: -1))
        #expect(review.review?.rating == nil)
        review.rate(.thumbsDown)
        review.rate(.thumbsUp)
        #expect(review.problem == nil)
        #expect(review.review?.rating == .thumbsUp)
        #expect(device.stored.progress.review(of: today.adding(days: -1)) == .thumbsUp)
        app.close()
        #expect(app.presented.map { _ in true } == nil)
    }

    @Test func home_keepsCoinsBesideScreenTime() throws {
        let device = try Device(.make(profiles: [focus]))
        let settings = SettingsModel(client: device.client)
        settings.setScreenTimeGoal(120)
        let session = SessionModel(client: device.client)
        session.load()
        session.start("focus", .goal(minutes: 30))
        device.advance(minutes: 30)
        session.load()
        session.end()
        let home = HomeModel(client: device.client)
        home.load()
        #expect(home.today.balances.coins == 5 && home.today.balances.xp == 5)
        #expect(home.today.score != nil)
    }

    @Test func onboarding_onThePresentPath_savesTheGoalWithTheShields_andTheRemindersAsTheyChange() async throws {
        let device = try Device()
        let onboarding = OnboardingModel(client: device.client)
        await onboarding.pickApps(.picked(.apps("instagram")), choosing: [.present])
        onboarding.screenTimeGoal = 180
        onboarding.finish()
        #expect(onboarding.problem == nil)
        #expect(device.stored.settings.screenTime?.goalMinutes == 180)
        #expect(device.stored.settings.screenTime?.selection == .apps("instagram"))
        onboarding.setReminders(Reminders(dailyReview: true))
        #expect(device.stored.settings.reminders.dailyReview && !device.stored.settings.reminders.eveningPrompt)
    }

    @Test func onboarding_withoutPresent_setsNoGoal() async throws {
        let device = try Device()
        let onboarding = OnboardingModel(client: device.client)
        await onboarding.pickApps(.picked(.apps("instagram")), choosing: [.challenge])
        onboarding.screenTimeGoal = 180
        onboarding.finish()
        #expect(device.stored.settings.screenTime == nil)
    }

    /// Seed 001 §14 and issue 13 item 8: the personal record is over all time, and the history
    /// pages back past 30 days.
    @Test func theRecord_isOverAllTime_andTheHistoryPagesBackPastThirtyDays() throws {
        let device = try Device(.make(profiles: [focus]))
        let session = SessionModel(client: device.client)
        session.load()
        session.start("focus", .goal(minutes: 120))
        device.advance(minutes: 120)
        session.load()
        session.end()
        for _ in 0..<InsightsModel.historyPage {
            device.advance(minutes: 24 * 60)
            session.start("focus", .goal(minutes: 15))
            device.advance(minutes: 15)
            session.load()
            session.end()
        }
        device.advance(minutes: 10 * 24 * 60)
        let insights = InsightsModel(client: device.client)
        insights.load()
        let stats = try #require(insights.stats)
        #expect(abs((stats.recordDay?.seconds ?? 0) - 120 * 60) < 1, "the two-hour day, more than 30 days ago, is still the record")
        #expect(abs((stats.longestSession?.focusedSeconds ?? 0) - 120 * 60) < 1)
        #expect(insights.history.count == InsightsModel.historyPage)
        #expect(insights.hasEarlierSessions)
        insights.showEarlierSessions()
        #expect(insights.history.count == InsightsModel.historyPage + 1)
        #expect(insights.history.last?.goalMinutes == 120)
        #expect(!insights.hasEarlierSessions)
    }
}
