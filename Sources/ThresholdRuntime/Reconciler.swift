import Foundation
import ScreenTimeClient
import StoreClient
import ThresholdCore

/// The one entry point for every trigger: the app coming forward, a monitor callback, a shield
/// button, an App Intent, a universal link, a notification, a widget or Live Activity button.
///
/// In one store transaction it reads the clocks, records the trigger, applies the caller's
/// change (if any), evaluates, and decides which shield stores differ from what was last applied,
/// which wake-ups the planner registers, which notifications are due and what the Live Activity
/// shows; it saves that decision with the calls it owes (``OwedEffects``), and makes the calls
/// once the transaction has committed, in commit order across processes (``EffectsJournal``), so
/// no process waits on ManagedSettings, DeviceActivity, notifications or ActivityKit to use the
/// store. A call refused is written back as owed with a ``RepairNotice``; calls a process did not
/// live to make are made by the next reconcile, whatever its trigger. It is idempotent: run twice at the same instant, the second run finds
/// nothing to do; a late callback reconciles at the instant it arrives; a missing one is made up
/// by the next reconcile, whatever its trigger.
///
/// It fails closed: when the store cannot be read or written nothing is saved, and the shields
/// stay as they were until a lift's end is in doubt; from then on it applies the
/// ``FailClosedShields`` the last saving reconcile left beside the store (every restriction in
/// force, nothing lifted), so a window or a break never outlives its end; when Screen Time
/// refuses a change the rest is still applied and the refusal is saved as a ``RepairNotice``; when the wall clock was moved, restrictions hold at both it and
/// the trusted time (see ``TrustedTime``).
///
/// It is lean where iOS is noisy: the planner wakes the monitor with two callbacks at a boundary
/// and iOS echoes every registration and stop, so a monitor callback that falls inside the last
/// reconcile's ``QuietPeriod`` (no boundary, notification, zone or registration change since)
/// only records itself. This relies on the engine's state changing only inside a reconcile.
public struct Reconciler: Sendable {
    public let store: any StoreClient
    /// The device. While a transaction runs the reconciler reads it and notes its changes, which
    /// it makes after the commit (``SystemEffect``).
    public private(set) var screenTime: ScreenTimeClient
    public let clock: DeviceClock
    public let ids: IDGenerator
    /// Registrations other features keep for themselves at an instant (screen-time thresholds by
    /// default); they count against iOS's 20 and the planner fills the rest.
    public let reserved: @Sendable (StoredState, Date, Calendar) -> [ActivityRegistration]
    /// Where the shields for a reconcile that cannot read the store are left (``FailClosedShields``).
    public let failClosed: FailClosedFile
    /// Runs between the commit and the system calls: a test kills the process there, or returns
    /// `false` to stop there as a process killed there would (no calls, nothing more written).
    @_spi(Testing) public var afterCommit: (@Sendable () -> Bool)?

    public init(
        store: any StoreClient, screenTime: ScreenTimeClient, clock: DeviceClock, ids: IDGenerator,
        failClosed: FailClosedFile = .none,
        reserved: @escaping @Sendable (StoredState, Date, Calendar) -> [ActivityRegistration] = {
            ScreenTimeTracking.reserved($0.settings, at: $1, calendar: $2)
        }
    ) {
        self.store = store
        self.screenTime = screenTime
        self.clock = clock
        self.ids = ids
        self.failClosed = failClosed
        self.reserved = reserved
    }

    /// Reconciles with no change of the person's: what every monitor callback, foreground and
    /// echo does.
    @discardableResult
    public func reconcile(_ trigger: Trigger) -> ReconcileOutcome {
        reconcile(trigger, applying: nil)
    }

    /// Reconciles after running a command (start a session, take a break, save a setting, tap a
    /// key…). A command that throws is undone and reported in the outcome's `refusal`; the
    /// reconcile itself still runs.
    @discardableResult
    public func reconcile<C: StateCommand>(_ trigger: Trigger, command: C) -> ReconcileOutcome {
        reconcile(trigger, returning: command).outcome
    }

    /// Reconciles after running a command, with what the command returned when it was done and
    /// saved (`nil` when it was refused or the store failed).
    public func reconcile<C: StateCommand>(_ trigger: Trigger, returning command: C) -> (outcome: ReconcileOutcome, result: C.Result?) {
        var result: C.Result?
        let outcome = reconcile(trigger) { transaction, context in
            result = nil
            result = try command.apply(to: &transaction, context: context)
        }
        guard !outcome.failedClosed, outcome.refusal == nil else { return (outcome, nil) }
        return (outcome, result)
    }

    /// Applies a command to the saved state without reconciling: for a store set up before
    /// anything of Threshold's has run (a scenario's `setup:`), at the device's wall clock.
    @_spi(Setup)
    @discardableResult
    public func seed<C: StateCommand>(_ command: C) throws -> C.Result {
        let reading = clock.reading()
        let context = ChangeContext(
            now: reading.wall.roundedDownToSecond, time: TrustedTime(wall: reading.wall, trusted: reading.wall),
            calendar: clock.calendar, ids: ids, screenTimeAuthorized: screenTime.authorizationStatus() == .approved)
        return try store.write { transaction in try command.apply(to: &transaction, context: context) }
    }

