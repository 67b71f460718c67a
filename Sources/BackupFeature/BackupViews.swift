import DesignSystem
import SwiftUI
import UniformTypeIdentifiers

/// "Export a backup" (``BackupModel/export()``): makes the file and hands it to iOS's Save to
/// Files sheet. Nothing is sent anywhere.
@MainActor
public struct BackupExportButton: View {
    let backup: BackupModel

    public init(backup: BackupModel) { self.backup = backup }

    public var body: some View {
        Button {
            backup.export()
        } label: {
            Text("Export a backup", bundle: .module)
        }
        .accessibilityHint(Text("Saves everything Threshold holds as a file you keep.", bundle: .module))
        .fileExporter(
            isPresented: Binding(get: { backup.exported != nil }, set: { if !$0 { backup.exportClosed(saved: false) } }),
            document: backup.exported.map(BackupDocument.init), contentType: .json,
            defaultFilename: backup.exported?.name
        ) { result in
            if case .success = result { backup.exportClosed(saved: true) } else { backup.exportClosed(saved: false) }
        }
    }
}

/// "Restore from a backup": iOS's document picker for a JSON file, whose bytes go to `restore`;
/// a file that cannot be read is refused with iOS's reason.
@MainActor
public struct BackupRestoreButton<Title: View>: View {
    let backup: BackupModel
    let restore: (Data) -> Void
    let title: Title
    @State private var isPicking = false

    public init(backup: BackupModel, restore: @escaping (Data) -> Void, @ViewBuilder title: () -> Title) {
        self.backup = backup
        self.restore = restore
        self.title = title()
    }

    public var body: some View {
        Button {
            isPicking = true
        } label: {
            title
        }
        .accessibilityHint(Text("Opens a backup file made by Export a backup.", bundle: .module))
        .fileImporter(isPresented: $isPicking, allowedContentTypes: [.json]) { result in
            do {
                let url = try result.get()
                let scoped = url.startAccessingSecurityScopedResource()
                defer { if scoped { url.stopAccessingSecurityScopedResource() } }
                restore(try Data(contentsOf: url))
            } catch {
                backup.restoreFailed(String(localized: "The file could not be read.", bundle: .module) + " " + error.localizedDescription)
            }
        }
    }
}

/// What a restore brought back, and what needs its apps picked again on this iPhone.
@MainActor
public struct RestoredSummary: View {
    let restored: BackupModel.Restored

    public init(_ restored: BackupModel.Restored) { self.restored = restored }

    public var body: some View {
        VStack(alignment: .leading, spacing: 8) {
            Text.restored(restored)
            if !restored.repick.isEmpty {
                Text("Screen Time keeps app choices on the iPhone that made them. Pick the apps again for:", bundle: .module)
                    .foregroundStyle(.secondary)
                ForEach(restored.repick, id: \.self) { name in Text(verbatim: "• \(name)") }
            }
        }
        .accessibilityElement(children: .combine)
    }
}

/// The backup as a document for the Save to Files sheet.
struct BackupDocument: FileDocument {
    static let readableContentTypes: [UTType] = [.json]
    let data: Data

    init(_ file: BackupModel.File) { data = file.data }

    init(configuration: ReadConfiguration) throws {
        guard let data = configuration.file.regularFileContents else { throw CocoaError(.fileReadCorruptFile) }
        self.data = data
    }

    func fileWrapper(configuration: WriteConfiguration) throws -> FileWrapper { FileWrapper(regularFileWithContents: data) }
}
