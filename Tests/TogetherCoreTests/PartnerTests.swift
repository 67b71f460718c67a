import Foundation
import PropertyBased
import Testing
import ThresholdCore
@testable import TogetherCore

@Suite struct PartnerInvitationTests {
    static let made = Date(timeIntervalSince1970: 1_795_392_000)

    @Test func aCodeIsTwelveCrockfordCharacters_andItsLinkIsThresholdAppP() throws {
        let code = try InvitationCode("7k3m9q2x4r8t")
        #expect(code.text == "7K3M9Q2X4R8T")
        #expect(code.link == "https://threshold.app/p/7K3M9Q2X4R8T")
        #expect(try InvitationCode(link: code.link) == code)
        for bad in [
            "", "7K3M9Q2X4R8", "7K3M9Q2X4R8TT", "7K3M9Q2X4R8I", "7K3M9Q2X4R8O", "7K3M9Q2X4R8U", "7K3M9Q2X4R8L", "7K3M 9Q2X4R8",
            "7K3M9Q2X4R8-",
        ] {
            #expect(throws: TogetherRefusal.self, "\(bad)") { try InvitationCode(bad) }
        }
        for bad in [
            "http://threshold.app/p/7K3M9Q2X4R8T", "https://threshold.app/q/7K3M9Q2X4R8T", "https://evil.example/p/7K3M9Q2X4R8T",
            "https://threshold.app/p/7K3M9Q2X4R8T?x=1", "https://threshold.app/p/",
        ] {
            #expect(throws: TogetherRefusal.self, "\(bad)") { try InvitationCode(link: bad) }
        }
    }

    @Test func randomCodes_areAlwaysValid_andReadBackFromTheirLink() async {
        await propertyCheck(count: 300, input: Gen.int(in: 0...Int.max)) { seed in
            var generator = SeededGenerator(seed: UInt64(seed))
            let code = InvitationCode.random(using: &generator)
            #expect(code.text.count == InvitationCode.length)
            let read = try InvitationCode(code.text)
            let fromLink = try InvitationCode(link: code.link)
            #expect(read == code && fromLink == code)
        }
    }

    /// Expiry is exact: usable until the last second before 7 days, refused from 7 days on.
    @Test func anInvitation_isUsableForSevenDaysToTheSecond() async {
        #expect(PartnerInvitation.lifetime == 604_800)
        await propertyCheck(count: 500, input: Gen.int(in: -10...(8 * 86_400))) { offset in
            var invitation = PartnerInvitation(code: try InvitationCode("ABCDEFGHJKMN"), inviter: "alice", createdAt: Self.made)
            let now = Self.made.addingTimeInterval(TimeInterval(offset))
            if offset < 604_800 {
                try invitation.accept(by: "bob", at: now)
                #expect(invitation.acceptedBy == "bob")
            } else {
                #expect { try invitation.accept(by: "bob", at: now) } throws: { ($0 as? TogetherRefusal)?.code == .invitationExpired }
                #expect(invitation.acceptedBy == nil)
            }
        }
    }

    /// Whoever tries, in whatever order and at whatever times, a code is accepted at most once,
    /// never by its inviter, and never at or after its expiry.
    @Test func aCode_isNeverAcceptedTwice() async {
        let people = ["alice", "bob", "carol", "dan"]
        let attempts = Gen.int(in: 0..<people.count).array(of: 1...12)
        await propertyCheck(count: 500, input: attempts, Gen.int(in: 0...(8 * 86_400)).array(of: 12...12)) { who, times in
            var invitation = PartnerInvitation(code: try InvitationCode("ABCDEFGHJKMN"), inviter: "alice", createdAt: Self.made)
            var accepted: [String] = []
            for (index, person) in who.enumerated() {
                let now = Self.made.addingTimeInterval(TimeInterval(times[index]))
                do {
                    try invitation.accept(by: people[person], at: now)
                    accepted.append(people[person])
                    #expect(now < invitation.expiresAt)
                } catch let refusal as TogetherRefusal {
                    #expect([.invitationUsed, .invitationExpired, .selfInvitation].contains(refusal.code))
                }
            }
            #expect(accepted.count <= 1)
            #expect(!accepted.contains("alice"))
            #expect(invitation.acceptedBy == accepted.first)
        }
    }

    @Test func theInviter_cannotAcceptTheirOwn() throws {
        var invitation = PartnerInvitation(code: try InvitationCode("ABCDEFGHJKMN"), inviter: "alice", createdAt: Self.made)
        #expect { try invitation.accept(by: "alice", at: Self.made) } throws: { ($0 as? TogetherRefusal)?.code == .selfInvitation }
        #expect(invitation.isOpen(at: Self.made))
    }

    @Test func limits_partnersInvitationsAndMessages_refuseTheOneTooMany() {
        #expect(Partners.maximumPartners == 5 && Partners.maximumOpenInvitations == 5 && Partners.maximumMessagesPerWindow == 10)
        #expect(Partners.messageRetention == 30 * 86_400)
        for n in 0..<5 {
            #expect(throws: Never.self) { try Partners.checkRoomForPartner(current: n) }
            #expect(throws: Never.self) { try Partners.checkRoomForInvitation(open: n) }
        }
        #expect { try Partners.checkRoomForPartner(current: 5) } throws: { ($0 as? TogetherRefusal)?.code == .tooManyPartners }
        #expect { try Partners.checkRoomForInvitation(open: 5) } throws: { ($0 as? TogetherRefusal)?.code == .tooManyInvitations }
        #expect(throws: Never.self) { try Partners.checkRoomForMessage(sentInWindow: 9) }
        #expect { try Partners.checkRoomForMessage(sentInWindow: 10) } throws: { ($0 as? TogetherRefusal)?.code == .tooManyMessages }
    }