    private func reconcile(_ trigger: Trigger, applying change: Change?) -> ReconcileOutcome {
        let decided = DecidedEffects()
        var deciding = self
        deciding.screenTime = decided.deferring(screenTime)
        var found = AppliedRecord()
        var outcome: ReconcileOutcome
        do {
            outcome = try store.write { transaction in
                deciding.takeOverOwed(&transaction.state.applied)
                found = transaction.state.applied
                var outcome = try deciding.run(trigger, change: change, in: &transaction)
                owe(decided.all, found: found, in: &transaction.state.applied)
                // What every screen shows: the state as it is saved, with the calls it owes.
                outcome.saved = transaction.state
                return outcome
            }
        } catch let error as StoreError {
            return failingClosed(ReconcileOutcome(trigger: trigger, failure: error))
        } catch {
            return failingClosed(ReconcileOutcome(trigger: trigger, failure: .failed(String(describing: error))))
        }
        guard let owed = outcome.saved?.applied.owed else { return outcome }
        if let afterCommit, !afterCommit() { return outcome }
        return make(decided.all, owed: owed, found: found, outcome: outcome)
    }

    // MARK: System calls, after the commit

    /// Finds whether the calls the last decision owed were all made (``EffectsJournal``); if not
    /// (its process died before or among them, is making them, or one was refused), puts the
    /// record back so that this reconcile makes them again (``OwedEffects/retake(in:)``).
    private func takeOverOwed(_ applied: inout AppliedRecord) {
        guard let owed = applied.owed else { return }
        applied.owed = nil
        if let made = store.effects.lastApplied(epoch: owed.epoch), made >= owed.revision { return }
        owed.retake(in: &applied)
    }

    /// Saves with the decision the calls it owes, under the next revision.
    private func owe(_ effects: [SystemEffect], found: AppliedRecord, in applied: inout AppliedRecord) {
        guard !effects.isEmpty else { return }
        let epoch = applied.effectsEpoch ?? (ids.next("effects") as Identifier<OwedEffects>).rawValue
        var owed = OwedEffects(epoch: epoch, revision: applied.effectsRevision + 1)
        applied.effectsEpoch = epoch
        for effect in effects { effect.record(into: &owed, before: found) }
        applied.effectsRevision = owed.revision
        applied.owed = owed
    }

    /// Makes the calls of the decision that owes `owed`, in order, unless a later decision has made
    /// them; a call refused is written back as owed, with its repair, in a second short transaction.
    ///
    /// NB: in an extension every Live Activity change is refused (only the app may make it), so a
    /// monitor callback that finds the Live Activity behind pays that second transaction; the
    /// app's next run makes the change, as before.
    private func make(
        _ effects: [SystemEffect], owed: OwedEffects, found: AppliedRecord, outcome decided: ReconcileOutcome
    ) -> ReconcileOutcome {
        var failed: [(effect: SystemEffect, error: any Error)] = []
        let device = screenTime
        let made = store.effects.apply(epoch: owed.epoch, revision: owed.revision) {
            for effect in effects {
                do { try effect.make(on: device) } catch { failed.append((effect, error)) }
            }
            return failed.isEmpty
        }
        var outcome = decided
        guard made else {
            // A later decision found these owed and made them: it saw what this one decided.
            outcome.superseded = true
            return outcome
        }
        guard !failed.isEmpty else { return outcome }
        outcome.dropMade(failed.map(\.effect))
        // NB: one notice of each: every store refused the same way says it once.
        var repairs: [RepairNotice] = []
        for repair in failed.compactMap({ $0.effect.repair(for: $0.error) }) where !repairs.contains(repair) { repairs.append(repair) }
        outcome.repairs += repairs
        do {
            outcome.saved = try store.write { transaction in
                for (effect, _) in failed { effect.undo(in: &transaction.state.applied, found: found) }
                // A store iOS accepted and does not hold is applied again by every reconcile, which
                // says so again, until iOS keeps it.
                transaction.state.applied.forgetStores(
                    failed.compactMap { failure in
                        guard case .applyShield(let store) = failure.effect, case ScreenTimeError.shieldNotHeld = failure.error else {
                            return nil
                        }
                        return store.name
                    })
                transaction.state.applied.repairs += repairs
                // As before a refusal: no quiet period while something is to be repaired.
                if !repairs.isEmpty { transaction.state.applied.quiet = nil }
                if transaction.state.applied.owed == owed { transaction.state.applied.owed = nil }
                return transaction.state
            }
        } catch {
            // NB: the store failed between two transactions; the decision's calls stay owed (the
            // journal did not note them made), so the next reconcile makes them again.
            outcome.saved = nil
        }
        return outcome
    }

    /// A command, as the transaction runs it.
    private typealias Change = (_ transaction: inout StoreTransaction, _ context: ChangeContext) throws -> Void

