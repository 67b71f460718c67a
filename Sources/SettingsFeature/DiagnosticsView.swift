import CoreTransferable
import DesignSystem
import SwiftUI
import UniformTypeIdentifiers

/// The hidden diagnostics screen (``DiagnosticsModel``), reached by a long press on the version in
/// Settings: what Threshold last told iOS, and the last events. "Share diagnostics" hands them to
/// the share sheet as a text file; nothing is sent anywhere.
@MainActor
struct DiagnosticsView: View {
    let model: DiagnosticsModel
    @Environment(\.dismiss) private var dismiss

    var body: some View {
        List {
            if let problem = model.problem { ProblemBanner(problem) }
            ForEach(model.sections) { section in DiagnosticsSection(section: section) }
        }
        .navigationTitle(Text("Diagnostics", bundle: .module))
        .toolbar {
            ToolbarItem(placement: .cancellationAction) {
                Button {
                    dismiss()
                } label: {
                    Text("Done", bundle: .module)
                }
            }
            ToolbarItem(placement: .primaryAction) { share }
        }
    }

    private var share: some View {
        ShareLink(item: DiagnosticsFile(name: model.fileName, text: model.text), preview: SharePreview(Text(verbatim: model.fileName))) {
            Text("Share diagnostics", bundle: .module)
        }
    }
}

/// One part of the report: its lines, small and selectable.
@MainActor
struct DiagnosticsSection: View {
    let section: DiagnosticsModel.Section

    var body: some View {
        Section {
            if section.lines.isEmpty { Text("None", bundle: .module).foregroundStyle(.secondary) }
            ForEach(Array(section.lines.enumerated()), id: \.offset) { _, line in
                Text(verbatim: line).font(.caption.monospaced()).textSelection(.enabled)
            }
        } header: {
            Text(verbatim: section.title)
        }
    }
}

/// The report as a text file for the share sheet.
struct DiagnosticsFile: Transferable {
    let name: String
    let text: String

    static var transferRepresentation: some TransferRepresentation {
        // NB: a file named for the report (the closure form of `suggestedFileName` needs iOS 17.4).
        FileRepresentation(exportedContentType: .plainText) { file in
            let url = FileManager.default.temporaryDirectory.appending(path: file.name)
            try Data(file.text.utf8).write(to: url, options: .atomic)
            return SentTransferredFile(url)
        }
    }
}
