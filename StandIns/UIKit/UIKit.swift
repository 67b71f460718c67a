import Foundation
import SwiftUI

// UIKit for Linux: the few pieces Threshold's views use (an adaptive colour, the pasteboard, the
// Settings app's URL). Never built for iOS.

public enum UIUserInterfaceStyle: Sendable { case unspecified, light, dark }

public struct UITraitCollection: Sendable {
    public let userInterfaceStyle: UIUserInterfaceStyle
    public init(userInterfaceStyle: UIUserInterfaceStyle) { self.userInterfaceStyle = userInterfaceStyle }
}

/// A colour, fixed or following the appearance.
public final class UIColor: Sendable {
    let light: [Double]
    let dark: [Double]

    public init(red: Double, green: Double, blue: Double, alpha: Double) {
        light = [red, green, blue, alpha]
        dark = light
    }

    public init(dynamicProvider: @escaping @Sendable (UITraitCollection) -> UIColor) {
        light = dynamicProvider(UITraitCollection(userInterfaceStyle: .light)).light
        dark = dynamicProvider(UITraitCollection(userInterfaceStyle: .dark)).light
    }
}

extension Color {
    public init(_ color: UIColor) { self.init(value: .adaptive(light: color.light, dark: color.dark)) }
    public init(uiColor color: UIColor) { self.init(color) }
}

/// The system pasteboard: what "Copy" put there, for a step to read.
@MainActor
public final class UIPasteboard {
    public static let general = UIPasteboard()
    public var url: URL?
    public var string: String?
}

@MainActor
public final class UIApplication {
    public static let openSettingsURLString = "app-settings:"
}
