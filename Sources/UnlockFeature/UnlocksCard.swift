import DesignSystem
import HomeFeature
import SelectionFeature
import SwiftUI
import ThresholdCore

/// Home's Unlocks list (seed 002's Unlocks tab): each app or category a gate or mode holds now,
/// by the token's own label and with what holds it; choosing one opens its unlock gate.
@MainActor
public struct UnlocksCard: View {
    let items: [HomeModel.Unlockable]
    let open: (HomeModel.Unlockable) -> Void

    public init(items: [HomeModel.Unlockable], open: @escaping (HomeModel.Unlockable) -> Void) {
        self.items = items
        self.open = open
    }

    public var body: some View {
        Card {
            Text("Unlocks", bundle: .module).font(.headline).accessibilityAddTraits(.isHeader)
            ForEach(items) { item in
                Button {
                    open(item)
                } label: {
                    HStack {
                        VStack(alignment: .leading, spacing: 2) {
                            TokenLabel(item.item)
                            Text.restriction(item.holder).font(.footnote).foregroundStyle(.secondary)
                        }
                        Spacer()
                        Image(systemName: "chevron.right").foregroundStyle(.secondary).accessibilityHidden(true)
                    }
                    .contentShape(Rectangle())
                }
                .buttonStyle(.plain)
                .accessibilityElement(children: .combine)
                .accessibilityAddTraits(.isButton)
                .accessibilityHint(Text("Shows the ways to unlock it.", bundle: .module))
            }
        }
    }
}
