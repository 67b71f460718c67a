import Foundation
import ScenarioSteps
import SwiftUI

/// What the crawler crawls: a copy of the app in a state, which it reads and acts on as a person
/// does. ``AppSubject`` is Threshold on a simulated phone (its steps are scenario steps);
/// ``HostSubject`` is any view in a host of its own (a test's).
@MainActor
package protocol CrawlSubject: AnyObject {
    /// What the screen shows of the app now, every layer; `nil` when the app is not on screen.
    func screen() throws -> Screen?
    /// Does one thing as a person does it, and waits until the screen is still.
    func perform(_ action: CrawlAction) async throws
    /// Waits again until the screen is still: for work an action started that finished late.
    func settle() async throws
    /// What the app keeps, compared before and after an action.
    func saved() -> AnyHashable
    /// What an action did outside the app's screen (a link opened, a shield, a notification, a
    /// file saved), compared before and after.
    func outside() -> AnyHashable
    /// The phone's zone, in which a time picker is set.
    var timeZone: TimeZone { get }
    /// Apps the person picks when iOS's Screen Time picker asks.
    var apps: [String] { get }
    /// The names the person gave or picked (apps, profiles, gates, keys, nicknames): the app shows
    /// them as they are, so under the pseudolanguage they are not words that escaped its catalogs.
    var names: Set<String> { get }
}

/// Where each try starts: a fresh copy of one state.
@MainActor
package protocol CrawlWorld {
    func fresh() async throws -> any CrawlSubject
}

/// Any view, hosted on its own with `ViewHost`: what a test crawls. Each `fresh()` makes the view
/// and its model anew; `saved` reads what the model would keep.
@MainActor
package final class HostSubject: CrawlSubject {
    private let host: ViewHost
    private let read: () -> AnyHashable

    package init(_ view: some View, language: AppLanguage = .english, names: Set<String> = [], saved read: @escaping () -> AnyHashable) {
        self.names = names
        var environment = EnvironmentValues()
        environment.locale = language.locale
        environment.appLanguage = language
        environment.timeZone = TimeZone(identifier: "America/New_York")!
        host = ViewHost(view, environment: environment, now: { Date(timeIntervalSince1970: 1_795_438_800) })
        self.read = read
    }

    package func screen() throws -> Screen? {
        try host.update()
        return host.screen
    }

    package func settle() async throws { try await host.settle() }

    package func perform(_ action: CrawlAction) async throws {
        guard let top = try screen()?.top else { return }
        switch action.kind {
        case .swipeAway:
            guard let dismiss = top.dismiss else { throw CrawlError.notOffered("\(top.name) cannot be swiped away") }
            dismiss()
        case .type(let text):
            try Self.control(action, on: top).set?(text)
        case .decrease:
            try Self.control(action, on: top).decrement?()
        case .tap, .longPress:
            try Self.control(action, on: top).use()
        case .setTime, .pickApps, .saveFile:
            throw CrawlError.notOffered("a view hosted on its own has no phone to \(action)")
        }
        try await host.settle()
    }

    private static func control(_ action: CrawlAction, on layer: Screen.Layer) throws -> Control {
        let found = Words.find(action.label, in: layer.controls())
        let index = (action.nth ?? 1) - 1
        guard found.indices.contains(index) else { throw CrawlError.notOffered("there is no \(action.control) on \(layer.name)") }
        return found[index]
    }

    package func saved() -> AnyHashable { read() }
    package func outside() -> AnyHashable { AnyHashable(0) }
    package var timeZone: TimeZone { host.environment.timeZone }
    package var apps: [String] { [] }
    package let names: Set<String>
}

/// A world of views hosted on their own: `make` builds the view and what it keeps, anew each try.
@MainActor
package struct HostWorld: CrawlWorld {
    let make: @MainActor () -> HostSubject

    package init(_ make: @escaping @MainActor () -> HostSubject) { self.make = make }

    package func fresh() async throws -> any CrawlSubject {
        let subject = make()
        _ = try subject.screen()
        return subject
    }
}

package enum CrawlError: Error, CustomStringConvertible {
    case notOffered(String)
    case state(String)
    case allowances(String)
    case output(String)

    package var description: String {
        switch self {
        case .notOffered(let why): why
        case .state(let why): why
        case .allowances(let why): why
        case .output(let why): why
        }
    }
}
