import UniformTypeIdentifiers

// Sheets, covers, alerts, dialogs and the sheets iOS draws itself (pickers, the share sheet).

/// What is presented over a screen, each with what is presented over it in turn.
@MainActor
package final class PresentationSink {
    package var layers: [PresentedLayer] = []
    /// The views of the screen this sink belongs to, outermost first.
    package let rootViews = ViewNames()
    /// `onOpenURL` handlers met while drawing.
    package var openURL: [(URL) -> Void] = []
}

/// A sheet, cover, alert, dialog or system sheet on screen.
@MainActor
package struct PresentedLayer {
    package enum Kind: Equatable {
        case sheet, fullScreenCover, alert, confirmationDialog
        /// A sheet iOS draws itself: the Screen Time picker, the document picker, the share sheet.
        case system(String)
    }

    package let kind: Kind
    package let title: [Element]
    package let message: [Element]
    /// A sheet's content; an alert's or dialog's buttons.
    package let content: [Element]
    /// What a swipe down, a tap outside or Cancel does; `nil` where iOS offers no such way out
    /// (a full-screen cover, a sheet with `interactiveDismissDisabled`).
    package let dismiss: (() -> Void)?
    package let presented: PresentationSink
    /// What a system sheet was opened with, and how it is answered.
    package let context: Any?
    package let answer: ((Any) -> Void)?
    /// Asked for in this frame, not up before it: iOS refuses it while its presenter already shows
    /// another ("Attempt to present … which is already presenting").
    package var isNew = false
    package var views: [String] { presented.rootViews.names }
}

private struct InteractiveDismissDisabledKey: EnvironmentKey { static let defaultValue = false }

extension EnvironmentValues {
    var interactiveDismissDisabled: Bool {
        get { self[InteractiveDismissDisabledKey.self] }
        set { self[InteractiveDismissDisabledKey.self] = newValue }
    }
}

/// Presents content over the view it modifies while `isPresented` holds; `onDismiss` runs when it
/// stops being presented, however that happened (as SwiftUI's does).
nonisolated struct PresentationModifier: ViewModifier, PrimitiveModifier {
    typealias Body = Never
    let kind: PresentedLayer.Kind
    let key: () -> String?
    let isPresented: () -> Bool
    let setDismissed: () -> Void
    let onDismiss: (() -> Void)?
    let content: () -> any View
    var title: (() -> any View)?
    var message: (() -> any View)?
    var context: Any?
    var answer: ((Any) -> Void)?

    @MainActor package func apply<Content: View>(to base: Content, in context: RenderContext) -> [Element] {
        let elements = context.renderChild(base, key: .index(0))
        let node = context.node
        let presented = isPresented()
        let was = node.storage["presented"] as? Bool ?? false
        node.storage["presented"] = presented
        if was, !presented, let onDismiss { context.afterFrame(onDismiss) }
        guard presented else { return elements }

        let sink = PresentationSink()
        let setDismissed = setDismissed
        var environment = context.environment
        environment.dismiss = DismissAction(setDismissed)
        environment.isPresented = true
        environment.navigationPush = nil
        environment.shownTab = .all
        var inner = context.at(node.child(.named("presented-\(key() ?? "")")))
        inner.environment = environment
        inner.presentations = sink
        inner.navigation = nil
        inner.views = sink.rootViews
        var content = inner.renderChild(self.content(), key: .named("content"))
        let title = self.title.map { inner.renderChild($0(), key: .named("title")) } ?? []
        let message = self.message.map { inner.renderChild($0(), key: .named("message")) } ?? []
        var dismiss: (() -> Void)? = setDismissed
        switch kind {
        case .alert, .confirmationDialog:
            // Each button dismisses after its action; iOS adds OK to an alert with none, and
            // Cancel to a dialog without one.
            content = content.flatMap(\.flattened).compactMap { element -> Element? in
                guard case .button(let button) = element.kind else { return nil }
                let wrapped = Element(
                    .button(
                        ButtonContent(
                            action: {
                                button.action(); setDismissed()
                            }, role: button.role)),
                    children: element.children, path: element.path)
                wrapped.isDisabled = element.isDisabled
                return wrapped
            }
            if kind == .alert, content.isEmpty {
                content = [
                    Element(
                        .button(ButtonContent(action: setDismissed, role: .cancel)),
                        children: Text("OK").render(in: inner), path: inner.node.path + "/ok")
                ]
            }
            if kind == .confirmationDialog,
                !content.contains(where: { if case .button(let b) = $0.kind { b.role == .cancel } else { false } })
            {
                content.append(
                    Element(
                        .button(ButtonContent(action: setDismissed, role: .cancel)),
                        children: Text("Cancel").render(in: inner), path: inner.node.path + "/cancel"))
            }
        case .fullScreenCover:
            dismiss = nil
        case .sheet:
            if environment.interactiveDismissDisabled { dismiss = nil }
        case .system:
            break
        }
        var layer = PresentedLayer(
            kind: kind, title: title, message: message, content: content, dismiss: dismiss,
            presented: sink, context: self.context, answer: answer)
        layer.isNew = !was
        context.presentations.layers.append(layer)
        return elements
    }
}

