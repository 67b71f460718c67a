import DesignSystem
import Foundation
import ManagedSettingsUI
import SwiftUI
import ThresholdCore
import UIKit

/// How a shield looks for its reason: the tint and the symbol.
public struct ShieldLook: Hashable, Sendable {
    public let tint: Tint
    public let symbol: String

    public enum Tint: String, Hashable, Sendable {
        case ember, vesper, dawn, sage, stone
    }

    public init(_ reason: Reason?) {
        switch reason {
        case .sessionActive(let label): (tint, symbol) = (label.path == .present ? .ember : .sage, "hourglass")
        case .sessionGoalReached: (tint, symbol) = (.dawn, "star.fill")
        case .gated(let label) where label.path == .selah: (tint, symbol) = (.vesper, "hands.sparkles.fill")
        case .gated: (tint, symbol) = (.sage, "lock.fill")
        case .intention: (tint, symbol) = (.ember, "hand.raised.fill")
        case .streakFreeze: (tint, symbol) = (.vesper, "snowflake")
        case .tutorial, nil: (tint, symbol) = (.stone, "lock.fill")
        }
    }
}

/// Draws Core's ``ShieldContent`` as iOS's `ShieldConfiguration`.
///
/// iOS renders the shield itself, with system fonts that follow Dynamic Type and labels
/// VoiceOver reads as they are; what Threshold controls is the text, the colours and the
/// symbol. Fixed labels ("Be Present", "Close") are looked up in the String Catalog; text with
/// names and numbers in it comes from Core as written.
enum ShieldAppearance {
    static func configuration(_ content: ShieldContent, look: ShieldLook) -> ShieldConfiguration {
        let tint = UIColor(color(look.tint))
        return ShieldConfiguration(
            backgroundBlurStyle: .systemChromeMaterial,
            backgroundColor: UIColor(Palette.stone).withAlphaComponent(0.35),
            icon: UIImage(systemName: look.symbol)?.withTintColor(tint, renderingMode: .alwaysOriginal),
            title: ShieldConfiguration.Label(text: localized(content.title), color: .label),
            subtitle: ShieldConfiguration.Label(text: localized(content.subtitle), color: .secondaryLabel),
            primaryButtonLabel: ShieldConfiguration.Label(text: localized(content.primary.label), color: .white),
            primaryButtonBackgroundColor: tint,
            secondaryButtonLabel: content.secondary.map { ShieldConfiguration.Label(text: localized($0.label), color: tint) })
    }

    static func color(_ tint: ShieldLook.Tint) -> Color {
        switch tint {
        case .ember: Palette.ember
        case .vesper: Palette.vesper
        case .dawn: Palette.dawn
        case .sage: Palette.sage
        case .stone: Palette.stone
        }
    }

    /// The catalog's translation of a fixed label; anything else as it is.
    static func localized(_ text: String) -> String {
        Bundle.module.localizedString(forKey: text, value: text, table: nil)
    }
}
