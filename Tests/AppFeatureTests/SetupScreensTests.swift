import FeatureClient
import FeatureTestSupport
import Foundation
import InsightsFeature
import IntentionsFeature
import ProfilesFeature
import SessionsFeature
import SettingsFeature
import StoreClient
import TestSupport
import Testing
import ThresholdCore
import ThresholdKeys
import UnlockFeature

@MainActor
@Suite struct ProfileEditorTests {
    let beast = Profile.make("beast", name: "Beast", emoji: "🦁", path: .present, selection: .apps("tiktok"), strictness: .locked)

    @Test func aPreset_startsTheDraft_andSavingPutsItInForceOnItsSchedule() throws {
        let device = try Device(at: at("2026-03-02 10:00"))
        let profiles = ProfilesModel(client: device.client)
        profiles.load()
        let editor = profiles.editor(preset: (.work, name: "Work"))
        #expect(editor.name == "Work" && editor.emoji == "💼" && editor.breakCount == 1)
        #expect(editor.schedules.map(\.weekdays) == [Weekday.weekdays])
        #expect(editor.errors.said == [.selection: "Choose at least one app, category or website to block."])
        editor.pick(.picked(.apps("instagram")))
        #expect(editor.errors.isEmpty)
        editor.save()
        #expect(editor.saved && editor.problem == nil)
        #expect(try device.shielded("instagram"), "Monday 10:00 is inside 9–17")
        profiles.load()
        #expect(profiles.rows.map(\.profile.name) == ["Work"] && profiles.rows.first?.isOn == true)
    }

    /// The editor warns when the schedules being edited share time with another profile's, and
    /// says what the union does (issue 14, item 4); editing a profile does not warn about itself.
    @Test func aScheduleThatOverlapsAnotherProfiles_isWarnedOf_withWhatTheUnionDoes() throws {
        let sleep = Profile.make(
            "sleep", name: "Sleep", emoji: "🌙", path: .key, selection: .apps("tiktok"),
            schedules: [try Schedule(id: "night", weekdays: Weekday.everyDay, start: LocalTime(hour: 23), end: LocalTime(hour: 7))])
        let device = try Device(.make(profiles: [sleep]))
        let profiles = ProfilesModel(client: device.client)
        profiles.load()
        let editor = profiles.editor(preset: (.study, name: "Study"))
        #expect(editor.overlapWarning == nil, "Study's 18:00–20:00 shares nothing with 23:00–07:00")
        editor.schedules[0].end = try LocalTime(hour: 23, minute: 30)
        let warning = try #require(editor.overlapWarning)
        let (eleven, half) = (try LocalTime(hour: 23), try LocalTime(hour: 23, minute: 30))
        #expect(warning.profile == ProfileTitle(emoji: "🌙", name: "Sleep"))
        #expect(warning.overlap.weekday == .monday && warning.overlap.start == eleven && warning.overlap.end == half)
        #expect(profiles.editor(for: "sleep").overlapWarning == nil)
    }

    /// Sleep from Profiles' presets keeps what onboarding offers: an allow list, and the suggestion
    /// of what to keep open (issue 14, item 4).
    @Test func theSleepPreset_keepsItsAllowList_andItsSuggestion() throws {
        let device = try Device()
        let profiles = ProfilesModel(client: device.client)
        profiles.load()
        let sleep = profiles.editor(preset: (.sleep, name: "Sleep"))
        #expect(sleep.listMode == .allowList)
        #expect(sleep.suggestion == .sleep)
        #expect(profiles.editor(preset: (.work, name: "Work")).listMode == .blockList)
        #expect(profiles.editor().suggestion == nil)
    }

