import Foundation
import PropertyBased
import Testing
import TestSupport
@testable import ThresholdCore

/// Stricter strict mode (issue 26): the adult-website filter, websites typed by domain (within
/// the 50 a store holds, refused past it), and app installs denied while a profile is on.
@Suite struct StrictOptionsTests {
    let now = at("2026-03-02 10:00")
    let calendar = TestSupport.calendar()

    func site(_ text: String) -> TypedWebsite { try! TypedWebsite(text) }

    func strictProfile(
        _ id: ProfileID = "strict", adult: Bool = true, sites: [String] = ["example.com"], installs: Bool = true,
        strictness: Strictness = .gentle, unlock: UnlockPolicy = .earnedAccess, breaks: BreakPolicy = .none
    ) -> Profile {
        .make(
            id, path: .key, strictness: strictness, unlockPolicy: unlock, breakPolicy: breaks,
            strict: StrictOptions(filtersAdultWebsites: adult, blockedWebsites: sites.map(site), deniesAppInstallation: installs))
    }

    // MARK: Typed websites

    @Test func aTypedWebsite_isReadAsItsDomain() throws {
        #expect(try TypedWebsite("https://www.Example.com/some/page?x=1").domain == "example.com")
        #expect(try TypedWebsite("  news.example.co.uk. ").domain == "news.example.co.uk")
        #expect(try TypedWebsite("example.com:8080").domain == "example.com")
        for bad in ["", "example", "exa mple.com", "-bad.com", "bad-.com", "example.c0m", "http://", "a..com", ".com"] {
            #expect(throws: ValidationError.self, "“\(bad)”") { try TypedWebsite(bad) }
        }
    }

    @Test func aTypedWebsite_coversItsSubdomains_andNothingElse() {
        let example = site("example.com")
        #expect(example.covers("example.com") && example.covers("m.example.com") && example.covers("WWW.EXAMPLE.COM"))
        #expect(!example.covers("notexample.com") && !example.covers("example.com.evil.net"))
    }

