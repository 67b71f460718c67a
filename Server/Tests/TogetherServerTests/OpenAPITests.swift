import Hummingbird
import Logging
import PostgresNIO
import ServerTestSupport
import Testing
import TogetherCore
import Yams
@testable import TogetherServer

@Suite struct OpenAPITests {
    @Test func everyRouteTheServerRegisters_isInTheDocument_andViceVersa() throws {
        let document = try OpenAPIDocument.load()
        let logger = Logger(label: "test")
        // The router only: building it opens no connection.
        let client = PostgresClient(
            configuration: .init(host: "127.0.0.1", username: "nobody", password: nil, database: nil, tls: .disable),
            backgroundLogger: logger)
        let router = Router(context: BasicRequestContext.self)
        TogetherAPI(store: TogetherStore(client: client, logger: logger), clock: SystemClock(), logger: logger).register(on: router)
        SiteRoutes(team: nil).register(on: router)
        let registered = Set(
            router.routes.map { route in
                let path = route.path.description.split(separator: "/").map { $0.hasPrefix(":") ? "{\($0.dropFirst())}" : String($0) }
                return "\(route.method.rawValue) /" + path.joined(separator: "/")
            })
        #expect(registered == Set(document.operations.keys))
        #expect(registered == Set((TogetherAPI.routes + SiteRoutes.routes).map { "\($0.method.rawValue) \($0.path)" }))
        #expect(registered.count == 20)
    }

    @Test func theDocumentsRefusalCodes_areExactlyTheServers() throws {
        let text = try String(contentsOf: OpenAPIDocument.url, encoding: .utf8)
        let root = try #require(try Yams.load(yaml: text) as? [String: Any])
        let components = try #require(root["components"] as? [String: Any])
        let schemas = try #require(components["schemas"] as? [String: Any])
        let refusal = try #require(schemas["Refusal"] as? [String: Any])
        let properties = try #require(refusal["properties"] as? [String: Any])
        let error = try #require(properties["error"] as? [String: Any])
        let documented = Set(try #require(error["enum"] as? [String]))
        #expect(documented == Set(TogetherRefusal.Code.allCases.map(\.rawValue) + ["internal", "unavailable"]))
    }

    @Test func everyRefusalCode_isSentWithAStatusTheDocumentListsForRefusals() throws {
        let document = try OpenAPIDocument.load()
        let refusalStatuses = Set(document.operations.values.flatMap { $0.keys }.filter { (400..<500).contains($0) })
        for code in TogetherRefusal.Code.allCases {
            #expect(refusalStatuses.contains(Int(TogetherAPI.status(for: code).code)), "\(code)")
        }
    }
}

import TogetherCore
