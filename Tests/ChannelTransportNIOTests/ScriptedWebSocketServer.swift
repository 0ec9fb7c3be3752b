import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOWebSocket

/// A WebSocket server on 127.0.0.1 that plays a script per connection: echo, send, close with a code, drop
/// the TCP connection without a close frame, refuse the upgrade. It records what each connect sent
/// (`Authorization`), when, and the close code each client sent.
///
/// Plain NIOWebSocket rather than hummingbird-websocket's handler API: that API hides the close frames a
/// client sends, which the tests must see.
final class ScriptedWebSocketServer: Sendable {
    enum Step: Sendable {
        /// Sends a text frame.
        case send(String)
        /// Waits for a text frame from the client and echoes it.
        case echoNext
        /// Echoes every text frame from now on (the script's last step).
        case echoAll
        /// Sends a close frame with `code`, then closes the socket.
        case close(code: Int)
        /// Closes the TCP connection at once, without a close frame.
        case drop
    }

    /// The steps of connection `index` (0-based, refused ones included); nil refuses the upgrade (HTTP 503).
    typealias Script = @Sendable (_ index: Int) -> [Step]?

    let log = ServerLog()
    private let script: Script
    private let listener = LockedBox<(any NIOCore.Channel)?>(nil)

    init(script: @escaping Script) {
        self.script = script
    }

    var port: Int { listener.value?.localAddress?.port ?? 0 }
    var url: URL { URL(string: "ws://127.0.0.1:\(port)/chat")! }

    func start() async throws {
        let script = script
        let log = log
        let upgrader = NIOWebSocketServerUpgrader(
            maxFrameSize: 1 << 24,
            automaticErrorHandling: true,
            shouldUpgrade: { channel, head in
                let index = log.connected(authorization: head.headers.first(name: "Authorization"))
                let accepted = script(index) != nil
                return channel.eventLoop.makeSucceededFuture(accepted ? HTTPHeaders() : nil)
            },
            upgradePipelineHandler: { channel, _ in
                let index = log.connectCount - 1
                return channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(ScriptHandler(steps: script(index) ?? [], log: log))
                }
            })
        let bootstrap = ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline(
                        withServerUpgrade: (
                            upgraders: [upgrader],
                            completionHandler: { context in context.pipeline.removeHandler(name: "refusal", promise: nil) }
                        ))
                    try channel.pipeline.syncOperations.addHandler(RefusalHandler(), name: "refusal")
                }
            }
        listener.value = try await bootstrap.bind(host: "127.0.0.1", port: 0).get()
    }

    func stop() async {
        try? await listener.value?.close()
    }
}

/// What the server saw.
final class ServerLog: Sendable {
    private let state = LockedBox(State())

    struct State {
        var authorizations: [String?] = []
        var connectTimes: [ContinuousClock.Instant] = []
        var closeCodes: [Int] = []
    }

    func connected(authorization: String?) -> Int {
        state.mutate {
            $0.authorizations.append(authorization)
            $0.connectTimes.append(.now)
            return $0.authorizations.count - 1
        }
    }

    func closed(code: Int) { state.mutate { $0.closeCodes.append(code) } }

    var connectCount: Int { state.value.authorizations.count }
    var authorizations: [String?] { state.value.authorizations }
    var closeCodes: [Int] { state.value.closeCodes }

    /// The waits between consecutive connects.
    var gaps: [Duration] {
        let times = state.value.connectTimes
        return zip(times, times.dropFirst()).map { $1 - $0 }
    }

    /// Waits (at most `timeout`) until `condition` holds of the log; false when it never did.
    func eventually(timeout: Duration = .seconds(5), _ condition: (ServerLog) -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if condition(self) { return true }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return condition(self)
    }
}

/// Plays one connection's steps.
private final class ScriptHandler: ChannelInboundHandler {
    typealias InboundIn = WebSocketFrame
    typealias OutboundOut = WebSocketFrame

    private var steps: ArraySlice<ServerStep>
    private let log: ServerLog
    private var echoing = false
    private var waitingForMessage = false

    typealias ServerStep = ScriptedWebSocketServer.Step

    init(steps: [ServerStep], log: ServerLog) {
        self.steps = steps[...]
        self.log = log
    }

    /// The script starts once the upgrade is complete: the 101 answer is out and the HTTP handlers are gone,
    /// so a frame written now cannot reach the HTTP encoder or overtake the answer.
    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event is HTTPServerUpgradeEvents {
            play(context: context)
        }
        context.fireUserInboundEventTriggered(event)
    }

    private func play(context: ChannelHandlerContext) {
        while let step = steps.popFirst() {
            switch step {
            case .send(let text):
                context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .text, data: ByteBuffer(string: text))), promise: nil)
            case .echoNext:
                waitingForMessage = true
                return
            case .echoAll:
                echoing = true
                return
            case .close(let code):
                var data = context.channel.allocator.buffer(capacity: 2)
                data.write(webSocketErrorCode: WebSocketErrorCode(codeNumber: code))
                let frame = WebSocketFrame(fin: true, opcode: .connectionClose, data: data)
                afterUpgradeSettles(context) {
                    $0.writeAndFlush(NIOAny(frame)).assumeIsolated().whenComplete { [context = $0] _ in context.close(promise: nil) }
                }
                return
            case .drop:
                afterUpgradeSettles(context) { $0.close(promise: nil) }
                return
            }
        }
    }

    /// Runs `body` 50 ms later. A close (or a drop) arriving together with the 101 answer races with the client
    /// stack's upgrade, which can lose the close frame (NIOChannelTransport then sees a drop, never hangs); real
    /// servers close after reading something, so the script leaves the client its upgrade first.
    private func afterUpgradeSettles(_ context: ChannelHandlerContext, _ body: @escaping (ChannelHandlerContext) -> Void) {
        context.eventLoop.assumeIsolated().scheduleTask(in: .milliseconds(50)) { body(context) }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        switch frame.opcode {
        case .text:
            let echo = WebSocketFrame(fin: true, opcode: .text, data: frame.unmaskedData)
            if waitingForMessage {
                waitingForMessage = false
                context.writeAndFlush(wrapOutboundOut(echo), promise: nil)
                play(context: context)
            } else if echoing {
                context.writeAndFlush(wrapOutboundOut(echo), promise: nil)
            }
        case .connectionClose:
            var payload = frame.unmaskedData
            let code = payload.readWebSocketErrorCode().map { Int(UInt16(webSocketErrorCode: $0)) } ?? 1005
            log.closed(code: code)
            var answer = context.channel.allocator.buffer(capacity: 2)
            answer.write(webSocketErrorCode: WebSocketErrorCode(codeNumber: code))
            context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .connectionClose, data: answer))).assumeIsolated().whenComplete { _ in
                context.close(promise: nil)
            }
        case .ping:
            context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .pong, data: frame.unmaskedData)), promise: nil)
        default:
            break
        }
    }
}

/// Answers a request that was not upgraded with 503.
private final class RefusalHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard case .end = unwrapInboundIn(data) else { return }
        var headers = HTTPHeaders()
        headers.add(name: "Content-Length", value: "0")
        headers.add(name: "Connection", value: "close")
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: .serviceUnavailable, headers: headers))), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil))).assumeIsolated().whenComplete { _ in context.close(promise: nil) }
    }
}

/// A value behind a lock.
final class LockedBox<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value

    init(_ value: Value) { stored = value }

    var value: Value {
        get { mutate { $0 } }
        set { mutate { $0 = newValue } }
    }

    func mutate<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(&stored)
    }
}
