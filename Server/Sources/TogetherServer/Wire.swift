import Foundation
import ThresholdCore
import TogetherCore

/// The API's JSON bodies are ``TogetherWire`` (TogetherCore), shared with the app's client; the
/// server adds its strict reading of what a request sends.
public typealias Wire = TogetherWire

extension TogetherWire {
    static func field(_ context: DecodingError.Context) -> String {
        let path = context.codingPath.map(\.stringValue).joined(separator: ".")
        return path.isEmpty ? "The body" : "“\(path)”"
    }

    /// Decodes a JSON object that has exactly `keys`: nothing missing, nothing else.
    static func decode<T: Decodable>(_ type: T.Type, from data: Data, keys: Set<String>, optional: Set<String> = []) throws -> T {
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw TogetherRefusal(.malformed, "The body is not a JSON object.")
        }
        let extra = Set(object.keys).subtracting(keys).subtracting(optional)
        guard extra.isEmpty else {
            throw TogetherRefusal(
                .malformed,
                "The body holds fields Together does not take: \(extra.sorted().joined(separator: ", ")); send only \(keys.union(optional).sorted().joined(separator: ", "))."
            )
        }
        let missing = keys.subtracting(object.keys)
        guard missing.isEmpty else {
            throw TogetherRefusal(.malformed, "The body lacks \(missing.sorted().joined(separator: ", ")).")
        }
        do {
            return try decoder.decode(T.self, from: data)
        } catch let refusal as TogetherRefusal {
            throw refusal
        } catch let DecodingError.dataCorrupted(context) {
            throw TogetherRefusal(.malformed, "\(field(context)) is not valid: \(context.debugDescription)")
        } catch let DecodingError.typeMismatch(type, context) {
            throw TogetherRefusal(
                .malformed, "\(field(context)) should be \(type == String.self ? "a string" : "a whole number"); see openapi.yaml.")
        } catch let DecodingError.valueNotFound(_, context) {
            throw TogetherRefusal(.malformed, "\(field(context)) is null; every field needs a value.")
        } catch {
            throw TogetherRefusal(.malformed, "The body does not match its schema in openapi.yaml.")
        }
    }
}
