import Foundation
import PropertyBased
import Testing
import TestSupport
@testable import ThresholdCore

/// Each path's economy is its own (PRODUCT.md): credits are banked only where Earned Access is in
/// use and only for focus the person chose to do; XP and coins only where Present is; a rest
/// profile (Sleep) earns nothing and counts toward no focus figure.
@Suite struct EconomyTests {
    let ny = calendar()
    let start = at("2026-11-24 21:00")

    func context(at now: Date) -> ChangeContext {
        .at(now, calendar: ny)
    }

    /// A state with `profiles`, as a person who chose `paths` has it.
    func stored(_ paths: Set<Pathway>, _ profiles: [Profile]) throws -> StoredState {
        var stored = StoredState.make()
        stored.engine = try stored.engine.with(profiles: profiles)
        stored.settings.paths = paths
        return stored
    }

    /// Starts `profile` by hand, lets `minutes` pass, and ends it: the balances after.
    func session(of profile: ProfileID, minutes: Double, in stored: StoredState) throws -> Balances {
        var transaction = StoreTransaction(state: stored)
        try context(at: start).run(StartSession(profile: profile), on: &transaction)
        try context(at: start.adding(minutes: minutes)).run(EndSession(profile: profile), on: &transaction)
        return transaction.state.balances
    }

    @Test func presentAlone_earnsXPAndCoins_andBanksNoCredits() throws {
        let balances = try session(of: "focus", minutes: 60, in: stored([.present], [.make("focus", path: .present)]))
        #expect(balances.xp == 10 && balances.coins == 10 && balances.credits == 0)
    }

    @Test func earnedAccessAlone_banksCredits_andEarnsNoXP() throws {
        let balances = try session(
            of: "focus", minutes: 60,
            in: stored(
                [.earnedAccess],
                [
                    .make("work-mode", path: .earnedAccess, unlockPolicy: .earnedAccess), .make("focus", path: .present),
                ]))
        #expect(balances.credits == 60 && balances.xp == 0 && balances.coins == 0)
    }

    @Test func keyAlone_keepsNothing_andSleepEarnsNothingEvenWithEveryPath() throws {
        #expect(try session(of: "work", minutes: 60, in: stored([.key], [.make("work", path: .key)])) == Balances())
        let sleep = try ProfilePreset.sleep.profile(named: "Sleep", selection: .apps("instagram"), withSchedule: false)
        #expect(sleep.isRest)
        let all = try stored(Set(Pathway.allCases), [sleep, .make("work-mode", path: .earnedAccess, unlockPolicy: .earnedAccess)])
        #expect(try session(of: "sleep", minutes: 480, in: all) == Balances())
    }

    @Test func aSpendIsAlwaysPosted_andAStateSavedBeforeThePathsWereKept_earnsAsItsRestrictionsSay() throws {
        var legacy = try stored([], [.make("focus", path: .present)])
        legacy.settings.paths = nil
        let balances = try session(of: "focus", minutes: 60, in: legacy)
        #expect(balances.xp == 10 && balances.credits == 0)
        var transaction = StoreTransaction(state: try stored([.present], [.make("focus", path: .present)]))
        transaction.state.balances = try Balances().applying(LedgerEntry(account: .credits, amount: 30, memo: "earlier"))
        try transaction.apply([.ledger(try LedgerEntry(account: .credits, amount: -15, memo: "spent"))], at: start)
        #expect(transaction.state.balances.credits == 15)
    }

    @Test func restSessions_countTowardNoFocusFigure_butStayInTheHistory() throws {
        let sleep = try ProfilePreset.sleep.profile(named: "Sleep", selection: .apps("instagram"), withSchedule: false)
        let work = Profile.make("work", path: .key)
        let night = Session.make("night", profile: "sleep", start: start, ending: .init(at: start.adding(minutes: 600), state: .completed))
        let hour = Session.make(
            "hour", profile: "work", start: start.adding(minutes: -120), ending: .init(at: start.adding(minutes: -60), state: .completed))
        let engine = try ThresholdState.empty.with(profiles: [sleep, work])
        #expect(engine.focus([night, hour]) == [hour])
        let stats = SessionStats(sessions: [night, hour], profiles: [sleep, work], now: start.adding(minutes: 700), calendar: ny)
        #expect(stats.recordDay?.seconds == 3_600 && stats.longestSession?.id == "hour")
        #expect(stats.history.map(\.id) == ["night", "hour"])
    }

