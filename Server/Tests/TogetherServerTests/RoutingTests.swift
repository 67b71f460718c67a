import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import ServerTestSupport
import Testing
@testable import TogetherServer

/// What the server says to a method a documented path does not take (schemathesis found 404s
/// with no body): 405, the methods it does take in Allow, and a refusal body.
@Suite struct RoutingTests {
    @Test func aMethodThePathDoesNotTake_is405_withAllow_andAReason() async throws {
        try await withServer { phone, _ in
            let cases: [(HTTPRequest.Method, String, String)] = [
                (.init("TRACE")!, "/v1/health", "GET"),
                (.patch, "/v1/backup", "DELETE, GET, PUT"),
                (.put, "/v1/summaries", "POST"),
                (.delete, "/v1/partners/messages", "GET, POST"),
                (.get, "/v1/weeks/2026-11-23/finalize", "POST"),
            ]
            for (method, path, allow) in cases {
                let response = try await phone.client.execute(uri: path, method: method, headers: [:], body: nil)
                #expect(response.status == .methodNotAllowed, "\(method) \(path)")
                #expect(response.headers[.allow] == allow, "\(method) \(path)")
                let body = try JSONSerialization.jsonObject(with: Data(response.body.readableBytesView)) as? [String: String]
                #expect(body?["error"] == "malformed" && body?["reason"]?.isEmpty == false, "\(method) \(path)")
            }
            // A path the API does not have stays 404.
            #expect(try await phone.client.execute(uri: "/v1/nothing", method: .get, headers: [:], body: nil).status == .notFound)
        }
    }
}