    /// The store failed: once a lift's end is in doubt, applies the shields the last saving
    /// reconcile left beside the store, and marks them applied, so that the next reconcile that
    /// reads the store applies every store again.
    private func failingClosed(_ failed: ReconcileOutcome) -> ReconcileOutcome {
        var outcome = failed
        var record: FailClosedShields
        do {
            guard let left = try failClosed.read() else { return outcome }
            record = left
        } catch {
            outcome.failClosedProblem = .unreadable(error: "\(error)")
            return outcome
        }
        guard record.isDue(at: clock.reading()) else { return outcome }
        for store in record.stores {
            do {
                try screenTime.applyShield(store)
                outcome.shieldChanges.append(store.name)
            } catch {
                outcome.failClosedProblem = .storeNotApplied(store: store.name, error: "\(error)")
            }
        }
        record.wasApplied = true
        do { try failClosed.write(record) } catch { outcome.failClosedProblem = .notMarkedApplied(error: "\(error)") }
        outcome.appliedFailClosed = true
        return outcome
    }

    private func run(_ trigger: Trigger, change: Change?, in transaction: inout StoreTransaction) throws -> ReconcileOutcome {
        // A usage event proves how much time has passed at least, whatever the wall clock says,
        // unless the uptime since it was registered says it cannot be true.
        let reading = clock.reading()
        let applied = transaction.state.applied
        let time = TrustedTime(
            reading, since: applied.clock,
            atLeast: UsageTrigger.evidence(of: trigger, registered: applied.usageRegistered, reading: reading))
        let calendar = clock.calendar
        let now = time.trusted.roundedDownToSecond
        let authorized = screenTime.authorizationStatus() == .approved
        let context = ChangeContext(now: now, time: time, calendar: calendar, ids: ids, screenTimeAuthorized: authorized)
        var outcome = ReconcileOutcome(trigger: trigger, time: time)

        transaction.record(.triggered(trigger), at: now)
        // Access allowed ends the timer: from now on sessions shield, and one without access is refused.
        if authorized, transaction.state.settings.timerOnly { transaction.state.settings.timerOnly = false }
        if let report = ScreenTimeReport(trigger) {
            recordScreenTime(report, in: &transaction.state, now: now, calendar: calendar)
        }
        // A failing reconcile applied the fail-closed shields: what the device holds is no longer
        // what the record says, so every store is applied (or cleared) again.
        let tookOver = failClosedWasApplied(&transaction.state.applied)
        if change == nil, !tookOver, trigger.isMonitorCallback, !time.isJumped,
            isQuiet(transaction.state.applied, time: time, calendar: calendar)
        {
            // The second callback at a boundary, or the echo of a registration: nothing to do.
            transaction.state.applied.clock = time.anchor
            // The monitor runs: it is not asleep (a quiet period ends by the first wake-up planned).
            let awaited = transaction.state.applied.monitor.awaited
            transaction.state.applied.monitor.heard(next: awaited.flatMap { $0 > time.wall ? $0 : nil })
            outcome.wasQuiet = true
            // Decided by the reconcile that began the quiet period; a record from before they were kept
            // works them out again from its evaluation.
            outcome.deviceRestrictions =
                transaction.state.applied.deviceRestrictions
                ?? transaction.state.lastEnforcement(deviceZone: calendar.timeZone)
                .map { DeviceRestrictions.required(by: $0, in: transaction.state.engine) }
            return outcome
        }
        settle(&transaction, context: context, outcome: &outcome)
        let settingsBefore = transaction.state.settings
        if let change {
            let before = transaction
            do {
                try change(&transaction, context)
                outcome.events = transaction.recorded.dropFirst(before.recorded.count).map(\.event)
            } catch {
                transaction = before
                outcome.refusal = error as? ValidationError ?? ValidationError("request", .unexpected(String(describing: error)))
            }
        }

        var state = transaction.state
        rollProgress(&state, now: now, calendar: calendar)
        state.engine = state.engine.pruned(at: now)
        let enforcement = evaluate(state.engine, at: time, calendar: calendar)
        var repairs: [RepairNotice] = []
        if time.isJumped {
            repairs.append(.clockMoved(jump: time.jump))
        }
        if let capacity = enforcement.capacityError {
            repairs.append(RepairNotice(.capacity(capacity)))
        }
        if !authorized {
            repairs.append(RepairNotice(.notAuthorized))
        }

        // An entry of the person's reads back what the record says is applied, and applies again
        // what the device no longer holds (an iPhone restored from a backup holds none).
        if trigger.meansPhoneInUse { forgetStoresNotHeld(&state.applied) }
        let storesBefore = state.applied.stores
        applyShields(enforcement.stores, to: &state.applied, outcome: &outcome, repairs: &repairs)
        leaveFailClosed(
            FailClosedShields.make(state.engine, at: time, reading: reading, calendar: calendar), rewrite: tookOver,
            applied: &state.applied, repairs: &repairs)
        planWakeUpsAndNotifications(&state, time: time, calendar: calendar, outcome: &outcome, repairs: &repairs)
        watchMonitor(&state.applied.monitor, trigger: trigger, plan: outcome.plan, time: time, repairs: repairs)
        let sessionBefore = state.applied.session
        let liveChanged = updateLiveActivity(
            state.engine, enforcement, paysXP: state.keptAccounts.contains(.xp), calendar: calendar, time: time,
            applied: &state.applied, repairs: &repairs)
        if let permission = screenTime.notificationPermission() { state.applied.notificationPermission = permission }
        // Settings hold what widgets read beside the events (a streak reset, the screen-time goal).
        if state.applied.stores != storesBefore || liveChanged || state.applied.session != sessionBefore || !outcome.events.isEmpty
            || !outcome.settled.isEmpty || state.settings != settingsBefore
        {
            screenTime.reloadWidgets()
            outcome.reloadedWidgets = true
        }

        state.applied.evaluated = EvaluationPoint(time, calendar: calendar)
        state.applied.appliedAt = now
        state.applied.clock = time.anchor
        state.applied.repairs = repairs
        let restrictions = DeviceRestrictions.required(by: enforcement, in: state.engine)
        state.applied.deviceRestrictions = restrictions
        state.applied.quiet = quietPeriod(
            after: enforcement, plan: outcome.plan, settles: SettleSessions.nextPlannedEnd(in: state.engine, after: now),
            time: time, calendar: calendar, repairs: repairs)
        transaction.state = state
        outcome.enforcement = enforcement
        outcome.repairs = repairs
        outcome.deviceRestrictions = restrictions
        return outcome
    }

