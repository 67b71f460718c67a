import FeatureClient
import FeatureTestSupport
import Foundation
@testable import IntentionsFeature
import TestSupport
import Testing
import ThresholdCore

/// The intention editor's "Nickname to share with partners" (issue 16, item 4): the only words a
/// partner told of a broken streak sees, checked as Together checks them before anything is saved.
@MainActor
@Suite struct IntentionNicknameTests {
    func nicknames(_ device: Device) throws -> [String?] {
        try device.store.read().engine.intentions.map(\.sharedNickname)
    }

    @Test func aNickname_isSavedTrimmed_keptWhenEditingAgain_andClearedWhenEmptied() throws {
        let device = try Device(.make(intentions: [.make("ig", app: "instagram")]))
        let intentions = IntentionsModel(client: device.client)
        intentions.load()
        let editor = intentions.editor(for: "ig")
        #expect(editor.sharedNickname == "" && editor.nicknameError == nil, "none unless the person gives one")
        editor.sharedNickname = "  Morning scroll \n"
        #expect(editor.nicknameError == nil)
        editor.save()
        #expect(editor.saved && editor.problem == nil)
        #expect(try nicknames(device) == ["Morning scroll"])

        intentions.load()
        #expect(intentions.rows.first?.intention.sharedNickname == "Morning scroll")
        let again = intentions.editor(for: "ig")
        #expect(again.sharedNickname == "Morning scroll", "editing starts from the saved nickname")
        again.opensPerDay = 4
        again.save()
        #expect(try device.store.read().engine.intentions.map(\.opensPerDay) == [4])
        #expect(try nicknames(device) == ["Morning scroll"], "changing the opens keeps the nickname")

        intentions.load()
        let cleared = intentions.editor(for: "ig")
        cleared.sharedNickname = "   "
        #expect(cleared.nicknameError == nil, "only spaces is no nickname")
        cleared.save()
        #expect(cleared.saved)
        #expect(try nicknames(device) == [nil])
    }

    @Test func aNewIntention_canBeNamedForPartners() throws {
        let device = try Device()
        let intentions = IntentionsModel(client: device.client)
        let editor = intentions.editor()
        editor.pick(.picked(.apps("tiktok")))
        editor.sharedNickname = "Late night videos"
        editor.save()
        #expect(editor.saved)
        #expect(try nicknames(device) == ["Late night videos"])
    }

    /// A nickname that could carry more than a few words (a link, a handle, an emoji, a second
    /// line) or runs past 30 characters is refused in Together's words, and Save changes nothing.
    @Test(arguments: [
        ("instagram.com", "holds only letters, digits, spaces and ' - &"),
        ("@someone", "holds only letters, digits, spaces and ' - &"),
        ("https://example.org", "holds only letters, digits, spaces and ' - &"),
        ("Scroll 📱", "holds only letters, digits, spaces and ' - &"),
        ("Morning\nscroll", "holds only letters, digits, spaces and ' - &"),
        ("Morning  scroll", "has single spaces between words"),
        (String(repeating: "a", count: 31), "is 1 to 30 characters"),
        ("- & -", "holds at least one letter or digit"),
    ])
    func aNicknameTogetherWouldRefuse_isRefusedSayingWhy_andChangesNothing(nickname: String, rule: String) throws {
        let device = try Device(.make(intentions: [.make("ig", app: "instagram", nickname: "Morning scroll")]))
        let intentions = IntentionsModel(client: device.client)
        intentions.load()
        let editor = intentions.editor(for: "ig")
        editor.sharedNickname = nickname
        editor.opensPerDay = 7
        let error = try #require(editor.nicknameError, "“\(nickname)” is refused")
        #expect(error.said.hasPrefix("A shared nickname \(rule)"), "\(error)")
        editor.save()
        #expect(!editor.saved && editor.problem == error)
        let kept = try #require(try device.store.read().engine.intentions.first)
        #expect(kept.sharedNickname == "Morning scroll" && kept.opensPerDay == 3, "nothing was saved")
    }

    @Test func theRule_trimsAndAllowsWhatTogetherAllows() throws {
        #expect(try IntentionEditorModel.sharedNickname(from: "") == nil)
        #expect(try IntentionEditorModel.sharedNickname(from: " \t ") == nil)
        #expect(try IntentionEditorModel.sharedNickname(from: " Rock & Roll ") == "Rock & Roll")
        #expect(try IntentionEditorModel.sharedNickname(from: "Chloé’s feed") == "Chloé’s feed")
        #expect(try IntentionEditorModel.sharedNickname(from: String(repeating: "é", count: 30))?.count == 30)
        #expect(throws: ValidationError.self) { try IntentionEditorModel.sharedNickname(from: "a.b") }
    }
}
