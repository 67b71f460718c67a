import Foundation
import Hummingbird
import PostgresNIO
import ServerTestSupport
import Testing
import TogetherCore
@testable import TogetherServer

extension Phone {
    func invite(_ device: Device) async throws -> Wire.Invitation {
        let reply = try await send(.post, "/v1/partners/invitations", as: device)
        try #require(reply.status == 201, "invite: \(reply.status) \(reply.reason ?? "")")
        return try reply.decode(Wire.Invitation.self)
    }

    func accept(_ code: String, as device: Device) async throws -> Reply {
        try await send(.post, "/v1/partners/invitations/\(code)/accept", as: device)
    }

    /// Pairs two devices through an invitation; returns the partnership's id.
    func pair(_ inviter: Device, _ invitee: Device) async throws -> UUID {
        let reply = try await accept(try await invite(inviter).code, as: invitee)
        try #require(reply.status == 201, "accept: \(reply.status) \(reply.reason ?? "")")
        return try reply.decode(Wire.Partner.self).id
    }

    func partners(_ device: Device) async throws -> [Wire.Partner] {
        let reply = try await send(.get, "/v1/partners", as: device)
        try #require(reply.status == 200, "partners: \(reply.status) \(reply.reason ?? "")")
        return try reply.decode(Wire.PartnerList.self).partners
    }

    func tell(_ device: Device, _ json: String) async throws -> Reply {
        try await send(.post, "/v1/partners/messages", json: Data(json.utf8), as: device)
    }

