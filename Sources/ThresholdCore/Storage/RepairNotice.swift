import Foundation

/// Something the last reconcile could not do or could not trust. Shields stay as last applied
/// (or stricter); the app shows the notice and the way to repair it.
///
/// A value, not words: each surface says its ``message`` (SystemWords' `StatusWords`, from the
/// `Status` String Catalog, in the phone's language).
public struct RepairNotice: Hashable, Codable, Sendable, CustomStringConvertible {
    public enum Kind: String, Codable, Sendable, CaseIterable {
        /// The wall clock disagrees with elapsed time: restrictions hold at both readings.
        case clockMoved
        /// Screen Time refused a shield change; the rest were applied.
        case shieldsNotApplied
        /// DeviceActivity refused a registration; boundaries may be reached late.
        case monitoringFailed
        /// More was selected than iOS can shield (see ``CapacityError``).
        case capacity
        /// Screen Time access is not granted; iOS enforces nothing.
        case notAuthorized
        /// Screen Time access reads granted and iOS keeps no shield (after a restore, awaseem/foqos#82).
        case accessNotWorking
        /// A notification could not be posted or a Live Activity updated.
        case surfaceFailed
    }

    /// What the notice says, with its numbers and names. `error` is how the system described its
    /// own failure (developer-facing, quoted as it is).
    public enum Message: Hashable, Codable, Sendable {
        /// The clock is `minutes` ahead of (or behind) the time that has passed.
        case clockMoved(minutes: Int, ahead: Bool)
        /// What iOS cannot hold of the selection.
        case capacity(CapacityError)
        /// Screen Time access is not granted.
        case notAuthorized
        /// Screen Time access reads granted, and iOS accepts shields and keeps none.
        case accessNotWorking
        /// A shield store could not be applied.
        case storeNotApplied(store: String, error: String)
        /// A shield store could not be cleared.
        case storeNotCleared(store: String, error: String)
        /// The shields for a failing reconcile (``FailClosedShields``) could not be left beside the saved data.
        case failClosedNotLeft(error: String)
        /// The monitored activities could not be listed.
        case activitiesNotListed(error: String)
        /// Wake-ups no longer planned could not be stopped.
        case wakeUpsNotStopped(error: String)
        /// A wake-up could not be registered.
        case wakeUpNotRegistered(error: String)
        /// A notification due now could not be posted.
        case notificationNotPosted(error: String)
        /// A notification due later could not be handed to iOS.
        case notificationNotScheduled(error: String)
        /// Notifications no longer due could not be withdrawn.
        case notificationsNotWithdrawn(error: String)
        /// The Live Activity could not be started, updated or ended.
        case liveActivityNotUpdated(error: String)
        /// A notice an earlier build saved as words, shown as saved until the next reconcile
        /// replaces it.
        case saved(String)

        /// The kind of repair this message belongs to.
        var kind: Kind? {
            switch self {
            case .clockMoved: .clockMoved
            case .capacity: .capacity
            case .notAuthorized: .notAuthorized
            case .accessNotWorking: .accessNotWorking
            case .storeNotApplied, .storeNotCleared, .failClosedNotLeft: .shieldsNotApplied
            case .activitiesNotListed, .wakeUpsNotStopped, .wakeUpNotRegistered: .monitoringFailed
            case .notificationNotPosted, .notificationNotScheduled, .notificationsNotWithdrawn, .liveActivityNotUpdated: .surfaceFailed
            case .saved: nil
            }
        }
    }

    public let kind: Kind
    public let message: Message

    /// A notice of the kind its message belongs to.
    public init(_ message: Message) {
        // NB: only a decoded notice is `.saved`, and it keeps the kind it was saved with.
        self.init(kind: message.kind ?? .surfaceFailed, message: message)
    }

    private init(kind: Kind, message: Message) {
        self.kind = kind
        self.message = message
    }

    /// The clock moved by `jump` seconds (positive: ahead of the time that has passed), in whole minutes.
    public static func clockMoved(jump: TimeInterval) -> RepairNotice {
        RepairNotice(.clockMoved(minutes: Int((abs(jump) / 60).rounded()), ahead: jump > 0))
    }

    /// Developer-facing: the kind and the message's value, for logs, diagnostics and test failures.
    public var description: String { "\(kind.rawValue): \(message)" }

    private enum CodingKeys: String, CodingKey {
        case kind, message
    }

    /// Reads notices saved by earlier builds too, whose message was English words.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let kind = try c.decode(Kind.self, forKey: .kind)
        if let words = try? c.decode(String.self, forKey: .message) {
            self.init(kind: kind, message: .saved(words))
        } else {
            self.init(kind: kind, message: try c.decode(Message.self, forKey: .message))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(kind, forKey: .kind)
        try c.encode(message, forKey: .message)
    }
}
