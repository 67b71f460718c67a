import DesignSystem
import EntryPoints
import Foundation
import ScreenTimeSimulator
import SwiftUI
import ThresholdCore
import WidgetKit
import WidgetViews

/// Which home-screen widget a `tap-widget` step taps.
public enum HomeScreenWidget: String, CaseIterable, Sendable {
    case session, streak, bank
}

/// The home and lock screens as the phone draws them from Threshold's real widget and Live
/// Activity views (WidgetViews): the session widget (small and lock-screen rectangular), the streak
/// widget, and the session Live Activity with its buttons.
@MainActor
package enum LockScreen {
    /// The widget's view at each family a journey reads, drawn from the phone's widget snapshot.
    static func widget(_ widget: HomeScreenWidget, on phone: SimulatedPhone) throws -> [Screen.Layer] {
        let snapshot = phone.widget(widget == .session ? .session : widget == .streak ? .streak : .bank)
        let families: [WidgetFamily] = widget == .session ? [.systemSmall, .accessoryRectangular] : [.systemSmall]
        return try families.map { family in
            switch widget {
            case .session: try draw(SessionWidgetView(snapshot: snapshot), family: family, on: phone)
            case .streak: try draw(StreakWidgetView(snapshot: snapshot), family: family, on: phone)
            case .bank: try draw(BankWidgetView(snapshot: snapshot, now: phone.clock.wall), family: family, on: phone)
            }
        }
    }

    /// Where a tap on the widget leads: its `widgetURL`, when it has one.
    static func link(of widget: HomeScreenWidget, on phone: SimulatedPhone) throws -> URL? {
        for layer in try self.widget(widget, on: phone) {
            for element in layer.content.flatMap(\.flattened) {
                if case .link(let url) = element.kind { return url }
            }
        }
        return nil
    }

    /// Every widget at each family it offers (WidgetsExtension's `supportedFamilies`), as the
    /// phone draws it now: what pictures show.
    package static func widgets(on phone: SimulatedPhone) throws -> [(name: String, family: WidgetFamily, layer: Screen.Layer)] {
        // NB: each with the container background WidgetsExtension gives it.
        let snapshot = phone.widgetSnapshot()
        let session: [WidgetFamily] = [.systemSmall, .accessoryRectangular, .accessoryInline, .accessoryCircular]
        return try session.map { family in
            (
                "Session", family,
                try draw(SessionWidgetView(snapshot: snapshot).containerBackground(for: .widget) { Color.clear }, family: family, on: phone)
            )
        }
            + [WidgetFamily.systemSmall, .accessoryCircular].map { family in
                (
                    "Streak", family,
                    try draw(
                        StreakWidgetView(snapshot: snapshot).containerBackground(for: .widget) {
                            StreakBackground(days: snapshot.streakDays)
                        },
                        family: family, on: phone)
                )
            }
            + [WidgetFamily.systemSmall, .accessoryCircular].map { family in
                (
                    "Focus Bank", family,
                    try draw(
                        BankWidgetView(snapshot: snapshot, now: phone.clock.wall).containerBackground(for: .widget) { Palette.stone },
                        family: family, on: phone)
                )
            }
    }

    /// The session Live Activity as the lock screen shows it now, its buttons pressing `press`.
    package static func liveActivity(on phone: SimulatedPhone, press: @escaping (LiveActivityButton) -> Void) throws -> Screen.Layer? {
        guard let content = phone.liveActivities.current ?? phone.liveActivities.lingering(at: phone.clock.wall) else { return nil }
        let isStale = content.ending == nil && content.isStale(at: phone.clock.wall)
        let view = LockScreenSessionView(content: content, isStale: isStale) { button, label in
            Button {
                press(button)
            } label: {
                label
            }
        }
        return try draw(view, family: .systemMedium, on: phone)
    }

    /// The last Live Activity the app ended, as the lock screen shows it until its dismissal: its
    /// title and how the session went.
    static func endedLiveActivity(on phone: SimulatedPhone) throws -> Screen.Layer? {
        guard let content = phone.liveActivities.lingering(at: phone.clock.wall) else { return nil }
        return try draw(LockScreenSessionView(content: content, isStale: false) { _, label in label }, family: .systemMedium, on: phone)
    }

    private static func draw(_ view: some View, family: WidgetFamily, on phone: SimulatedPhone) throws -> Screen.Layer {
        var environment = EnvironmentValues()
        environment.locale = phone.locale
        environment.timeZone = phone.clock.timeZone
        environment.calendar = phone.clock.calendar
        environment.calendar.locale = environment.locale
        environment.appLanguage = phone.language.appLanguage
        environment.widgetFamily = family
        let host = ViewHost(view, environment: environment, now: { phone.clock.wall })
        try host.update()
        return host.screen.top
    }
}

extension PhoneLanguage {
    /// The language the views' String Catalogs are read in on this phone.
    package var appLanguage: AppLanguage {
        switch self {
        case .english: .english
        case .pseudo: .pseudo
        case .spanish: .spanish
        }
    }
}
