import FeatureClient
import FeatureTestSupport
import Foundation
import IntentionsFeature
@testable import ProfilesFeature
import TestSupport
import Testing
import ThresholdCore

/// Issue 17, item 3, on the simulated phone: past the set-up budget the screens refuse to add a
/// profile or an intention, say why, and the phone's shields do not change.
@MainActor
@Suite struct SetupBudgetScreenTests {
    /// 150 profiles (one app each, no schedule) and 50 intentions: the 200 the budget allows.
    static let full = ThresholdState.make(
        profiles: (0..<150).map { Profile.make(ProfileID("p\($0)"), path: .key, selection: .apps("p\($0)")) },
        intentions: (0..<50).map { Intention.make(IntentionID("i\($0)"), app: "i\($0)") })
    static let reason =
        "Threshold keeps at most 200 profiles, gates and intentions together, so that its monitor always fits in the memory iOS gives it; you have 200. Delete one you no longer use to add another."

    @Test func pastTheBudget_aNewProfileOrIntention_isRefusedWithTheReason_andNothingChanges() throws {
        let device = try Device(Self.full, at: at("2026-03-02 10:00"))
        let profiles = ProfilesModel(client: device.client)
        profiles.load()
        #expect(profiles.addRefusal?.said == Self.reason, "shown before the person fills in the form")
        let editor = profiles.editor(preset: (.work, name: "Work"))
        editor.pick(.picked(.apps("instagram")))
        editor.save()
        #expect(!editor.saved)
        #expect(editor.problem?.said == Self.reason)
        #expect(try !device.shielded("instagram"), "Monday 10:00 is inside the refused profile's 9–17")
        #expect(device.stored.engine.profiles.count == 150)

        let intentions = IntentionsModel(client: device.client)
        intentions.load()
        #expect(intentions.addRefusal?.said == Self.reason)
        let intention = intentions.editor()
        intention.pick(.picked(.apps("tiktok")))
        intention.save()
        #expect(!intention.saved && intention.problem?.said == Self.reason)
        #expect(try !device.shielded("tiktok"))

        // Deleting one makes room: the same profile is then accepted and shields at once.
        intentions.delete("i0")
        #expect(intentions.problem == nil && intentions.addRefusal == nil)
        editor.save()
        #expect(editor.saved && editor.problem == nil)
        #expect(try device.shielded("instagram"))
    }
}
