import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Headless Chromium (Debian's `chromium`), driven over the DevTools protocol on a pipe: one
/// browser draws every page of a run, each into a PNG cut to the page's picture.
package final class Chromium {
    package enum Problem: Error, CustomStringConvertible {
        case notInstalled
        case cannotStart(String)
        case protocolError(String)
        case timedOut(String)

        package var description: String {
            switch self {
            case .notInstalled:
                "pictures need headless Chromium, and none is installed: apt-get install chromium (Debian's package), or set THRESHOLD_CHROMIUM to its path"
            case .cannotStart(let why): "Chromium could not be started: \(why)"
            case .protocolError(let why): "Chromium refused: \(why)"
            case .timedOut(let what): "Chromium did not answer in time: \(what)"
            }
        }
    }

    /// Chromium's program: `THRESHOLD_CHROMIUM`, else the first of Debian's names on the PATH.
    package static func executable() -> URL? {
        let environment = ProcessInfo.processInfo.environment
        if let path = environment["THRESHOLD_CHROMIUM"], FileManager.default.isExecutableFile(atPath: path) {
            return URL(fileURLWithPath: path)
        }
        let folders = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
        for name in ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"] {
            for folder in folders {
                let path = "\(folder)/\(name)"
                if FileManager.default.isExecutableFile(atPath: path) { return URL(fileURLWithPath: path) }
            }
        }
        return nil
    }

    private let pid: pid_t
    private let send: FileHandle
    private let receive: Int32
    private var pending = Data()
    private var next = 1
    private var session: String
    private let profile: URL
    private var events: [[String: Any]] = []

    /// Starts Chromium with a throwaway profile and opens one tab to draw in.
    package init(scale: Double) throws {
        guard let program = Self.executable() else { throw Problem.notInstalled }
        profile = FileManager.default.temporaryDirectory.appendingPathComponent("threshold-chromium-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: profile, withIntermediateDirectories: true)
        // The browser reads commands on fd 3 and writes answers on fd 4 (--remote-debugging-pipe).
        var toBrowser: [Int32] = [0, 0]
        var fromBrowser: [Int32] = [0, 0]
        guard pipe(&toBrowser) == 0, pipe(&fromBrowser) == 0 else {
            throw Problem.cannotStart("no pipe: \(String(cString: strerror(errno)))")
        }
        // NB: moved above 9 first, so the dup2s to 3 and 4 below cannot overwrite each other.
        let childReads = fcntl(toBrowser[0], F_DUPFD, 10), childWrites = fcntl(fromBrowser[1], F_DUPFD, 10)
        close(toBrowser[0])
        close(fromBrowser[1])
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, childReads, 3)
        posix_spawn_file_actions_adddup2(&actions, childWrites, 4)
        posix_spawn_file_actions_addclose(&actions, toBrowser[1])
        posix_spawn_file_actions_addclose(&actions, fromBrowser[0])
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var arguments = [
            program.path, "--headless", "--remote-debugging-pipe", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
            "--no-default-browser-check", "--disable-extensions", "--mute-audio", "--force-color-profile=srgb",
            "--font-render-hinting=none", "--user-data-dir=\(profile.path)", "about:blank",
        ]
        // Chromium refuses to run as root with its sandbox on (a CI container).
        if geteuid() == 0 { arguments.insert("--no-sandbox", at: 1) }
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var child: pid_t = 0
        let spawned = posix_spawn(&child, program.path, &actions, nil, argv, environ)
        close(childReads)
        close(childWrites)
        guard spawned == 0 else { throw Problem.cannotStart(String(cString: strerror(spawned))) }
        pid = child
        send = FileHandle(fileDescriptor: toBrowser[1], closeOnDealloc: true)
        receive = fromBrowser[0]
        session = ""
        let target = try call("Target.createTarget", ["url": "about:blank"])
        guard let targetID = target["targetId"] as? String else { throw Problem.protocolError("no tab") }
        let attached = try call("Target.attachToTarget", ["targetId": targetID, "flatten": true])
        guard let sessionID = attached["sessionId"] as? String else { throw Problem.protocolError("no session") }
        session = sessionID
        _ = try call("Page.enable", [:], in: sessionID)
        _ = try call(
            "Emulation.setDeviceMetricsOverride", ["width": 390, "height": 844, "deviceScaleFactor": scale, "mobile": false], in: sessionID)
    }

    deinit {
        kill(pid, SIGTERM)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        close(receive)
        try? FileManager.default.removeItem(at: profile)
    }

    /// Draws the page at `page` and writes the picture (its `.shot`, the whole of it however
    /// long) as a PNG at `png`.
    package func draw(_ page: URL, to png: URL) throws {
        events.removeAll()
        _ = try call("Page.navigate", ["url": page.absoluteString], in: session)
        try waitFor("Page.loadEventFired")
        let measured = try call(
            "Runtime.evaluate",
            [
                "expression": "document.fonts.ready.then(() => { const r = document.querySelector('.shot').getBoundingClientRect(); "
                    + "return JSON.stringify([r.x, r.y, Math.ceil(r.width), Math.ceil(r.height)]); })",
                "awaitPromise": true, "returnByValue": true,
            ], in: session)
        guard let result = measured["result"] as? [String: Any], let text = result["value"] as? String,
            let box = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [Double], box.count == 4, box[2] > 0, box[3] > 0
        else {
            throw Problem.protocolError("the page \(page.lastPathComponent) has no picture (.shot) to draw")
        }
        let shot = try call(
            "Page.captureScreenshot",
            [
                "format": "png", "captureBeyondViewport": true,
                "clip": ["x": box[0], "y": box[1], "width": box[2], "height": box[3], "scale": 1],
            ], in: session)
        guard let encoded = shot["data"] as? String, let data = Data(base64Encoded: encoded) else {
            throw Problem.protocolError("no picture of \(page.lastPathComponent)")
        }
        try data.write(to: png)
    }

    // MARK: The protocol

    private func call(_ method: String, _ parameters: [String: Any], in session: String? = nil) throws -> [String: Any] {
        let id = next
        next += 1
        var message: [String: Any] = ["id": id, "method": method, "params": parameters]
        if let session, !session.isEmpty { message["sessionId"] = session }
        var data = try JSONSerialization.data(withJSONObject: message)
        data.append(0)
        send.write(data)
        while true {
            let reply = try readMessage(waitingFor: method)
            if let replyID = reply["id"] as? Int, replyID == id {
                if let error = reply["error"] as? [String: Any] { throw Problem.protocolError("\(method): \(error["message"] ?? error)") }
                return reply["result"] as? [String: Any] ?? [:]
            }
            if reply["method"] != nil { events.append(reply) }
        }
    }

    private func waitFor(_ event: String) throws {
        if events.contains(where: { $0["method"] as? String == event }) { return }
        while true {
            let message = try readMessage(waitingFor: event)
            if message["method"] as? String == event { return }
        }
    }

    /// The next message from the browser (each ends with a NUL).
    private func readMessage(waitingFor what: String) throws -> [String: Any] {
        let deadline = Date().addingTimeInterval(60)
        while true {
            if let end = pending.firstIndex(of: 0) {
                let message = pending[pending.startIndex..<end]
                pending.removeSubrange(pending.startIndex...end)
                guard let object = try JSONSerialization.jsonObject(with: message) as? [String: Any] else { continue }
                return object
            }
            var poller = pollfd(fd: receive, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, 1_000)
            if ready < 0, errno != EINTR { throw Problem.protocolError("reading: \(String(cString: strerror(errno)))") }
            if ready > 0 {
                var buffer = [UInt8](repeating: 0, count: 1 << 16)
                let count = read(receive, &buffer, buffer.count)
                if count <= 0 { throw Problem.cannotStart("Chromium closed its pipe (it may have crashed) while \(what)") }
                pending.append(contentsOf: buffer[0..<count])
            }
            if Date() > deadline { throw Problem.timedOut(what) }
        }
    }
}