@MainActor
extension View {
    public func sheet<Content: View>(
        isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil,
        @ViewBuilder content: @escaping () -> Content
    ) -> some View {
        modifier(
            PresentationModifier(
                kind: .sheet, key: { nil }, isPresented: { isPresented.wrappedValue },
                setDismissed: { isPresented.wrappedValue = false }, onDismiss: onDismiss, content: { content() }))
    }

    public func sheet<Item: Identifiable, Content: View>(
        item: Binding<Item?>, onDismiss: (() -> Void)? = nil,
        @ViewBuilder content: @escaping (Item) -> Content
    ) -> some View {
        return modifier(
            PresentationModifier(
                kind: .sheet, key: { item.wrappedValue.map { "\($0.id)" } }, isPresented: { item.wrappedValue != nil },
                setDismissed: { item.wrappedValue = nil }, onDismiss: onDismiss,
                content: { item.wrappedValue.map { AnyView(content($0)) } ?? AnyView(EmptyView()) }))
    }

    public func fullScreenCover<Content: View>(
        isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil,
        @ViewBuilder content: @escaping () -> Content
    ) -> some View {
        modifier(
            PresentationModifier(
                kind: .fullScreenCover, key: { nil }, isPresented: { isPresented.wrappedValue },
                setDismissed: { isPresented.wrappedValue = false }, onDismiss: onDismiss, content: { content() }))
    }

    public func interactiveDismissDisabled(_ isDisabled: Bool = true) -> some View {
        environmentChange { $0.interactiveDismissDisabled = isDisabled }
    }

    public func alert<A: View, M: View>(
        _ title: Text, isPresented: Binding<Bool>, @ViewBuilder actions: @escaping () -> A,
        @ViewBuilder message: @escaping () -> M
    ) -> some View {
        modifier(
            PresentationModifier(
                kind: .alert, key: { nil }, isPresented: { isPresented.wrappedValue },
                setDismissed: { isPresented.wrappedValue = false }, onDismiss: nil, content: { actions() },
                title: { title }, message: { message() }))
    }

    public func alert<A: View>(_ title: Text, isPresented: Binding<Bool>, @ViewBuilder actions: @escaping () -> A) -> some View {
        alert(title, isPresented: isPresented, actions: actions, message: { EmptyView() })
    }

    public func alert<A: View, M: View>(
        _ titleKey: LocalizedStringKey, isPresented: Binding<Bool>, @ViewBuilder actions: @escaping () -> A,
        @ViewBuilder message: @escaping () -> M
    ) -> some View {
        alert(Text(titleKey), isPresented: isPresented, actions: actions, message: message)
    }

    public func confirmationDialog<A: View>(
        _ title: Text, isPresented: Binding<Bool>, titleVisibility: Visibility = .automatic,
        @ViewBuilder actions: @escaping () -> A
    ) -> some View {
        confirmationDialog(title, isPresented: isPresented, titleVisibility: titleVisibility, actions: actions, message: { EmptyView() })
    }

