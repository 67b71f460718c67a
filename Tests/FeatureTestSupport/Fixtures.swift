import FeatureClient
import Foundation
import InMemoryClients
import PrayerContent
import StoreClient
import TestSupport
import EntryPoints
import ThresholdCore
import ThresholdKeys

package let ny = calendar("America/New_York")
package let monday = ClockReading.at("2026-03-02 10:00")

package let selahGate = Gate.make("selah", name: "Selah", path: .selah, selection: .apps("instagram"), unlockPolicy: .prayer)
package let workMode = Profile.make(
    "work", name: "Work", path: .earnedAccess, selection: .apps("instagram", "tiktok"),
    unlockPolicy: .earnedAccess, schedules: [.on(Weekday.weekdays, "09:00", "17:00")])
package let challengeGate = Gate.make("look-up", name: "Look Up", path: .challenge, selection: .apps("youtube"), unlockPolicy: .challenge)

/// The bundled prayers, read once.
package let bundledLibrary: PrayerLibrary = try! PrayerContent.bundledLibrary()

/// A store, a hand-moved clock and a client over them.
package struct Harness {
    package let store: InMemoryStore
    package let clock: ManualClock
    package let client: RitualClient

    package init(_ stored: StoredState, at start: ClockReading = monday, seed: UInt64 = 7, language: ContentLanguage = .english) {
        store = InMemoryStore(stored)
        clock = ManualClock(start)
        let clock = self.clock
        client = .inMemory(store, clock: { clock.reading }, calendar: ny, seed: { seed }, library: { bundledLibrary }, language: language)
    }

    package var stored: StoredState { try! store.read() }
    /// The kinds of the events logged, less the reconciles' own `triggered` lines.
    package var kinds: [String] { try! store.events(.all).map(\.event.kind).filter { $0 != "triggered" } }
    /// The runtime the client's writes go through, as Settings' would.
    package var runtime: Runtime {
        let clock = self.clock
        return AppClient.inMemory(store, clock: { clock.reading }, calendar: ny, library: { bundledLibrary }).runtime
    }
}

/// Mints a key for `profile` and keeps it, as Settings › Keys does once the tag took it, through
/// `runtime`.
package func writeKey(
    through runtime: Runtime, profile: ProfileID, name: String, at now: ClockReading,
    using generator: inout some RandomNumberGenerator
) throws -> WrittenKey {
    let key = try KeyRing.mint(profile: profile, name: name, at: now.wall, using: &generator)
    try runtime.reconcile(.inApp("key"), command: AddKey(key)).done()
    return key
}
