import DeviceActivity
import ReportExtension
import SwiftUI

/// The DeviceActivityReport extension: the daily review, the score and yesterday's review, computed where iOS lets
/// screen-time minutes be seen.
@main
struct ThresholdReport: DeviceActivityReportExtension {
    var body: some DeviceActivityReportScene {
        DailyReports.review()
        DailyReports.score()
        DailyReports.yesterday()
    }
}
