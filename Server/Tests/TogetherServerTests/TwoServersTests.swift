import Foundation
import PostgresNIO
import ServerTestSupport
import Testing
import ThresholdCore
import TogetherClient
import TogetherCore
@testable import TogetherServer

/// Two servers, one database (issue 37, item 5): two `together-server` processes on one
/// PostgreSQL (``TwoServers``), each request sent to the next of them in turn, many at once. Every
/// race two instances could run is decided by the database, once: a partner's message is pushed at
/// most once per device with both push senders running, a week is finalized once, an invitation is
/// accepted once, and a backup's version never goes back; the one that loses a race is refused with
/// a 4xx and changes nothing. A database lost in the middle of such a race is answered 503 with
/// `Retry-After` by both, and nothing is left half-written.
// NB: no closure (nor key path used as one) is written inside `#expect` or `#require` here: what is
// checked is worked out first. With Swift 6.3.1 a closure in a macro's argument was given the same
// discriminator as one outside it in the same closure, and both ran the first one's body (a
// `filter` answered another `filter`'s question; seen with `nm`: one closure symbol where the source
// has two). Probably https://github.com/swiftlang/swift/issues/90922.
@Suite(.serialized) struct TwoServersTests {
    /// Someone registered through the two servers.
    struct Person: Sendable {
        let name: String
        let client: TogetherClient
        let account: UUID
    }

    /// How one call came back.
    enum Outcome<Value: Sendable>: Sendable {
        case done(Value)
        case refused(status: Int, error: String)
        case later(retryAfter: TimeInterval?)
        case failed(String)

        init(_ work: () async throws -> Value) async {
            do {
                self = .done(try await work())
            } catch TogetherError.refused(let status, let error, _) {
                self = .refused(status: status, error: error)
            } catch TogetherError.later(let seconds) {
                self = .later(retryAfter: seconds)
            } catch {
                self = .failed(String(describing: error))
            }
        }

        var value: Value? { if case .done(let value) = self { value } else { nil } }
        var isLater: Bool { if case .later = self { true } else { false } }
        /// `409 invitationUsed`, `503`, … for a message.
        var summary: String {
            switch self {
            case .done: "done"
            case .refused(let status, let error): "\(status) \(error)"
            case .later(let seconds): "503 (Retry-After \(seconds.map { String(Int($0)) } ?? "none"))"
            case .failed(let detail): "failed: \(detail)"
            }
        }
    }

    /// How many calls came back each way: `["done": 1, "409 invitationUsed": 29]`.
    static func tally<Value>(_ outcomes: [Outcome<Value>]) -> [String: Int] {
        outcomes.reduce(into: [:]) { $0[$1.summary, default: 0] += 1 }
    }

    /// `work(0) … work(count - 1)` all at once; their results in that order.
    static func together<T: Sendable>(_ count: Int, _ work: @escaping @Sendable (Int) async -> T) async -> [T] {
        await withTaskGroup(of: (Int, T).self) { group in
            for index in 0..<count { group.addTask { (index, await work(index)) } }
            var results: [(Int, T)] = []
            for await result in group { results.append(result) }
            return results.sorted { $0.0 < $1.0 }.map(\.1)
        }
    }

    /// Registers everyone named, all at once.
    static func register(_ names: [String], on servers: TwoServers) async throws -> [Person] {
        let outcomes = await together(names.count) { index in
            let client = servers.client()
            return await Outcome {
                Person(name: names[index], client: client, account: try await client.register(displayName: names[index]).accountID)
            }
        }
        let registered = outcomes.compactMap(\.value)
        let tally = Self.tally(outcomes)
        try #require(registered.count == names.count, "registering: \(tally)")
        return registered
    }

    /// `a` invites and `b` accepts.
    static func pair(_ a: Person, _ b: Person) async throws {
        let code = try await a.client.invite(account: a.account).code
        _ = try await b.client.accept(code: code, account: b.account)
    }

    /// Yesterday, in UTC: a day every partner message may name.
    static var yesterday: LocalDate { Clockwork(timeZone: TimeZone(identifier: "UTC")!).localDate(of: Date()).adding(days: -1) }

    /// Both servers answered some of the requests.
    static func expectBothServed(_ servers: TwoServers, sourceLocation: SourceLocation = #_sourceLocation) {
        let served = Dictionary(grouping: servers.exchanges, by: \.server).mapValues(\.count)
        let servers = served.keys.sorted()
        #expect(servers == [0, 1], "requests per server: \(served)", sourceLocation: sourceLocation)
    }

