import DesignSystem
import FeatureModels
import SwiftUI

/// Settings → Help: the common questions, each with its answer (``HelpTopics``).
@MainActor
struct HelpView: View {
    var body: some View {
        List(HelpTopics.all) { topic in
            VStack(alignment: .leading, spacing: 6) {
                ContentText(topic.question).font(.headline).accessibilityAddTraits(.isHeader)
                ContentText(topic.answer).font(.body)
            }
            .padding(.vertical, 4)
            .accessibilityElement(children: .combine)
        }
        .navigationTitle(Text("Help", bundle: .module))
    }
}