    public func confirmationDialog<A: View, M: View>(
        _ title: Text, isPresented: Binding<Bool>, titleVisibility: Visibility = .automatic,
        @ViewBuilder actions: @escaping () -> A, @ViewBuilder message: @escaping () -> M
    ) -> some View {
        // NB: on iPhone a dialog's title shows only when asked for (`.visible`).
        var presentation = PresentationModifier(
            kind: .confirmationDialog, key: { nil }, isPresented: { isPresented.wrappedValue },
            setDismissed: { isPresented.wrappedValue = false }, onDismiss: nil, content: { actions() },
            message: { message() })
        if titleVisibility == .visible { presentation.title = { title } }
        return modifier(presentation)
    }

    /// A sheet iOS draws itself (the Screen Time picker, say): whoever hosts the views answers it
    /// with a value, which `answer` takes; the sheet closes either way.
    public func _systemSheet(
        _ name: String, isPresented: Binding<Bool>, context: Any? = nil,
        answer: @escaping (Any) -> Void
    ) -> some View {
        modifier(
            PresentationModifier(
                kind: .system(name), key: { nil }, isPresented: { isPresented.wrappedValue },
                setDismissed: { isPresented.wrappedValue = false }, onDismiss: nil, content: { EmptyView() },
                context: context,
                answer: { value in
                    answer(value)
                    isPresented.wrappedValue = false
                }))
    }
}

// MARK: Files

/// A document for the Save to Files sheet.
public protocol FileDocument {
    static var readableContentTypes: [UTType] { get }
    init(configuration: ReadConfiguration) throws
    func fileWrapper(configuration: WriteConfiguration) throws -> FileWrapper
}

public struct FileDocumentReadConfiguration {
    public let contentType: UTType
    public let file: FileWrapper
}

public struct FileDocumentWriteConfiguration {
    public let contentType: UTType
    public let existingFile: FileWrapper?
}

extension FileDocument {
    public typealias ReadConfiguration = FileDocumentReadConfiguration
    public typealias WriteConfiguration = FileDocumentWriteConfiguration
}

/// A file's contents (Foundation's `FileWrapper`, which Foundation on Linux lacks).
open class FileWrapper: @unchecked Sendable {
    public let regularFileContents: Data?
    public init(regularFileWithContents contents: Data) { regularFileContents = contents }
}

/// What the Save to Files sheet is given: the file's bytes and name.
package struct ExportedFile {
    package let name: String
    package let data: Data?
}

@MainActor
extension View {
    public func fileExporter<D: FileDocument>(
        isPresented: Binding<Bool>, document: D?, contentType: UTType, defaultFilename: String? = nil,
        onCompletion: @escaping (Result<URL, any Error>) -> Void
    ) -> some View {
        let configuration = FileDocumentWriteConfiguration(contentType: contentType, existingFile: nil)
        let data = document.flatMap { document in (try? document.fileWrapper(configuration: configuration))?.regularFileContents }
        let file = ExportedFile(name: defaultFilename ?? "Untitled", data: data)
        let presented = isPresented
        return modifier(
            PresentationModifier(
                kind: .system("Save to Files"), key: { nil }, isPresented: { presented.wrappedValue },
                setDismissed: {
                    presented.wrappedValue = false
                    onCompletion(.failure(CocoaError(.userCancelled)))
                }, onDismiss: nil, content: { EmptyView() }, context: file,
                answer: { value in
                    if let url = value as? URL { onCompletion(.success(url)) }
                    presented.wrappedValue = false
                }))
    }

    public func fileImporter(
        isPresented: Binding<Bool>, allowedContentTypes: [UTType],
        onCompletion: @escaping (Result<URL, any Error>) -> Void
    ) -> some View {
        let presented = isPresented
        return modifier(
            PresentationModifier(
                kind: .system("document picker"), key: { nil }, isPresented: { presented.wrappedValue },
                setDismissed: { presented.wrappedValue = false }, onDismiss: nil, content: { EmptyView() },
                context: allowedContentTypes,
                answer: { value in
                    presented.wrappedValue = false
                    if let url = value as? URL {
                        onCompletion(.success(url))
                    } else if let error = value as? any Error {
                        onCompletion(.failure(error))
                    }
                }))
    }
}
