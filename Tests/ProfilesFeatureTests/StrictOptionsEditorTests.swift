import FeatureClient
import FeatureTestSupport
import Foundation
@testable import ProfilesFeature
import TestSupport
import Testing
import ThresholdCore

/// The profile editor's "While it is on" (issue 26): websites typed by domain, refused with the
/// reason when not a domain or past what a store holds; Beast Mode turning app installs off by
/// default; and the options saved with the profile.
@MainActor
@Suite struct StrictOptionsEditorTests {
    /// The editor of a new profile on a phone with nothing set up.
    func newProfile() throws -> (Device, ProfilesModel, ProfileEditorModel) {
        let device = try Device()
        let profiles = ProfilesModel(client: device.client)
        profiles.load()
        return (device, profiles, profiles.editor())
    }

    @Test func typedWebsites_areReadAsDomains_andRefusedWithTheReason() throws {
        let (_, _, editor) = try newProfile()
        editor.websiteToBlock = "https://www.Example.com/page"
        editor.blockWebsite()
        #expect(editor.blockedWebsites.map(\.domain) == ["example.com"])
        #expect(editor.websiteToBlock.isEmpty && editor.websiteProblem == nil)
        editor.websiteToBlock = "not a website"
        editor.blockWebsite()
        #expect(editor.websiteProblem?.said == "“not a website” is not a website's address; type one like example.com.")
        #expect(editor.websiteToBlock == "not a website", "what was typed stays to be corrected")
        for n in 2...StrictOptions.maximumWebsites {
            editor.websiteToBlock = "site\(n).com"
            editor.blockWebsite()
        }
        #expect(editor.blockedWebsites.count == 50)
        editor.websiteToBlock = "one-too-many.com"
        editor.blockWebsite()
        #expect(editor.blockedWebsites.count == 50)
        #expect(editor.websiteProblem?.said.contains("iOS blocks at most 50 typed websites") == true)
        editor.unblockWebsite(try TypedWebsite("example.com"))
        #expect(editor.blockedWebsites.count == 49 && editor.websiteProblem == nil)
    }

    @Test func choosingBeastMode_deniesInstalls_whichThePersonMayAllowAgain() throws {
        let (_, _, editor) = try newProfile()
        #expect(!editor.deniesAppInstallation)
        editor.strictness = .locked
        #expect(editor.deniesAppInstallation)
        editor.deniesAppInstallation = false
        editor.strictness = .locked
        #expect(!editor.deniesAppInstallation, "choosing Beast Mode again changes nothing")
    }

    @Test func theOptions_areSavedWithTheProfile_andShownWhenItIsEditedAgain() throws {
        let (device, profiles, editor) = try newProfile()
        editor.name = "Reading"
        editor.pick(.picked(.apps("youtube")))
        editor.filtersAdultWebsites = true
        editor.websiteToBlock = "reddit.com"
        editor.blockWebsite()
        editor.save()
        #expect(editor.problem == nil)
        profiles.load()
        let again = profiles.editor(for: editor.id)
        #expect(again.filtersAdultWebsites && again.blockedWebsites.map(\.domain) == ["reddit.com"] && !again.deniesAppInstallation)
        #expect(
            device.stored.engine.profile(editor.id)?.strict
                == StrictOptions(filtersAdultWebsites: true, blockedWebsites: [try TypedWebsite("reddit.com")]))
    }
}