    func brokeStreak(_ device: Device, day: String = "2026-11-25", streakDays: Int = 12, nickname: String? = nil) async throws -> Reply {
        let nick = nickname.map { #","nickname":"\#($0)""# } ?? ""
        return try await tell(device, #"{"kind":"brokeStreak","day":"\#(day)","streakDays":\#(streakDays)\#(nick)}"#)
    }

    func messages(_ device: Device, after: Int64? = nil, partner: UUID? = nil) async throws -> Wire.Messages {
        var query: [String] = []
        if let after { query.append("after=\(after)") }
        if let partner { query.append("partner=\(partner.uuidString)") }
        let reply = try await send(.get, "/v1/partners/messages" + (query.isEmpty ? "" : "?" + query.joined(separator: "&")), as: device)
        try #require(reply.status == 200, "messages: \(reply.status) \(reply.reason ?? "")")
        return try reply.decode(Wire.Messages.self)
    }
}

/// What the partner tables hold, to check that a refusal changed nothing.
func partnerState(_ db: PostgresClient) async throws -> [Int] {
    [
        try await TestDatabase.count("partner_invitations WHERE accepted_at IS NOT NULL", in: db),
        try await TestDatabase.count("partner_invitations", in: db),
        try await TestDatabase.count("partnerships", in: db),
        try await TestDatabase.count("partner_outbox", in: db),
    ]
}

/// Accountability partners against the real PostgreSQL: each rule, and each refusal a 4xx with a
/// reason that changes nothing.
@Suite struct PartnerTests {
    @Test func anInvitationPairsTwo_eachSeesTheOther_andEitherCanEndIt() async throws {
        try await withServer { phone, db in
            let alice = try await phone.register("Alice")
            let bob = try await phone.register("Bob")
            let invitation = try await phone.invite(alice)
            #expect(invitation.link == "https://threshold.app/p/\(invitation.code)")
            #expect(invitation.expiresAt == phone.clock.now.addingTimeInterval(7 * 86_400))
            // Read from the link, as the app does, in lower case too.
            let code = try InvitationCode(link: invitation.link)
            let accepted = try await phone.accept(code.text.lowercased(), as: bob)
            #expect(accepted.status == 201)
            let partner = try accepted.decode(Wire.Partner.self)
            #expect(partner.displayName == "Alice")
            #expect(try await phone.partners(alice).map(\.displayName) == ["Bob"])
            #expect(try await phone.partners(bob) == [partner])
            // The code is kept only as its digest.
            for try await stored in try await db.query("SELECT code_digest FROM partner_invitations").decode(ByteBuffer.self) {
                #expect(stored.readableBytes == 32 && !String(buffer: stored).contains(code.text))
            }

            #expect(try await phone.send(.delete, "/v1/partners/\(partner.id)", as: bob).status == 204)
            #expect(try await phone.partners(alice).isEmpty)
            #expect(try await phone.partners(bob).isEmpty)
            let again = try await phone.send(.delete, "/v1/partners/\(partner.id)", as: alice)
            #expect(again.status == 404 && again.error == "notPartners")

            // Alice can end it too.
            let id = try await phone.pair(bob, alice)
            #expect(try await phone.send(.delete, "/v1/partners/\(id)", as: alice).status == 204)
            #expect(try await TestDatabase.count("partnerships", in: db) == 0)
        }
    }

    @Test func anInvitationUsedTwice_isRefusedTheSecondTime_andChangesNothing() async throws {
        try await withServer { phone, db in
            let alice = try await phone.register("Alice")
            let bob = try await phone.register("Bob")
            let carol = try await phone.register("Carol")
            let invitation = try await phone.invite(alice)
            #expect(try await phone.accept(invitation.code, as: bob).status == 201)
            let before = try await partnerState(db)
            for device in [carol, bob] {
                let second = try await phone.accept(invitation.code, as: device)
                #expect(second.status == 409 && second.error == "invitationUsed" && second.reason?.isEmpty == false)
            }
            #expect(try await partnerState(db) == before)
            #expect(try await phone.partners(carol).isEmpty)
        }
    }

    @Test func twoPeopleAcceptingOneInvitationAtOnce_onlyOneIsPaired() async throws {
        try await withServer { phone, db in
            let alice = try await phone.register("Alice")
            var others: [Device] = []
            for name in ["B", "C", "D", "E", "F", "G"] { others.append(try await phone.register(name)) }
            let code = try await phone.invite(alice).code
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for device in others { group.addTask { try await phone.accept(code, as: device).status } }
                return try await group.reduce(into: [Int]()) { $0.append($1) }
            }
            #expect(statuses.filter { $0 == 201 }.count == 1 && statuses.filter { $0 == 409 }.count == 5, "\(statuses)")
            #expect(try await TestDatabase.count("partnerships", in: db) == 1)
        }
    }

    @Test func anInvitation_worksUntilSevenDays_andIsRefusedFromThen() async throws {
        try await withServer { phone, db in
            let alice = try await phone.register("Alice")
            let bob = try await phone.register("Bob")
            let carol = try await phone.register("Carol")
            let early = try await phone.invite(alice)
            let late = try await phone.invite(alice)
            phone.clock.advance(by: 7 * 86_400 - 1)
            #expect(try await phone.accept(early.code, as: bob).status == 201)
            phone.clock.advance(by: 1)
            let before = try await partnerState(db)
            let expired = try await phone.accept(late.code, as: carol)
            #expect(expired.status == 410 && expired.error == "invitationExpired")
            #expect(try await partnerState(db) == before)
        }
    }

    @Test func unknownMalformedAndOwnInvitations_areRefused_andChangeNothing() async throws {
        try await withServer { phone, db in
            let alice = try await phone.register("Alice")
            let bob = try await phone.register("Bob")
            let invitation = try await phone.invite(alice)
            let before = try await partnerState(db)
            let own = try await phone.accept(invitation.code, as: alice)
            #expect(own.status == 422 && own.error == "selfInvitation")
            let unknown = try await phone.accept("ABCDEFGHJKMN", as: bob)
            #expect(unknown.status == 404 && unknown.error == "unknownInvitation")
            for bad in ["ABCDEFGHJKMO", "short", "ABCDEFGHJKMNP"] {
                let malformed = try await phone.accept(bad, as: bob)
                #expect(malformed.status == 400 && malformed.error == "malformed", "\(bad)")
            }
            let withBody = try await phone.send(.post, "/v1/partners/invitations/\(invitation.code)/accept", json: Data("{}".utf8), as: bob)
            #expect(withBody.status == 400)
            #expect(try await partnerState(db) == before)
            // Still open for Bob.
            #expect(try await phone.accept(invitation.code, as: bob).status == 201)
            // Partners already: a second invitation between them is refused and stays unused.
            let second = try await phone.invite(bob)
            let already = try await phone.accept(second.code, as: alice)
            #expect(already.status == 409 && already.error == "alreadyPartners")
            #expect(try await TestDatabase.count("partner_invitations WHERE accepted_at IS NULL", in: db) == 1)
        }
    }

    @Test func atMostFivePartners_andFiveOpenInvitations() async throws {
        try await withServer { phone, db in
            let alice = try await phone.register("Alice")
            for n in 0..<5 { _ = try await phone.pair(alice, try await phone.register("P\(n)")) }
            let sixth = try await phone.register("Sixth")
            let full = try await phone.send(.post, "/v1/partners/invitations", as: alice)
            #expect(full.status == 409 && full.error == "tooManyPartners")
            // An invitation from someone with room, accepted by Alice who has none.
            let fromSixth = try await phone.invite(sixth)
            let before = try await partnerState(db)
            let refused = try await phone.accept(fromSixth.code, as: alice)
            #expect(refused.status == 409 && refused.error == "tooManyPartners")
            #expect(try await partnerState(db) == before)

            for _ in 0..<4 { _ = try await phone.invite(sixth) }
            let five = try await partnerState(db)
            let tooMany = try await phone.send(.post, "/v1/partners/invitations", as: sixth)
            #expect(tooMany.status == 409 && tooMany.error == "tooManyInvitations")
            #expect(try await partnerState(db) == five)
            // One expires, and there is room again.
            phone.clock.advance(by: 7 * 86_400)
            #expect(try await phone.send(.post, "/v1/partners/invitations", as: sixth).status == 201)
        }
    }

    @Test func aBrokenStreak_reachesEveryPartner_andNoOneElse() async throws {
        try await withServer { phone, db in
            let alice = try await phone.register("Alice")
            let bob = try await phone.register("Bob")
            let carol = try await phone.register("Carol")
            let dan = try await phone.register("Dan")
            let bobAndAlice = try await phone.pair(alice, bob)
            _ = try await phone.pair(carol, alice)

            let sent = try await phone.brokeStreak(alice, nickname: "Morning scroll")
            #expect(sent.status == 200)
            #expect(try sent.decode(Wire.Sent.self).recipients == 2)
            let bobs = try await phone.messages(bob)
            #expect(bobs.messages.count == 1)
            let message = try #require(bobs.messages.first)
            #expect(
                message.from == "Alice" && message.partnership == bobAndAlice && message.streakDays == 12
                    && message.nickname == "Morning scroll")
            #expect(message.text == "Alice broke their “Morning scroll” intention streak after 12 days.")
            #expect(bobs.cursor == message.id)
            #expect(try await phone.messages(bob, after: bobs.cursor).messages.isEmpty)
            #expect(
                try await phone.messages(carol).messages.map(\.text) == [
                    "Alice broke their “Morning scroll” intention streak after 12 days."
                ])
            #expect(try await phone.messages(alice).messages.isEmpty, "the sender is not told")
            // Dan is no one's partner: nothing to read, and asking for their partnership is refused.
            #expect(try await phone.messages(dan).messages.isEmpty)
            let unpaired = try await phone.send(.get, "/v1/partners/messages?partner=\(bobAndAlice)", as: dan)
            #expect(unpaired.status == 404 && unpaired.error == "notPartners")
            #expect(try await phone.messages(bob, partner: bobAndAlice).messages.count == 1)
            // Without a nickname, no name of anything.
            _ = try await phone.brokeStreak(bob, streakDays: 1)
            #expect(try await phone.messages(alice).messages.map(\.text) == ["Bob broke an intention streak after 1 day."])
            // The outbox holds a row per recipient, waiting for a push sender.
            #expect(try await TestDatabase.count("partner_outbox WHERE pushed_at IS NULL", in: db) == 3)

            // Ending a partnership takes its messages: Bob no longer reads Alice's.
            #expect(try await phone.send(.delete, "/v1/partners/\(bobAndAlice)", as: alice).status == 204)
            #expect(try await phone.messages(bob).messages.isEmpty)
            let ended = try await phone.send(.get, "/v1/partners/messages?partner=\(bobAndAlice)", as: bob)
            #expect(ended.status == 404 && ended.error == "notPartners")
            #expect(try await TestDatabase.count("partner_outbox", in: db) == 1)
        }
    }

    @Test func aMessageThatSaysMore_orCannotBeTrue_isRefused_andChangesNothing() async throws {
        try await withServer { phone, db in
            let alice = try await phone.register("Alice")
            let bob = try await phone.register("Bob")
            _ = try await phone.pair(alice, bob)
            #expect(try await phone.brokeStreak(alice).status == 200)
            let before = try await partnerState(db)
            let cases: [(String, Int, String)] = [
                (#"{"kind":"brokeStreak","day":"2026-11-25","streakDays":3,"app":"Instagram"}"#, 400, "malformed"),
                (#"{"kind":"brokeStreak","day":"2026-11-25","streakDays":3,"nickname":"instagram.com"}"#, 422, "messageNotAllowed"),
                (#"{"kind":"brokeStreak","day":"2026-11-25","streakDays":3,"nickname":"see https://x.example"}"#, 422, "messageNotAllowed"),
                (#"{"kind":"brokeStreak","day":"2026-11-25","streakDays":3,"nickname":"two\nlines"}"#, 422, "messageNotAllowed"),
                (
                    #"{"kind":"brokeStreak","day":"2026-11-25","streakDays":3,"nickname":"a nickname far longer than thirty"}"#, 422,
                    "messageNotAllowed"
                ),
                (#"{"kind":"brokeStreak","day":"2026-11-25","streakDays":3,"nickname":""}"#, 422, "messageNotAllowed"),
                (#"{"kind":"appOpened","day":"2026-11-25","streakDays":3}"#, 400, "malformed"),
                (#"{"kind":"brokeStreak","day":"2026-11-25","streakDays":0}"#, 422, "messageNotAllowed"),
                (#"{"kind":"brokeStreak","day":"2026-11-25","streakDays":"12"}"#, 400, "malformed"),
                (#"{"kind":"brokeStreak","day":"2026-11-28","streakDays":3}"#, 422, "futureDay"),
                (#"{"kind":"brokeStreak","day":"2026-10-01","streakDays":3}"#, 422, "messageNotAllowed"),
                (#"{"kind":"brokeStreak","day":"25/11/2026","streakDays":3}"#, 400, "malformed"),
                (#"{"kind":"brokeStreak","day":"2026-11-25"}"#, 400, "malformed"),
                (#"["brokeStreak"]"#, 400, "malformed"),
                ("not json", 400, "malformed"),
            ]
            for (body, status, error) in cases {
                let reply = try await phone.tell(alice, body)
                #expect(
                    reply.status == status && reply.error == error && reply.reason?.isEmpty == false,
                    "\(body): \(reply.status) \(reply.error ?? "")")
            }
            #expect(try await partnerState(db) == before)
            #expect(try await phone.messages(bob).messages.count == 1)
        }
    }

    @Test func tenMessagesADay_theEleventhIsRefused_untilADayHasPassed() async throws {
        try await withServer { phone, db in
            let alice = try await phone.register("Alice")
            _ = try await phone.pair(alice, try await phone.register("Bob"))
            for _ in 0..<10 { #expect(try await phone.brokeStreak(alice).status == 200) }
            let before = try await partnerState(db)
            let eleventh = try await phone.brokeStreak(alice)
            #expect(eleventh.status == 429 && eleventh.error == "tooManyMessages")
            #expect(try await partnerState(db) == before)
            phone.clock.advance(by: 86_400)
            #expect(try await phone.brokeStreak(alice, day: "2026-11-26").status == 200)
        }
    }

    /// A message sent again with its key (its answer lost on the way) is put in the outbox once and
    /// answered as the first was, even past the day's limit; another key is another message.
    @Test func aMessageSentAgainWithItsKey_isPutInTheOutboxOnce() async throws {
        try await withServer { phone, db in
            let alice = try await phone.register("Alice")
            let bob = try await phone.register("Bob")
            _ = try await phone.pair(alice, bob)
            let keyed = #"{"kind":"brokeStreak","day":"2026-11-25","streakDays":12,"key":"0123456789abcdef0123456789abcdef"}"#
            let first = try await phone.tell(alice, keyed)
            #expect(first.status == 200 && first.json?["recipients"] as? Int == 1)
            for _ in 0..<9 { #expect(try await phone.brokeStreak(alice).status == 200) }
            let again = try await phone.tell(alice, keyed)
            #expect(again.status == 200 && again.json?["recipients"] as? Int == 1, "the first's answer, though the day's ten are sent")
            #expect(try await TestDatabase.count("partner_outbox", in: db) == 10)
            #expect(try await phone.messages(bob).messages.count == 10)
            let badKey = try await phone.tell(
                alice, #"{"kind":"brokeStreak","day":"2026-11-25","streakDays":12,"key":"no spaces allowed here"}"#)
            #expect(badKey.status == 400 && badKey.error == "malformed")
        }
    }

    @Test func messagesAreKeptThirtyDays_thenDeleted() async throws {
        try await withServer { phone, db in
            let alice = try await phone.register("Alice")
            let bob = try await phone.register("Bob")
            _ = try await phone.pair(alice, bob)
            #expect(try await phone.brokeStreak(alice).status == 200)
            phone.clock.advance(by: 30 * 86_400 - 1)
            #expect(try await phone.messages(bob).messages.count == 1)
            phone.clock.advance(by: 1)
            #expect(try await phone.messages(bob).messages.isEmpty)
            #expect(try await TestDatabase.count("partner_outbox", in: db) == 0, "deleted, not only hidden")
        }
    }

    @Test func deletingAnAccount_removesThemFromTheirPartners_withTheirMessagesInvitationsAndBackup() async throws {
        try await withServer { phone, db in
            let alice = try await phone.register("Alice")
            let bob = try await phone.register("Bob")
            _ = try await phone.pair(alice, bob)
            _ = try await phone.invite(alice)
            #expect(try await phone.brokeStreak(alice).status == 200)
            #expect(try await phone.brokeStreak(bob).status == 200)
            #expect(try await phone.send(.put, "/v1/backup?version=1", json: Data([1, 2, 3]), as: alice).status == 200)
            #expect(try await phone.send(.delete, "/v1/account", as: alice).status == 204)
            #expect(try await phone.partners(bob).isEmpty)
            #expect(try await phone.messages(bob).messages.isEmpty)
            for table in ["partnerships", "partner_outbox", "partner_invitations", "backups"] {
                #expect(try await TestDatabase.count(table, in: db) == 0, "\(table)")
            }
        }
    }
}