    @Test func aSleepProfileSavedBeforeRestWasKept_readsAsRest() throws {
        let sleep = try ProfilePreset.sleep.profile(named: "Sleep", selection: .apps("instagram"))
        var object = try #require(JSONSerialization.jsonObject(with: JSONEncoder().encode(sleep)) as? [String: Any])
        object["rest"] = nil
        let decoded = try JSONDecoder().decode(Profile.self, from: JSONSerialization.data(withJSONObject: object))
        #expect(decoded.isRest)
        let work = try JSONDecoder().decode(Profile.self, from: JSONEncoder().encode(Profile.make("work", path: .key)))
        #expect(!work.isRest)
    }

    // MARK: The property

    struct Day: Sendable, CustomStringConvertible {
        let chosen: Set<Pathway>
        let profiles: [(path: Pathway, rest: Bool)]
        let steps: [(profile: Int, minutes: Int, origin: SessionOrigin)]
        var description: String { "chosen=\(chosen.map(\.rawValue).sorted()) profiles=\(profiles) steps=\(steps)" }
    }

    static let days = Generator(run: { rng -> Day in
        let chosen = Set(Pathway.allCases.filter { _ in Bool.random(using: &rng) })
        let profiles = (0..<Int.random(in: 1...4, using: &rng)).map { _ in
            ([Pathway.present, .key, .earnedAccess].randomElement(using: &rng)!, Int.random(in: 0..<4, using: &rng) == 0)
        }
        let steps = (0..<Int.random(in: 1...12, using: &rng)).map { _ in
            (
                Int.random(in: 0..<profiles.count, using: &rng), Int.random(in: 0...240, using: &rng),
                [SessionOrigin.manual, .shortcut, .key, .schedule].randomElement(using: &rng)!
            )
        }
        return Day(chosen: chosen, profiles: profiles, steps: steps)
    })

    /// From random choices of paths, profiles and sessions: credits rise only by the focused
    /// minutes of a session the person started on a state where Earned Access is in use, never a
    /// rest profile's; XP and coins only where Present is.
    @Test func credits_riseOnlyByFocusThePersonChose_onAPathThatBanks() async {
        await propertyCheck(count: 200, input: Self.days) { day in try check(day) }
    }

    func check(_ day: Day) throws {
        var profiles: [Profile] = []
        for (index, made) in day.profiles.enumerated() {
            profiles.append(
                try Profile(
                    id: ProfileID("p\(index)"), name: "P\(index)", emoji: "🎯", path: made.path, selection: .apps("instagram"),
                    unlockPolicy: made.path == .earnedAccess ? .earnedAccess : .none, isRest: made.rest))
        }
        var transaction = StoreTransaction(state: try stored(day.chosen, profiles))
        let kept = transaction.state.keptAccounts
        var now = start
        for step in day.steps {
            let profile = profiles[step.profile]
            let before = transaction.state.balances
            let started: Session
            do {
                try context(at: now).run(StartSession(profile: profile.id, origin: step.origin), on: &transaction)
                guard let running = transaction.state.engine.sessions.first(where: { $0.profileID == profile.id && $0.ending == nil })
                else { continue }
                started = running
                now = now.adding(minutes: Double(step.minutes))
                try context(at: now).run(EndSession(profile: profile.id), on: &transaction)
            } catch is ValidationError {
                continue
            }
            let after = transaction.state.balances
            guard let ended = transaction.state.engine.sessions.first(where: { $0.id == started.id }), let ending = ended.ending else {
                Issue.record("\(started.id) did not end: \(day)")
                return
            }
            let banks = kept.contains(.credits) && !profile.isRest
            #expect(after.credits - before.credits == (banks ? FocusBank.credits(for: ended, ending: ending) : 0), "\(day)")
            if step.origin == .schedule || profile.isRest { #expect(after.credits == before.credits, "\(day)") }
            if !kept.contains(.xp) || profile.isRest { #expect(after.xp == before.xp && after.coins == before.coins, "\(day)") }
        }
    }
}
