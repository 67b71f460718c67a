import Foundation

/// Something asked of the whole saved state, the one way any of it changes: the engine's
/// commands (every ``Command`` is one), and what lives around the engine — settings, reminders,
/// keys, a day's rating, a ritual's progress, onboarding's choices, the plan the App Store sold.
///
/// The reconciler runs each inside its one transaction, at trusted time (``ChangeContext/now``),
/// after the plan's rules (``PlanRules``) and before it evaluates and applies the shields, and
/// the store saves the state and appends the events it recorded only when nothing threw. A
/// command that throws is refused whatever asked for it (a screen, a key, a Shortcut, a widget),
/// with the same reason, and changes nothing.
///
/// `Result` is what the caller learns beyond the events (a key tap's outcome, a ritual's grant);
/// most commands return nothing.
public protocol StateCommand: Sendable {
    associatedtype Result: Sendable = Void
    func apply(to transaction: inout StoreTransaction, context: ChangeContext) throws -> Result
}

extension Command {
    /// An engine command changes the saved state through ``ChangeContext/run(_:on:)``: the plan's
    /// rules, its events and its ledger entries.
    public func apply(to transaction: inout StoreTransaction, context: ChangeContext) throws {
        try context.run(self, on: &transaction)
    }
}

/// What a command may use: the instant to stamp (trusted time, whole seconds), the clock reading
/// it came from, the device's calendar and the id generator.
public struct ChangeContext: Sendable {
    public let now: Date
    public let time: TrustedTime
    public let calendar: Calendar
    public let ids: IDGenerator
    /// Whether iOS lets Threshold shield anything now (Screen Time access granted).
    public let screenTimeAuthorized: Bool

    package init(now: Date, time: TrustedTime, calendar: Calendar, ids: IDGenerator, screenTimeAuthorized: Bool) {
        self.now = now
        self.time = time
        self.calendar = calendar
        self.ids = ids
        self.screenTimeAuthorized = screenTimeAuthorized
    }

    /// The day `now` falls on, on the device's wall clock.
    public var today: LocalDate { Clockwork(calendar: calendar).localDate(of: now) }

    /// Runs a command on the transaction's engine state at `now` and records its events, posting
    /// the ledger entries among them (see ``StoreTransaction/apply(_:at:)``).
    ///
    /// A session started without Screen Time access would shield nothing yet run its timer, earn
    /// XP and credits and count as focus (seed 004 test 9): every way of starting one (the
    /// Session tab, a key, a Shortcut, a link) is refused, saying why, and nothing is recorded,
    /// unless the person chose to use Threshold as a timer (``Settings/timerOnly``, seed 004's
    /// fallback). A profile that shields nothing is saved only then: without access iOS shows no
    /// apps to pick.
    public func run(_ command: any Command, on transaction: inout StoreTransaction) throws {
        let timer = transaction.state.settings.timerOnly && !screenTimeAuthorized
        if command is StartSession, !screenTimeAuthorized, !timer { throw Self.noAccess }
        if let save = command as? SaveProfile, save.profile.selection.blocksNothing(as: save.profile.listMode), !timer {
            throw ValidationError("profile “\(save.profile.name)”", .nothingToBlock)
        }
        let before = transaction.state.engine
        try transaction.run(command, at: now, calendar: calendar, ids: ids)
        transaction.state.settings.notePaths(from: before, to: transaction.state.engine)
    }

    static let noAccess = ValidationError("session", .noScreenTimeAccess)
}
