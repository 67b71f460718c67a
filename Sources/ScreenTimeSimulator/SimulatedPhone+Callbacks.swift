import EntryPoints
import Foundation
import ScreenTimeClient
import StoreClient
import SystemWords
import ThresholdCore
@_spi(Setup) import ThresholdRuntime

// DeviceActivity's callbacks reaching Threshold's monitor on the simulated phone: delivered in
// order as time passes, dropped, doubled or held back as the faults say, and each run through the
// monitor's reconcile.
extension SimulatedPhone {
    /// The person picks the phone up: every deferred callback arrives now.
    func deviceInUse() {
        activityCentre.fireDue(through: clock.wall, timeZone: clock.timeZone)
        deliverFiredCallbacks(releasingDeferredThrough: .distantFuture)
    }

    func deliverFiredCallbacks(releasingDeferredThrough release: Date? = nil) {
        var rounds = 0
        while true {
            var batch = activityCentre.takeFired()
            if let release {
                let ready = deferred.filter { $0.deliverAt <= release }.sorted { $0.deliverAt < $1.deliverAt }
                deferred.removeAll { $0.deliverAt <= release }
                batch = ready.map(\.callback) + batch
            }
            guard !batch.isEmpty else { return }
            rounds += 1
            precondition(rounds < 10_000, "callback storm: the reconciler keeps re-registering at \(clock.wall)")
            for callback in batch { deliver(callback) }
        }
    }

    func deliver(_ callback: DeviceActivityCentre.Callback) {
        guard !monitorSleeps else {
            callbacksNotCalled += 1
            note(.fault, "iOS did not call the monitor: \(callback)")
            return
        }
        let (fault, delay) = faults.isQuiet ? (.deliver, 0) : faults.next(droppedSoFar: dropsByInstant[callback.at] ?? 0)
        switch fault {
        case .drop:
            dropsByInstant[callback.at, default: 0] += 1
            note(.fault, "dropped \(callback)")
            return
        case .delay where delay > 0 && !deferred.contains(where: { $0.callback == callback }):
            deferred.append(DeferredCallback(deliverAt: clock.wall.addingTimeInterval(delay), callback: callback))
            note(.fault, "delayed \(callback) by up to \(Int(delay)) s")
            return
        case .duplicate:
            note(.fault, "duplicated \(callback)")
            runMonitor(callback)
        default:
            break
        }
        runMonitor(callback)
    }

    func runMonitor(_ callback: DeviceActivityCentre.Callback) {
        wakeUps.append(WakeUp(at: clock.wall, scheduled: callback.at, trigger: callback.trigger))
        runtime(for: .monitor, deliveringCallbacks: false).reconcile(callback.trigger)
    }

    func record(_ process: Process, _ outcome: ReconcileOutcome) {
        outcomes.append(ProcessOutcome(at: clock.wall, process: process, outcome: outcome.withoutSavedState()))
        let actor: TimelineEntry.Actor =
            switch process {
            case .monitor: .monitor
            case .shieldAction, .shieldConfiguration: .shieldAction
            case .app, .appInBackground, .widget, .intent: .app
            }
        if let failure = outcome.storeFailure {
            note(actor, "\(outcome.trigger): store failed, shields kept as they were (\(failure))")
        } else if !outcome.shieldChanges.isEmpty {
            note(actor, "\(outcome.trigger): shields now \(shieldSummary())")
        }
        if let refusal = outcome.refusal { note(actor, "refused: \(refusalWords.words(refusal.refusal))") }
        let posted = (outcome.settled + outcome.events).compactMap { event -> LedgerEntry? in
            if case .ledger(let entry) = event { return entry }
            return nil
        }
        for line in LedgerEntry.lines(posted) { note(actor, line) }
    }

}
