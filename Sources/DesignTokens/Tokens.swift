import Foundation

/// An sRGB colour, 0…1 per channel: the design system's colours as plain values, so that their
/// contrast is checked on Linux (`DesignTokensTests`) and SwiftUI builds `Color`s from them.
public struct RGB: Hashable, Sendable {
    public let red: Double
    public let green: Double
    public let blue: Double

    public init(_ red: Double, _ green: Double, _ blue: Double) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// WCAG 2's relative luminance.
    public var luminance: Double {
        func linear(_ channel: Double) -> Double {
            channel <= 0.040_45 ? channel / 12.92 : pow((channel + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// WCAG 2's contrast ratio with another colour (1…21).
    public func contrast(with other: RGB) -> Double {
        let (light, dark) = luminance > other.luminance ? (luminance, other.luminance) : (other.luminance, luminance)
        return (light + 0.05) / (dark + 0.05)
    }
}

/// A colour for each appearance.
public struct Adaptive: Hashable, Sendable {
    public let light: RGB
    public let dark: RGB

    public init(light: RGB, dark: RGB) {
        self.light = light
        self.dark = dark
    }
}

/// Threshold's colours: warm stone and candle light.
public enum Tokens {
    // The brand colours, as shields, widgets and the Live Activity draw them on their own surfaces.
    public static let ember = RGB(0.89, 0.49, 0.22)
    public static let stone = RGB(0.16, 0.15, 0.18)
    public static let dawn = RGB(0.98, 0.78, 0.36)
    public static let vesper = RGB(0.32, 0.42, 0.66)
    public static let sage = RGB(0.45, 0.62, 0.50)

    // The same hues for text, symbols and controls on the system backgrounds: deeper in light
    // appearance, lighter in dark, each at least 4.5 : 1 against the background it sits on.
    public static let accent = Adaptive(light: RGB(0.66, 0.30, 0.08), dark: RGB(0.95, 0.60, 0.36))
    public static let prayer = Adaptive(light: RGB(0.24, 0.33, 0.58), dark: RGB(0.62, 0.71, 0.93))
    public static let calm = Adaptive(light: RGB(0.21, 0.41, 0.28), dark: RGB(0.58, 0.78, 0.63))
    public static let celebration = Adaptive(light: RGB(0.55, 0.37, 0.00), dark: RGB(0.98, 0.80, 0.42))
    public static let warning = Adaptive(light: RGB(0.70, 0.14, 0.10), dark: RGB(1.00, 0.52, 0.46))

    /// The system backgrounds these sit on: white and grouped grey in light appearance, black
    /// and the elevated greys in dark (`systemBackground`, `secondarySystemGroupedBackground`, …).
    public static let lightBackgrounds = [RGB(1, 1, 1), RGB(0.949, 0.949, 0.969)]
    public static let darkBackgrounds = [RGB(0, 0, 0), RGB(0.110, 0.110, 0.118), RGB(0.173, 0.173, 0.180)]

    /// Every colour drawn as text or a control on a system background.
    public static let foregrounds: [(name: String, colour: Adaptive)] = [
        ("accent", accent), ("prayer", prayer), ("calm", calm), ("celebration", celebration), ("warning", warning),
    ]

    /// WCAG AA for normal text.
    public static let minimumTextContrast = 4.5
}