    /// The heads-up before a scheduled start is the profile's choice: five minutes unless changed,
    /// kept when the profile is edited for something else, none at 0 (issue 14, item 4).
    @Test func theHeadsUp_isChosenInTheEditor_andKeptAcrossEdits() throws {
        let device = try Device(at: at("2026-03-02 07:00"))
        let profiles = ProfilesModel(client: device.client)
        profiles.load()
        let editor = profiles.editor(preset: (.work, name: "Work"))
        #expect(editor.headsUpMinutes == 5)
        editor.pick(.picked(.apps("instagram")))
        editor.headsUpMinutes = 15
        editor.save()
        #expect(device.stored.engine.profile(editor.id)?.headsUpMinutes == 15)
        #expect(device.stored.applied.pendingNotifications.keys.contains { $0.hasPrefix("scheduled-heads-up.") })
        profiles.load()
        let renamed = profiles.editor(for: editor.id)
        #expect(renamed.headsUpMinutes == 15)
        renamed.name = "Office"
        renamed.save()
        #expect(device.stored.engine.profile(editor.id)?.headsUpMinutes == 15)
        #expect(device.stored.engine.profile(editor.id)?.name == "Office")
        profiles.load()
        let quiet = profiles.editor(for: editor.id)
        quiet.headsUpMinutes = 0
        quiet.save()
        #expect(!device.stored.applied.pendingNotifications.keys.contains { $0.hasPrefix("scheduled-heads-up.") })
    }

    @Test func eachFieldsError_isShownBesideIt_inTheModelsWords() throws {
        let device = try Device()
        let editor = ProfilesModel(client: device.client).editor()
        editor.pick(.picked(.apps("instagram")))
        editor.name = "   "
        #expect(editor.errors.said == [.name: "Give the profile a name."])
        editor.name = "Deep work"
        editor.emoji = "ab"
        #expect(editor.errors.said == [.emoji: "Choose a single emoji, not “ab”."])
        editor.emoji = "🌿"
        editor.addSchedule()
        let id = try #require(editor.schedules.first?.id)
        editor.schedules[0].end = editor.schedules[0].start
        #expect(editor.errors[.schedule(id)]?.said.contains("cannot start and end at the same time") == true)
        editor.schedules[0].weekdays = []
        #expect(editor.errors[.schedule(id)]?.said == "Choose at least one day of the week.")
        editor.removeSchedule(id)
        editor.breakCount = 13
        #expect(editor.errors[.breaks]?.said == "Allow between 0 and 12 breaks, not 13.")
        editor.breakCount = 1
        editor.windowMinutes = 0
        #expect(editor.errors[.unlock]?.said == "An unlock lasts between 1 and 120 minutes, not 0.")
        editor.windowMinutes = 10
        #expect(editor.errors.isEmpty)
    }

    @Test func aSessionProfilesSchedule_isHeldToTwentyMinutesToTwelveHours() throws {
        let device = try Device()
        let editor = ProfilesModel(client: device.client).editor()
        editor.name = "Deep"
        editor.path = .present
        editor.pick(.picked(.apps("instagram")))
        editor.addSchedule()
        editor.schedules[0].start = time("09:00")
        editor.schedules[0].end = time("09:10")
        let id = editor.schedules[0].id
        #expect(editor.errors[.schedule(id)]?.said == "A scheduled session lasts 20 minutes to 12 hours; 9:00 AM–9:10 AM is 10 min.")
        editor.save()
        #expect(!editor.saved && device.stored.engine.profiles.isEmpty)
    }

    @Test func aLockedProfile_inItsSession_cannotBeEditedOrDeleted_andSaysUntilWhen() throws {
        let device = try Device(.make(profiles: [beast]))
        let session = SessionModel(client: device.client)
        session.start("beast", .goal(minutes: 60))
        #expect(session.confirming?.confirmation.lockedUntil == monday.wall.adding(minutes: 60), "Beast Mode asks first")
        session.confirmStart()
        let profiles = ProfilesModel(client: device.client)
        profiles.load()
        let row = try #require(profiles.rows.first)
        #expect(row.editRefusal?.said == "Beast Mode is on: 🦁 Beast cannot be changed until it ends at 11:00 AM, in 1 hr.")
        #expect(row.deleteRefusal?.said == "Beast Mode is on: 🦁 Beast cannot be deleted until it ends at 11:00 AM, in 1 hr.")
        let editor = profiles.editor(for: "beast")
        #expect(editor.lockReason == row.editRefusal)
        editor.strictness = .gentle
        editor.save()
        #expect(editor.problem == row.editRefusal && !editor.saved)
        #expect(device.stored.engine.profile("beast")?.strictness == .locked)
        profiles.delete("beast")
        #expect(profiles.problem == row.deleteRefusal)
        #expect(try device.shielded("tiktok"))
    }