    // MARK: Progress

    /// Writes down the sessions and scheduled spans that ended by themselves since the last
    /// reconcile, with what they earned (``SettleSessions``). A failure leaves them for the next
    /// reconcile and is reported; it never stops the shields from being applied.
    private func settle(_ transaction: inout StoreTransaction, context: ChangeContext, outcome: inout ReconcileOutcome) {
        let before = transaction
        do {
            try context.run(SettleSessions(since: transaction.state.applied.appliedAt), on: &transaction)
            outcome.settled = transaction.recorded.dropFirst(before.recorded.count).map(\.event)
        } catch {
            transaction = before
            outcome.settlementProblem = String(describing: error)
        }
    }

    /// Notes a daily screen-time activity's callback for the day of its interval. One about a day
    /// already counted (late, or the day's end at midnight) counts the goal streak again at once,
    /// as the quiet path that follows does nothing more.
    private func recordScreenTime(_ report: ScreenTimeReport, in state: inout StoredState, now: Date, calendar: Calendar) {
        let clock = Clockwork(calendar: calendar)
        // A threshold no one had time to reach (iOS 26.2–26.3) is neither counted nor quipped.
        guard report.isPossible(at: now, clock: clock) else { return }
        let today = clock.localDate(of: now)
        let before = state.progress.screenTimeMinutes(on: report.day)
        state.progress.record(report, at: now, clock: clock)
        if let quip = state.progress.quip(after: report, previousMinutes: before, settings: state.settings, at: now, clock: clock) {
            let minutes = state.progress.screenTimeMinutes(on: report.day)
            // NB: a quip that cannot be posted is not retried: the next threshold brings another.
            try? screenTime.postNotification(
                LocalNotification(
                    id: "quip.\(report.day).\(minutes)", .quip(id: quip.id, minutes: minutes),
                    destination: .home))
        }
        if report.day < today {
            state.progress.recountGoalStreak(to: today, tracking: state.settings.screenTime)
        }
    }

    /// Counts the streaks through yesterday when the day has changed (``ProgressRecord``).
    private func rollProgress(_ state: inout StoredState, now: Date, calendar: Calendar) {
        let clock = Clockwork(calendar: calendar)
        let today = clock.localDate(of: now)
        guard state.progress.needsRoll(to: today, state: state.engine, tracking: state.settings.screenTime) else { return }
        state.progress.roll(to: today, state: state.engine, tracking: state.settings.screenTime, clock: clock)
    }

    // MARK: Quiet periods

    /// How long nothing can change: until the engine's next change, the plan's first wake-up, a
    /// session's planned end or midnight (streaks are counted and the day's screen-time activity
    /// renewed then), six hours at most, provided all went well and the clock is trusted.
    ///
    /// NB: this relies on the engine's state changing only inside a reconcile (a `StateCommand`);
    /// only monitor callbacks take the quiet path, so the app's own reconciles always do the work.
    private func quietPeriod(
        after enforcement: Enforcement, plan: ActivityPlan?, settles: Date?, time: TrustedTime, calendar: Calendar,
        repairs: [RepairNotice]
    ) -> QuietPeriod? {
        guard repairs.isEmpty, !time.isJumped, let plan, let names = try? screenTime.activities().map(\.name).sorted() else { return nil }
        // NB: iOS may accept a registration and not keep it (Foqos #352, "Device Activities (0)"):
        // then nothing is quiet, so the next callback of any kind registers it again.
        guard Set(plan.registrations.map(\.name)).isSubset(of: names) else { return nil }
        let clock = Clockwork(calendar: calendar)
        let midnight = clock.startOfDay(clock.localDate(of: time.wall).adding(days: 1))
        let until = [enforcement.nextChange, plan.wakeUps.first, settles, midnight, time.wall.addingTimeInterval(6 * 3_600)]
            .compactMap { $0 }.min()!
        return QuietPeriod(from: time.wall, until: until, timeZoneIdentifier: calendar.timeZone.identifier, activities: names)
    }

