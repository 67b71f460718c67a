#if !canImport(FamilyControls)
import SwiftUI
import ThresholdCore

// The Screen Time picker and token labels where FamilyControls is not (Linux): iOS draws both
// itself, so here the simulated phone does. The picker is a system sheet the phone answers with
// what the person picked (or why the picker failed); a token's name is what the phone's apps are
// called, or nothing for a token this phone did not make. (`ScreenTimePicker+FamilyControls.swift`
// is iOS's.)

/// Opens iOS's Screen Time picker, which the simulated phone answers with a ``PickerResult``.
@MainActor
struct ScreenTimePicker: ViewModifier {
    @Binding var isPresented: Bool
    let current: Selection
    let onPick: (PickerResult) -> Void

    func body(content: Content) -> some View {
        content._systemSheet("Screen Time picker", isPresented: $isPresented, context: current) { answer in
            onPick(answer as? PickerResult ?? .failed("the picker answered with \(type(of: answer))"))
        }
    }
}

/// A token's name and icon as the simulated phone knows them, or `unreadable` when it does not.
@MainActor
struct ScreenTimeTokenLabel<Unreadable: View>: View {
    let token: AnyToken
    @ViewBuilder let unreadable: () -> Unreadable
    @Environment(\.simulatedTokenName) private var name

    var body: some View {
        if let name = name(token) {
            Label {
                Text(verbatim: name)
            } icon: {
                Image(systemName: "app.fill")
            }
        } else {
            unreadable()
        }
    }
}

private struct SimulatedTokenNameKey: EnvironmentKey {
    static let defaultValue: @Sendable (AnyToken) -> String? = { _ in nil }
}

extension EnvironmentValues {
    /// What the simulated phone calls the app, category or website a token names; `nil` for a
    /// token it did not make.
    public var simulatedTokenName: @Sendable (AnyToken) -> String? {
        get { self[SimulatedTokenNameKey.self] }
        set { self[SimulatedTokenNameKey.self] = newValue }
    }
}
#endif
