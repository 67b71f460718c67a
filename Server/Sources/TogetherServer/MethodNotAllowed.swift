import Foundation
import HTTPTypes
import Hummingbird

/// Answers a method a documented path does not take with 405, the methods it does take in `Allow`
/// and a refusal body, where the router would say 404 with nothing.
struct MethodNotAllowed<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound {
            let allowed = Self.methods(taking: request.uri.path)
            guard !allowed.isEmpty else { throw error }
            let allow = allowed.joined(separator: ", ")
            let body = try Wire.encoder.encode(
                Wire.Refusal(error: "malformed", reason: "\(request.uri.path) takes \(allow), not \(request.method.rawValue)."))
            return Response(
                status: .methodNotAllowed, headers: [.allow: allow, .contentType: "application/json"],
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
        }
    }

    /// The methods of the routes whose template `path` matches, sorted; where several templates
    /// match, the router's choice: the one with the most literal segments (`/v1/partners/messages`
    /// before `/v1/partners/{partnership}`).
    static func methods(taking path: String) -> [String] {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        let matches = (TogetherAPI.routes + SiteRoutes.routes).compactMap { route -> (method: String, literals: Int)? in
            let template = route.path.split(separator: "/", omittingEmptySubsequences: false)
            guard template.count == parts.count, zip(template, parts).allSatisfy({ $0.hasPrefix("{") || $0 == $1 }) else { return nil }
            return (route.method.rawValue, template.filter { !$0.hasPrefix("{") }.count)
        }
        let best = matches.map(\.literals).max()
        return Set(matches.filter { $0.literals == best }.map(\.method)).sorted()
    }
}
