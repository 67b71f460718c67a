import Foundation
import InMemoryClients
import StoreClient
import ThresholdCore
import ThresholdKeys

/// The key commands run on a store at a chosen instant, as the reconcile runs them (without the
/// shields, which these tests do not read).
struct Ring {
    let store: InMemoryStore
    let calendar: Calendar

    init(store: InMemoryStore, calendar: Calendar) {
        self.store = store
        self.calendar = calendar
    }

    func run<C: StateCommand>(_ command: C, at now: Date) throws -> C.Result {
        let context = ChangeContext(
            now: now, time: TrustedTime(wall: now, trusted: now), calendar: calendar, ids: .counting(),
            screenTimeAuthorized: true)
        return try store.write { try command.apply(to: &$0, context: context) }
    }

    func write(profile: ProfileID, name: String, at now: Date, using generator: inout some RandomNumberGenerator) throws -> WrittenKey {
        let key = try KeyRing.mint(profile: profile, name: name, at: now, using: &generator)
        try run(AddKey(key), at: now)
        return key
    }

    func add(_ key: WrittenKey, at now: Date) throws { try run(AddKey(key), at: now) }
    func revoke(_ id: KeyTagID, at now: Date) throws { try run(RevokeKey(id), at: now) }
    func remove(_ id: KeyTagID, at now: Date) throws { try run(RemoveKey(id), at: now) }
    func relink(_ id: KeyTagID, to profile: ProfileID, at now: Date) throws { try run(RelinkKey(id, to: profile), at: now) }
    func tap(_ id: KeyTagID, secret: KeySecret, at now: Date) throws -> KeyTapOutcome { try run(TapKey(id, secret: secret), at: now) }
}
