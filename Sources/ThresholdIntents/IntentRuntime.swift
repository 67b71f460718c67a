import EntryPoints
import Foundation
import StoreClient
import SystemWords
import ThresholdCore

/// Where App Intents find the runtime. The system creates intents with `init()`, so each process
/// that runs them says once, at launch, how to connect (the app's `init`); an intent asks here.
///
/// Live Activity buttons run in the app's process (`LiveActivityIntent`), so the widget
/// extension never needs to connect.
public enum IntentRuntime {
    private static let connection = Connection<Runtime>()
    private static let suspension = Connection<StoreSuspension>()

    /// Registers how to build the runtime, and the app's ``StoreSuspension``: the store is
    /// suspended while the app is in the background, and an intent wakes it for as long as it
    /// runs. The first intent that needs the runtime builds it; in the app the recipe hands back
    /// the runtime the app's screens use, so intents and screens share one store.
    public static func connect(_ make: @escaping @Sendable () throws -> Runtime, suspension: StoreSuspension) {
        connection.connect(make)
        self.suspension.connect { suspension }
    }

    /// Runs `body` with the runtime and the store awake, after following the Focus as iOS has it
    /// now (a filter iOS did not run as its Focus turned off; `Runtime.followFocus`), unless the
    /// intent is the filter itself; throws an error the person can read in Shortcuts when there is
    /// no runtime.
    static func run<T>(followingFocus: Bool = true, _ body: (Runtime) async throws -> T) async throws -> T {
        let focus = followingFocus ? await ThresholdFocusFilter.currentSetting() : nil
        func work() async throws -> T {
            let connected = try runtime()
            if let focus { connected.followFocus(focus) }
            return try await body(connected)
        }
        guard let suspension = try? suspension.value() else { return try await work() }
        return try await suspension.whileAwake { try await work() }
    }

    /// The runtime, or an error the person can read in Shortcuts.
    /// Intents call ``run(_:)``, which keeps the store awake around this.
    static func runtime() throws -> Runtime {
        let words = StatusWords(locale: .autoupdatingCurrent, timeZone: .autoupdatingCurrent)
        do {
            return try connection.value()
        } catch ConnectionError.notConnected {
            throw IntentFailure(words.stillStarting())
        } catch {
            throw IntentFailure(words.cannotRead(error))
        }
    }
}

/// A failure an intent reports to Shortcuts or Siri, in words the person can act on.
public struct IntentFailure: Error, CustomStringConvertible, CustomLocalizedStringResourceConvertible {
    public let message: String

    public init(_ message: String) { self.message = message }

    /// Why the request was not done, in the phone's language and clock (`RefusalWords`).
    public init(_ problem: Problem) {
        self.init(RefusalWords(locale: .autoupdatingCurrent, timeZone: .autoupdatingCurrent).words(problem))
    }

    public var description: String { message }
    public var localizedStringResource: LocalizedStringResource { "\(message)" }
}

extension Reconciliation {
    /// The intent's spoken result, or the failure it reports.
    func result(or success: String) throws -> String {
        if let problem { throw IntentFailure(problem) }
        return success
    }
}
