import SwiftUI

/// A ring that fills toward a goal, with the time in its middle. VoiceOver reads it as one
/// element: its label, its value (the time left, in words) and that it updates often.
@MainActor
public struct TimerRing<Center: View>: View {
    let fraction: Double?
    let tint: Color
    let label: Text
    let value: Text
    let center: Center
    @ScaledMetric(relativeTo: .largeTitle) private var lineWidth = 14

    /// - Parameters:
    ///   - fraction: 0…1 toward the goal; `nil` draws a full, quiet ring (open-ended, breaks).
    ///   - label: what the ring is ("Focus time left").
    ///   - value: the time in words, for VoiceOver.
    public init(fraction: Double?, tint: Color, label: Text, value: Text, @ViewBuilder center: () -> Center) {
        self.fraction = fraction
        self.tint = tint
        self.label = label
        self.value = value
        self.center = center()
    }

    public var body: some View {
        ZStack {
            Circle().stroke(tint.opacity(0.18), lineWidth: lineWidth)
            Circle()
                .trim(from: 0, to: fraction ?? 1)
                .stroke(tint.opacity(fraction == nil ? 0.45 : 1), style: StrokeStyle(lineWidth: lineWidth, lineCap: .round))
                .rotationEffect(.degrees(-90))
                .animation(.easeInOut, value: fraction)
            center.padding(lineWidth * 1.5)
        }
        .aspectRatio(1, contentMode: .fit)
        .frame(maxWidth: 320)
        .accessibilityElement(children: .ignore)
        .accessibilityLabel(label)
        .accessibilityValue(value)
        .accessibilityAddTraits(.updatesFrequently)
    }
}
