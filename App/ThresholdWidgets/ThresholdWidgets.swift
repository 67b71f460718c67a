import AppIntents
import SwiftUI
import ThresholdIntents
import WidgetKit
import WidgetsExtension

/// The widget extension: session, streak and Focus Bank widgets and the session Live Activity.
///
/// NB: `@MainActor` by its conformance: the SDK marks `WidgetBundle` so from iOS 18 on. The iOS
/// 17.0 SDK that compiles it on Linux does not, and there an explicit `@MainActor` breaks the
/// conformance.
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

/// The Live Activity's buttons are the package's intents: the extension needs their metadata too.
struct ThresholdWidgetIntents: AppIntentsPackage {
    static var includedPackages: [any AppIntentsPackage.Type] { [ThresholdIntentsPackage.self] }
}
