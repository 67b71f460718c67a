import FeatureClient
import Foundation
import Observation
import StoreClient
import ThresholdCore
import TogetherClient

/// The hidden diagnostics screen (long-press the version in Settings; seed 004's debug logging):
/// what Threshold last told iOS and what it keeps. The shield stores applied, the activities
/// registered with DeviceActivity and when each next wakes the monitor, the notifications handed
/// to iOS ahead of time, the repairs the last reconcile reported, and the last 200 events.
///
/// "Share diagnostics" hands ``text`` to the share sheet as a file; nothing is sent anywhere.
/// It holds no app names (Threshold cannot read them): tokens appear only as counts.
///
/// Its words are developer-facing English, for support, on purpose (issue 25): the section titles,
/// the lines and ``problem`` stay English whatever the phone's language, as the shared file does,
/// so that support reads exactly what happened (`Crawl/allowed.yaml` allows the sheet's escaped words).
@MainActor @Observable
public final class DiagnosticsModel: Identifiable {
    public struct Section: Hashable, Sendable, Identifiable {
        public let title: String
        public let lines: [String]
        public var id: String { title }
    }

    /// How many events the screen and the file carry, newest last.
    public static let eventCount = 200

    public private(set) var sections: [Section] = []
    /// Why something could not be read; what could be read is still shown. Developer-facing English.
    public private(set) var problem: String?
    let client: AppClient
    let version: String

    /// - Parameter version: the app's version as Settings shows it ("1.0 (1)").
    public init(client: AppClient, version: String) {
        self.client = client
        self.version = version
    }

    /// The shared file's name: the report's title, the local day and the time (2026-11-24 0930).
    public var fileName: String {
        let clock = Clockwork(calendar: client.calendar)
        let minutes = clock.secondsIntoDay(of: client.now) / 60
        return "Threshold diagnostics \(clock.localDate(of: client.now)) \(String(format: "%02d%02d", minutes / 60, minutes % 60)).txt"
    }

    /// The whole report as the shared file's text.
    public var text: String {
        (["Threshold diagnostics"]
            + sections.map { section in
                "\n## \(section.title)\n" + (section.lines.isEmpty ? "None" : section.lines.joined(separator: "\n"))
            }).joined(separator: "\n") + "\n"
    }

    public func load() {
        let now = client.now
        let zone = client.calendar.timeZone
        let clock = Clockwork(calendar: client.calendar)
        func stamp(_ instant: Date) -> String { Self.stamp(instant, clock) }
        var sections = [
            Section(
                title: "This iPhone",
                lines: [
                    "Threshold \(version)", "Now: \(stamp(now)) (\(zone.identifier))",
                ])
        ]
        problem = nil
        let stored: StoredState?
        do {
            stored = try client.read()
        } catch {
            stored = nil
            problem = "\(error)"
        }
        if let together = client.together {
            do {
                let account = try together.keychain.load()
                sections.append(Section(title: "Together", lines: Self.together(account, record: stored?.together ?? .none, stamp: stamp)))
            } catch {
                problem = "Your Together account could not be read from the Keychain: \(error)"
            }
        }
        if let stored { sections += Self.applied(stored, zone: zone, clock: clock) }
        do {
            let activities = try client.runtime.reconciler.screenTime.activities()
            sections.append(
                Section(
                    title: "Activities registered",
                    lines: activities.map { activity in
                        let next = Self.nextStart(activity, after: now, zone: zone).map { "; next \(stamp($0))" } ?? ""
                        return "\(activity)\(next)"
                    }))
        } catch {
            problem = "DeviceActivity could not list the activities: \(error)"
        }
        do {
            let events = try client.runtime.store.events(EventQuery(limit: Self.eventCount))
            sections.append(
                Section(
                    title: "Last \(Self.eventCount) events",
                    lines: events.map { logged in
                        let detail = String(describing: logged.event)
                        return "\(logged.sequence) · \(stamp(logged.at)) · \(detail.count > 160 ? detail.prefix(159) + "…" : detail)"
                    }))
        } catch {
            problem = "\(error)"
        }
        self.sections = sections
    }

    /// How far Together has gone, without the name or the key: what a report about a missing
    /// summary, message or backup needs.
    static func together(_ account: TogetherAccount?, record: TogetherRecord, stamp: (Date) -> String) -> [String] {
        guard let account else { return ["Not joined"] }
        var lines = [
            "Joined", "Days sent through: \(record.sentThrough.map { "\($0)" } ?? "none")",
            "Partners' messages shown through: \(record.messageCursor)",
        ]
        if let backup = account.backup {
            let stored = backup.storedAt.map { " on \(stamp($0)), \(backup.bytes ?? 0) bytes" } ?? ""
            lines.append("iCloud backup: version \(backup.version)\(stored)\(backup.daily ? ", daily" : "")")
        } else {
            lines.append("iCloud backup: off")
        }
        return lines
    }

    /// The stores, the notifications waiting in iOS and the repairs, as the last reconcile left them.
    /// "2026-11-24 09:30" on the device's clock.
    static func stamp(_ instant: Date, _ clock: Clockwork) -> String { "\(clock.localDate(of: instant)) \(clock.readable(instant))" }

    static func applied(_ stored: StoredState, zone: TimeZone, clock: Clockwork) -> [Section] {
        func stamp(_ instant: Date) -> String { Self.stamp(instant, clock) }
        let record = stored.applied
        let enforcement = stored.lastEnforcement(deviceZone: zone)
        var stores = record.stores.map { applied in
            let shield = enforcement?.stores.first { $0.name == applied.name }
            let counts =
                shield.map {
                    "\($0.applications.count) apps, \($0.webDomains.count) websites"
                        + ($0.applicationCategories == nil ? "" : ", categories")
                } ?? "contents not recomputed"
            return "\(applied.name): \(counts) · \(applied.fingerprint.description.prefix(12))"
        }
        if let at = record.appliedAt { stores.append("Applied at \(stamp(at))") }
        let notifications = record.pendingNotifications.sorted { ($0.value.at, $0.key) < ($1.value.at, $1.key) }
            .map { id, pending in "\(id): \(stamp(pending.at))" }
        return [
            Section(title: "Shield stores applied", lines: stores),
            Section(title: "Notifications waiting in iOS", lines: notifications),
            Section(title: "Repairs", lines: record.repairs.map(\.description)),
        ]
    }

    /// When a registered activity's interval next starts: its start that day (a dated
    /// registration), or the next time of day it starts (a daily repeating one).
    static func nextStart(_ activity: ActivityRegistration, after now: Date, zone: TimeZone) -> Date? {
        if let interval = activity.interval(deviceZone: zone) { return interval.start }
        let start = activity.start
        let calendar = Calendar.gregorian(in: start.timeZoneIdentifier.flatMap(TimeZone.init(identifier:)) ?? zone)
        return calendar.nextDate(
            after: now, matching: DateComponents(hour: start.hour, minute: start.minute, second: start.second),
            matchingPolicy: .nextTime)
    }
}

/// The app's version as Settings shows it.
public enum AppVersion {
    /// "1.0 (7)" from the app's Info.plist; "development" where there is none (the CLI, tests).
    public static var current: String {
        let info = Bundle.main.infoDictionary
        guard let short = info?["CFBundleShortVersionString"] as? String else { return "development" }
        return (info?["CFBundleVersion"] as? String).map { "\(short) (\($0))" } ?? short
    }
}
