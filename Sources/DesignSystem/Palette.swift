import DesignTokens
import SwiftUI
import ThresholdCore
import UIKit

/// Threshold's colours: warm stone and candle light, legible in light and dark appearance.
///
/// The brand colours (`ember`, `stone`, `dawn`, `vesper`, `sage`) are for surfaces Threshold
/// draws itself: shields, widgets, the Live Activity, charts. Text, symbols and controls on the
/// system backgrounds use the adaptive ones (`accent`, `prayer`, `calm`, `celebration`,
/// `warning`), whose contrast `DesignTokensTests` checks in both appearances.
public enum Palette {
    /// The accent: a low candle flame.
    public static let ember = Color(Tokens.ember)
    /// Calm surfaces behind shields and cards.
    public static let stone = Color(Tokens.stone)
    /// Celebration: a session goal reached.
    public static let dawn = Color(Tokens.dawn)
    /// Selah's quiet blue.
    public static let vesper = Color(Tokens.vesper)
    /// Breaks and time remaining.
    public static let sage = Color(Tokens.sage)

    /// Text and controls in the accent's hue.
    public static let accent = Color(Tokens.accent)
    /// Selah's hue for text and controls.
    public static let prayer = Color(Tokens.prayer)
    /// Breaks, time remaining, things that went well.
    public static let calm = Color(Tokens.calm)
    /// A goal reached, a streak.
    public static let celebration = Color(Tokens.celebration)
    /// Problems and refusals.
    public static let warning = Color(Tokens.warning)

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

    /// The readable hue for a path's text and symbols on the system backgrounds.
    public static func text(for path: Pathway?) -> Color {
        switch path {
        case .selah: prayer
        case .earnedAccess: calm
        case .challenge: celebration
        case .present, .key, nil: accent
        }
    }
}

extension Color {
    init(_ rgb: RGB) { self.init(red: rgb.red, green: rgb.green, blue: rgb.blue) }

    /// A colour that follows the appearance.
    init(_ adaptive: Adaptive) {
        self.init(
            UIColor { traits in
                let rgb = traits.userInterfaceStyle == .dark ? adaptive.dark : adaptive.light
                return UIColor(red: rgb.red, green: rgb.green, blue: rgb.blue, alpha: 1)
            })
    }
}