    private func isQuiet(_ applied: AppliedRecord, time: TrustedTime, calendar: Calendar) -> Bool {
        guard let quiet = applied.quiet, applied.repairs.isEmpty, let registered = try? screenTime.activities() else { return false }
        return quiet.holds(at: time.wall, timeZoneIdentifier: calendar.timeZone.identifier, activities: registered.map(\.name).sorted())
    }

    // MARK: Shields

    /// Whether a failing reconcile applied the fail-closed shields since the last save; if so, the
    /// record of what is applied is made to hold every store any of them touched, with no
    /// fingerprint, so that each is applied or cleared again. A file that cannot be read counts as
    /// applied (the stores are applied again, which costs only time); a missing one as not.
    private func failClosedWasApplied(_ applied: inout AppliedRecord) -> Bool {
        guard applied.failClosed != nil else { return false }
        let touched: [String]
        do {
            guard let left = try failClosed.read(), left.wasApplied else { return false }
            touched = left.stores.map(\.name)
        } catch {
            touched = []
        }
        applied.forgetStores(applied.stores.map(\.name) + touched)
        return true
    }

    /// Forgets the fingerprint of each store the record says is applied and the device does not
    /// hold (read back; a client that cannot tell changes nothing), so that it is applied again.
    private func forgetStoresNotHeld(_ applied: inout AppliedRecord) {
        let lost = applied.stores.filter { !$0.fingerprint.hex.isEmpty && screenTime.isHoldingShield($0.name) == false }.map(\.name)
        if !lost.isEmpty { applied.forgetStores(lost) }
    }

    /// Leaves the fail-closed shields beside the store when they changed (or must be rewritten),
    /// or removes them when nothing is lifted.
    private func leaveFailClosed(_ record: FailClosedShields?, rewrite: Bool, applied: inout AppliedRecord, repairs: inout [RepairNotice]) {
        let stamp = record?.stamp
        guard stamp != applied.failClosed || rewrite else { return }
        do {
            try failClosed.write(record)
            applied.failClosed = stamp
        } catch {
            repairs.append(RepairNotice(.failClosedNotLeft(error: "\(error)")))
        }
    }

    /// Applies each store whose fingerprint differs from the record's and clears each the record
    /// holds that is no longer wanted. The record follows only what succeeded, so a refused change
    /// is retried by the next reconcile; a refused clear leaves that store shielding (the safe side).
    ///
    /// NB: the record keeps fingerprints, not settings, so a repair re-applies from a fresh
    /// evaluation, never from the record; a store cleared behind Threshold's back (it cannot read
    /// them back) is put back only when its settings next change or its record is lost.
    ///
    /// In the app's own process, every store an extension changed since the app last wrote is
    /// written again (or cleared again): on iOS 26 a shield an extension lifted can stay drawn
    /// until the app writes (khi48/intentions #9; ``AppliedRecord/changedOutsideApp``).
    private func applyShields(
        _ wanted: [ShieldStore], to applied: inout AppliedRecord, outcome: inout ReconcileOutcome,
        repairs: inout [RepairNotice]
    ) {
        var held = Dictionary(applied.stores.map { ($0.name, $0.fingerprint) }, uniquingKeysWith: { a, _ in a })
        let wantedNames = Set(wanted.map(\.name))
        var rewrite = screenTime.runsInApp ? Set(applied.changedOutsideApp) : []
        var written: Set<String> = []
        for store in wanted {
            let fingerprint = store.fingerprint
            guard held[store.name] != fingerprint || rewrite.contains(store.name) else { continue }
            do {
                try screenTime.applyShield(store)
                held[store.name] = fingerprint
                rewrite.remove(store.name)
                written.insert(store.name)
                outcome.shieldChanges.append(store.name)
            } catch {
                repairs.append(RepairNotice(.storeNotApplied(store: store.name, error: "\(error)")))
            }
        }
        for name in held.keys.sorted() where !wantedNames.contains(name) {
            do {
                try screenTime.clearShield(name)
                held[name] = nil
                rewrite.remove(name)
                written.insert(name)
                outcome.shieldChanges.append(name)
            } catch {
                repairs.append(RepairNotice(.storeNotCleared(store: name, error: "\(error)")))
            }
        }
        for name in rewrite.sorted() where !wantedNames.contains(name) {
            // An extension cleared it: cleared again from the app, so iOS draws what is true.
            do {
                try screenTime.clearShield(name)
                rewrite.remove(name)
                outcome.shieldChanges.append(name)
            } catch {
                repairs.append(RepairNotice(.storeNotCleared(store: name, error: "\(error)")))
            }
        }
        applied.changedOutsideApp = screenTime.runsInApp ? rewrite.sorted() : Set(applied.changedOutsideApp).union(written).sorted()
        applied.stores = held.map { AppliedStore(name: $0.key, fingerprint: $0.value) }.sorted { $0.name < $1.name }
    }

