import Foundation
import SwiftUI

// WidgetKit for Linux: what the widgets' views read and set (their family, the link a tap opens,
// their background). The widget configurations are iOS's; here whoever hosts the views draws a
// widget's view at a family. Never built for iOS.

public enum WidgetFamily: String, Hashable, Sendable, CaseIterable {
    case systemSmall, systemMedium, systemLarge, systemExtraLarge, accessoryCircular, accessoryRectangular, accessoryInline
}

private struct WidgetFamilyKey: EnvironmentKey { static let defaultValue = WidgetFamily.systemSmall }

extension EnvironmentValues {
    public var widgetFamily: WidgetFamily {
        get { self[WidgetFamilyKey.self] }
        set { self[WidgetFamilyKey.self] = newValue }
    }
}

public struct ContainerBackgroundPlacement: Sendable {
    public static let widget = ContainerBackgroundPlacement()
}

@MainActor
extension View {
    /// Where a tap on the widget leads: the element carries the link.
    public func widgetURL(_ url: URL?) -> some View {
        modifier(
            ElementModifier(symbol: "widgetURL") { elements, context in
                guard let url else { return }
                elements = [context.element(.link(url), children: elements)]
            })
    }

    public func containerBackground<V: View>(
        for container: ContainerBackgroundPlacement, alignment: Alignment = .center,
        @ViewBuilder content: () -> V
    ) -> some View {
        background(alignment: alignment, content: content)
    }
}
