import EntryPoints
import Foundation
import ManagedSettings
import ScreenTimeLive
import ThresholdCore

/// The ShieldAction extension's behaviour: a button press runs ``Runtime/pressShield(_:on:)``
/// (the same policy as the app) and answers iOS with what the shield should do.
///
/// The principal class (App/ThresholdShieldAction) subclasses this and overrides ``connect()``.
/// When no runtime can be built, the shield closes the app and nothing is lifted.
open class ShieldActionHandler: ShieldActionDelegate {
    private var runtime: Runtime?

    /// What iOS calls: it creates the principal class with `[[Class alloc] init]`.
    // NB: see ActivityMonitorForwarder.init(): subclasses declare no initializer and inherit this.
    public override init() {
        super.init()
    }

    /// Builds the live runtime; the principal class overrides it. This one fails, so a principal
    /// class that forgets lifts nothing.
    open func connect() throws -> Runtime {
        throw ConnectionError.notOverridden(principalClass: String(describing: type(of: self)))
    }

    // A token that cannot be re-encoded reaches `pressShield` as unknown: its shield is the
    // unknown one, whose buttons only close the app or point to it; nothing is lifted.
    override open func handle(
        action: ShieldAction, for application: ApplicationToken,
        completionHandler: @escaping (ShieldActionResponse) -> Void
    ) {
        completionHandler(press(action, on: .app(try? TokenCoding.core(application), category: nil, name: nil)))
    }

    override open func handle(
        action: ShieldAction, for webDomain: ManagedSettings.WebDomainToken,
        completionHandler: @escaping (ShieldActionResponse) -> Void
    ) {
        completionHandler(press(action, on: .webDomain(try? TokenCoding.core(webDomain), category: nil, name: nil)))
    }

    override open func handle(
        action: ShieldAction, for category: ActivityCategoryToken,
        completionHandler: @escaping (ShieldActionResponse) -> Void
    ) {
        guard let token = try? TokenCoding.core(category) else { return completionHandler(.close) }
        completionHandler(press(action, on: .category(token)))
    }

    /// Presses the button; an unknown action or a missing runtime closes the app, lifting nothing.
    public func press(_ action: ShieldAction, on item: ShieldedItem) -> ShieldActionResponse {
        let role: ShieldButtonRole
        switch action {
        case .primaryButtonPressed: role = .primary
        case .secondaryButtonPressed: role = .secondary
        @unknown default: return .close
        }
        let runtime: Runtime
        do {
            runtime = try self.runtime ?? connect()
        } catch {
            log.error("shield \(role.rawValue): no runtime, nothing lifted: \(error)")
            return .close
        }
        self.runtime = runtime
        let result = runtime.pressShield(role, on: item)
        if let problem = result.problem {
            log.notice("shield \(role.rawValue): \(problem)")
        }
        if let reason = result.notPosted {
            log.error("shield \(role.rawValue): notification not posted: \(reason)")
        }
        switch result.response {
        case .close: return .close
        case .redraw: return .defer
        case .none: return .none
        }
    }

    private let log = ExtensionLog(category: "shield-action")
}
