import Foundation
import Testing
@testable import ThresholdCore

/// A Together partner's invitation link (`https://threshold.app/p/<code>`): read in any case, its
/// code's shape checked (the server knows which codes it made).
@Suite struct PartnerLinkTests {
    @Test func anInvitationLink_isReadBack_andWrittenAsItWasMade() throws {
        let link = try #require(URL(string: "https://threshold.app/p/7K3M9QXR2T5V"))
        #expect(try LinkRoute(url: link) == .partnerInvitation("7K3M9QXR2T5V"))
        #expect(LinkRoute.partnerInvitation("7K3M9QXR2T5V").universalLink == link)
        #expect(LinkRoute.partnerInvitation("7K3M9QXR2T5V").url(.deepLink) == link, "shared as universal links only")
        // Typed by hand in lower case: the same code.
        #expect(try LinkRoute(url: URL(string: "https://threshold.app/p/7k3m9qxr2t5v")!) == .partnerInvitation("7K3M9QXR2T5V"))
    }

    @Test func aCodeOfTheWrongShape_isRefused() {
        for text in [
            "https://threshold.app/p/7K3M9QXR2T5", "https://threshold.app/p/7K3M9QXR2T5VV", "https://threshold.app/p/7K3M9QXR2TIV",
            "https://threshold.app/p/7K3M9QXR2T5V?x=1", "https://threshold.app/p/7K3M9QXR2T5V#x", "https://threshold.app/p",
            "https://threshold.app/p/7K3M9QXR2T5V/more", "threshold://p/7K3M9QXR2T5V",
        ] {
            #expect(throws: LinkError.self, "\(text)") { try LinkRoute(url: URL(string: text)!) }
        }
    }
}
