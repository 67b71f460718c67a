import SwiftUI
import WidgetKit
import WidgetsExtension

/// The widget extension: session, streak and Focus Bank widgets and the session Live Activity.
@main
struct ThresholdWidgets: WidgetBundle {
    init() {
        WidgetSource.connect { try AppGroupStore.open(role: .appExtension) }
    }

    var body: some Widget {
        SessionWidget()
        StreakWidget()
        BankWidget()
        SessionLiveActivity()
    }
}
