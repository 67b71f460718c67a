import Foundation
@_spi(Setup) import ScreenTimeSimulator
import Testing
import TestSupport
import ThresholdCore

@Suite struct ManagedSettingsCentreTests {
    let now = at("2026-11-23 10:00")

    @Test func storesShieldTheirUnion() {
        var centre = ManagedSettingsCentre()
        var a = ShieldStore(index: 0)
        a.applications = [AppToken("instagram")]
        var b = ShieldStore(index: 1)
        b.applicationCategories = .specific([CategoryToken("games")], except: [AppToken("chess")])
        centre.apply(a, at: now)
        centre.apply(b, at: now)
        #expect(centre.shields(app: AppToken("instagram"), category: nil))
        #expect(centre.shields(app: AppToken("candycrush"), category: CategoryToken("games")))
        #expect(!centre.shields(app: AppToken("chess"), category: CategoryToken("games")))
        centre.clear(a.name, at: now)
        #expect(!centre.shields(app: AppToken("instagram"), category: nil))
    }

    @Test func aListOfMoreThan50Tokens_isIgnoredSilently() {
        var centre = ManagedSettingsCentre()
        var store = ShieldStore(index: 0)
        store.applications = Set((0..<51).map { AppToken("app\($0)") })
        centre.apply(store, at: now)
        #expect(!centre.shields(app: AppToken("app0"), category: nil))
        store.applications.remove(AppToken("app50"))
        centre.apply(store, at: now)
        #expect(centre.shields(app: AppToken("app0"), category: nil))
    }

    @Test func storesBeyondTheFiftieth_areIgnored() {
        var centre = ManagedSettingsCentre()
        for i in 0..<51 {
            var store = ShieldStore(name: "threshold.\(String(format: "%02d", i))")
            store.applications = [AppToken("app\(i)")]
            centre.apply(store, at: now)
        }
        #expect(centre.shields(app: AppToken("app49"), category: nil))
        #expect(!centre.shields(app: AppToken("app50"), category: nil))
    }

    @Test func withoutAuthorization_nothingIsEnforced() {
        var centre = ManagedSettingsCentre()
        var store = ShieldStore(index: 0)
        store.applications = [AppToken("instagram")]
        centre.apply(store, at: now)
        centre.enforcing = false
        #expect(!centre.shields(app: AppToken("instagram"), category: nil))
    }
}