    /// Pausing a profile's schedules is a change to it: refused while Beast Mode holds it, with
    /// the editor's words, and nothing is paused.
    @Test func aLockedProfilesSchedules_cannotBePausedInItsSpan() throws {
        let locked = Profile.make(
            "beast", name: "Beast", emoji: "🦁", path: .key, selection: .apps("tiktok"), strictness: .locked,
            schedules: [.on(Weekday.everyDay, "09:00", "17:00")])
        let device = try Device(.make(profiles: [locked]))
        let profiles = ProfilesModel(client: device.client)
        profiles.load()
        let row = try #require(profiles.rows.first)
        #expect(row.hasSchedules && row.runsOnSchedule && row.editRefusal != nil)
        profiles.runOnSchedule("beast", false)
        #expect(profiles.problem == row.editRefusal)
        #expect(device.stored.plan.paused.isEmpty && device.stored.engine.profile("beast")?.schedules.count == 1)
    }

    @Test func anAllowList_refusesAPickWithACategory() throws {
        let device = try Device()
        let editor = ProfilesModel(client: device.client).editor(preset: (.sleep, name: "Sleep"))
        editor.listMode = .allowList
        editor.pick(.picked(Selection(categories: [CategoryToken("social")])))
        guard case .refused(let reason)? = editor.pickProblem else {
            Issue.record("an allow list cannot keep a category open")
            return
        }
        #expect(reason.said.contains("cannot exempt a whole category"))
    }
}

@MainActor
@Suite struct IntentionScreenTests {
    @Test func anIntention_isForOneApp_andCountsItsOpens() throws {
        let device = try Device()
        let intentions = IntentionsModel(client: device.client)
        let editor = intentions.editor()
        editor.pick(.picked(.apps("instagram", "tiktok")))
        #expect(editor.pickProblem == .notOneApp(count: 2))
        editor.pick(.picked(.empty))
        #expect(editor.pickProblem == .nothingChosen)
        editor.pick(.picked(.apps("instagram")))
        editor.opensPerDay = 0
        #expect(editor.error?.said == "Allow between 1 and 50 opens a day, not 0.")
        editor.opensPerDay = 2
        editor.save()
        #expect(editor.saved)
        #expect(try device.shielded("instagram"))
        intentions.load()
        let id = try #require(intentions.rows.first?.id)
        #expect(device.client.runtime.reconcile(.shieldButton(.secondary), command: OpenIntention(intention: id)).problem == nil)
        intentions.load()
        #expect(intentions.rows.first?.opensUsed == 1)
        #expect(intentions.rows.first?.openUntil == monday.wall.adding(minutes: 5))
    }

    @Test func theWeeksFreeze_protectsToday_once() throws {
        let device = try Device(.make(intentions: [.make("ig", app: "instagram")]))
        let intentions = IntentionsModel(client: device.client)
        intentions.load()
        #expect(intentions.freezeRefusal == nil && !intentions.frozenToday)
        intentions.useFreeze()
        #expect(intentions.frozenToday)
        #expect(intentions.freezeRefusal?.said.hasPrefix("You have used this week's streak freeze") == true)
        intentions.delete("ig")
        #expect(intentions.rows.isEmpty)
        #expect(try !device.shielded("instagram"))
    }
}

