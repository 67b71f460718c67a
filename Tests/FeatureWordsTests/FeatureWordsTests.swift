@testable import BackupFeature
@testable import FeatureClient
import DesignSystem
import Foundation
@testable import OnboardingFeature
@testable import PaywallFeature
import PurchasesClient
@testable import SettingsFeature
import SwiftUI
import Testing
import TestSupport
import ThresholdCore

/// The values Settings, Together, the backups, the paywall and onboarding return, said by their
/// screens from their String Catalogs (issue 25): the English as it was when the models said it,
/// plural forms where a count varies, times on the phone's clock, and the pseudolanguage throughout.
@Suite @MainActor struct FeatureWordsTests {
    /// What `text` reads on a phone in New York whose app speaks `language`.
    let english = Locale(identifier: "en_US")
    let newYork = TimeZone(identifier: "America/New_York")!

    func read(_ text: Text, in language: AppLanguage = .english) throws -> String { try read(view: text, in: language) }

    func read(view text: some View, in language: AppLanguage = .english) throws -> String {
        var environment = EnvironmentValues()
        environment.locale = Locale(identifier: "en_US")
        environment.timeZone = TimeZone(identifier: "America/New_York")!
        environment.calendar = TestSupport.calendar("America/New_York")
        environment.appLanguage = language
        let host = ViewHost(text, environment: environment, now: { at("2026-11-23 10:00") })
        try host.update()
        return Screen(host).top.content.flatMap(\.readableTexts).joined(separator: " ").normalizedSpaces
    }

    func restored(_ profiles: Int, _ gates: Int, _ intentions: Int, _ sessions: Int) -> BackupModel.Restored {
        BackupModel.Restored(profiles: profiles, gates: gates, intentions: intentions, sessions: sessions, repick: [])
    }

    @Test func aRestore_saysWhatCameBack_countedInTheirPluralForms() throws {
        #expect(try read(.restored(restored(1, 1, 0, 0))) == "Restored 1 profile and 1 gate.")
        #expect(try read(.restored(restored(2, 0, 0, 14))) == "Restored 2 profiles and 14 sessions.")
        #expect(try read(.restored(restored(2, 1, 0, 3))) == "Restored 2 profiles, 1 gate and 3 sessions.")
        #expect(try read(.restored(restored(1, 2, 1, 1))) == "Restored 1 profile, 2 gates, 1 intention and 1 session.")
        #expect(try read(.restored(restored(0, 0, 0, 0))) == "Restored nothing set up yet.")
        #expect(try read(.backupSaved("Threshold backup 2026-11-24.json")) == "Saved “Threshold backup 2026-11-24.json”.")
    }

    @Test func theICloudBackupsProblems_sayWhatDidNotHappen_andWhy() throws {
        #expect(
            try read(.cloudBackup(.keychainRefused(.turnOn, detail: "no room")))
                == "The backup was not turned on: the Keychain refused (no room).")
        #expect(
            try read(.cloudBackup(.newerElsewhere(version: 2)))
                == "Nothing was backed up: another iPhone stored a newer backup (version 2).")
        #expect(try read(.cloudBackup(.failed(.restore, detail: "cannot open"))) == "Nothing was restored: cannot open")
    }

    @Test func together_saysItsProblems_andSince_onThePhonesClock() throws {
        #expect(try read(.joinRefusal(.tooLong(limit: 30))) == "A name is at most 30 characters.")
        #expect(try read(.joinRefusal(.tooLong(limit: 1))) == "A name is at most 1 character.")
        #expect(
            try read(Text.together(.unansweredSince(at("2026-11-23 09:30")), locale: english, timeZone: newYork))
                == "Together has not answered since Mon 9:30 AM. Your points, your partners' news and your backup wait on this iPhone, and go as soon as it does."
        )
        #expect(
            try read(Text.together(.failed(.readLeague, detail: "offline"), locale: english, timeZone: newYork))
                == "Your league could not be read: offline")
        #expect(try read(.tier(.platinum)) == "Platinum" && read(.outcome(.promoted)) == "Promoted")
    }

    @Test func aPausedSchedule_isNamedWithItsHours_onThePhonesClock() throws {
        let row = SettingsModel.PausedRow(
            ref: ScheduleRef(profileID: "night", scheduleID: "night"), profileTitle: "🌙 Night",
            start: try LocalTime(hour: 22, minute: 0), end: try LocalTime(hour: 23, minute: 0))
        #expect(try read(.paused(row, calendar: TestSupport.calendar("America/New_York"))) == "🌙 Night (10:00 PM–11:00 PM)")
    }

    @Test func aPlansTerms_sayTheTrialsDays_inTheirPluralForm_andThePriceAsTheAppStoreGivesIt() throws {
        let yearly = ProOffer(product: .yearly, displayName: "Threshold Pro Yearly", displayPrice: "$29.99", period: "year", trialDays: 7)
        #expect(try read(.terms(yearly)) == "7 days free, then $29.99 a year. Cancel any time before the trial ends and you pay nothing.")
        let oneDay = ProOffer(product: .monthly, displayName: "Threshold Pro Monthly", displayPrice: "$4.99", period: "month", trialDays: 1)
        #expect(try read(.terms(oneDay)) == "1 day free, then $4.99 a month. Cancel any time before the trial ends and you pay nothing.")
        let monthly = ProOffer(
            product: .monthly, displayName: "Threshold Pro Monthly", displayPrice: "$4.99", period: "month", trialDays: nil)
        #expect(try read(.terms(monthly)) == "$4.99 a month, renews until cancelled.")
        #expect(
            try read(Text.paywall(.purchaseFailed(detail: "The network connection was lost."), locale: english, timeZone: newYork))
                == "The purchase did not go through (The network connection was lost.). You have not been charged, and nothing changed.")
    }

    @Test func underThePseudolanguage_theWordsAreTheCatalogs_andTheArgumentsAsTheyAre() throws {
        let pseudo = try read(.restored(restored(1, 0, 0, 2)), in: .pseudo)
        #expect(pseudo.hasPrefix("[") && !pseudo.contains("Restored") && pseudo.contains("1") && pseudo.contains("2"))
        #expect(PseudoLanguage.english(pseudo) == "Restored 1 profile and 2 sessions.")
        let detail = try read(Text.together(.failed(.sendPoints, detail: "offline"), locale: english, timeZone: newYork), in: .pseudo)
        #expect(detail.contains("offline") && !detail.contains("Your points"))
        #expect(try read(view: ProblemBanner(OnboardingProblem.noApps), in: .pseudo) != "Choose the apps to shield first.")
    }
}
