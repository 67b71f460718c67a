import EntryPoints
import Foundation
import InMemoryClients
@_spi(Setup) import ScreenTimeSimulator
import StoreClient
import TestSupport
import Testing
import ThresholdCore

@Suite struct ShortcutProfilesTests {
    final class Updates: @unchecked Sendable {
        private let lock = NSLock()
        private var made = 0
        var count: Int { lock.withLock { made } }
        func record() { lock.withLock { made += 1 } }
    }

    let work = Profile.make("work", name: "Work", emoji: "💼", path: .key, selection: .apps("tiktok"))
    let study = Profile.make("study", name: "Study", emoji: "📚", path: .key, selection: .apps("youtube"))

    @Test func shortcutsHearOfTheProfiles_once_untilTheyChange() {
        let updates = Updates()
        let shortcuts = ShortcutProfiles(update: updates.record)
        #expect(shortcuts.note([work]))
        #expect(!shortcuts.note([work]))
        #expect(updates.count == 1)
        let renamed = Profile.make("work", name: "Deep work", emoji: "💼", path: .key, selection: .apps("tiktok"))
        #expect(shortcuts.note([renamed]))
        #expect(shortcuts.note([renamed, study]))
        #expect(shortcuts.note([study]))
        #expect(updates.count == 4)
    }

    @Test func onlyTheAppsOwnChanges_andItsForeground_canChangeTheProfiles() {
        #expect(ShortcutProfiles.mayChange(.inApp("save profile")))
        #expect(ShortcutProfiles.mayChange(.appForeground))
        #expect(!ShortcutProfiles.mayChange(.appIntent("StartProfile")))
        #expect(!ShortcutProfiles.mayChange(.intervalDidStart("threshold.from.1")))
        #expect(!ShortcutProfiles.mayChange(.liveActivityButton("End")))
    }

    @Test func savingAProfileInTheApp_updatesTheShortcuts_andStartingOneDoesNot() throws {
        let updates = Updates()
        let shortcuts = ShortcutProfiles(update: updates.record)
        let store = InMemoryStore()
        let phone = try phone(.make(profiles: [work]), store: store)
        let app = Runtime(
            reconciler: phone.reconciler(for: .app), restrictions: RestrictionsRecorder().client,
            observe: { shortcuts.observe($0, store: store) })
        app.reconcile(.appForeground)
        #expect(updates.count == 1)
        _ = app.startProfile("work", from: .appIntent("StartProfile"))
        app.reconcile(.appForeground)
        #expect(updates.count == 1)
        #expect(app.reconcile(.inApp("save profile"), command: SaveProfile(study)).problem == nil)
        #expect(updates.count == 2)
    }
}
