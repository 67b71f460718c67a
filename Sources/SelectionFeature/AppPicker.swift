import DesignSystem
import FamilyControls
import FeatureModels
import ManagedSettings
import ScreenTimeLive
import SwiftUI
import ThresholdCore

/// A button that opens the Screen Time picker and hands back what was chosen as Core's
/// `Selection` (through ScreenTimeLive's `TokenCoding`), or why it could not be read.
///
/// The picker shows what is chosen now; closing it hands the pick to `onPick`, empty or not, and
/// the model decides (an empty pick, or more than iOS can shield, is refused there).
@MainActor
public struct AppPickerButton<Title: View>: View {
    let current: Selection
    let onPick: (PickerResult) -> Void
    let title: Title
    @State private var isPresented = false
    @State private var picked = FamilyActivitySelection()

    public init(current: Selection, onPick: @escaping (PickerResult) -> Void, @ViewBuilder title: () -> Title) {
        self.current = current
        self.onPick = onPick
        self.title = title()
    }

    public var body: some View {
        Button {
            picked = Self.appleSelection(current)
            isPresented = true
        } label: {
            title
        }
        .accessibilityHint(Text("Opens the Screen Time picker.", bundle: .module))
        .familyActivityPicker(isPresented: $isPresented, selection: $picked)
        .onChange(of: isPresented) { _, open in
            guard !open else { return }
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

/// An app, category or website by its Screen Time token: the name and icon iOS knows for it.
@MainActor
public struct TokenLabel: View {
    let token: AnyToken

    public init(_ token: AnyToken) { self.token = token }
    public init(app: AppToken) { self.token = .app(app) }

    public var body: some View {
        switch token {
        case .app(let app):
            if let apple = try? TokenCoding.application(app) { Label(apple) } else { unreadable }
        case .category(let category):
            if let apple = try? TokenCoding.category(category) { Label(apple) } else { unreadable }
        case .webDomain(let domain):
            if let apple = try? TokenCoding.webDomain(domain) { Label(apple) } else { unreadable }
        }
    }

    /// A token iOS no longer reads (tokens can change after an OS update): it stays shielded.
    private var unreadable: some View {
        Label { Text("An item iOS no longer names", bundle: .module) } icon: { Image(systemName: "questionmark.app") }
    }
}

/// What a selection holds: counts in words and the first few items by name.
@MainActor
public struct SelectionSummary: View {
    let selection: Selection
    let shown: Int

    public init(_ selection: Selection, showing shown: Int = 3) {
        self.selection = selection
        self.shown = shown
    }

    public var body: some View {
        VStack(alignment: .leading, spacing: 6) {
            if selection.isEmpty {
                Text("Nothing chosen yet", bundle: .module).foregroundStyle(.secondary)
            } else {
                Text("\(selection.applications.count) apps, \(selection.categories.count) categories, \(selection.webDomains.count) websites",
                     bundle: .module)
                    .font(.subheadline)
                ForEach(Array(selection.tokens.sorted().prefix(shown)), id: \.self) { token in
                    TokenLabel(token).font(.callout)
                }
            }
        }
    }
}

/// Why a pick was not taken, and that nothing changed.
@MainActor
public struct PickProblemView: View {
    let problem: PickProblem

    public init(_ problem: PickProblem) { self.problem = problem }

    public var body: some View {
        VStack(alignment: .leading, spacing: 4) {
            switch problem {
            case .nothingChosen:
                ProblemBanner(Text("You chose nothing. Pick at least one app, category or website; what was shielded stays shielded.", bundle: .module))
            case .pickerFailed(let detail):
                ProblemBanner(Text("The Screen Time picker could not hand back your choice. Try again; nothing was changed.", bundle: .module))
                Text(detail).font(.caption).foregroundStyle(.secondary)
            case .refused(let reason):
                ProblemBanner(reason)
            }
        }
    }
}
