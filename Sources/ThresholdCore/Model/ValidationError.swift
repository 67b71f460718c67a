/// Why a value was refused, in words the person can act on.
///
/// Every validating initialiser in the model throws this; decoding a value runs the same
/// initialiser, so a stored or imported value that breaks an invariant is refused the same way.
public struct ValidationError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Which field or value is wrong, e.g. `profile “Work”: schedule`.
    public var subject: String
    /// What is wrong and what would be right.
    public var message: String

    public init(_ subject: String, _ message: String) {
        self.subject = subject
        self.message = message
    }

    public var description: String { "\(subject): \(message)" }

    /// The same error, placed inside a larger value: `profile “Work”` + `schedule` → `profile “Work”: schedule`.
    func within(_ outer: String) -> ValidationError {
        ValidationError("\(outer): \(subject)", message)
    }
}

extension ValidationError {
    /// Runs `body`, prefixing any validation error it throws with `outer`.
    static func inside<T>(_ outer: String, _ body: () throws -> T) throws -> T {
        do { return try body() } catch let error as ValidationError { throw error.within(outer) }
    }
}

/// Turns a validation failure during decoding into a `DecodingError` that keeps the readable message.
func validatingDecode<T>(_ decoder: any Decoder, _ body: () throws -> T) throws -> T {
    do {
        return try body()
    } catch let error as ValidationError {
        throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: error.description, underlyingError: error))
    }
}
