import DesignSystem
import SwiftUI
import ThresholdCore

/// Settings → Help: the common questions, each with its answer (``HelpTopics``, content), in the
/// phone's language where Threshold has Help in it, else in English.
@MainActor
struct HelpView: View {
    /// The paths the person uses: Help answers their questions, not other paths'.
    let paths: Set<Pathway>
    @Environment(\.locale) private var locale

    var body: some View {
        List {
            switch HelpTopics.shown(in: ContentLanguage(locale), to: paths) {
            case .success(let topics):
                ForEach(topics) { topic in
                    VStack(alignment: .leading, spacing: 6) {
                        ContentText(topic.question).font(.headline).accessibilityAddTraits(.isHeader)
                        ContentText(topic.answer).font(.body)
                    }
                    .padding(.vertical, 4)
                    .accessibilityElement(children: .combine)
                }
            case .failure:
                // NB: a bundle without its file is a build mistake (HelpTopicsTests and HelpLanguageTests read the files).
                ProblemBanner(Text("Help could not be read. Reinstalling Threshold brings it back.", bundle: .module))
            }
        }
        .navigationTitle(Text("Help", bundle: .module))
    }
}
