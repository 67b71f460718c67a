import AppIntents
import ThresholdIntents

/// Siri and Shortcuts phrases for the package's intents. The profiles a phrase can name are
/// updated after every change to them (`LiveDependencies.app(…shortcuts:)`).
struct ThresholdShortcuts: AppShortcutsProvider {
    static var appShortcuts: [AppShortcut] {
        AppShortcut(
            intent: StartProfileIntent(), phrases: ["Start \(\.$profile) in \(.applicationName)", "Focus with \(.applicationName)"],
            shortTitle: "Start Profile", systemImageName: "play.circle")
        AppShortcut(
            intent: EndSessionIntent(), phrases: ["End my \(.applicationName) session"],
            shortTitle: "End Session", systemImageName: "stop.circle")
        AppShortcut(
            intent: TakeBreakIntent(), phrases: ["Take a break in \(.applicationName)"],
            shortTitle: "Take a Break", systemImageName: "cup.and.saucer")
        AppShortcut(
            intent: StatusIntent(), phrases: ["What is \(.applicationName) blocking", "\(.applicationName) status"],
            shortTitle: "Status", systemImageName: "shield")
    }
}

/// Makes the package's intents part of the app (App Intents metadata from a Swift package: Xcode 26).
struct ThresholdAppIntents: AppIntentsPackage {
    static var includedPackages: [any AppIntentsPackage.Type] { [ThresholdIntentsPackage.self] }
}
