import DeviceActivity
import Foundation
import ManagedSettings
import ScreenTimeClient
import ThresholdCore

/// `DeviceActivityCenter` as the interface speaks it: registrations in, registrations out.
///
/// What is registered is also recorded in the App Group (``ActivityRecords``), and listing reads
/// the record back for every name iOS still monitors: the reconciler compares what it wants with
/// this list, and re-registering a running activity fires `intervalDidEnd` (PLATFORM.md), so the
/// list must give back exactly what was registered. Rebuilding it from `schedule(for:)` would
/// depend on iOS handing back `DateComponents` unchanged; it is the fallback for a name with no
/// record, and a rebuilt registration that differs is simply registered again.
struct ActivityMonitoring: Sendable {
    let records: ActivityRecords

    func start(_ registration: ActivityRegistration) throws {
        let schedule = try Self.schedule(for: registration)
        var events: [DeviceActivityEvent.Name: DeviceActivityEvent] = [:]
        for event in registration.events {
            events[DeviceActivityEvent.Name(event.name)] = try Self.event(event, activity: registration.name)
        }
        do {
            try DeviceActivityCenter().startMonitoring(DeviceActivityName(registration.name), during: schedule, events: events)
        } catch let error as DeviceActivityCenter.MonitoringError {
            throw Self.screenTimeError(error, activity: registration.name)
        }
        records.save(registration)
    }

    func stop(_ names: [String]) {
        // NB: as on iOS, an empty list stops every activity (the interface documents it).
        DeviceActivityCenter().stopMonitoring(names.map { DeviceActivityName($0) })
        if names.isEmpty { records.removeAll() } else { names.forEach(records.remove) }
    }

    func list() -> [ActivityRegistration] {
        let center = DeviceActivityCenter()
        let monitored = center.activities
        records.keepOnly(Set(monitored.map(\.rawValue)))
        return monitored.map { name in
            records.registration(named: name.rawValue) ?? Self.rebuilt(name, schedule: center.schedule(for: name))
        }
    }

    // MARK: Translation

    /// The schedule from the registration's full date components (year to second, with calendar
    /// and time zone). A moment without a full date is refused before iOS sees it: time-only
    /// components wrap at midnight, and mixing the two fails silently (PLATFORM.md).
    static func schedule(for registration: ActivityRegistration) throws -> DeviceActivitySchedule {
        guard registration.start.hasFullDate, registration.end.hasFullDate else {
            throw ScreenTimeError.invalidDateComponents(activity: registration.name)
        }
        return DeviceActivitySchedule(
            intervalStart: registration.start.dateComponents,
            intervalEnd: registration.end.dateComponents,
            repeats: registration.repeats,
            warningTime: registration.warningComponents)
    }

    /// A usage event. A token that cannot be decoded makes the whole registration fail: an event
    /// over fewer apps than chosen would fire late, which is the unsafe side for a usage limit.
    static func event(_ event: ActivityEvent, activity: String) throws -> DeviceActivityEvent {
        do {
            return DeviceActivityEventShim.make(
                applications: Set(try event.selection.applications.map(TokenCoding.application)),
                categories: Set(try event.selection.categories.map(TokenCoding.category)),
                webDomains: Set(try event.selection.webDomains.map(TokenCoding.webDomain)),
                threshold: DateComponents(minute: event.minutes),
                includesPastActivity: event.includesPastActivity)
        } catch {
            throw ScreenTimeError.failed(
                "The usage event \(event.name) of \(activity) names an app iOS can no longer read; choose the apps again.")
        }
    }

    static func screenTimeError(_ error: DeviceActivityCenter.MonitoringError, activity: String) -> ScreenTimeError {
        switch error {
        case .excessiveActivities: .excessiveActivities(activity: activity)
        case .intervalTooLong: .intervalTooLong(activity: activity)
        case .intervalTooShort: .intervalTooShort(activity: activity)
        case .invalidDateComponents: .invalidDateComponents(activity: activity)
        case .unauthorized: .unauthorized
        @unknown default: .failed(error.localizedDescription)
        }
    }

    /// A registration read back from iOS, for a name Threshold has no record of.
    static func rebuilt(_ name: DeviceActivityName, schedule: DeviceActivitySchedule?) -> ActivityRegistration {
        func moment(_ components: DateComponents?) -> ActivityMoment {
            ActivityMoment(
                year: components?.year, month: components?.month, day: components?.day,
                hour: components?.hour ?? 0, minute: components?.minute ?? 0, second: components?.second ?? 0,
                timeZoneIdentifier: components?.timeZone?.identifier)
        }
        let warning = schedule?.warningTime.map { ($0.hour ?? 0) * 3_600 + ($0.minute ?? 0) * 60 + ($0.second ?? 0) }
        return ActivityRegistration(
            name: name.rawValue, start: moment(schedule?.intervalStart), end: moment(schedule?.intervalEnd),
            repeats: schedule?.repeats ?? false, warningSeconds: warning)
    }
}

/// What Threshold registered with DeviceActivity, by name, in the App Group's defaults: shared by
/// the app and the monitor extension, one key per activity so two processes never overwrite each
/// other's entries.
struct ActivityRecords: @unchecked Sendable {
    // NB: `UserDefaults` is thread-safe but not marked `Sendable` in the iOS 17 SDK.
    let defaults: UserDefaults
    static let prefix = "deviceActivity."

    func save(_ registration: ActivityRegistration) {
        guard let data = try? JSONEncoder().encode(registration) else { return }  // An encodable value; cannot fail.
        defaults.set(data, forKey: Self.prefix + registration.name)
    }

    /// The recorded registration; `nil` when there is none or it cannot be read (it is then
    /// rebuilt from iOS and, if different, registered again: the safe side).
    func registration(named name: String) -> ActivityRegistration? {
        defaults.data(forKey: Self.prefix + name).flatMap { try? JSONDecoder().decode(ActivityRegistration.self, from: $0) }
    }

    func remove(_ name: String) { defaults.removeObject(forKey: Self.prefix + name) }

    func removeAll() { keepOnly([]) }

    func keepOnly(_ names: Set<String>) {
        for key in defaults.dictionaryRepresentation().keys where key.hasPrefix(Self.prefix) {
            if !names.contains(String(key.dropFirst(Self.prefix.count))) { defaults.removeObject(forKey: key) }
        }
    }
}
