import FeatureClient
import FeatureTestSupport
import Foundation
@testable import SettingsFeature
import StoreClient
import Testing
import ThresholdCore

/// The hidden diagnostics screen (issue 14, item 7).
@MainActor @Suite struct DiagnosticsTests {
    func lines(_ model: DiagnosticsModel, _ title: String) -> [String] {
        model.sections.first { $0.title == title }?.lines ?? []
    }

    @Test func itShowsWhatThresholdToldIOS_andTheLastEvents() throws {
        let device = try Device(ThresholdState(profiles: [workMode], gates: [selahGate]))
        let model = SettingsModel(client: device.client).diagnostics()
        #expect(model.problem == nil)
        #expect(
            model.sections.map(\.title) == [
                "This iPhone", "Shield stores applied", "Notifications waiting in iOS", "Repairs",
                "Activities registered", "Last 200 events",
            ])
        // Monday 10:00: Work (weekdays 09:00–17:00) and Selah's gate shield Instagram and TikTok.
        #expect(lines(model, "Shield stores applied").contains { $0.hasPrefix("threshold.") && $0.contains("2 apps") })
        let activities = lines(model, "Activities registered")
        #expect(!activities.isEmpty && activities.allSatisfy { $0.hasPrefix("threshold.") })
        #expect(activities.contains { $0.contains("; next 2026-03-02 17:00") })
        #expect(lines(model, "Last 200 events").last?.contains("triggered") == true)
        #expect(model.fileName == "Threshold diagnostics 2026-03-02 1000.txt")
        for section in model.sections { #expect(model.text.contains("## \(section.title)")) }
    }

    @Test func itCarriesTheLast200Events_newestLast() throws {
        let device = try Device()
        for minute in 1...230 {
            device.advance(minutes: 1)
            device.client.runtime.reconcile(.appForeground)
            _ = minute
        }
        let events = lines(SettingsModel(client: device.client).diagnostics(), "Last 200 events")
        #expect(events.count == 200)
        let sequences = events.compactMap { Int64($0.prefix { $0 != " " }) }
        #expect(sequences == sequences.sorted())
        #expect(sequences.last == (try device.store.events(.all)).last?.sequence)
    }

    @Test func anUnreadableStore_saysSo_andStillListsTheActivities() throws {
        let device = try Device(ThresholdState(profiles: [workMode]))
        device.store.failNextCalls(with: .corrupt("page 3"))
        let model = SettingsModel(client: device.client).diagnostics()
        #expect(model.problem?.contains("The saved data is damaged (page 3).") == true)
        #expect(!lines(model, "Activities registered").isEmpty)
    }
}
