// One DeviceActivity monitor callback in a process of its own, for measuring its heap with
// valgrind (Benchmarks/measure-reconcile-heap.sh):
//
//   reconcile-once prepare DIR RULES   the app sets up RULES rules in DIR and plans its wake-ups
//   reconcile-once reset DIR           puts DIR's store back as `prepare` left it
//   reconcile-once callback DIR        the monitor's callback at the first of them: open the store
//                                      as the extension, reconcile once, close
//   reconcile-once lock DIR MS RUNS    the callback RUNS times (the store put back each time), each
//                                      system call taking MS milliseconds: how long the store's
//                                      write lock is held, median of the runs (issue 38)
//   reconcile-once baseline            nothing: the process's own heap, to subtract

import Foundation
import Workloads

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("reconcile-once: \(message)\n".utf8))
    exit(2)
}

let arguments = Array(CommandLine.arguments.dropFirst())
do {
    switch (arguments.first, arguments.count) {
    case ("prepare", 3):
        guard let rules = Int(arguments[2]), rules >= 0 else { fail("RULES must be a whole number") }
        let callback = try MonitorCallback(rules: rules, in: URL(fileURLWithPath: arguments[1], isDirectory: true))
        print("prepared \(rules) rules; the callback is \(callback.trigger) at \(callback.at)")
    case ("reset", 2):
        try MonitorCallback(loading: URL(fileURLWithPath: arguments[1], isDirectory: true)).reset()
    case ("callback", 2):
        let outcome = try MonitorCallback(loading: URL(fileURLWithPath: arguments[1], isDirectory: true)).run()
        print(
            "reconciled: \(outcome.enforcement?.rules.count ?? 0) rules in force, \(outcome.registered.count) registered, \(outcome.stopped.count) stopped"
        )
    case ("lock", 4):
        guard let ms = Double(arguments[2]), let runs = Int(arguments[3]), runs > 0 else { fail("MS and RUNS must be numbers") }
        let callback = try MonitorCallback(loading: URL(fileURLWithPath: arguments[1], isDirectory: true))
        let holds = try (0..<runs).map { _ in try callback.runTimingTheLock(callLatency: ms / 1_000) }.sorted { $0.held < $1.held }
        print(
            "\(callback.rules) rules, calls taking \(arguments[2]) ms: median \(holds[runs / 2]); fastest \(String(format: "%.2f", holds[0].held * 1_000)) ms, slowest \(String(format: "%.2f", holds[runs - 1].held * 1_000)) ms"
        )
    case ("baseline", 1):
        print("baseline")
    default:
        fail("usage: reconcile-once prepare DIR RULES | reset DIR | callback DIR | lock DIR MS RUNS | baseline")
    }
} catch {
    fail("\(error)")
}
