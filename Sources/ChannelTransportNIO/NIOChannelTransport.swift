import ClientRuntime
import Foundation
import HTTPTypes
import Logging
import NIOCore
import NIOWebSocket
import WSClient

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Opens channels over SwiftNIO (swift-websocket's client): the transport for Linux, whose URLSession has no
/// WebSockets, and for tests.
///
/// An opt-in target with no product, so no client library, and no package depending on one, resolves
/// SwiftNIO through it. Frames are read from the socket only as the channel asks for the next message, one
/// at a time; a message over `maximumMessageSize` (in one frame or assembled from fragments) fails the
/// receive with `ChannelError.messageTooLarge` and closes the connection with 1009. One frame is buffered whole
/// before that check, up to `frameCeiling`.
///
/// Limits of the stack beneath (swift-websocket 1.6 on NIO): a close frame that arrives in the same read as the
/// 101 answer can be lost, so it is reported as a drop (`ChannelError.connectionLost`) and the channel reconnects
/// instead of acting on the code; a single frame over `frameCeiling` makes the stack close the socket without
/// ending the inbound stream, so that receive waits until the channel is closed. A refused upgrade's HTTP status
/// is not reported either, so a 401 there does not refresh the credential (a close code does).
public struct NIOChannelTransport: ChannelTransport {
    /// The largest message received or sent in one frame, in bytes.
    public var maximumMessageSize: Int
    /// How long a close waits for the server's answering close frame before the socket is cut.
    public var closeTimeout: Duration

    /// The largest single frame the WebSocket decoder buffers before the message limit is checked: 16 MiB.
    public static let frameCeiling = 16 << 20

    public init(maximumMessageSize: Int = 1 << 20, closeTimeout: Duration = .seconds(2)) {
        self.maximumMessageSize = max(1, maximumMessageSize)
        self.closeTimeout = closeTimeout
    }

    public func connect(_ request: URLRequest) async throws -> any ChannelConnection {
        guard let url = request.url, let scheme = url.scheme?.lowercased(), ["ws", "wss", "http", "https"].contains(scheme) else {
            throw URLError(.unsupportedURL)
        }
        var headers = HTTPFields()
        for (name, value) in request.allHTTPHeaderFields ?? [:] {
            guard let fieldName = HTTPField.Name(name) else { continue }
            headers[fieldName] = value
        }
        // The client logs nothing of ours (its trace level would print the upgrade request, headers included).
        var logger = Logger(label: "schema-clients.channel")
        logger.logLevel = .critical
        let connection = NIOChannelConnection(maximumMessageSize: maximumMessageSize, closeTimeout: closeTimeout)
        let client = WebSocketClient(
            url: url.absoluteString,
            // The decoder's own frame limit is a ceiling above the message limit, which is checked here: past the
            // decoder's limit the stack closes the socket without ending the inbound stream, so a receive would wait
            // for good instead of failing with `messageTooLarge`.
            configuration: WebSocketClientConfiguration(
                maxFrameSize: max(maximumMessageSize, Self.frameCeiling), additionalHeaders: headers, closeTimeout: closeTimeout),
            logger: logger
        ) { inbound, outbound, _ in
            try await connection.serve(inbound: inbound, outbound: outbound)
        }
        let run = Task {
            do {
                let closeFrame = try await client.run()
                connection.ended(closeFrame: closeFrame, error: nil)
            } catch {
                connection.ended(closeFrame: nil, error: error)
            }
        }
        connection.setRun(run)
        try await withTaskCancellationHandler {
            try await connection.waitUntilOpen()
        } onCancel: {
            run.cancel()
        }
        return connection
    }
}

/// Bridges the client's handler (which owns the socket while it runs) to `ChannelConnection`'s calls: the
/// handler reads a message only when `receive()` asks for one and hands it over.
final class NIOChannelConnection: ChannelConnection, @unchecked Sendable {
    private enum Phase {
        case opening(CheckedContinuation<Void, any Error>?)
        case open(WebSocketOutboundWriter)
        case ended(any Error)
    }

    private let lock = NSLock()
    private let maximumMessageSize: Int
    private var phase = Phase.opening(nil)
    private var run: Task<Void, Never>?
    /// A `receive()` waiting for the handler's next message.
    private var receiver: CheckedContinuation<ChannelFrame, any Error>?
    /// The handler waiting for a `receive()` before it reads the next message.
    private var demand: CheckedContinuation<Bool, Never>?
    private var wantsFrame = false
    private var closedLocally = false

    private let closeTimeout: Duration

    init(maximumMessageSize: Int, closeTimeout: Duration) {
        self.maximumMessageSize = maximumMessageSize
        self.closeTimeout = closeTimeout
    }

    func setRun(_ task: Task<Void, Never>) {
        lock.locked { run = task }
    }

    func waitUntilOpen() async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            let outcome = lock.locked { () -> Result<Void, any Error>? in
                switch phase {
                case .opening:
                    phase = .opening(continuation)
                    return nil
                case .open: return .success(())
                case .ended(let error): return .failure(error)
                }
            }
            if let outcome { continuation.resume(with: outcome) }
        }
    }

    /// The client's handler: runs while the connection is open.
    func serve(inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter) async throws {
        let opened = lock.locked { () -> CheckedContinuation<Void, any Error>? in
            guard case .opening(let continuation) = phase else { return nil }
            phase = .open(outbound)
            return continuation
        }
        // A server that closes right after its 101 answer can have its close frame and end of stream arrive while
        // the client is still upgrading; the stack then never ends the inbound stream. A write fails on such a
        // connection, so an unsolicited pong (RFC 6455 §5.5.3) tells before anything waits on it.
        do {
            try await outbound.write(.pong)
        } catch {
            throw ClientRuntime.ChannelError.connectionLost
        }
        opened?.resume()
        var frames = inbound.makeAsyncIterator()
        var message: (opcode: WebSocketDataFrame.Opcode, data: ByteBuffer)?
        while await nextDemand() {
            do {
                // Fragments are gathered up to the limit, so a hostile server cannot make the client buffer more.
                while true {
                    guard let frame = try await frames.next() else { return }
                    switch frame.opcode {
                    case .text, .binary: message = (frame.opcode, frame.data)
                    case .continuation:
                        guard message != nil else { throw ClientRuntime.ChannelError.connectionLost }
                        var fragment = frame.data
                        message!.data.writeBuffer(&fragment)
                    }
                    guard let gathered = message, gathered.data.readableBytes <= maximumMessageSize else {
                        try? await outbound.close(.messageTooLarge, reason: nil)
                        throw ClientRuntime.ChannelError.messageTooLarge(limit: maximumMessageSize)
                    }
                    if frame.fin {
                        message = nil
                        deliver(.success(gathered.opcode == .text ? .text(String(buffer: gathered.data)) : .binary(Data(gathered.data.readableBytesView))))
                        break
                    }
                }
            } catch {
                // Reported here rather than through the client's `run()`: after an inbound error (a frame over the
                // decoder's limit) its closing handshake can wait on the inbound stream for good.
                let failure: any Error =
                    switch error {
                    case let error as ClientRuntime.ChannelError: error
                    case NIOWebSocketError.invalidFrameLength: ClientRuntime.ChannelError.messageTooLarge(limit: maximumMessageSize)
                    default: ClientRuntime.ChannelError.connectionLost
                    }
                finish(failure)
                return
            }
        }
    }

    /// Waits until a `receive()` asks for a frame; false once the connection is closing.
    private func nextDemand() async -> Bool {
        await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            let answer = lock.locked { () -> Bool? in
                if closedLocally { return false }
                if case .ended = phase { return false }
                if wantsFrame {
                    wantsFrame = false
                    return true
                }
                demand = continuation
                return nil
            }
            if let answer { continuation.resume(returning: answer) }
        }
    }

    private func deliver(_ result: Result<ChannelFrame, any Error>) {
        lock.locked { () -> CheckedContinuation<ChannelFrame, any Error>? in
            defer { receiver = nil }
            return receiver
        }?.resume(with: result)
    }

    /// The client stopped: with the server's close frame, without one (a drop), or with an error.
    func ended(closeFrame: WebSocketCloseFrame?, error: (any Error)?) {
        let failure: any Error
        if let closeFrame {
            failure = ChannelClosure(code: Int(UInt16(webSocketErrorCode: closeFrame.closeCode)), reason: closeFrame.reason ?? "")
        } else if let error = error as? ClientRuntime.ChannelError {
            failure = error
        } else if case NIOWebSocketError.invalidFrameLength? = error {
            failure = ClientRuntime.ChannelError.messageTooLarge(limit: maximumMessageSize)
        } else if let error, case .opening = lock.locked({ phase }) {
            // A refused upgrade (the client does not report its status) or an unreachable server.
            failure = error
        } else {
            failure = ClientRuntime.ChannelError.connectionLost
        }
        finish(failure)
    }

    /// Ends the connection with `failure` (once): a waiting connect, `receive()` and the handler hear it.
    private func finish(_ failure: any Error) {
        let (opening, waitingReceiver, waitingDemand) = lock.locked {
            () -> (CheckedContinuation<Void, any Error>?, CheckedContinuation<ChannelFrame, any Error>?, CheckedContinuation<Bool, Never>?) in
            if case .ended = phase { return (nil, nil, nil) }
            var opening: CheckedContinuation<Void, any Error>?
            if case .opening(let continuation) = phase { opening = continuation }
            phase = .ended(failure)
            defer {
                receiver = nil
                demand = nil
            }
            return (opening, receiver, demand)
        }
        opening?.resume(throwing: failure)
        waitingReceiver?.resume(throwing: failure)
        waitingDemand?.resume(returning: false)
    }

    func send(_ frame: ChannelFrame) async throws {
        let outbound = try lock.locked { () throws -> WebSocketOutboundWriter in
            switch phase {
            case .open(let outbound) where !closedLocally: return outbound
            case .ended(let error): throw error
            default: throw ClientRuntime.ChannelError.connectionLost
            }
        }
        switch frame {
        case .text(let text): try await outbound.writeTextMessage(text)
        case .binary(let data): try await outbound.writeBinaryMessage(ByteBuffer(bytes: data))
        }
    }

    func receive() async throws -> ChannelFrame {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<ChannelFrame, any Error>) in
            let (failure, waitingDemand) = lock.locked { () -> ((any Error)?, CheckedContinuation<Bool, Never>?) in
                if case .ended(let error) = phase { return (error, nil) }
                if closedLocally { return (ClientRuntime.ChannelError.closed, nil) }
                receiver = continuation
                guard let waiting = demand else {
                    wantsFrame = true
                    return (nil, nil)
                }
                demand = nil
                return (nil, waiting)
            }
            if let failure {
                continuation.resume(throwing: failure)
            } else {
                waitingDemand?.resume(returning: true)
            }
        }
    }

    func close(code: Int, reason: String) async {
        let (outbound, waitingDemand, waitingReceiver, run) = lock.locked {
            () -> (WebSocketOutboundWriter?, CheckedContinuation<Bool, Never>?, CheckedContinuation<ChannelFrame, any Error>?, Task<Void, Never>?) in
            guard !closedLocally else { return (nil, nil, nil, nil) }
            closedLocally = true
            var outbound: WebSocketOutboundWriter?
            if case .open(let writer) = phase { outbound = writer }
            defer {
                demand = nil
                receiver = nil
            }
            return (outbound, demand, receiver, self.run)
        }
        waitingReceiver?.resume(throwing: ClientRuntime.ChannelError.closed)
        // Closing from our side: the close frame first, then the handler stops reading and the client
        // finishes the closing handshake (bounded by `closeTimeout`).
        let closeCode = (1000...4999).contains(code) ? code : 1000
        try? await outbound?.close(WebSocketErrorCode(codeNumber: closeCode), reason: reason.isEmpty ? nil : reason)
        waitingDemand?.resume(returning: false)
        if let run { await Self.wait(for: run, atMost: closeTimeout + .seconds(1)) }
    }

    /// Waits for the client to stop, at most `limit`: its closing handshake is bounded by `closeTimeout`, but a
    /// close must return even if the stack does not.
    private static func wait(for run: Task<Void, Never>, atMost limit: Duration) async {
        let once = OnceFlag()
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            Task {
                await run.value
                if once.claim() { continuation.resume() }
            }
            Task {
                try? await Task.sleep(for: limit)
                if once.claim() {
                    run.cancel()
                    continuation.resume()
                }
            }
        }
    }
}

/// True for the first caller only.
private final class OnceFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var claimed = false

    func claim() -> Bool {
        lock.locked {
            defer { claimed = true }
            return !claimed
        }
    }
}

extension NSLock {
    /// Runs `body` holding the lock (`withLock` needs macOS 14).
    fileprivate func locked<T>(_ body: () throws -> T) rethrows -> T {
        lock()
        defer { unlock() }
        return try body()
    }
}