    // MARK: Push

    /// The APNs token of pair `pair`'s recipient's device `device` (0, the phone; 1, the iPad).
    static func token(_ pair: Int, _ device: Int) -> String { String(repeating: String(format: "%02x", pair * 2 + device), count: 32) }

    @Test func aPartnersMessage_isPushedOncePerDevice_withBothServersPushing() async throws {
        let apns = try await FakeAPNs.start()
        do {
            try await TwoServers.with(apns: apns) { servers, inspector in
                let pairs = 20
                let people = try await Self.register((0..<pairs).flatMap { ["Sender \($0)", "Recipient \($0)"] }, on: servers)
                let senders = stride(from: 0, to: people.count, by: 2).map { people[$0] }
                let recipients = stride(from: 1, to: people.count, by: 2).map { people[$0] }
                // Each recipient's phone and iPad; every fourth phone is answered 429 first, tried again
                // a second later by whichever sender claims it then.
                var retried: Set<String> = []
                for pair in stride(from: 0, to: pairs, by: 4) {
                    apns.script(Self.token(pair, 0), [.init(status: 429, reason: "TooManyRequests")])
                    retried.insert(Self.token(pair, 0))
                }
                let paired = await Self.together(pairs) { pair in
                    await Outcome {
                        try await Self.pair(senders[pair], recipients[pair])
                        for (device, name) in ["phone", "ipad"].enumerated() {
                            try await recipients[pair].client.storePushToken(
                                .init(device: name, token: Self.token(pair, device)), account: recipients[pair].account)
                        }
                    }
                }
                let pairing = Self.tally(paired)
                #expect(pairing == ["done": pairs])

                // Every sender's message at once, each sent twice with its key (its answer lost, the app
                // sends it again), the two copies to different servers.
                let day = Self.yesterday
                let sent = await Self.together(pairs * 2) { index in
                    let sender = senders[index / 2]
                    let message = PartnerMessage(day: day, streakDays: 3, key: "two-servers-message-\(index / 2)")
                    return await Outcome { try await sender.client.post(message, account: sender.account).recipients }
                }
                let recipientsEach = sent.map(\.value)
                let sending = Self.tally(sent)
                #expect(recipientsEach == Array(repeating: 1, count: pairs * 2), "\(sending)")
                #expect(try await TestDatabase.count("partner_outbox", in: inspector) == pairs, "each message once in the outbox")

                // Both servers' senders claim them every 250 ms; wait for all, then for 2 s more.
                let pushes = pairs * 2
                let deadline = ContinuousClock.now + .seconds(20)
                while try await TestDatabase.count("push_deliveries WHERE sent_at IS NOT NULL", in: inspector) < pushes,
                    ContinuousClock.now < deadline
                {
                    try await Task.sleep(for: .milliseconds(100))
                }
                try await Task.sleep(for: .seconds(2))
                // Each device once, but those answered 429 first: twice, with the same apns-id.
                let received = Dictionary(grouping: apns.requests, by: \.token)
                let requestsPerDevice = received.mapValues(\.count)
                var expected: [String: Int] = [:]
                for pair in 0..<pairs {
                    for device in 0..<2 { expected[Self.token(pair, device)] = retried.contains(Self.token(pair, device)) ? 2 : 1 }
                }
                #expect(requestsPerDevice == expected)
                let apnsIDsPerDevice = Set(received.values.map { Set($0.map { $0.headers["apns-id"] }).count })
                #expect(apnsIDsPerDevice == [1])
                #expect(
                    try await TestDatabase.count("push_deliveries WHERE sent_at IS NOT NULL AND failed IS NULL", in: inspector) == pushes)
                // The recipient's app asks which came by push: each, once.
                let read = await Self.together(pairs) { pair in
                    await Outcome {
                        try await recipients[pair].client.messages(device: "phone", account: recipients[pair].account).messages
                    }
                }
                let pushedToPhones = read.map { $0.value?.map(\.pushed) }
                #expect(pushedToPhones == Array(repeating: [true], count: pairs), "\(Self.tally(read))")
                Self.expectBothServed(servers)
            }
        } catch {
            await apns.stop()
            throw error
        }
        await apns.stop()
    }

    /// The same race with its timing forced: the two servers' senders above claim every 250 ms and
    /// seldom at the same millisecond, so here two pools (as two servers hold) claim 500 pushes due
    /// at once, ten claims at a time each, until none is left.
    @Test func pushClaims_fromTwoPoolsAtOnce_neverTakeOnePushTwice() async throws {
        try await TestDatabase.withFresh { database in
            try await TestDatabase.withClient(database) { first in
                try await TestDatabase.withClient(database) { second in
                    try await Migrations.apply(to: first, logger: TestDatabase.logger)
                    try await first.query(
                        """
                        INSERT INTO accounts (id, public_key, display_name, tier, created_at)
                        SELECT gen_random_uuid(), sha256(i::text::bytea), 'P' || i, 0, now() FROM generate_series(1, 2) i
                        """)
                    try await first.query(
                        """
                        INSERT INTO partnerships (id, account_a, account_b, since)
                        SELECT gen_random_uuid(), min(id::text)::uuid, max(id::text)::uuid, now() FROM accounts
                        """)
                    try await first.query(
                        """
                        INSERT INTO partner_outbox (message_id, partnership_id, sender, recipient, kind, day, streak_days, sent_at)
                        SELECT gen_random_uuid(), p.id, p.account_a, p.account_b, 'brokeStreak', current_date, 3, now()
                        FROM partnerships p, generate_series(1, 250)
                        """)
                    try await first.query(
                        """
                        INSERT INTO push_deliveries (outbox_id, account_id, device, token, apns_id, next_attempt_at)
                        SELECT o.id, o.recipient, d, repeat('ab', 32), gen_random_uuid(), now() - interval '1 second'
                        FROM partner_outbox o, unnest(ARRAY['phone', 'ipad']) d
                        """)
                    let stores = [first, second].map { TogetherStore(client: $0, logger: TestDatabase.logger) }
                    let now = Date()
                    let claimers = await Self.together(20) { index in
                        var claimed: [String] = []
                        while true {
                            guard let due = try? await stores[index % 2].claimPushes(at: now, limit: 50), !due.isEmpty else { break }
                            claimed += due.map { "\($0.outbox) \($0.device)" }
                        }
                        return claimed
                    }
                    let claimed = claimers.flatMap { $0 }
                    let claimedTwice = Dictionary(grouping: claimed) { $0 }.filter { $0.value.count > 1 }.keys.sorted()
                    let claimedOnce = Set(claimed).count
                    #expect(claimedTwice == [], "claimed by two claims")
                    #expect(claimedOnce == 500, "every push claimed")
                }
            }
        }
    }

    // MARK: Finalizing

    @Test func aWeek_isFinalizedOnce_byThirtyCallsSplitAcrossBothServers() async throws {
        try await TwoServers.with { servers, inspector in
            let callers = try await Self.register((0..<30).map { "Caller \($0)" }, on: servers)
            // A closed week two weeks ago: 300 people in ten full bronze leagues (the thirty callers
            // among them), each with points of their own.
            var monday = ""
            for try await text in try await inspector.query(
                """
                SELECT (date_trunc('week', now() AT TIME ZONE 'UTC')::date - 14)::text
                """
            ).decode(String.self) { monday = text }
            try await inspector.query(
                """
                INSERT INTO accounts (id, public_key, display_name, tier, created_at)
                SELECT gen_random_uuid(), sha256(i::text::bytea), 'Member ' || i, 0, now() FROM generate_series(1, 270) i
                """)
            try await inspector.query("INSERT INTO leagues (week, tier) SELECT \(monday)::date, 0 FROM generate_series(1, 10)")
            try await inspector.query(
                """
                WITH a AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM accounts),
                     l AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS k FROM leagues)
                INSERT INTO memberships (account_id, week, league_id)
                SELECT a.id, \(monday)::date, l.id FROM a JOIN l ON l.k = a.n / 30 ORDER BY a.n
                """)
            try await inspector.query(
                """
                WITH a AS (SELECT id, row_number() OVER (ORDER BY id) AS n FROM accounts)
                INSERT INTO day_summaries (account_id, day, week, xp, screen_time_points, updated_at)
                SELECT a.id, \(monday)::date + 2, \(monday)::date, a.n, 10, now() FROM a
                """)
            let week = try LeagueWeek(monday: LocalDate(parsing: monday))

            let calls = await Self.together(callers.count) { index in
                await Outcome { try await callers[index].client.finalize(week, account: callers[index].account) }
            }
            let answered = Self.tally(calls)
            #expect(answered == ["done": callers.count], "every call answered 200")
            let done = calls.compactMap(\.value)
            let didTheWork = done.count { !$0.alreadyFinalized }
            let finalizedAt = Set(done.map(\.finalizedAt)), accounts = Set(done.map(\.accounts))
            #expect(didTheWork == 1, "one call did the work")
            #expect(finalizedAt.count == 1 && accounts == [300], "and each says the same")

            #expect(try await TestDatabase.count("finalized_weeks", in: inspector) == 1)
            #expect(try await TestDatabase.count("week_results", in: inspector) == 300, "every result written once")
            // The top five of each league up to silver, once: none went further.
            #expect(try await TestDatabase.count("week_results WHERE outcome = 'promoted'", in: inspector) == 50)
            #expect(try await TestDatabase.count("accounts WHERE tier = 1", in: inspector) == 50)
            #expect(try await TestDatabase.count("accounts WHERE tier > 1", in: inspector) == 0)
            // Asked again later, from either server: the same result.
            let again = try await callers[0].client.finalize(week, account: callers[0].account)
            #expect(again.alreadyFinalized && [again.finalizedAt] == finalizedAt)
            Self.expectBothServed(servers)
        }
    }

    // MARK: Invitations

    @Test func anInvitation_isAcceptedOnce_whenThirtyPeopleRaceForItOnBothServers() async throws {
        try await TwoServers.with { servers, inspector in
            let people = try await Self.register(["Alice"] + (0..<30).map { "Racer \($0)" }, on: servers)
            let alice = people.first { $0.name == "Alice" }!
            let racers = people.filter { $0.name != "Alice" }
            let code = try await alice.client.invite(account: alice.account).code

            let accepts = await Self.together(racers.count) { index in
                await Outcome { try await racers[index].client.accept(code: code, account: racers[index].account) }
            }
            let answered = Self.tally(accepts)
            #expect(answered == ["done": 1, "409 invitationUsed": racers.count - 1], "one accept wins; the others are told it was used")

            #expect(try await TestDatabase.count("partnerships", in: inspector) == 1)
            let winners = accepts.indices.filter { accepts[$0].value != nil }.map { racers[$0] }
            let winner = try #require(winners.first)
            // Either server says the same, to both sides.
            for _ in 0..<2 {
                let alicesPartners = try await alice.client.partners(account: alice.account).map(\.displayName)
                let winnersPartners = try await winner.client.partners(account: winner.account).map(\.displayName)
                #expect(alicesPartners == [winner.name] && winnersPartners == ["Alice"])
            }
            Self.expectBothServed(servers)
        }
    }

    @Test func anInvitation_isAcceptedOnce_whenOnePersonSendsTwentyAcceptsToBothServers() async throws {
        try await TwoServers.with { servers, inspector in
            let people = try await Self.register(["Carol", "Dave"], on: servers)
            let (carol, dave) = (people[0], people[1])
            let code = try await carol.client.invite(account: carol.account).code

            let accepts = await Self.together(20) { _ in await Outcome { try await dave.client.accept(code: code, account: dave.account) } }
            let answered = Self.tally(accepts)
            #expect(answered == ["done": 1, "409 invitationUsed": 19], "one accept wins; the others are told it was used")
            #expect(try await TestDatabase.count("partnerships", in: inspector) == 1)
            #expect(try await TestDatabase.count("partner_invitations WHERE accepted_at IS NOT NULL", in: inspector) == 1)
            Self.expectBothServed(servers)
        }
    }

    // MARK: Backups

    @Test func aBackupsVersion_neverGoesBack_withTenPhonesStoringEachVersionOnBothServers() async throws {
        try await TwoServers.with { servers, _ in
            let person = try #require(try await Self.register(["Erin"], on: servers).first)
            // The newest version a store was answered 200 for, and readers on both servers meanwhile.
            let acknowledged = Locked<Int64>(0)
            let reading = Locked(true)
            let readers = Task {
                await Self.together(4) { _ in
                    var seen: Int64 = 0
                    var problems: [String] = []
                    while reading.value {
                        let floor = acknowledged.value
                        switch await Outcome({ try await person.client.fetchBackup(account: person.account) }) {
                        case .done(let backup?):
                            if backup.version < floor { problems.append("read version \(backup.version) after \(floor) was acknowledged") }
                            if backup.version < seen { problems.append("read version \(backup.version) after reading \(seen)") }
                            if !backup.blob.starts(with: Data("version \(backup.version) ".utf8)) {
                                problems.append("version \(backup.version) holds another's bytes")
                            }
                            seen = max(seen, backup.version)
                        case .done(nil):
                            if floor > 0 { problems.append("no backup after \(floor) was acknowledged") }
                        case let other:
                            problems.append(other.summary)
                        }
                    }
                    return problems
                }
            }
            for version in Int64(1)...8 {
                // Ten phones store this version at once, and two store the one before, late (the first
                // time, twelve store version 1).
                let stores = await Self.together(12) { phone in
                    let storing = phone < 10 || version == 1 ? version : version - 1
                    let blob = Data("version \(storing) from phone \(phone)".utf8)
                    let outcome = await Outcome {
                        try await person.client.storeBackup(blob, version: storing, account: person.account).version
                    }
                    if outcome.value != nil { acknowledged.update { $0 = max($0, storing) } }
                    return (phone, outcome)
                }
                let answered = Self.tally(stores.map(\.1))
                #expect(answered == ["done": 1, "409 backupVersionConflict": 11], "version \(version): one store wins")
                let winner = stores.first { $0.1.value == version }?.0
                // What is held is the winner's, from either server.
                for _ in 0..<2 {
                    let held = try await person.client.fetchBackup(account: person.account)
                    #expect(held == StoredBackup(blob: Data("version \(version) from phone \(winner ?? -1)".utf8), version: version))
                }
            }
            reading.value = false
            let problems = await readers.value.flatMap { $0 }
            #expect(problems.isEmpty, "\(problems)")
            Self.expectBothServed(servers)
        }
    }

    // MARK: The database lost mid-race

    @Test func theDatabaseLostMidRace_isAnswered503WithRetryAfterByBoth_andNothingIsHalfWritten() async throws {
        let cluster = try PostgresCluster()
        defer { cluster.remove() }
        try cluster.start()
        try await TwoServers.with(databaseURL: "postgres://postgres@127.0.0.1:\(cluster.port)/postgres") { servers in
            let inviters = try await Self.register((0..<5).map { "Inviter \($0)" }, on: servers)
            let acceptors = try await Self.register((0..<25).map { "Acceptor \($0)" }, on: servers)
            let writers = try await Self.register((0..<10).map { "Writer \($0)" }, on: servers)
            var codes: [String] = []
            for index in acceptors.indices {
                let inviter = inviters[index / 5]
                codes.append(try await inviter.client.invite(account: inviter.account).code)
            }
            let invitations = codes

            let started = ContinuousClock.now
            // Accepts spread over the first two seconds, each sent again after a 503 until it is
            // answered; backups stored one version after another by ten phones for 2.6 s.
            let accepting = Task {
                await Self.together(acceptors.count) { index in
                    await Self.accept(invitations[index], by: acceptors[index], from: started + .milliseconds(80 * index))
                }
            }
            let storing = Task {
                await Self.storeBackups(as: writers, until: started + .milliseconds(2_600))
            }
            // The database goes away in the middle of it, and comes back a second later.
            try await Task.sleep(until: started + .milliseconds(600))
            try await Self.offThePool { try cluster.stop() }
            try await Task.sleep(for: .seconds(1))
            try await Self.offThePool { try cluster.start() }
            let accepted = await accepting.value, stored = await storing.value

            // While it was gone both answered 503 with Retry-After; nothing else but what the rules say.
            let exchanges = servers.exchanges
            let unavailable = exchanges.filter { $0.status == 503 }
            print(
                "the database lost mid-race: \(exchanges.count) requests, \(unavailable.count) answered 503 "
                    + "(\(Dictionary(grouping: unavailable, by: \.server).mapValues(\.count)) by server)")
            let unavailableFrom = Set(unavailable.map(\.server)), retryAfters = Set(unavailable.map(\.retryAfter))
            #expect(unavailableFrom == [0, 1], "both servers answered 503 while the database was gone")
            #expect(retryAfters == [String(Database.retryAfter)], "each with Retry-After")
            let unexpected = exchanges.filter { !Self.answeredInTheRace.contains($0.status) }.map {
                "\($0.method) \($0.path): \($0.status)"
            }
            #expect(unexpected == [])

            // Every accept answered in the end: accepted, or refused because an earlier try of its own
            // was kept though its answer (503) was lost.
            let unanswered = accepted.enumerated().compactMap { index, outcomes -> String? in
                let last = outcomes.last?.summary ?? "none"
                let answerLost = outcomes.dropLast().contains(where: \.isLater)
                let settled = last == "done" || (answerLost && ["409 invitationUsed", "409 alreadyPartners"].contains(last))
                return settled ? nil : "acceptor \(index): \(outcomes.map(\.summary))"
            }
            #expect(unanswered == [])
            let storedNothing = stored.count { $0.acknowledged == 0 }
            let storeFailures = stored.flatMap(\.outcomes).filter { $0.hasPrefix("failed") || $0.hasPrefix("500") }
            #expect(storedNothing == 0 && storeFailures == [], "every phone stored backups: \(storeFailures.prefix(5))")

            for server in servers.servers.indices {
                let health = await servers.health(server)
                #expect(health == 200)
            }
            try await TestDatabase.withClient(cluster.configuration) { inspector in
                // Each pair once, and each used invitation with its pair: never one without the other.
                #expect(try await TestDatabase.count("partnerships", in: inspector) == acceptors.count)
                #expect(try await TestDatabase.count("partner_invitations WHERE accepted_at IS NOT NULL", in: inspector) == acceptors.count)
                #expect(
                    try await TestDatabase.count(
                        """
                        partner_invitations i JOIN partnerships p
                        ON p.account_a = least(i.inviter, i.accepted_by) AND p.account_b = greatest(i.inviter, i.accepted_by)
                        """, in: inspector) == acceptors.count)
                // Each backup whole, and never older than the newest its phone was told was kept.
                for (index, writer) in writers.enumerated() {
                    var held: (Int64, String)?
                    for try await row in try await inspector.query(
                        "SELECT version, convert_from(blob, 'UTF8') FROM backups WHERE account_id = \(writer.account)"
                    ).decode((Int64, String).self) { held = row }
                    let (version, blob) = try #require(held)
                    #expect(
                        version >= stored[index].acknowledged && blob == "writer \(index) version \(version)",
                        "writer \(index): holds \(version) (“\(blob)”), told \(stored[index].acknowledged)")
                }
            }
        }
    }

    /// What a request in the race may be answered: done, refused by the rules, or the database lost.
    static let answeredInTheRace: Set<Int> = [200, 201, 409, 503]

    /// `person` accepts `code` at `start`, and again after each 503 until it is answered otherwise;
    /// every answer, in order.
    static func accept(_ code: String, by person: Person, from start: ContinuousClock.Instant) async -> [Outcome<UUID>] {
        try? await Task.sleep(until: start)
        var outcomes: [Outcome<UUID>] = []
        while ContinuousClock.now < start + .seconds(20) {
            let outcome = await Outcome { try await person.client.accept(code: code, account: person.account).id }
            outcomes.append(outcome)
            guard case .later = outcome else { break }
            try? await Task.sleep(for: .milliseconds(100))
        }
        return outcomes
    }

    /// Each writer stores one backup version after another until `end` (its bytes say whose and
    /// which), again after a 503, and after a 409 from the one after what is held; for each, the
    /// newest version it was answered 200 for, and every answer.
    static func storeBackups(as writers: [Person], until end: ContinuousClock.Instant) async -> [(acknowledged: Int64, outcomes: [String])]
    {
        await together(writers.count) { index in
            let writer = writers[index]
            var next: Int64 = 1, acknowledged: Int64 = 0
            var outcomes: [String] = []
            while ContinuousClock.now < end {
                let version = next
                let outcome = await Outcome {
                    try await writer.client.storeBackup(
                        Data("writer \(index) version \(version)".utf8), version: version, account: writer.account
                    ).version
                }
                outcomes.append(outcome.summary)
                switch outcome {
                case .done(let version):
                    acknowledged = version
                    next = version + 1
                case .refused(409, "backupVersionConflict"):
                    // The answer to an earlier store was lost (503) after it was kept: ask what is held.
                    if let held = await Outcome({ try await writer.client.fetchBackup(account: writer.account) }).value {
                        next = (held?.version ?? 0) + 1
                    }
                default:
                    try? await Task.sleep(for: .milliseconds(100))
                }
            }
            return (acknowledged: acknowledged, outcomes: outcomes)
        }
    }

    /// Runs `work` (a script that waits for PostgreSQL) on a thread of its own, not the tasks' pool.
    static func offThePool(_ work: @escaping @Sendable () throws -> Void) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            DispatchQueue.global().async {
                do {
                    try work()
                    continuation.resume()
                } catch {
                    continuation.resume(throwing: error)
                }
            }
        }
    }
}