    // MARK: Wake-ups and notifications

    /// Plans the wake-ups, hands the notifications due until the last of them to iOS, and
    /// registers the plan (with a renewal wake-up when the notifications handed over run out
    /// before any boundary wakes the monitor).
    private func planWakeUpsAndNotifications(
        _ state: inout StoredState, time: TrustedTime, calendar: Calendar,
        outcome: inout ReconcileOutcome, repairs: inout [RepairNotice]
    ) {
        let registered: [ActivityRegistration]?
        do {
            registered = try screenTime.activities()
        } catch {
            registered = nil
            repairs.append(RepairNotice(.activitiesNotListed(error: "\(error)")))
        }
        let reserved = reserved(state, time.wall, calendar)
        var plan = ActivityPlanner.plan(state.engine, at: time, calendar: calendar, reserved: reserved)
        if let renewBy = handNotifications(
            &state, through: plan.horizon, time: time, calendar: calendar, outcome: &outcome, repairs: &repairs),
            plan.wakeUps.first.map({ $0 > renewBy }) ?? true
        {
            plan = ActivityPlanner.plan(state.engine, at: time, calendar: calendar, reserved: reserved, renewBy: renewBy)
        }
        guard let registered else { return }
        outcome.plan = plan
        register(plan, over: registered, marking: &state.applied.usageRegistered, at: time.anchor, outcome: &outcome, repairs: &repairs)
    }

    /// Keeps the first wake-up planned since the monitor last ran, and notes it missed when an
    /// entry of the person's comes ``MonitorWatch/grace`` after it with no callback since
    /// (``MonitorWatch``). A plan not registered in full awaits nothing: a wake-up iOS refused is
    /// not iOS's to miss. A moved clock judges nothing.
    private func watchMonitor(
        _ watch: inout MonitorWatch, trigger: Trigger, plan: ActivityPlan?, time: TrustedTime, repairs: [RepairNotice]
    ) {
        guard let plan else { return }
        let next = repairs.contains { $0.kind == .monitoringFailed } ? nil : plan.wakeUps.first { $0 > time.wall }
        if trigger.isMonitorCallback {
            watch.heard(next: next)
        } else if !time.isJumped {
            watch.entered(at: time.wall, next: next, inUse: trigger.meansPhoneInUse)
        }
    }

