import NIOCore
import NIOHTTP1
import NIOPosix

/// One keep-alive HTTP/1.1 connection to the server, one request at a time.
// NB: @unchecked Sendable: `pending` is touched only on the channel's event loop.
final class HTTPConnection: ChannelInboundHandler, @unchecked Sendable {
    typealias InboundIn = HTTPClientResponsePart

    let channel: Channel
    private var pending: EventLoopPromise<Int>?
    private var status = 0

    private init(channel: Channel) { self.channel = channel }

    static func connect(host: String, port: Int, group: EventLoopGroup) async throws -> HTTPConnection {
        let holder = Holder()
        let channel = try await ClientBootstrap(group: group)
            .channelOption(.socketOption(.tcp_nodelay), value: 1)
            .channelInitializer { channel in
                let connection = HTTPConnection(channel: channel)
                holder.connection = connection
                return channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHTTPClientHandlers()
                    try channel.pipeline.syncOperations.addHandler(connection)
                }
            }
            .connect(host: host, port: port).get()
        guard let connection = holder.connection, connection.channel === channel else { throw LoadError("no connection handler") }
        return connection
    }

    // NB: @unchecked Sendable: written once in the channel initializer before connect returns.
    final class Holder: @unchecked Sendable { var connection: HTTPConnection? }

    /// Sends one request and returns the response's status once its end has arrived.
    func send(method: HTTPMethod, path: String, headers: [(String, String)], body: [UInt8]) async throws -> Int {
        let promise = channel.eventLoop.makePromise(of: Int.self)
        var head = HTTPRequestHead(version: .http1_1, method: method, uri: path)
        head.headers.add(name: "Host", value: "127.0.0.1")
        head.headers.add(name: "Content-Length", value: String(body.count))
        for (name, value) in headers { head.headers.add(name: name, value: value) }
        let requestHead = head
        channel.eventLoop.execute {
            self.pending = promise
            self.channel.write(HTTPClientRequestPart.head(requestHead), promise: nil)
            if !body.isEmpty { self.channel.write(HTTPClientRequestPart.body(.byteBuffer(ByteBuffer(bytes: body))), promise: nil) }
            self.channel.writeAndFlush(HTTPClientRequestPart.end(nil), promise: nil)
        }
        return try await promise.futureResult.get()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head): status = Int(head.status.code)
        case .body: break
        case .end:
            let promise = pending
            pending = nil
            promise?.succeed(status)
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        pending?.fail(error)
        pending = nil
        context.close(promise: nil)
    }

    func channelInactive(context: ChannelHandlerContext) {
        pending?.fail(LoadError("connection closed"))
        pending = nil
    }
}

/// Idle connections, reused; a new one when none is idle.
actor ConnectionPool {
    let host: String
    let port: Int
    let group: EventLoopGroup
    private var idle: [HTTPConnection] = []
    private(set) var opened = 0

    init(host: String, port: Int, group: EventLoopGroup) {
        self.host = host
        self.port = port
        self.group = group
    }

    func acquire() async throws -> HTTPConnection {
        if let connection = idle.popLast() { return connection }
        opened += 1
        return try await HTTPConnection.connect(host: host, port: port, group: group)
    }

    func release(_ connection: HTTPConnection) {
        if connection.channel.isActive { idle.append(connection) }
    }
}

struct LoadError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
