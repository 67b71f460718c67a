import Foundation
import Testing
@testable import ThresholdCore

/// A trigger's JSON is written by hand (one key type, not one per case: cheaper for a monitor
/// callback's fresh process), and must stay what Swift's synthesized coding wrote, so every event
/// log and backup saved before reads the same.
@Suite struct TriggerCodingTests {
    /// `Trigger` as it was declared, with Swift's synthesized `Codable`: the format on disk.
    enum Synthesized: Codable, Equatable {
        case appForeground
        case inApp(String)
        case intervalDidStart(String)
        case intervalDidEnd(String)
        case intervalWillStartWarning(String)
        case intervalWillEndWarning(String)
        case eventDidReachThreshold(activity: String, event: String)
        case eventWillReachThresholdWarning(activity: String, event: String)
        case shieldButton(ShieldButtonRole)
        case appIntent(String)
        case universalLink(String)
        case notificationResponse(String)
        case notificationPresented(String)
        case widget(String)
        case liveActivityButton(String)
        case significantTimeChange
    }

    static let pairs: [(Trigger, Synthesized)] = [
        (.appForeground, .appForeground),
        (.inApp("tutorial"), .inApp("tutorial")),
        (.intervalDidStart("threshold.from.1"), .intervalDidStart("threshold.from.1")),
        (.intervalDidEnd("threshold.until.2"), .intervalDidEnd("threshold.until.2")),
        (.intervalWillStartWarning("a"), .intervalWillStartWarning("a")),
        (.intervalWillEndWarning("b"), .intervalWillEndWarning("b")),
        (.eventDidReachThreshold(activity: "usage", event: "screen-60"), .eventDidReachThreshold(activity: "usage", event: "screen-60")),
        (.eventWillReachThresholdWarning(activity: "usage", event: "e"), .eventWillReachThresholdWarning(activity: "usage", event: "e")),
        (.shieldButton(.primary), .shieldButton(.primary)),
        (.shieldButton(.secondary), .shieldButton(.secondary)),
        (.appIntent("StartProfile"), .appIntent("StartProfile")),
        (.universalLink("https://threshold.app/k/x?s=\"y\""), .universalLink("https://threshold.app/k/x?s=\"y\"")),
        (.notificationResponse("goal-1"), .notificationResponse("goal-1")),
        (.notificationPresented("goal-2"), .notificationPresented("goal-2")),
        (.widget("session"), .widget("session")),
        (.liveActivityButton("end"), .liveActivityButton("end")),
        (.significantTimeChange, .significantTimeChange),
    ]

    static func json(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    @Test(arguments: pairs)
    func aTrigger_isWrittenAsSwiftsSynthesizedCodingWroteIt_andReadsBack(trigger: Trigger, synthesized: Synthesized) throws {
        let written = try Self.json(trigger)
        #expect(written == (try Self.json(synthesized)))
        #expect(try JSONDecoder().decode(Trigger.self, from: Data(written.utf8)) == trigger)
        #expect(try JSONDecoder().decode(Synthesized.self, from: Data(written.utf8)) == synthesized)
    }

    @Test(arguments: [
        #"{}"#, #"{"inApp":{"_0":"a"},"widget":{"_0":"b"}}"#, #"{"teleport":{}}"#, #"{"inApp":{}}"#,
        #"{"shieldButton":{"_0":"tertiary"}}"#, #"{"eventDidReachThreshold":{"activity":"a"}}"#,
    ])
    func aTriggerThatIsNotOne_isRefused(json: String) {
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Trigger.self, from: Data(json.utf8)) }
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Synthesized.self, from: Data(json.utf8)) }
    }
}
