/// Decodes one of a vocabulary's raw values, refusing anything else with the list of words
/// that would be accepted: `Unknown mood “angry”; use one of grateful, anxious, …`.
func decodeVocabularyWord<Word>(_ noun: String, from decoder: any Decoder) throws -> Word
where Word: CaseIterable & RawRepresentable, Word.RawValue == String {
    let container = try decoder.singleValueContainer()
    let text = try container.decode(String.self)
    guard let word = Word(rawValue: text) else {
        let accepted = Word.allCases.map(\.rawValue).joined(separator: ", ")
        throw DecodingError.dataCorruptedError(in: container, debugDescription: "Unknown \(noun) “\(text)”; use one of \(accepted).")
    }
    return word
}
