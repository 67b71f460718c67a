import Foundation
import Hummingbird
import PostgresNIO
import ServerTestSupport
import Testing
import TogetherCore
@testable import TogetherServer

@Suite struct LeagueTests {
    /// Twelve people in one bronze league: the top two (⌊12/6⌋) move up, nobody drops below bronze;
    /// finalizing again changes nothing; the next week starts them in their new tiers.
    @Test func finalizingAWeek_movesTheTopUp_isIdempotent_andSettlesNextWeeksTier() async throws {
        try await withServer { phone, db in
            var people: [Device] = []
            for index in 0..<12 {
                let person = try await phone.register("P\(index)")
                people.append(person)
                #expect(try await phone.upload(person, day: "2026-11-24", xp: index * 10, screenTimePoints: 0).status == 200)
            }
            let early = try await phone.finalize("2026-11-23", as: people[0])
            #expect(early.status == 409 && early.error == "weekOpen")
            #expect(try await phone.finalize("2026-11-24", as: people[0]).status == 400, "a week is named by its Monday")

            phone.clock.set(utc("2026-11-30T12:00:00Z"))
            let done = try await phone.finalize("2026-11-23", as: people[0]).decode(Wire.Finalized.self)
            #expect(done.accounts == 12 && !done.alreadyFinalized)
            let again = try await phone.finalize("2026-11-23", as: people[3]).decode(Wire.Finalized.self)
            #expect(again.alreadyFinalized && again.accounts == 12 && again.finalizedAt == done.finalizedAt)
            #expect(try await TestDatabase.count("week_results", in: db) == 12)

            let top = try await phone.league(people[11], week: "2026-11-23")
            #expect(top.finalized && top.rank == 1 && top.result == Wire.Result(outcome: .promoted, tierAfter: .silver))
            let second = try await phone.league(people[10], week: "2026-11-23")
            #expect(second.result?.outcome == .promoted)
            let third = try await phone.league(people[9], week: "2026-11-23")
            #expect(third.result == Wire.Result(outcome: .stayed, tierAfter: .bronze))
            let last = try await phone.league(people[0], week: "2026-11-23")
            #expect(last.rank == 12 && last.result == Wire.Result(outcome: .stayed, tierAfter: .bronze), "bronze has nowhere to drop")

            let nextWeek = try await phone.league(people[11])
            #expect(nextWeek.week.description == "2026-11-30" && nextWeek.placed && nextWeek.tier == .silver && nextWeek.members.count == 1)
        }
    }

    /// Two server instances over one database finalize the same week at the same moment, many
    /// times each: one does the work, every other call finds it done, and each result is written once.
    @Test func severalInstancesFinalizingAtOnce_doTheWorkExactlyOnce() async throws {
        let document = try OpenAPIDocument.load()
        try await TestDatabase.withFresh { database in
            let clock = ManualClock(utc("2026-11-25T12:00:00Z"))
            let one = TogetherServer.application(
                configuration: TogetherConfiguration(database: database, logLevel: .critical), clock: clock)
            let two = TogetherServer.application(
                configuration: TogetherConfiguration(database: database, logLevel: .critical), clock: clock)
            try await one.test(.router) { first in
                try await two.test(.router) { second in
                    let phones = [
                        Phone(client: first, clock: clock, document: document), Phone(client: second, clock: clock, document: document),
                    ]
                    var people: [Device] = []
                    for index in 0..<40 {
                        let person = try await phones[index % 2].register("P\(index)")
                        people.append(person)
                        #expect(
                            try await phones[(index + 1) % 2].upload(person, day: "2026-11-25", xp: index, screenTimePoints: 10).status
                                == 200)
                    }
                    clock.set(utc("2026-11-30T12:00:01Z"))
                    let outcomes = try await withThrowingTaskGroup(of: Wire.Finalized.self) { group in
                        for index in 0..<10 {
                            let (phone, person) = (phones[index % 2], people[index])
                            group.addTask { try await phone.finalize("2026-11-23", as: person).decode(Wire.Finalized.self) }
                        }
                        return try await group.reduce(into: [Wire.Finalized]()) { $0.append($1) }
                    }
                    #expect(outcomes.filter { !$0.alreadyFinalized }.count == 1)
                    #expect(outcomes.allSatisfy { $0.accounts == 40 })
                    try await TestDatabase.withClient(database) { (db: PostgresClient) async throws in
                        #expect(try await TestDatabase.count("week_results", in: db) == 40)
                        #expect(try await TestDatabase.count("finalized_weeks", in: db) == 1)
                        #expect(try await TestDatabase.count("leagues", in: db) == 2, "40 people: a league of 30 and one of 10")
                        #expect(try await TestDatabase.count("accounts WHERE tier = 1", in: db) == 5 + 1, "⌊30/6⌋ + ⌊10/6⌋ promoted")
                    }
                }
            }
        }
    }

    /// The 31st person to take part starts a second league; no league ever holds more than 30,
    /// even when people are placed from many requests at once.
    @Test func leaguesHoldThirty_evenWhenManyJoinAtOnce() async throws {
        try await withServer { phone, db in
            var people: [Device] = []
            for index in 0..<61 { people.append(try await phone.register("P\(index)")) }
            try await withThrowingTaskGroup(of: Int.self) { group in
                for person in people {
                    group.addTask { try await phone.upload(person, day: "2026-11-23", xp: 5, screenTimePoints: 4).status }
                }
                for try await status in group { #expect(status == 200) }
            }
            var sizes: [Int] = []
            for try await size in try await db.query("SELECT count(*)::bigint FROM memberships GROUP BY league_id ORDER BY 1 DESC").decode(
                Int.self)
            {
                sizes.append(size)
            }
            #expect(sizes == [30, 30, 1])
            let league = try await phone.league(people[0])
            #expect(league.members.count <= League.capacity)
        }
    }

    /// Deleting an account deletes everything held for it: its days, its league place, its results,
    /// and it disappears from the others' league.
    @Test func deletingAnAccount_removesEverythingHeldForIt() async throws {
        try await withServer { phone, db in
            let alice = try await phone.register("Alice")
            let bob = try await phone.register("Bob")
            #expect(try await phone.upload(alice, day: "2026-11-24", xp: 25, screenTimePoints: 100).status == 200)
            #expect(try await phone.upload(bob, day: "2026-11-24", xp: 5, screenTimePoints: 100).status == 200)
            phone.clock.set(utc("2026-11-30T13:00:00Z"))
            #expect(try await phone.finalize("2026-11-23", as: bob).status == 200)
            #expect(try await phone.league(bob, week: "2026-11-23").members.map(\.displayName) == ["Alice", "Bob"])

            let deleted = try await phone.send(.delete, "/v1/account", as: alice)
            #expect(deleted.status == 204 && deleted.body.isEmpty)
            for table in ["accounts", "day_summaries", "memberships", "week_results"] {
                #expect(
                    try await TestDatabase.count(
                        "\(table) WHERE \(table == "accounts" ? "id" : "account_id") = '\(alice.account!.uuidString)'", in: db) == 0,
                    "\(table)")
            }
            #expect(try await phone.league(bob, week: "2026-11-23").members.map(\.displayName) == ["Bob"])
            let after = try await phone.upload(alice, day: "2026-11-30", xp: 1, screenTimePoints: 0)
            #expect(after.status == 401 && after.error == "unknownAccount")
            // Nothing left names her: nonces are kept only as digests, without an account.
            for try await name in try await db.query("SELECT display_name FROM accounts").decode(String.self) { #expect(name == "Bob") }
        }
    }
}
