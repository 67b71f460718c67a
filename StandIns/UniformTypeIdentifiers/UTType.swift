import Foundation

// UniformTypeIdentifiers for Linux: the types Threshold's views name. Never built for iOS.

/// A uniform type identifier.
public struct UTType: Hashable, Sendable {
    public let identifier: String
    public init(_ identifier: String) { self.identifier = identifier }
    public static let json = UTType("public.json")
    public static let plainText = UTType("public.plain-text")
    public static let data = UTType("public.data")
    public static let url = UTType("public.url")
}
