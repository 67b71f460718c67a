import Foundation
import SwiftUI

// DeviceActivity for Linux: the report extension's scene and the view the app shows it in. On a
// phone the report extension draws into the app; here whoever hosts the views says what the
// report shows (`deviceActivityReport`), or it reads as a placeholder. Never built for iOS.

/// The report extension's view inside the app.
nonisolated public struct DeviceActivityReport: View, PrimitiveView {
    public typealias Body = Never

    public struct Context: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }
    }

    let context: Context
    let filter: DeviceActivityFilter

    public init(_ context: Context, filter: DeviceActivityFilter = DeviceActivityFilter()) {
        self.context = context
        self.filter = filter
    }

    @MainActor package func render(in context: RenderContext) -> [Element] {
        if let draw = context.environment.deviceActivityReport, let report = draw(self.context, filter) {
            return context.renderChild(report, key: .named(self.context.rawValue))
        }
        return [context.element(.placeholder("Screen Time report (\(self.context.rawValue)), drawn by the report extension"))]
    }
}

/// Which activity a report covers.
public struct DeviceActivityFilter: Sendable {
    public enum SegmentInterval: Sendable {
        case hourly(during: DateInterval)
        case daily(during: DateInterval)
        case weekly(during: DateInterval)

        public var interval: DateInterval {
            switch self {
            case .hourly(let interval), .daily(let interval), .weekly(let interval): interval
            }
        }
    }

    public let segment: SegmentInterval?
    public init(segment: SegmentInterval) { self.segment = segment }
    public init() { segment = nil }
}

private struct DeviceActivityReportKey: EnvironmentKey {
    static var defaultValue: ((DeviceActivityReport.Context, DeviceActivityFilter) -> AnyView?)? { nil }
}

extension EnvironmentValues {
    /// What the report extension draws for a context and filter, given by whoever hosts the views
    /// (the simulated phone); `nil`: a placeholder.
    public var deviceActivityReport: ((DeviceActivityReport.Context, DeviceActivityFilter) -> AnyView?)? {
        get { self[DeviceActivityReportKey.self] }
        set { self[DeviceActivityReportKey.self] = newValue }
    }
}

/// A report scene: turns the activity iOS reports into a configuration, and that into a view.
public protocol DeviceActivityReportScene {
    associatedtype Configuration
    associatedtype Content: View
    var context: DeviceActivityReport.Context { get }
    var content: (Configuration) -> Content { get }
    func makeConfiguration(representing data: DeviceActivityResults<DeviceActivityData>) async -> Configuration
}

/// Activity results, delivered one after another.
public struct DeviceActivityResults<Element: Sendable>: AsyncSequence, Sendable {
    let elements: [Element]
    public init(_ elements: [Element]) { self.elements = elements }

    public struct AsyncIterator: AsyncIteratorProtocol {
        var remaining: [Element]
        public mutating func next() async -> Element? { remaining.isEmpty ? nil : remaining.removeFirst() }
    }

    public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(remaining: elements) }
}

public struct DeviceActivityData: Sendable {
    public struct ActivitySegment: Sendable {
        public let totalActivityDuration: TimeInterval
        public let totalPickupsWithoutApplicationActivity: Int
        public let categories: DeviceActivityResults<CategoryActivity>
        public init(totalActivityDuration: TimeInterval, totalPickupsWithoutApplicationActivity: Int, categories: [CategoryActivity]) {
            self.totalActivityDuration = totalActivityDuration
            self.totalPickupsWithoutApplicationActivity = totalPickupsWithoutApplicationActivity
            self.categories = DeviceActivityResults(categories)
        }
    }

    public struct CategoryActivity: Sendable {
        public let applications: DeviceActivityResults<ApplicationActivity>
        public init(applications: [ApplicationActivity]) { self.applications = DeviceActivityResults(applications) }
    }

    public struct ApplicationActivity: Sendable {
        public let application: Application
        public let totalActivityDuration: TimeInterval
        public let numberOfPickups: Int
        public init(application: Application, totalActivityDuration: TimeInterval, numberOfPickups: Int) {
            self.application = application
            self.totalActivityDuration = totalActivityDuration
            self.numberOfPickups = numberOfPickups
        }
    }

    public struct Application: Sendable {
        public let localizedDisplayName: String?
        public let bundleIdentifier: String?
        public init(localizedDisplayName: String?, bundleIdentifier: String?) {
            self.localizedDisplayName = localizedDisplayName
            self.bundleIdentifier = bundleIdentifier
        }
    }

    public let activitySegments: DeviceActivityResults<ActivitySegment>
    public init(activitySegments: [ActivitySegment]) { self.activitySegments = DeviceActivityResults(activitySegments) }
}
