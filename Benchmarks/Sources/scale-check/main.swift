// The planner at scale, on the simulated phone, in release (issue 39: each check once, where it
// is cheapest; in a debug `swift test` this one alone ran for 450–700 s):
//
//   scale-check        100 profiles × 5 schedules, 200 intentions with opens and 50 grants over a
//                      fortnight: at every boundary the phone's shields are what `evaluate` says,
//                      and no more than 20 activities are ever registered. Exit 1 on any miss.
//
// .ci/run runs it after the benchmarks' smoke pass, which has built this package in release.

import Foundation
@_spi(Setup) import ScreenTimeSimulator
import TestSupport
import ThresholdCore

let started = Date()
let start = at("2026-11-23 00:00")
let fortnight: TimeInterval = 14 * 86_400
let state = ScaledUser.fortnight(from: start)
var catalogue = AppCatalogue.standard
for p in 0..<100 { catalogue.install(.init(name: "app\(p)", category: nil)) }
for i in 0..<200 { catalogue.install(.init(name: "intended\(i)", category: nil)) }

do {
    let phone = try SimulatedPhone(start: start, timeZone: TimeZone(identifier: "America/New_York")!, catalogue: catalogue, setup: state)
    phone.openThreshold()
    phone.killApp()
    let apps = phone.catalogue.apps.values.filter { $0.name.hasPrefix("app") || $0.name.hasPrefix("intended") }
    let boundaries = upcomingBoundaries(state, after: start, calendar: phone.clock.calendar, limit: 100_000, horizon: fortnight)
        .filter { $0.at <= start.addingTimeInterval(fortnight) }
    var mismatches: [String] = []
    var mostRegistered = 0
    for boundary in boundaries {
        phone.advance(to: boundary.at)
        let expected = evaluate(state, at: boundary.at, calendar: phone.clock.calendar)
        for app in apps where phone.shields.shields(app: app.token, category: nil) != expected.shields(app: app.token) {
            mismatches.append("\(app.name) at \(boundary.at)")
        }
        mostRegistered = max(mostRegistered, phone.activityCentre.registrations.count)
    }
    let seconds = Date().timeIntervalSince(started)
    print(
        "scale-check: \(boundaries.count) boundaries over 14 days, \(apps.count) apps checked at each; "
            + "\(mismatches.count) mismatches; at most \(mostRegistered) activities registered; \(String(format: "%.1f", seconds)) s")
    for miss in mismatches.prefix(20) { print("  shield differs from evaluate: \(miss)") }
    guard boundaries.count > 2_000, mismatches.isEmpty, mostRegistered <= 20 else {
        if boundaries.count <= 2_000 { print("scale-check: only \(boundaries.count) boundaries; the set-up should make more than 2,000") }
        if mostRegistered > 20 { print("scale-check: \(mostRegistered) activities registered; iOS refuses past 20") }
        exit(1)
    }
} catch {
    FileHandle.standardError.write(Data("scale-check: \(error)\n".utf8))
    exit(2)
}
