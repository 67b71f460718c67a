// A small process that works on a Threshold store, for the tests that need a second OS process
// (lost updates, kill -9 mid-transaction, busy locks) and for measuring the extension's heap.
//
//   threshold-store-stress increment DIR COUNT NAME   COUNT writes, each posting 1 credit ("NAME"),
//                                                     100 µs apart
//   threshold-store-stress hold DIR                   posts 1000 credits inside a write, prints
//                                                     "holding", then never leaves the transaction
//   threshold-store-stress churn DIR                  writes until killed, printing "wrote N"
//   threshold-store-stress unlock DIR                 until killed: earns 5 credits and spends them on
//                                                     a 5-minute credits unlock (a grant), one write each,
//                                                     the way the unlock gate does; prints "wrote N".
//                                                     Each unlock starts 10 minutes after the last one
//                                                     ended (a virtual clock that runs ahead of the
//                                                     wall clock), as a person's would, so the writes
//                                                     stay within the set-up budget's 300 a day
//   threshold-store-stress seed DIR                   creates a store with a realistic state
//   threshold-store-stress probe DIR                  what the monitor extension does on a
//                                                     reconcile: open, one read, one small write
//   threshold-store-stress reconcile DIR [killed]      the app's reconcile on opening, over a device that
//                                                     does nothing; with `killed`, SIGKILL right after
//                                                     the commit, before any system call (issue 38)
//   threshold-store-stress baseline                   nothing: the process's own heap, to subtract

import Foundation
import ScreenTimeClient
import StoreClient
import ThresholdCore
@_spi(Testing) import ThresholdRuntime
import ThresholdStore

func credit(_ memo: String) throws -> LedgerEntry {
    try LedgerEntry(account: .credits, amount: 1, memo: memo)
}

func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

func run(_ arguments: [String]) throws {
    let directory = arguments.count > 1 ? URL(fileURLWithPath: arguments[1], isDirectory: true) : nil
    switch (arguments.first, directory) {
    case ("increment", let directory?) where arguments.count == 4:
        let store = try ThresholdStore.open(directory: directory, busyTimeout: 30)
        for _ in 0..<(Int(arguments[2]) ?? 0) {
            try store.write { try $0.post(credit(arguments[3]), at: Date()) }
            // A real writer does other work between transactions; without any gap the writer
            // that holds the lock takes it again before the other's busy handler wakes up.
            usleep(100)
        }
        say("done")
    case ("hold", let directory?):
        let store = try ThresholdStore.open(directory: directory)
        try store.write { transaction in
            try transaction.post(LedgerEntry(account: .credits, amount: 1_000, memo: "never committed"), at: Date())
            transaction.state.settings.onboardingCompleted = true
            say("holding")
            while true { Thread.sleep(forTimeInterval: 60) }
        }
    case ("churn", let directory?):
        let store = try ThresholdStore.open(directory: directory, busyTimeout: 30)
        var count = 0
        while true {
            try store.write { transaction in
                try transaction.post(credit("churn"), at: Date())
                transaction.record(.streakFreezeUsed(day: LocalDate(dayNumber: 20_000 + count)), at: Date())
            }
            count += 1
            if count % 10 == 0 { say("wrote \(count)") }
        }
    case ("unlock", let directory?):
        let store = try ThresholdStore.open(directory: directory, busyTimeout: 30)
        let calendar = Calendar.gregorian(in: TimeZone(identifier: "UTC")!)
        let ids = IDGenerator { kind in "\(kind)-\(UUID().uuidString)" }
        let terms = try UnlockTerms(scope: .allGated, minutes: 5, creditsPerMinute: 1)
        var count = 0
        while true {
            try store.write { transaction in
                let lastEnd = transaction.state.engine.grants.map(\.end).max() ?? .distantPast
                let now = max(Date(), lastEnd.addingTimeInterval(10 * 60))
                try transaction.post(LedgerEntry(account: .credits, amount: 5, memo: "earned"), at: now)
                let unlock = CreditsUnlock(terms: terms, balance: transaction.state.balances.credits, label: "stress")
                let context = ChangeContext(
                    now: now, time: TrustedTime(wall: now, trusted: now), calendar: calendar, ids: ids,
                    screenTimeAuthorized: true)
                _ = try CompleteRitual(try unlock.spend(minutes: 5, at: now)).apply(to: &transaction, context: context)
            }
            count += 1
            say("wrote \(count)")
        }
    case ("seed", let directory?):
        let store = try ThresholdStore.open(directory: directory)
        try store.write { transaction in
            transaction.state = try ExtensionProbe.realisticState(at: Date())
            for _ in 0..<200 { try transaction.post(credit("seed"), at: Date()) }
        }
        say("seeded")
    case ("probe", let directory?):
        try ExtensionProbe.reconcile(in: directory)
        say("probed")
    case ("reconcile", let directory?):
        let store = try ThresholdStore.open(directory: directory, busyTimeout: 30)
        var reconciler = Reconciler(
            store: store, screenTime: .doingNothing, clock: .live, ids: IDGenerator { "\($0)-\(UUID().uuidString)" })
        if arguments.dropFirst(2).first == "killed" {
            reconciler.afterCommit = {
                kill(getpid(), SIGKILL); return false
            }
        }
        let outcome = reconciler.reconcile(.appForeground)
        say("reconciled: \(outcome.shieldChanges.count) stores applied or cleared")
    case ("baseline", _):
        say("baseline")
    default:
        FileHandle.standardError.write(
            Data(
                "usage: threshold-store-stress increment|hold|churn|unlock|seed|probe|reconcile DIR [COUNT NAME | killed] | baseline\n".utf8
            ))
        exit(2)
    }
}

do {
    try run(Array(CommandLine.arguments.dropFirst()))
} catch {
    FileHandle.standardError.write(Data("threshold-store-stress: \(error)\n".utf8))
    exit(1)
}

extension ScreenTimeClient {
    /// A device that takes every call and keeps nothing, authorized: what the helper's own process
    /// applies is not looked at (the test reconciles again over a simulated phone).
    /// The app's process (`runsInApp`), as the helper's reconcile is the app's on opening.
    static let doingNothing: ScreenTimeClient = {
        var client = ScreenTimeClient(
            applyShield: { _ in }, clearShield: { _ in }, startMonitoring: { _ in }, stopMonitoring: { _ in }, activities: { [] },
            authorizationStatus: { .approved }, requestAuthorization: { .approved }, postNotification: { _ in },
            removeNotifications: { _ in }, startLiveActivity: { _ in }, updateLiveActivity: { _ in }, endLiveActivity: { _, _ in },
            reloadWidgets: {})
        client.runsInApp = true
        return client
    }()
}
