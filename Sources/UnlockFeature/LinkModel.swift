import Foundation
import Observation
import ThresholdCore

/// Where an incoming link takes the app: the route, or the error to show. Parsing does nothing
/// else; the app then presents the screen for `route` (a key tap goes to `KeyTapModel`).
@MainActor @Observable
public final class LinkModel {
    public private(set) var route: LinkRoute?
    public private(set) var error: LinkError?

    public init() {}

    /// Reads a link from `onOpenURL` or a notification; a bad link sets `error` and clears `route`.
    public func open(_ url: URL) {
        do {
            route = try LinkRoute(url: url)
            error = nil
        } catch {
            route = nil
            self.error = error as? LinkError ?? .notALink
        }
    }

    public func dismiss() {
        route = nil
        error = nil
    }
}
