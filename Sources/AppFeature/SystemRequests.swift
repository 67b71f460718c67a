import EntryPoints
import Foundation
import Observation
import ThresholdCore

/// Something the system asked the app to show: a link from a universal link, a notification, a
/// widget or a quick action, all in the one vocabulary `LinkRoute` reads. The root view takes
/// them in order.
public enum SystemRequest: Hashable, Sendable {
    case link(URL)
    /// The clock or the time zone changed (`UIApplication.significantTimeChangeNotification`).
    case significantTimeChange
}

/// The queue of ``SystemRequest``s between UIKit's delegates and the root view.
///
/// NB: UIKit creates the app and scene delegates itself (and with SwiftUI's adaptor
/// `UIApplication.shared.delegate` is not ours), so they cannot be handed this queue; they reach
/// it through ``main``, the one process-wide instance.
@MainActor @Observable
public final class SystemRequests {
    public static let main = SystemRequests()

    public private(set) var pending: [SystemRequest] = []

    public init() {}

    public func post(_ request: SystemRequest) { pending.append(request) }

    /// Takes the oldest request, if any.
    public func next() -> SystemRequest? { pending.isEmpty ? nil : pending.removeFirst() }
}