    /// Registers what the planner chose and stops our activities it no longer wants. Unchanged
    /// registrations are left alone (re-registering mid-interval fires `intervalDidEnd`). `marks`
    /// keeps the boot and uptime (`anchor`) each usage activity wanted was registered at, which
    /// its event cannot come before (``UsageTrigger/evidence(of:registered:reading:)``).
    private func register(
        _ plan: ActivityPlan, over registered: [ActivityRegistration], marking marks: inout [String: ClockAnchor],
        at anchor: ClockAnchor, outcome: inout ReconcileOutcome, repairs: inout [RepairNotice]
    ) {
        let wanted = Set(plan.registrations.map(\.name))
        marks = marks.filter { wanted.contains($0.key) }
        let stale = registered.map(\.name).filter { $0.hasPrefix(ActivityRegistration.namePrefix) && !wanted.contains($0) }.sorted()
        if !stale.isEmpty {  // NB: an empty list would stop every activity (PLATFORM.md).
            do {
                try screenTime.stopMonitoring(stale)
                outcome.stopped = stale
            } catch {
                repairs.append(RepairNotice(.wakeUpsNotStopped(error: "\(error)")))
            }
        }
        let current = Dictionary(registered.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        for registration in plan.registrations where current[registration.name] != registration {
            do {
                try screenTime.startMonitoring(registration)
                outcome.registered.append(registration.name)
                if UsageTrigger.isUsageActivity(registration.name) { marks[registration.name] = anchor }
            } catch {
                repairs.append(RepairNotice(.wakeUpNotRegistered(error: "\(error)")))
            }
        }
    }

    /// At most this many notifications wait in iOS at once (it keeps 64 per app).
    static let pendingLimit = 48

    /// Hands the notifications due by `horizon` (eight days when nothing is planned) to iOS:
    /// those due now at once, later ones with their fire dates (at most ``pendingLimit``), so
    /// the monitor never wakes for a notification. A handed-over one that is no longer due (a
    /// break ended early) is withdrawn; one whose time has come counts as shown. Returns the
    /// instant by which the monitor must wake to hand over the rest, when some were left out.
    ///
    /// NB: one handed over beyond the stretch looked at is left as it is: the reconcile whose
    /// stretch reaches it, before it is due, keeps or withdraws it.
    private func handNotifications(
        _ state: inout StoredState, through horizon: Date?, time: TrustedTime, calendar: Calendar,
        outcome: inout ReconcileOutcome, repairs: inout [RepairNotice]
    ) -> Date? {
        let wall = time.wall
        let clock = Clockwork(calendar: calendar)
        // Due since the last reconcile (a day at most; a minute's overlap, as posting is by id).
        let dayAgo = wall.addingTimeInterval(-86_400)
        let from = max(dayAgo, state.applied.appliedAt.map { $0.addingTimeInterval(-60) } ?? dayAgo)
        let through = horizon ?? wall.addingTimeInterval(8 * 86_400)

        // Handed over before and due since: iOS has shown them.
        for (id, pending) in state.applied.pendingNotifications.sorted(by: { $0.value.at < $1.value.at }) where pending.at <= wall {
            state.applied.pendingNotifications[id] = nil
            state.applied.postedNotifications[id] = pending.at
            if let expires = pending.expires { state.applied.shownUntil[id] = expires }
            state.progress.recordPosted(id: id, at: pending.at, clock: clock)
        }
        // NB: the stretch up to now and the one ahead are asked for apart, so a reminder gone
        // stale unseen does not count against the evening prompt's throttle for the ones ahead.
        let recent = dueNotifications(state.engine, from: from, through: wall, calendar: calendar, reminders: ReminderPlan(state))
        for note in recent where note.isDue(at: wall) && state.applied.postedNotifications[note.id] == nil {
            do {
                try screenTime.postNotification(LocalNotification(id: note.id, note.message, destination: note.destination))
                state.applied.postedNotifications[note.id] = note.at
                state.applied.shownUntil[note.id] = note.expires
                state.progress.recordPosted(note, clock: clock)
                outcome.notified.append(note.id)
            } catch {
                repairs.append(RepairNotice(.notificationNotPosted(error: "\(error)")))
            }
        }
        let posted = state.applied.postedNotifications
        let due = dueNotifications(state.engine, from: wall, through: through, calendar: calendar, reminders: ReminderPlan(state))
        let ahead = Array(due.lazy.filter { posted[$0.id] == nil }.prefix(Self.pendingLimit))
        for note in ahead {
            let pending = PendingNotification(note)
            guard state.applied.pendingNotifications[note.id] != pending else { continue }
            do {
                try screenTime.postNotification(
                    LocalNotification(id: note.id, note.message, destination: note.destination, fireDate: note.at))
                state.applied.pendingNotifications[note.id] = pending
                outcome.scheduled.append(note.id)
            } catch {
                repairs.append(RepairNotice(.notificationNotScheduled(error: "\(error)")))
            }
        }
        let kept = Set(ahead.map(\.id))
        let stale = state.applied.pendingNotifications.filter { $0.value.at <= through && !kept.contains($0.key) }.keys.sorted()
        if !stale.isEmpty {
            do {
                try screenTime.removeNotifications(stale)
                for id in stale { state.applied.pendingNotifications[id] = nil }
                outcome.withdrawn = stale
            } catch {
                repairs.append(RepairNotice(.notificationsNotWithdrawn(error: "\(error)")))
            }
        }
        // Shown and now over (a goal's session ended, a break ended, a scheduled span began):
        // withdrawn from the lock screen.
        let over = state.applied.shownUntil.filter { $0.value <= wall }.keys.sorted()
        if !over.isEmpty {
            do {
                try screenTime.removeNotifications(over)
                for id in over { state.applied.shownUntil[id] = nil }
            } catch {
                repairs.append(RepairNotice(.notificationsNotWithdrawn(error: "\(error)")))
            }
        }
        let cutoff = wall.addingTimeInterval(-2 * 86_400)
        state.applied.postedNotifications = state.applied.postedNotifications.filter { $0.value > cutoff }

        // The monitor must wake by the last one handed over when more follow it unhanded: some
        // were left out for the limit, or nothing planned wakes it at all.
        guard let last = ahead.last?.at, ahead.count == Self.pendingLimit || horizon == nil else { return nil }
        return last
    }

    // MARK: Surfaces

    /// Starts, updates or ends the Live Activity; returns whether it changed. The session the
    /// surfaces should show is recorded whatever happens (the widget and the status read it);
    /// the Live Activity only as far as this process was allowed to change it, so a change the
    /// monitor could not make (iOS lets only the app and its intents start or change one) stays
    /// owed, and the app makes it the next time it runs. Not being allowed is not a repair: it
    /// is how iOS works, and the content already shown stays true on its own until its
    /// `staleDate` (see ``LiveActivityContent``).
    private func updateLiveActivity(
        _ state: ThresholdState, _ enforcement: Enforcement, paysXP: Bool, calendar: Calendar, time: TrustedTime,
        applied: inout AppliedRecord, repairs: inout [RepairNotice]
    ) -> Bool {
        let wanted = LiveActivityContent.current(state, enforcement, calendar: calendar, at: time.wall)
        applied.session = wanted
        let before = applied.liveActivity
        guard wanted != before else { return false }
        do {
            if let old = applied.liveActivity, old.profileID != wanted?.profileID {
                try screenTime.endLiveActivity(
                    old.profileID, LiveActivityEnding.of(old.profileID, in: state, paysXP: paysXP, at: time.wall))
                applied.liveActivity = nil
            }
            if let new = wanted {
                if applied.liveActivity == nil {
                    try screenTime.startLiveActivity(new)
                } else {
                    try screenTime.updateLiveActivity(new)
                }
                applied.liveActivity = new
            }
        } catch ScreenTimeError.liveActivityNotAllowed {
            // Owed to the app: the record keeps what is really showing.
        } catch {
            repairs.append(RepairNotice(.liveActivityNotUpdated(error: "\(error)")))
        }
        return applied.liveActivity != before
    }
}

/// What one reconcile did, for the caller to show and for tests to check.
public struct ReconcileOutcome: Sendable {
    public let trigger: Trigger
    /// The clocks as read; `nil` when the store failed before they were read.
    public let time: TrustedTime?
    /// What the engine decided; `nil` when the reconcile failed closed.
    public internal(set) var enforcement: Enforcement?
    /// Why the caller's change was refused (it was undone).
    public internal(set) var refusal: ValidationError?
    /// The events the caller's change recorded.
    public internal(set) var events: [Event] = []
    /// What ended by itself and was written down before the change (``SettleSessions``).
    public internal(set) var settled: [Event] = []
    /// Why writing down what ended by itself failed (it is tried again next time): the error as
    /// it describes itself, developer-facing (for logs and tests; no screen shows it).
    public internal(set) var settlementProblem: String?
    public internal(set) var repairs: [RepairNotice] = []
    /// The store could not be read or written: nothing was applied or saved.
    public let storeFailure: StoreError?
    /// Shield stores applied or cleared.
    public internal(set) var shieldChanges: [String] = []
    public internal(set) var registered: [String] = []
    public internal(set) var stopped: [String] = []
    /// Notifications posted to show at once.
    public internal(set) var notified: [String] = []
    /// Notifications handed to iOS to show at their instant (new or changed).
    public internal(set) var scheduled: [String] = []
    /// Notifications handed over before and withdrawn, no longer due.
    public internal(set) var withdrawn: [String] = []
    public internal(set) var reloadedWidgets = false
    public internal(set) var plan: ActivityPlan?
    /// The callback fell in a quiet period: only the trigger and the clock were saved.
    public internal(set) var wasQuiet = false
    /// The store failed and a lift's end was in doubt: the fail-closed shields were applied.
    public internal(set) var appliedFailClosed = false
    /// What went wrong in failing closed, when something did (for logs and tests; no screen shows it).
    public internal(set) var failClosedProblem: FailClosedProblem?
    /// The state this reconcile saved, the one every screen shows (``withoutSavedState()`` drops it
    /// where outcomes are kept); `nil` when the store failed.
    public internal(set) var saved: StoredState?
    /// The device restrictions the restrictions in force ask for, decided in the reconcile from
    /// what it saved (`nil` when the store failed, or nothing was ever evaluated): the entry point
    /// sets them once the transaction has committed.
    public internal(set) var deviceRestrictions: DeviceRestrictions?

