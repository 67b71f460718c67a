import AppIntents
import EntryPoints
import Foundation
import SystemWords
import ThresholdCore

/// Shortcuts and Siri: start a profile. Passes the same checks as the in-app button.
///
/// A `LiveActivityIntent`, so iOS runs it in the app's process with leave to start a Live
/// Activity even with the app in the background: a session started from Shortcuts gets its
/// Live Activity at once, like one started in the app (PLATFORM.md).
public struct StartProfileIntent: LiveActivityIntent {
    public static var title: LocalizedStringResource { "Start Profile" }
    public static var description: IntentDescription { "Starts a Threshold profile's session and shields its apps." }

    @Parameter(title: "Profile")
    public var profile: ProfileEntity

    /// Ends the session by itself after this many minutes; empty, it runs until ended.
    @Parameter(
        title: "Minutes", description: "Ends the session by itself after this long. Leave empty to run until you end it.",
        inclusiveRange: (5, 720))
    public var minutes: Int?

    public init() {}

    public init(profile: ProfileEntity, minutes: Int? = nil) {
        self.profile = profile
        self.minutes = minutes
    }

    public static var parameterSummary: some ParameterSummary {
        Summary("Start \(\.$profile) for \(\.$minutes) minutes")
    }

    public func perform() async throws -> some IntentResult & ProvidesDialog {
        let length: SessionLength = minutes.map(SessionLength.minutes) ?? .openEnded
        let done = try await IntentRuntime.run { $0.startProfile(ProfileID(profile.id), from: .appIntent("StartProfile"), length: length) }
        let on = minutes.map { "\(profile.emoji) \(profile.name) is on for \($0) minutes." } ?? "\(profile.emoji) \(profile.name) is on."
        return .result(dialog: "\(try done.result(or: on))")
    }
}

/// Shortcuts: end the running session. Beast Mode refuses, as everywhere.
public struct EndSessionIntent: AppIntent {
    public static var title: LocalizedStringResource { "End Session" }
    public static var description: IntentDescription { "Ends the Threshold session running now, if its rules allow it." }

    public init() {}

    public func perform() async throws -> some IntentResult & ProvidesDialog {
        let done = try await IntentRuntime.run { $0.endSession(from: .appIntent("EndSession")) }
        return .result(dialog: "\(try done.result(or: "Session ended."))")
    }
}

/// Shortcuts: take a break from the running session, as its break policy allows.
public struct TakeBreakIntent: AppIntent {
    public static var title: LocalizedStringResource { "Take a Break" }
    public static var description: IntentDescription { "Lifts the running session's shields for one of its breaks." }

    public init() {}

    public func perform() async throws -> some IntentResult & ProvidesDialog {
        let done = try await IntentRuntime.run { $0.takeBreak(from: .appIntent("TakeBreak")) }
        return .result(dialog: "\(try done.result(or: "Break started; your shields come back by themselves."))")
    }
}

/// Shortcuts: what Threshold is doing now.
public struct StatusIntent: AppIntent {
    public static var title: LocalizedStringResource { "Threshold Status" }
    public static var description: IntentDescription { "Says what Threshold is shielding now and until when." }

    public init() {}

    public func perform() async throws -> some IntentResult & ProvidesDialog & ReturnsValue<String> {
        let summary = try await IntentRuntime.run { runtime in
            do {
                return StatusSummary(try runtime.store.read(), now: Date(), calendar: runtime.clock.calendar)
            } catch {
                return StatusSummary(unreadable: error)
            }
        }
        // NB: said as the phone speaks it, from SystemWords' Status catalog (Home's headline too).
        let words = StatusWords(locale: .autoupdatingCurrent, timeZone: .autoupdatingCurrent)
        let line = words.line(
            summary.headline,
            detail: words.detail(unlockedUntil: summary.unlockedUntil, repairs: summary.repairs, failure: summary.failure))
        return .result(value: line, dialog: "\(line)")
    }
}

/// Makes this module's intents known to the targets that include it: the app
/// (`ThresholdAppIntents`) and the widget extension (`ThresholdWidgetIntents`). Xcode extracts
/// App Intents metadata from a Swift package only from Xcode 26 on.
public struct ThresholdIntentsPackage: AppIntentsPackage {}
