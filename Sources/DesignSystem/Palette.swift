import SwiftUI
import ThresholdCore

/// Threshold's colours: warm stone and candle light, legible in light and dark appearance.
public enum Palette {
    /// The accent: a low candle flame.
    public static let ember = Color(red: 0.89, green: 0.49, blue: 0.22)
    /// Calm surfaces behind shields and cards.
    public static let stone = Color(red: 0.16, green: 0.15, blue: 0.18)
    /// Celebration: a session goal reached.
    public static let dawn = Color(red: 0.98, green: 0.78, blue: 0.36)
    /// Selah's quiet blue.
    public static let vesper = Color(red: 0.32, green: 0.42, blue: 0.66)
    /// Breaks and time remaining.
    public static let sage = Color(red: 0.45, green: 0.62, blue: 0.50)

    /// The tint for a path, used on its shield, cards and Live Activity.
    public static func tint(for path: Pathway) -> Color {
        switch path {
        case .selah: vesper
        case .present: ember
        case .earnedAccess: sage
        case .challenge: dawn
        case .key: ember
        }
    }
}