    /// A later decision made this one's system calls before it could (it found them owed).
    public internal(set) var superseded = false

    /// Takes out of the lists of what was done the calls that were refused.
    mutating func dropMade(_ refused: [SystemEffect]) {
        for effect in refused {
            switch effect {
            case .applyShield(let store): shieldChanges.removeAll { $0 == store.name }
            case .clearShield(let name): shieldChanges.removeAll { $0 == name }
            case .startMonitoring(let registration): registered.removeAll { $0 == registration.name }
            case .stopMonitoring(let names): stopped.removeAll { names.contains($0) }
            case .post(let note): notified.removeAll { $0 == note.id }; scheduled.removeAll { $0 == note.id }
            case .removeNotifications(let ids): withdrawn.removeAll { ids.contains($0) }
            case .startLiveActivity, .updateLiveActivity, .endLiveActivity, .reloadWidgets: continue
            }
        }
    }

    /// The outcome less the state it saved: for a log of outcomes that should not keep every state.
    public func withoutSavedState() -> ReconcileOutcome {
        var lean = self
        lean.saved = nil
        return lean
    }

    init(trigger: Trigger, time: TrustedTime) {
        self.trigger = trigger
        self.time = time
        self.storeFailure = nil
    }

    init(trigger: Trigger, failure: StoreError) {
        self.trigger = trigger
        self.time = nil
        self.storeFailure = failure
    }

    /// True when the store failed: nothing was saved, and the shields stayed as they were or,
    /// with a lift's end in doubt, were closed (``appliedFailClosed``).
    public var failedClosed: Bool { storeFailure != nil }
}

/// What went wrong while a reconcile that could not use the store failed closed. Developer-facing:
/// the person sees the shields stay on and the store's failure, not this.
public enum FailClosedProblem: Hashable, Sendable, CustomStringConvertible {
    /// The shields left beside the store could not be read either: the shields stay as they were.
    case unreadable(error: String)
    /// One of the shield stores left beside the store could not be applied.
    case storeNotApplied(store: String, error: String)
    /// The shields were applied but could not be marked so.
    case notMarkedApplied(error: String)

    public var description: String {
        switch self {
        case .unreadable(let error): "fail-closed shields unreadable, shields left as they were: \(error)"
        case .storeNotApplied(let store, let error): "fail-closed store \(store) not applied: \(error)"
        case .notMarkedApplied(let error): "fail-closed shields not marked applied: \(error)"
        }
    }
}
