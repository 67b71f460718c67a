/// Why a value or a request was refused: what was refused (for developers) and the rule's
/// ``Refusal`` (for the person, worded by the screen that shows it).
///
/// Every validating initialiser in the model throws this; decoding a value runs the same
/// initialiser, so a stored or imported value that breaks an invariant is refused the same way.
public struct ValidationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Which field or value is wrong, e.g. `profile “Work”: schedule`. Developer-facing.
    public var subject: String
    /// The rule that refused it, with its numbers and names.
    public var refusal: Refusal

    public init(_ subject: String, _ refusal: Refusal) {
        self.subject = subject
        self.refusal = refusal
    }

    /// Developer-facing (logs, decoding errors, scenario files): the subject and the rule's case.
    public var description: String {
        "\(subject): \(Self.unqualified("\(refusal)"))"
    }

    /// `invariant(ThresholdCore.Refusal.Invariant.ledgerZero)` as `invariant(ledgerZero)`: the
    /// case names without the types they are nested in. Quoted strings are kept as they are.
    static func unqualified(_ text: String) -> String {
        var out = "", word = ""
        var quoted = false, escaped = false
        for character in text {
            if quoted {
                out.append(character)
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { quoted = false }
            } else if character == "\"" {
                out += word + String(character)
                word = ""
                quoted = true
            } else if character.isLetter || character.isNumber || character == "_" {
                word.append(character)
            } else if character == ".", word.first?.isUppercase == true {
                word = ""
            } else {
                out += word + String(character)
                word = ""
            }
        }
        return out + word
    }

    /// The same error, placed inside a larger value: `profile “Work”` + `schedule` → `profile “Work”: schedule`.
    func within(_ outer: String) -> ValidationError {
        ValidationError("\(outer): \(subject)", refusal)
    }
}

extension ValidationError {
    /// Runs `body`, prefixing any validation error it throws with `outer`.
    static func inside<T>(_ outer: String, _ body: () throws -> T) throws -> T {
        do { return try body() } catch let error as ValidationError { throw error.within(outer) }
    }

    /// An invariant of stored or imported data is broken (developer-facing: see ``Refusal/invariant(_:)``).
    static func invariant(_ subject: String, _ invariant: Refusal.Invariant) -> ValidationError {
        ValidationError(subject, .invariant(invariant))
    }
}

/// Turns a validation failure during decoding into a `DecodingError` that keeps the diagnosis.
func validatingDecode<T>(_ decoder: any Decoder, _ body: () throws -> T) throws -> T {
    do {
        return try body()
    } catch let error as ValidationError {
        throw DecodingError.dataCorrupted(
            .init(codingPath: decoder.codingPath, debugDescription: error.description, underlyingError: error))
    }
}
