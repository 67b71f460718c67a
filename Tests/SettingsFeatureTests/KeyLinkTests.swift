import AppFeature
import FeatureClient
import FeatureTestSupport
import Foundation
@testable import SettingsFeature
import TestSupport
import Testing
import ThresholdCore

/// Keys on a device that writes no NFC tags (issue 14, item 3).
@MainActor @Suite struct KeyLinkTests {
    let work = Profile.make("work", name: "Work", emoji: "💼", selection: .apps("instagram"))

    @Test func withoutNFC_writingIsRefusedSayingWhy_andALinkIsKeptAtOnce() throws {
        let device = try Device(.make(profiles: [work]), canWriteTags: false)
        let settings = SettingsModel(client: device.client)
        settings.load()
        #expect(!settings.keyMaking.writesTags)
        settings.keyMaking.prepare(for: settings.profiles.first, name: "Desk")
        #expect(settings.keyMaking.pending == nil && settings.keyMaking.problem == .cannotWriteTags)

        settings.keyMaking.makeLink(for: settings.profiles.first, name: "Desk")
        let key = try #require(settings.keyMaking.link)
        #expect(key.name == "Desk" && key.profileTitle == "💼 Work")
        #expect(key.link.absoluteString.hasPrefix("https://threshold.app/k/"))
        #expect(settings.keys.map(\.tag.name) == ["Desk"], "the link is the key: kept as soon as it is shown")
        settings.keyMaking.linkClosed()
        #expect(settings.keyMaking.link == nil && settings.keys.count == 1)
    }

    @Test func theLink_startsItsProfile_andAnEditedCopyIsRefused() throws {
        let device = try Device(.make(profiles: [work]), canWriteTags: false)
        let settings = SettingsModel(client: device.client)
        settings.load()
        settings.keyMaking.makeLink(for: settings.profiles.first, name: "Desk")
        let link = try #require(settings.keyMaking.link?.link)
        var edited = try #require(URLComponents(url: link, resolvingAgainstBaseURL: false))
        edited.fragment = String(repeating: "A", count: edited.fragment?.count ?? 0)
        let app = AppModel(client: device.client)
        app.open(try #require(edited.url))
        #expect(!(try device.shielded("instagram")))
        app.open(link)
        #expect(try device.shielded("instagram"))
    }

    @Test func withNFC_bothWaysAreOffered() throws {
        let device = try Device(.make(profiles: [work]))
        let settings = SettingsModel(client: device.client)
        settings.load()
        #expect(settings.keyMaking.writesTags)
        settings.keyMaking.prepare(for: settings.profiles.first, name: "Desk")
        #expect(settings.keyMaking.pending != nil)
    }
}
