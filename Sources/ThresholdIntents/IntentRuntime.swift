import EntryPoints
import Foundation
import StoreClient
import ThresholdCore

/// Where App Intents find the runtime. The system creates intents with `init()`, so each process
/// that runs them says once, at launch, how to connect (the app's `init`); an intent asks here.
///
/// Live Activity buttons run in the app's process (`LiveActivityIntent`), so the widget
/// extension never needs to connect.
public enum IntentRuntime {
    private static let connection = Connection<Runtime>()

    /// Registers how to build the runtime; the first intent that needs it builds it.
    public static func connect(_ make: @escaping @Sendable () throws -> Runtime) {
        connection.connect(make)
    }

    /// The runtime, or an error the person can read in Shortcuts.
    static func runtime() throws -> Runtime {
        do {
            return try connection.value()
        } catch let error as ConnectionError {
            throw IntentFailure(error.description)
        } catch {
            throw IntentFailure("Threshold cannot read its data: \(error)")
        }
    }
}

/// A failure an intent reports to Shortcuts or Siri, in words the person can act on.
public struct IntentFailure: Error, CustomStringConvertible, CustomLocalizedStringResourceConvertible {
    public let message: String

    public init(_ message: String) { self.message = message }

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
