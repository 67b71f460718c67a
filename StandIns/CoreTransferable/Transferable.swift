import Foundation
import UniformTypeIdentifiers

// Core Transferable for Linux: what Threshold's views declare to share a file. Never built for
// iOS. The share sheet itself is iOS's; here it is a system sheet a step can read.

/// Something that can be shared or dragged.
public protocol Transferable {
    associatedtype Representation: TransferRepresentation
    @TransferRepresentationBuilder<Self> static var transferRepresentation: Self.Representation { get }
}

public protocol TransferRepresentation {
    associatedtype Item
}

@resultBuilder
public enum TransferRepresentationBuilder<Item> {
    public static func buildExpression<R: TransferRepresentation>(_ representation: R) -> R where R.Item == Item { representation }
    public static func buildBlock<R: TransferRepresentation>(_ representation: R) -> R where R.Item == Item { representation }
}

/// A file to share, written when the share sheet asks for it.
public struct FileRepresentation<Item>: TransferRepresentation {
    let contentType: UTType
    let exporting: @Sendable (Item) async throws -> SentTransferredFile

    public init(exportedContentType: UTType, exporting: @escaping @Sendable (Item) async throws -> SentTransferredFile) {
        contentType = exportedContentType
        self.exporting = exporting
    }
}

public struct SentTransferredFile: Sendable {
    public let file: URL
    public init(_ file: URL, allowAccessingOriginalFile: Bool = false) { self.file = file }
}
