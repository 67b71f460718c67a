import Foundation
import ScreenTimeClient
import StoreClient
import ThresholdCore
import ThresholdRuntime

/// The reconciler as every iOS entry point runs it: the reconcile itself, then the device
/// restrictions the restrictions in force ask for.
///
/// Every process builds one from its live clients (the App/ wiring); tests build one on the
/// simulated iPhone. Everything an extension, intent or widget does goes through ``reconcile(_:command:)``
/// or ``reconcile(_:returning:)``, so every path passes the same policy checks as the in-app buttons.
public struct Runtime: Sendable {
    public let reconciler: Reconciler
    public let restrictions: DeviceRestrictionsClient
    /// Told every reconcile's outcome once it is done (the simulated iPhone keeps its timeline
    /// and delivers the callbacks it caused); by default nothing.
    public let observe: @Sendable (ReconcileOutcome) -> Void

    public init(
        reconciler: Reconciler, restrictions: DeviceRestrictionsClient,
        observe: @escaping @Sendable (ReconcileOutcome) -> Void = { _ in }
    ) {
        self.reconciler = reconciler
        self.restrictions = restrictions
        self.observe = observe
    }

    /// A runtime on live clients: the device clock and UUID identifiers, and the fail-closed
    /// shields left beside the store (``FailClosedFile``).
    public init(
        store: any StoreClient, screenTime: ScreenTimeClient, restrictions: DeviceRestrictionsClient,
        clock: DeviceClock = .live, failClosed: FailClosedFile = .none
    ) {
        self.init(
            reconciler: Reconciler(store: store, screenTime: screenTime, clock: clock, ids: .uuid, failClosed: failClosed),
            restrictions: restrictions)
    }

    public var store: any StoreClient { reconciler.store }
    public var screenTime: ScreenTimeClient { reconciler.screenTime }
    public var clock: DeviceClock { reconciler.clock }

    /// Reconciles with no change of the person's (see `Reconciler`).
    @discardableResult
    public func reconcile(_ trigger: Trigger) -> Reconciliation {
        finish(reconciler.reconcile(trigger))
    }

    /// Reconciles after running `command` (see `Reconciler`).
    @discardableResult
    public func reconcile<C: StateCommand>(_ trigger: Trigger, command: C) -> Reconciliation {
        finish(reconciler.reconcile(trigger, command: command))
    }

    /// Reconciles after running `command`, with what it returned when it was done.
    public func reconcile<C: StateCommand>(_ trigger: Trigger, returning command: C) -> (reconciliation: Reconciliation, result: C.Result?)
    {
        let (outcome, result) = reconciler.reconcile(trigger, returning: command)
        return (finish(outcome), result)
    }

    private func finish(_ outcome: ReconcileOutcome) -> Reconciliation {
        observe(outcome)
        return Reconciliation(outcome: outcome, restrictions: applyRestrictions(after: outcome))
    }

    /// Sets the device restrictions the reconcile decided, after its transaction committed (no
    /// second read of the store). After a reconcile that failed closed it changes nothing:
    /// whatever was set stays set, like the shields.
    private func applyRestrictions(after outcome: ReconcileOutcome) -> RestrictionsResult {
        guard !outcome.failedClosed, let wanted = outcome.deviceRestrictions else { return .unchanged }
        do {
            try restrictions.apply(wanted)
            return .applied(wanted)
        } catch {
            return .failed(.refused(wanted, error: "\(error)"))
        }
    }
}

/// One reconcile as an entry point saw it: the reconciler's outcome and the device restrictions.
public struct Reconciliation: Sendable {
    public let outcome: ReconcileOutcome
    public let restrictions: RestrictionsResult

    /// Why the caller's request was not done, if it was not: the rule's refusal or the store's failure.
    public var problem: Problem? {
        if let failure = outcome.storeFailure { return .store(failure) }
        return outcome.refusal.map { .refused($0.refusal) }
    }

    /// Throws the ``problem`` when the request was not done.
    public func done() throws {
        if let problem { throw problem }
    }
}

/// What happened to the device restrictions after a reconcile.
public enum RestrictionsResult: Hashable, Sendable {
    case applied(DeviceRestrictions)
    /// The reconcile failed closed or nothing was ever evaluated: left as they were.
    case unchanged
    case failed(RestrictionsFailure)
}

/// Why the device restrictions could not be set; they stay as they were. Developer-facing: for
/// logs and tests (no screen shows it; the session's own shields still apply).
public enum RestrictionsFailure: Hashable, Sendable, CustomStringConvertible {
    /// Screen Time refused `wanted`.
    case refused(DeviceRestrictions, error: String)

    public var description: String {
        switch self {
        case .refused(let wanted, let error): "device restrictions \(wanted) refused: \(error)"
        }
    }
}

extension IDGenerator {
    /// Identifiers from `UUID()`, prefixed by kind (`session-…`): what the app and extensions use.
    public static let uuid = IDGenerator { kind in "\(kind)-\(UUID().uuidString.lowercased())" }
}
