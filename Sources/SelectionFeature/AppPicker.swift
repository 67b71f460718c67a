import DesignSystem
import SwiftUI
import ThresholdCore

/// A button that opens the Screen Time picker and hands back what was chosen as Core's
/// `Selection`, or why it could not be read (`ScreenTimePicker`, the one place that knows the
/// picker's own types).
///
/// The picker shows what is chosen now; closing it hands the pick to `onPick`, empty or not, and
/// the model decides (an empty pick, or more than iOS can shield, is refused there).
@MainActor
public struct AppPickerButton<Title: View>: View {
    let current: Selection
    let onPick: (PickerResult) -> Void
    let title: Title
    @State private var isPresented = false

    public init(current: Selection, onPick: @escaping (PickerResult) -> Void, @ViewBuilder title: () -> Title) {
        self.current = current
        self.onPick = onPick
        self.title = title()
    }

    public var body: some View {
        Button {
            isPresented = true
        } label: {
            title
        }
        .accessibilityHint(Text("Opens the Screen Time picker.", bundle: .module))
        .modifier(ScreenTimePicker(isPresented: $isPresented, current: current, onPick: onPick))
    }
}

/// An app, category or website by its Screen Time token: the name and icon iOS knows for it.
@MainActor
public struct TokenLabel: View {
    let token: AnyToken

    public init(_ token: AnyToken) { self.token = token }
    public init(app: AppToken) { self.token = .app(app) }

    public var body: some View {
        ScreenTimeTokenLabel(token: token) {
            // A token iOS no longer reads (tokens can change after an OS update): it stays shielded.
            Label {
                Text("An item iOS no longer names", bundle: .module)
            } icon: {
                Image(systemName: "questionmark.app")
            }
        }
    }
}

/// What a selection holds: counts in words and the first few items by name.
@MainActor
public struct SelectionSummary: View {
    let selection: Selection
    let shown: Int

    /// "2 apps · 1 website": only what was chosen is counted.
    private var counts: Text {
        [
            selection.applications.isEmpty ? nil : Text("\(selection.applications.count) apps", bundle: .module),
            selection.categories.isEmpty ? nil : Text("\(selection.categories.count) categories", bundle: .module),
            selection.webDomains.isEmpty ? nil : Text("\(selection.webDomains.count) websites", bundle: .module),
        ].compactMap { $0 }.joined(separator: Text(verbatim: " · "))
    }

    public init(_ selection: Selection, showing shown: Int = 3) {
        self.selection = selection
        self.shown = shown
    }

    public var body: some View {
        VStack(alignment: .leading, spacing: 6) {
            if selection.isEmpty {
                Text("Nothing chosen yet", bundle: .module).foregroundStyle(.secondary)
            } else {
                counts.font(.subheadline)
                ForEach(Array(selection.tokens.sorted().prefix(shown)), id: \.self) { token in
                    TokenLabel(token).font(.callout)
                }
                // NB: iOS blocks a picked website in Safari (and its web views), never the site's own app.
                if !selection.webDomains.isEmpty {
                    Text(
                        "Websites are blocked in Safari, not in their apps: to shield an app too, pick it among the apps.", bundle: .module
                    )
                    .font(.footnote).foregroundStyle(.secondary)
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
                ProblemBanner(
                    Text(
                        "You chose nothing. Pick at least one app, category or website; what was shielded stays shielded.", bundle: .module)
                )
            case .pickerFailed(let detail):
                ProblemBanner(
                    Text("The Screen Time picker could not hand back your choice. Try again; nothing was changed.", bundle: .module))
                Text(detail).font(.caption).foregroundStyle(.secondary)
            case .refused(let reason):
                ProblemBanner(reason)
            }
        }
    }
}
