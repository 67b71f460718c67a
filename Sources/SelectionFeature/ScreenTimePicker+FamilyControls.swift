#if canImport(FamilyControls)
import FamilyControls
import ManagedSettings
import ScreenTimeLive
import SwiftUI
import ThresholdCore

// The Screen Time picker and token labels on iOS: FamilyControls' own, read through
// ScreenTimeLive's `TokenCoding`. (`ScreenTimePicker+Simulated.swift` is the simulated phone's.)

/// Opens FamilyControls' picker from what is chosen now; when it closes, hands back the pick.
@MainActor
struct ScreenTimePicker: ViewModifier {
    @Binding var isPresented: Bool
    let current: Selection
    let onPick: (PickerResult) -> Void
    @State private var picked = FamilyActivitySelection()

    func body(content: Content) -> some View {
        content
            .familyActivityPicker(isPresented: $isPresented, selection: $picked)
            .onChange(of: isPresented) { _, open in
                if open {
                    picked = Self.appleSelection(current)
                    return
                }
                do {
                    onPick(.picked(try TokenCoding.selection(picked)))
                } catch {
                    onPick(.failed(String(describing: error)))
                }
            }
    }

    /// What the picker starts from: the tokens chosen before (those that can still be read).
    static func appleSelection(_ selection: Selection) -> FamilyActivitySelection {
        var apple = FamilyActivitySelection()
        apple.applicationTokens = Set(selection.applications.compactMap { try? TokenCoding.application($0) })
        apple.categoryTokens = Set(selection.categories.compactMap { try? TokenCoding.category($0) })
        apple.webDomainTokens = Set(selection.webDomains.compactMap { try? TokenCoding.webDomain($0) })
        return apple
    }
}

/// A token's name and icon as iOS draws them (`Label(token)`), or `unreadable` when iOS no
/// longer reads the token.
@MainActor
struct ScreenTimeTokenLabel<Unreadable: View>: View {
    let token: AnyToken
    @ViewBuilder let unreadable: () -> Unreadable

    var body: some View {
        switch token {
        case .app(let app):
            if let apple = try? TokenCoding.application(app) { Label(apple) } else { unreadable() }
        case .category(let category):
            if let apple = try? TokenCoding.category(category) { Label(apple) } else { unreadable() }
        case .webDomain(let domain):
            if let apple = try? TokenCoding.webDomain(domain) { Label(apple) } else { unreadable() }
        }
    }
}
#endif