    @Test func aMessageIsKept_thirtyDaysToTheSecond() async {
        await propertyCheck(count: 300, input: Gen.int(in: 0...(40 * 86_400))) { age in
            let now = Self.made.addingTimeInterval(TimeInterval(age))
            #expect(Partners.isExpired(messageSentAt: Self.made, at: now) == (age >= 30 * 86_400))
        }
    }
}

@Suite struct PartnerMessageTests {
    static let now = ISO8601DateFormatter().date(from: "2026-11-25T12:00:00Z")!
    static func day(_ text: String) -> LocalDate { try! LocalDate(parsing: text) }

    @Test func aBrokenStreak_withoutANickname_namesNoApp() throws {
        let message = PartnerMessage(day: Self.day("2026-11-25"), streakDays: 12)
        try message.validate(at: Self.now)
        #expect(message.text(from: "Alice") == "Alice broke an intention streak after 12 days.")
        #expect(
            PartnerMessage(day: Self.day("2026-11-25"), streakDays: 1, nickname: "Morning scroll").text(from: "Alice")
                == "Alice broke their “Morning scroll” intention streak after 1 day.")
    }

    @Test func aMessage_refusesAFutureDay_anOldDay_andAStreakOutOfRange() {
        let cases: [(PartnerMessage, TogetherRefusal.Code)] = [
            (PartnerMessage(day: Self.day("2026-11-27"), streakDays: 3), .futureDay),
            (PartnerMessage(day: Self.day("2026-10-20"), streakDays: 3), .messageNotAllowed),
            (PartnerMessage(day: Self.day("2026-11-24"), streakDays: 0), .messageNotAllowed),
            (PartnerMessage(day: Self.day("2026-11-24"), streakDays: 3_651), .messageNotAllowed),
            (PartnerMessage(day: Self.day("2026-11-24"), streakDays: -2), .messageNotAllowed),
        ]
        for (message, code) in cases {
            #expect("\(message)" != "" && ((try? message.validate(at: Self.now)) == nil))
            #expect { try message.validate(at: Self.now) } throws: { ($0 as? TogetherRefusal)?.code == code }
        }
    }

    @Test func aNickname_isAFewPlainWords_andNothingThatCouldCarryMore() {
        for good in ["Morning scroll", "Late-night videos", "Rock & roll", "Café time", "Nick’s 2nd", "X", "日本語", "Ünïcödé words"] {
            #expect(throws: Never.self, "\(good)") { try IntentionNickname.check(good) }
        }
        let bad = [
            "", " Morning", "Morning ", "Morning  scroll", "instagram.com", "https://x.example", "@someone", "a/b", "line\nbreak",
            "tab\there", "emoji 😀", "thirty-one characters is too lo", "...", "-", "call me: 555", "zero\u{200B}width", "<b>bold</b>",
        ]
        for nickname in bad {
            #expect(throws: TogetherRefusal.self, "\(nickname)") { try IntentionNickname.check(nickname) }
        }
    }

    /// Whatever is typed, an accepted nickname holds no character that could make a link, an
    /// address, a handle or a second line.
    @Test func anyAcceptedNickname_holdsNoLinkAddressOrLine() async {
        let characters = Gen<Character?>.element(of: Array("abcXYZé019 ./:@\n\t'’-&😀_#?=%+") as [Character]).map { $0! }
        await propertyCheck(count: 1_000, input: characters.string(of: 0...40)) { text in
            guard (try? IntentionNickname.check(text)) != nil else { return }
            #expect(text.count <= 30)
            #expect(!text.contains(where: { "./:@\n\t😀_#?=%+".contains($0) }), "\(text)")
        }
    }
}

/// A generator with a seed, so a property's random codes are the same on every run of a seed.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed &+ 0x9E37_79B9_7F4A_7C15 }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

@Suite struct BackupBlobTests {
    @Test func aBlobIsOneByteToOneMebibyte() {
        #expect(throws: Never.self) { try BackupBlob.checkSize(1) }
        #expect(throws: Never.self) { try BackupBlob.checkSize(1_048_576) }
        #expect { try BackupBlob.checkSize(0) } throws: { ($0 as? TogetherRefusal)?.code == .malformed }
        #expect { try BackupBlob.checkSize(1_048_577) } throws: { ($0 as? TogetherRefusal)?.code == .bodyTooLarge }
    }

    /// Only the next version is ever accepted, so versions stored climb by one.
    @Test func onlyTheNextVersion_isAccepted() async {
        await propertyCheck(count: 500, input: Gen.int(in: 0...50), Gen.int(in: -3...55)) { stored, version in
            let held: Int64? = stored == 0 ? nil : Int64(stored)
            if version == stored + 1 {
                try BackupBlob.checkVersion(Int64(version), over: held)
            } else {
                #expect(throws: TogetherRefusal.self) { try BackupBlob.checkVersion(Int64(version), over: held) }
            }
        }
    }
}