    @Test func aProfile_blocksAtMostFiftyTypedWebsites_andSaysWhy() throws {
        var options = StrictOptions()
        for n in 1...StrictOptions.maximumWebsites { try options.block(site("site\(n).com")) }
        try options.block(site("site1.com"))
        #expect(options.blockedWebsites.count == 50)
        #expect(throws: ValidationError.self) { try options.block(self.site("one-more.com")) }
        let tooMany = StrictOptions(blockedWebsites: (1...51).map { site("s\($0).com") })
        let error = #expect(throws: ValidationError.self) {
            try Profile(id: "p", name: "P", emoji: "🎯", path: .key, selection: .apps("x"), strict: tooMany)
        }
        #expect(error?.refusal == .tooManyWebsites(limit: 50, count: 51, together: false))
    }

    @Test func profilesTogether_typeAtMostFiftyWebsites_aSaveThatWouldPassItIsRefused() throws {
        let first = strictProfile("a", sites: (1...40).map { "a\($0).com" })
        var state = ThresholdState.make(profiles: [first])
        let second = strictProfile("b", sites: (1...11).map { "b\($0).com" })
        let error = #expect(throws: ValidationError.self) {
            try SaveProfile(second).apply(to: &state, at: now, calendar: calendar, ids: .counting())
        }
        #expect(error?.refusal == .tooManyWebsites(limit: 50, count: 51, together: true))
        #expect(state.profiles == [first])
        // The same websites again take no more room.
        let shared = strictProfile("c", sites: (1...40).map { "a\($0).com" })
        _ = try SaveProfile(shared).apply(to: &state, at: now, calendar: calendar, ids: .counting())
        #expect(state.profiles.count == 2)
    }

    @Test func typedWebsites_countInTheSetUpBudget() {
        let counts = SetupBudget.counts(.make(profiles: [strictProfile(sites: ["a.com", "b.com"])]), at: now, calendar: calendar)
        #expect(counts.selectedItems == 1 + 2)
    }

    @Test func aProfileSavedBeforeTheseOptions_readsWithItsStrictnesssStandard() throws {
        let encoder = JSONEncoder()
        for strictness in Strictness.allCases {
            var json = try JSONSerialization.jsonObject(with: encoder.encode(Profile.make("p", strictness: strictness))) as! [String: Any]
            json["strict"] = nil
            let decoded = try JSONDecoder().decode(Profile.self, from: JSONSerialization.data(withJSONObject: json))
            #expect(decoded.strict == .standard(for: strictness))
            #expect(decoded.strict.deniesAppInstallation == (strictness == .locked))
        }
    }

    // MARK: The engine

    @Test func aProfileOn_setsTheFilterInTheFirstStore_andOffItSetsNone() throws {
        let profile = strictProfile()
        let on = ThresholdState.make(profiles: [profile], sessions: [.make("s", profile: "strict", start: now)])
        let stores = evaluate(on, at: now, calendar: calendar).stores
        #expect(stores.first?.name == "threshold.0")
        #expect(stores.first?.webFilter == WebFilter(filtersAdultWebsites: true, blockedWebsites: [site("example.com")]))
        #expect(stores.dropFirst().allSatisfy { $0.webFilter == nil })
        #expect(evaluate(.make(profiles: [profile]), at: now, calendar: calendar).stores.isEmpty)
        // A profile with only a filter still needs a store to hold it.
        let filterOnly = Profile.make("f", path: .key, selection: .apps("x"), strict: StrictOptions(filtersAdultWebsites: true))
        let grant = Grant.make("g", .app("x"), from: now, minutes: 5, origin: .ritual(.credits))
        let lifted = evaluate(
            .make(
                profiles: [filterOnly.with(unlock: .earnedAccess)], sessions: [.make("s", profile: "f", start: now)],
                grants: [grant]), at: now, calendar: calendar)
        #expect(
            lifted.stores.count == 1 && lifted.stores[0].applications.isEmpty && lifted.stores[0].webFilter?.filtersAdultWebsites == true,
            "a grant for one app lifts no filter")
    }

    @Test func anUnlockOfEverything_orABreak_liftsTheFilterToo_butBeastModeKeepsIt() {
        let gentle = strictProfile(breaks: .fivePerHour)
        let grant = Grant.make("g", .allGated, from: now, minutes: 5, origin: .ritual(.credits))
        let granted = ThresholdState.make(profiles: [gentle], sessions: [.make("s", profile: "strict", start: now)], grants: [grant])
        #expect(evaluate(granted, at: now, calendar: calendar).stores.isEmpty)
        #expect(DeviceRestrictions.required(by: evaluate(granted, at: now, calendar: calendar), in: granted) == .none)
        let onBreak = ThresholdState.make(
            profiles: [gentle],
            sessions: [
                .make(
                    "s", profile: "strict", start: now.adding(minutes: -10),
                    breaks: [.make("b", from: now.adding(minutes: -1), minutes: 5)])
            ])
        #expect(evaluate(onBreak, at: now, calendar: calendar).stores.isEmpty)
        let beast = strictProfile(strictness: .locked)
        let locked = ThresholdState.make(profiles: [beast], sessions: [.make("s", profile: "strict", start: now)], grants: [grant])
        #expect(evaluate(locked, at: now, calendar: calendar).stores.first?.webFilter != nil)
        #expect(DeviceRestrictions.required(by: evaluate(locked, at: now, calendar: calendar), in: locked) == .locked)
    }

    @Test func restrictionsInForce_joinTheirFilters_andMoreThanAStoreHoldsIsACapacityError() {
        let a = strictProfile("a", adult: false, sites: (1...30).map { "a\($0).com" })
        let b = strictProfile("b", adult: true, sites: (1...30).map { "b\($0).com" } + ["a1.com"])
        let state = ThresholdState.make(
            profiles: [a, b], sessions: [.make("s1", profile: "a", start: now), .make("s2", profile: "b", start: now)])
        let enforcement = evaluate(state, at: now, calendar: calendar)
        let filter = enforcement.stores[0].webFilter
        #expect(filter?.filtersAdultWebsites == true)
        #expect(filter?.blockedWebsites.count == 50)
        #expect(enforcement.capacityError?.problems == [.tooManyTypedWebsites(count: 60, dropped: 10)])
    }

    @Test func theFilter_changesTheStoresFingerprint_andNoFilterKeepsTheOldOne() {
        var store = ShieldStore(index: 0)
        store.applications = [AppToken("x")]
        let before = store.fingerprint
        var filtered = store
        filtered.webFilter = WebFilter(filtersAdultWebsites: false, blockedWebsites: [site("example.com")])
        var adult = filtered
        adult.webFilter?.filtersAdultWebsites = true
        #expect(Set([before, filtered.fingerprint, adult.fingerprint]).count == 3)
        #expect(store.fingerprint == before)
    }

    @Test func theFilterBlocks_typedWebsitesAndTheirSubdomains_andAdultOnesWhenOn() {
        let filter = WebFilter(filtersAdultWebsites: false, blockedWebsites: [site("example.com")])
        #expect(filter.blocks("m.example.com", adult: false))
        #expect(!filter.blocks("adult.example", adult: true))
        #expect(WebFilter(filtersAdultWebsites: true, blockedWebsites: []).blocks("adult.example", adult: true))
    }

    // MARK: App installs

    @Test func aProfileThatDeniesInstalls_deniesThemOnlyWhileItShields() {
        let profile = strictProfile(adult: false, sites: [])
        let on = ThresholdState.make(profiles: [profile], sessions: [.make("s", profile: "strict", start: now)])
        #expect(
            DeviceRestrictions.required(by: evaluate(on, at: now, calendar: calendar), in: on)
                == DeviceRestrictions(denyAppRemoval: false, requireAutomaticDateAndTime: false, denyAppInstallation: true))
        #expect(
            DeviceRestrictions.required(
                by: evaluate(.make(profiles: [profile]), at: now, calendar: calendar), in: .make(profiles: [profile])) == .none)
        let allowed = strictProfile(adult: false, sites: [], installs: false, strictness: .locked)
        let beast = ThresholdState.make(profiles: [allowed], sessions: [.make("s", profile: "strict", start: now)])
        #expect(
            DeviceRestrictions.required(by: evaluate(beast, at: now, calendar: calendar), in: beast)
                == DeviceRestrictions(denyAppRemoval: true, requireAutomaticDateAndTime: true, denyAppInstallation: false))
    }

    @Test func restrictionsSavedByAnEarlierBuild_readWithInstallsAllowed() throws {
        let json = #"{"denyAppRemoval":true,"requireAutomaticDateAndTime":true}"#
        let read = try JSONDecoder().decode(DeviceRestrictions.self, from: Data(json.utf8))
        #expect(read == DeviceRestrictions(denyAppRemoval: true, requireAutomaticDateAndTime: true, denyAppInstallation: false))
        #expect(read.description == "app removal denied, automatic date and time required")
        #expect(DeviceRestrictions.locked.description.hasSuffix("app installation denied"))
    }

    /// Whatever profiles are on and whatever lifts them, the filter in the first store is exactly
    /// the union of what the shielding profiles ask for (up to what a store holds), and nothing
    /// when none asks.
    @Test func theFilter_isTheUnionOfTheProfilesThatShield() async {
        let sites = (0..<8).map { site("w\($0).com") }
        await propertyCheck(count: 200, input: Gen.int(in: 0...255).array(of: 1...4), Gen.int(in: 0...7)) { masks, lifts in
            var profiles: [Profile] = [], sessions: [Session] = [], grants: [Grant] = []
            for (index, mask) in masks.enumerated() {
                let id = ProfileID("p\(index)")
                profiles.append(
                    .make(
                        id, path: .key, selection: .apps("app\(index)"), unlockPolicy: .earnedAccess,
                        strict: StrictOptions(
                            filtersAdultWebsites: mask & 1 != 0,
                            blockedWebsites: sites.enumerated().filter { mask & 1 << $0.offset != 0 }.map(\.element))))
                sessions.append(.make(SessionID("s\(index)"), profile: id, start: now))
            }
            if lifts & 1 != 0 { grants.append(.make("g", .allGated, from: now, minutes: 5, origin: .ritual(.credits))) }
            let state = ThresholdState.make(profiles: profiles, sessions: sessions, grants: grants)
            let filter = evaluate(state, at: now, calendar: calendar).stores.first?.webFilter
            let shielding = grants.isEmpty ? profiles : []
            let adult = shielding.contains { $0.strict.filtersAdultWebsites }
            let typed = Set(shielding.flatMap(\.strict.blockedWebsites))
            #expect(filter == (adult || !typed.isEmpty ? WebFilter(filtersAdultWebsites: adult, blockedWebsites: typed) : nil))
        }
    }
}

private extension Profile {
    func with(unlock: UnlockPolicy) -> Profile {
        try! Profile(
            id: id, name: name, emoji: emoji, path: path, selection: selection, listMode: listMode, strictness: strictness,
            unlockPolicy: unlock, breakPolicy: breakPolicy, schedules: schedules, headsUpMinutes: headsUpMinutes, strict: strict)
    }
}
