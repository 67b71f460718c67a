/// A short verse for the Selah shield, under the title "Selah — pause".
public struct VerseLine: Hashable, Sendable, CustomStringConvertible {
    public let text: String
    public let reference: VerseReference
    /// The translation the words are from; shown even when the person prefers another.
    public let translation: BibleTranslation

    public init(text: String, reference: VerseReference, translation: BibleTranslation) {
        self.text = text
        self.reference = reference
        self.translation = translation
    }

    /// Where the words come from: `Psalms 46:10 (KJV)`.
    public var citation: String { "\(reference) (\(translation.abbreviation))" }

    /// `“Be still, and know that I am God” — Psalms 46:10 (KJV)`
    public var description: String { "“\(text)” — \(citation)" }
}
