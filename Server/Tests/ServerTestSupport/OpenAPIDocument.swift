import Foundation
import Hummingbird
import Testing
import Yams

/// Server/openapi.yaml, read for the checks: which routes exist, which statuses each may send,
/// and the top-level shape of each JSON body.
package struct OpenAPIDocument: Sendable {
    /// "GET /v1/league" → status → the schema's required keys and, when closed, every allowed key.
    package let operations: [String: [Int: Shape?]]
    /// "GET /v1/backup 200": responses whose body is bytes (application/octet-stream), not JSON.
    package let binary: Set<String>

    package struct Shape: Sendable {
        package let required: Set<String>
        package let allowed: Set<String>?
    }

    package static let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
        .appendingPathComponent("openapi.yaml")

    package static func load() throws -> OpenAPIDocument {
        let text = try String(contentsOf: url, encoding: .utf8)
        guard let root = try Yams.load(yaml: text) as? [String: Any], let paths = root["paths"] as? [String: Any] else {
            throw ConfigurationErrorForTests("openapi.yaml has no paths")
        }
        func resolve(_ node: Any?) -> [String: Any]? {
            guard var node = node as? [String: Any] else { return nil }
            while let ref = node["$ref"] as? String {
                var target: Any? = root
                for part in ref.dropFirst(2).split(separator: "/") { target = (target as? [String: Any])?[String(part)] }
                guard let next = target as? [String: Any] else { return nil }
                node = next
            }
            return node
        }
        var operations: [String: [Int: Shape?]] = [:]
        var binary = Set<String>()
        for (path, item) in paths {
            for (method, operation) in item as? [String: Any] ?? [:] {
                var statuses: [Int: Shape?] = [:]
                for (status, response) in (operation as? [String: Any])?["responses"] as? [String: Any] ?? [:] {
                    let response = resolve(response)
                    if (response?["content"] as? [String: Any])?["application/octet-stream"] != nil {
                        binary.insert("\(method.uppercased()) \(path) \(status)")
                    }
                    let schema = resolve(((response?["content"] as? [String: Any])?["application/json"] as? [String: Any])?["schema"])
                    let shape = schema.map { schema in
                        Shape(
                            required: Set(schema["required"] as? [String] ?? []),
                            allowed: (schema["additionalProperties"] as? Bool) == false
                                ? Set((schema["properties"] as? [String: Any] ?? [:]).keys) : nil)
                    }
                    statuses[Int(status)!] = shape
                }
                operations["\(method.uppercased()) \(path)"] = statuses
            }
        }
        return OpenAPIDocument(operations: operations, binary: binary)
    }

    /// The documented operation a request goes to: its method and the path template it matches.
    package func operation(method: HTTPRequest.Method, path: String) -> String? {
        let path = path.split(separator: "?", maxSplits: 1).first.map(String.init) ?? path
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        return operations.keys.first { key in
            let template = key.split(separator: " ", maxSplits: 1)
            guard template[0] == method.rawValue else { return false }
            let templateParts = template[1].split(separator: "/", omittingEmptySubsequences: false)
            return templateParts.count == parts.count && zip(templateParts, parts).allSatisfy { $0.hasPrefix("{") || $0 == $1 }
        }
    }

    /// Records an issue when the reply's status is not documented for its operation, or its JSON
    /// body lacks a required key or holds one the schema does not allow.
    package func check(method: HTTPRequest.Method, path: String, reply: Reply, sourceLocation: SourceLocation) {
        guard let operation = operation(method: method, path: path) else {
            Issue.record("\(method) \(path) is not in openapi.yaml", sourceLocation: sourceLocation)
            return
        }
        guard let statuses = operations[operation], let documented = statuses[reply.status] else {
            Issue.record("\(operation) answered \(reply.status), which openapi.yaml does not list", sourceLocation: sourceLocation)
            return
        }
        guard let shape = documented else {
            if binary.contains("\(operation) \(reply.status)") { return }
            if !reply.body.isEmpty {
                Issue.record("\(operation) \(reply.status) sent a body the document does not describe", sourceLocation: sourceLocation)
            }
            return
        }
        guard let json = reply.json else {
            Issue.record("\(operation) \(reply.status) sent no JSON object", sourceLocation: sourceLocation)
            return
        }
        let missing = shape.required.subtracting(json.keys)
        if !missing.isEmpty { Issue.record("\(operation) \(reply.status) lacks \(missing.sorted())", sourceLocation: sourceLocation) }
        if let allowed = shape.allowed {
            let extra = Set(json.keys).subtracting(allowed)
            if !extra.isEmpty {
                Issue.record("\(operation) \(reply.status) sent undocumented \(extra.sorted())", sourceLocation: sourceLocation)
            }
        }
    }
}

struct ConfigurationErrorForTests: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
