import Foundation
import ScreenTimeSimulator
import ThresholdCore

/// How the CLI writes times, durations and the phone's timeline.
package enum Format {
    /// "1 app", "2 apps": a count with its noun, as the String Catalogs' plural variations read.
    package static func count(_ n: Int, _ one: String, _ other: String) -> String { "\(n) \(n == 1 ? one : other)" }

    package static func timeOfDay(_ seconds: Int) -> String {
        func pad(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        let base = "\(pad(seconds / 3_600)):\(pad(seconds / 60 % 60))"
        return seconds % 60 == 0 ? base : base + ":\(pad(seconds % 60))"
    }

    /// `1h30m`, `45s`, `2d`.
    package static func duration(_ seconds: TimeInterval) -> String {
        var rest = Int(seconds.rounded())
        guard rest > 0 else { return "0s" }
        var text = ""
        for (unit, size) in [("d", 86_400), ("h", 3_600), ("m", 60), ("s", 1)] where rest >= size {
            text += "\(rest / size)\(unit)"
            rest %= size
        }
        return text
    }

    /// Parses `10m`, `1h30m`, `45s`, `2d`, `1h 5m`; units are required.
    package static func parseDuration(_ text: String) -> TimeInterval? {
        let compact = text.replacingOccurrences(of: " ", with: "").lowercased()
        guard !compact.isEmpty else { return nil }
        var total = 0.0, number = ""
        for character in compact {
            if character.isNumber { number.append(character); continue }
            guard let value = Double(number) else { return nil }
            switch character {
            case "d": total += value * 86_400
            case "h": total += value * 3_600
            case "m": total += value * 60
            case "s": total += value
            default: return nil
            }
            number = ""
        }
        return number.isEmpty ? total : nil
    }

    /// Parses `HH:mm` or `HH:mm:ss` into seconds into the day.
    package static func parseTimeOfDay(_ text: String) -> Int? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        guard (2...3).contains(parts.count), parts.dropFirst().allSatisfy({ $0.count == 2 }),
            let h = Int(parts[0]), let m = Int(parts[1]), (0...23).contains(h), (0...59).contains(m)
        else { return nil }
        let s = parts.count == 3 ? Int(parts[2]) : 0
        guard let s, (0...59).contains(s) else { return nil }
        return h * 3_600 + m * 60 + s
    }

    /// Parses `2026-11-23 10:00`, `10:00`, `mon 09:00`, `+2h` or `-1h`.
    package static func parseClock(_ text: String) -> ClockSpec? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let sign = trimmed.first, sign == "+" || sign == "-" {
            return parseDuration(String(trimmed.dropFirst())).map { .offset(sign == "-" ? -$0 : $0) }
        }
        let parts = trimmed.split(separator: " ").map(String.init)
        switch parts.count {
        case 1: return parseTimeOfDay(parts[0]).map { .timeOfDay(seconds: $0, weekday: nil) }
        case 2:
            if let weekday = Weekday(shortName: parts[0]) {
                return parseTimeOfDay(parts[1]).map { .timeOfDay(seconds: $0, weekday: weekday) }
            }
            guard let day = try? LocalDate(parsing: parts[0]), let seconds = parseTimeOfDay(parts[1]) else { return nil }
            return .local(day, seconds: seconds)
        default: return nil
        }
    }

    /// A timeline line: `Mon 10:00  person   opens instagram`.
    package static func entry(_ entry: TimelineEntry, clock: VirtualClock) -> String {
        let when = clock.readable(entry.at, weekday: true).padding(toLength: 14, withPad: " ", startingAt: 0)
        let who = entry.actor.label.padding(toLength: 9, withPad: " ", startingAt: 0)
        return "  \(when)\(who)\(entry.text)"
    }
}

extension TimelineEntry.Actor {
    var label: String {
        switch self {
        case .person: "person"
        case .device: "phone"
        case .app: "app"
        case .monitor: "monitor"
        case .shieldAction: "shield"
        case .fault: "fault"
        case .check: "✓"
        case .status: "status"
        }
    }
}
