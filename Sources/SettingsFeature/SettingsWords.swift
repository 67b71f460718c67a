import DesignSystem
import StoreClient
import SwiftUI
import ThresholdCore

// Settings' words for the values its model returns (issue 25): each said once, here, from the
// module's String Catalog. A rule's refusal and a store failure are their own words, shown as they came.

extension ProblemBanner {
    /// Why a change in Settings could not be made.
    init(_ problem: SettingsProblem) {
        switch problem {
        case .refused(let problem): self.init(problem)
        case .noAppsToCount: self.init(Text("Choose the apps to shield first; Threshold counts screen time on them.", bundle: .module))
        }
    }
}

extension Text {
    /// A schedule Free paused, by its profile and hours: "🌙 Night (10:00 PM–11:00 PM)", on the
    /// phone's clock.
    static func paused(_ row: SettingsModel.PausedRow, calendar: Calendar) -> Text {
        // NB: any day carries the time of day; the first of January 2001 has no daylight-saving change.
        let day = Date(timeIntervalSinceReferenceDate: 12 * 3_600)
        let at = { (time: LocalTime) in calendar.date(bySettingHour: time.hour, minute: time.minute, second: 0, of: day) ?? day }
        let time = Date.FormatStyle.dateTime.hour().minute()
        return Text("\(Text(verbatim: row.profileTitle)) (\(at(row.start), format: time)–\(at(row.end), format: time))", bundle: .module)
    }
}