@MainActor
@Suite struct InsightsScreenTests {
    @Test func theWeek_andTheStats_andThePrayers_readBackWhatHappened() throws {
        let focus = Profile.make("focus", name: "Focus", emoji: "🎯", path: .present, selection: .apps("instagram"))
        let device = try Device(.make(profiles: [focus], gates: [selahGate]))
        let session = SessionModel(client: device.client)
        session.start("focus", .goal(minutes: 30))
        device.advance(minutes: 30)
        session.load()
        session.end()
        let prayer = PrayerModel(client: device.client.rituals)
        prayer.open()
        prayer.choose(.grateful)
        prayer.amen()

        let insights = InsightsModel(client: device.client)
        insights.load()
        #expect(insights.problem == nil)
        #expect(insights.insights?.focusedSeconds == 1_800 && insights.insights?.completed == 1)
        #expect(insights.stats?.completedPerDay.last?.count == 1)
        #expect(insights.stats?.history.first?.title == "🎯 Focus")
        #expect(insights.prayers.days.first?.prayers.first?.mood == .grateful)
        #expect(insights.prayers.days.first?.prayers.first?.verse?.isEmpty == false)
        insights.previousWeek()
        #expect(insights.insights?.completed == 0 && !insights.isThisWeek)
        insights.nextWeek()
        insights.nextWeek()
        #expect(insights.isThisWeek && insights.insights?.completed == 1)
    }
}

@MainActor
@Suite struct SettingsScreenTests {
    @Test func selahsPreferences_andAGatesAppsAndDuration_save() throws {
        let device = try Device(.make(gates: [selahGate]))
        let settings = SettingsModel(client: device.client)
        settings.load()
        settings.choose(\.tradition, .orthodox)
        #expect(device.stored.settings.selah.tradition == .orthodox)
        settings.setUnlockMinutes(of: "selah", 30)
        #expect(device.stored.engine.gates.first?.unlockPolicy.windowMinutes == 30)
        settings.editApps(of: "selah", .picked(.empty))
        #expect(settings.pickProblem == .nothingChosen)
        #expect(device.stored.engine.gates.first?.selection == .apps("instagram"))
        settings.editApps(of: "selah", .picked(.apps("tiktok")))
        #expect(try device.shielded("tiktok") && !device.shielded("instagram"))
    }

    @Test func aKey_isKeptOnlyOnceTheTagTookIt_andCanBeRevoked() throws {
        let device = try Device(.make(profiles: [.make("work", name: "Work", emoji: "💼", selection: .apps("instagram"))]))
        let settings = SettingsModel(client: device.client)
        settings.load()
        settings.keyMaking.prepare(for: settings.profiles.first, name: "Desk card")
        let pending = try #require(settings.keyMaking.pending)
        guard case .keyTap = try LinkRoute(url: pending.link) else {
            Issue.record("the tag gets a key link")
            return
        }
        settings.keyMaking.notWritten("The tag was not writable.")
        #expect(device.stored.settings.keyTags.isEmpty && settings.keyMaking.problem == .notWritten("The tag was not writable."))
        settings.keyMaking.prepare(for: settings.profiles.first, name: "Desk card")
        settings.keyMaking.written()
        #expect(settings.keys.map(\.profileTitle) == ["💼 Work"])
        let tag = try #require(settings.keys.first?.id)
        settings.revoke(tag)
        #expect(settings.keys.first?.isRevoked == true)
        settings.keyMaking.prepare(for: nil, name: "Card")
        #expect(settings.keyMaking.problem == .noProfile && settings.keyMaking.pending == nil)
    }

    @Test func resettingTheStreak_isHidden_andKeepsThePrayersInTheHistory() throws {
        let device = try Device(.make(gates: [selahGate]))
        let prayer = PrayerModel(client: device.client.rituals)
        prayer.open()
        prayer.choose(.joyful)
        prayer.amen()
        let settings = SettingsModel(client: device.client)
        settings.load()
        #expect(settings.prayerStreak == 1)
        settings.resetStreak()
        #expect(settings.prayerStreak == 1, "not without revealing it first")
        settings.revealReset()
        settings.resetStreak()
        #expect(settings.prayerStreak == 0)
        #expect(settings.prayers.days.count == 1)
    }

    @Test func theEmergencyLimits_areShown() throws {
        let device = try Device(prepare: { $0.rituals.emergencyUses = [monday.wall.adding(minutes: -30)] })
        let settings = SettingsModel(client: device.client)
        settings.load()
        #expect(settings.emergency == .standard)
        #expect(settings.emergencyAllowance?.remainingToday == 0)
        #expect(settings.emergencyAllowance?.nextAvailableAt != nil)
    }
}
