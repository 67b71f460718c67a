import Foundation

/// One line a worker writes for the crawl that started it: JSON, one object a line.
package enum WorkerLine: Codable, Sendable {
    case trying(id: String, screen: String, path: [CrawlAction])
    case finding(Finding)
    /// A picture's page written (its file, relative to the pictures folder).
    case picture(file: String, screen: String, path: [CrawlAction])
    case summary(CrawlSummary)
    /// The state could not be crawled at all (its steps fail, a picture cannot be written).
    case stateFailed(String)

    package var json: String {
        let data = (try? JSONEncoder().encode(self)) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }
}

/// What one state's crawl came to, as its workers told it.
package struct StateCrawl: Sendable {
    package let state: String
    package var findings: [Finding] = []
    package var pictures: [(file: String, screen: String, path: [CrawlAction])] = []
    package var summary = CrawlSummary()
    /// Why the state could not be crawled, when it could not.
    package var failure: String?
    package var seconds = 0.0

    package init(state: String) { self.state = state }
}

/// Runs each state's crawl in a process of its own (`threshold crawl --worker STATE`), so a crash
/// or a hang is reported with the try that caused it, and the crawl goes on without that try.
package struct WorkerPool: Sendable {
    /// The program and arguments that crawl one state, skipping the tries given.
    package let command: @Sendable (_ state: String, _ skip: [String]) -> (URL, [String])
    /// Seconds a worker may go without a line before it counts as hung.
    package var patience: TimeInterval = 120
    /// How many times a state is started again after a crash.
    package var restarts = 8

    package init(command: @escaping @Sendable (_ state: String, _ skip: [String]) -> (URL, [String])) {
        self.command = command
    }

    /// Crawls every state, `jobs` at a time; `done` is told of each as it finishes.
    package func crawl(_ states: [String], jobs: Int, done: @escaping @Sendable (StateCrawl) -> Void) async -> [StateCrawl] {
        await withTaskGroup(of: StateCrawl.self) { group in
            var results: [StateCrawl] = []
            var pending = states[...]
            for _ in 0..<max(1, jobs) {
                guard let state = pending.popFirst() else { break }
                group.addTask { await self.crawlOnAThread(state) }
            }
            for await result in group {
                done(result)
                results.append(result)
                if let state = pending.popFirst() { group.addTask { await self.crawlOnAThread(state) } }
            }
            return states.compactMap { state in results.first { $0.state == state } }
        }
    }

    /// A worker is waited for on a thread of its own, not the concurrency pool's.
    private func crawlOnAThread(_ state: String) async -> StateCrawl {
        await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: self.crawl(state)) }.start()
        }
    }

    /// One state, started again without the try that crashed it, as often as it crashes.
    private func crawl(_ state: String) -> StateCrawl {
        let started = Date()
        var result = StateCrawl(state: state)
        var skip: [String] = []
        var identities = Set<String>()
        for _ in 0...restarts {
            let run = runWorker(state, skip: skip)
            for finding in run.findings where identities.insert(finding.identity).inserted { result.findings.append(finding) }
            result.pictures = run.pictures
            result.summary = run.summary
            result.failure = run.failure
            guard let death = run.death else { break }
            guard let last = run.lastTry else {
                result.failure = "the worker \(death) before its first try" + (run.failure.map { ": \($0)" } ?? "")
                break
            }
            let finding = Finding(
                kind: death.hasPrefix("stopped") ? .failed : .crash, state: state, screen: last.screen,
                subject: last.path.last?.control ?? "the state's own steps",
                detail: "the app \(death) while the person \(last.path.last?.description ?? "did the state's steps")",
                path: last.path)
            if identities.insert(finding.identity).inserted { result.findings.append(finding) }
            skip.append(last.id)
        }
        result.seconds = Date().timeIntervalSince(started)
        return result
    }

    private struct Run {
        var findings: [Finding] = []
        var pictures: [(file: String, screen: String, path: [CrawlAction])] = []
        var summary = CrawlSummary()
        var failure: String?
        var lastTry: (id: String, screen: String, path: [CrawlAction])?
        /// How the worker died, when it did not finish: “crashed (signal 4)”, “stopped responding …”.
        var death: String?
    }

    private func runWorker(_ state: String, skip: [String]) -> Run {
        var run = Run()
        let (program, arguments) = command(state, skip)
        let process = Process()
        process.executableURL = program
        process.arguments = arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        let lines = LineReader(output.fileHandleForReading)
        let errorText = LineReader(errors.fileHandleForReading)
        do {
            try process.run()
        } catch {
            run.failure = "the worker \(program.path) could not be started: \(error)"
            return run
        }
        lines.start()
        errorText.start()
        var hung = false
        while process.isRunning {
            Thread.sleep(forTimeInterval: 0.05)
            if Date().timeIntervalSince(lines.lastLine) > patience {
                hung = true
                process.terminate()
                Thread.sleep(forTimeInterval: 1)
                if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            }
        }
        process.waitUntilExit()
        let decoder = JSONDecoder()
        for line in lines.finish() where !line.isEmpty {
            guard let decoded = try? decoder.decode(WorkerLine.self, from: Data(line.utf8)) else { continue }
            switch decoded {
            case .trying(let id, let screen, let path): run.lastTry = (id, screen, path)
            case .finding(let finding): run.findings.append(finding)
            case .picture(let file, let screen, let path): run.pictures.append((file, screen, path))
            case .summary(let summary): run.summary = summary
            case .stateFailed(let why): run.failure = why
            }
        }
        let stderr = errorText.finish().joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
        if hung {
            run.death = "stopped responding (no progress for \(Int(patience)) s)"
        } else if process.terminationReason == .uncaughtSignal {
            run.death = "crashed (signal \(process.terminationStatus))" + (stderr.isEmpty ? "" : ": " + String(stderr.suffix(600)))
        } else if process.terminationStatus != 0, run.failure == nil {
            run.failure = "the worker exited with \(process.terminationStatus)" + (stderr.isEmpty ? "" : ": " + String(stderr.suffix(600)))
        }
        return run
    }
}

/// Reads a pipe's lines on a thread of its own, noting when the last one came.
private final class LineReader: @unchecked Sendable {
    private let handle: FileHandle
    private let lock = NSLock()
    private var lines: [String] = []
    private var partial = Data()
    private var last = Date()
    private var thread: Thread?
    private let finished = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) { self.handle = handle }

    var lastLine: Date { lock.withLock { last } }

    func start() {
        let thread = Thread { [self] in
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                lock.withLock {
                    partial.append(chunk)
                    while let newline = partial.firstIndex(of: UInt8(ascii: "\n")) {
                        lines.append(String(decoding: partial[partial.startIndex..<newline], as: UTF8.self))
                        partial.removeSubrange(partial.startIndex...newline)
                        last = Date()
                    }
                }
            }
            finished.signal()
        }
        self.thread = thread
        thread.start()
    }

    /// Every line, once the pipe has closed.
    func finish() -> [String] {
        finished.wait()
        return lock.withLock {
            if !partial.isEmpty { lines.append(String(decoding: partial, as: UTF8.self)) }
            partial = Data()
            return lines
        }
    }
}
