import DesignSystem
import Foundation
import ManagedSettingsUI
import SystemWords
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
/// symbol. The text is the content's values said by ``ShieldWords`` from the shield's own String
/// Catalog (`SystemWords`' `Shields.xcstrings`) in the phone's language.
enum ShieldAppearance {
    static func configuration(_ content: ShieldContent, look: ShieldLook) -> ShieldConfiguration {
        let tint = UIColor(color(look.tint))
        let words = ShieldWords(locale: .autoupdatingCurrent).words(content)
        return ShieldConfiguration(
            backgroundBlurStyle: .systemChromeMaterial,
            backgroundColor: UIColor(Palette.stone).withAlphaComponent(0.35),
            icon: UIImage(systemName: look.symbol)?.withTintColor(tint, renderingMode: .alwaysOriginal),
            title: ShieldConfiguration.Label(text: words.title, color: .label),
            subtitle: ShieldConfiguration.Label(text: words.subtitle, color: .secondaryLabel),
            primaryButtonLabel: ShieldConfiguration.Label(text: words.primary, color: .white),
            primaryButtonBackgroundColor: tint,
            secondaryButtonLabel: words.secondary.map { ShieldConfiguration.Label(text: $0, color: tint) })
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
}
