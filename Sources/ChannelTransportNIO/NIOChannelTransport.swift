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
/// receive with `ClientRuntime.ChannelError.messageTooLarge` before more of it is buffered.
public struct NIOChannelTransport: ChannelTransport {
    /// The largest message received or sent in one frame, in bytes.
    public var maximumMessageSize: Int
    /// How long a close waits for the server's answering close frame before the socket is cut.
    public var closeTimeout: Duration

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
        let connection = NIOChannelConnection(maximumMessageSize: maximumMessageSize)
        let client = WebSocketClient(
            url: url.absoluteString,
            configuration: WebSocketClientConfiguration(
                maxFrameSize: maximumMessageSize, additionalHeaders: headers, closeTimeout: closeTimeout),
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

    init(maximumMessageSize: Int) {
        self.maximumMessageSize = maximumMessageSize
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
                        throw ClientRuntime.ChannelError.messageTooLarge(limit: maximumMessageSize)
                    }
                    if frame.fin {
                        message = nil
                        deliver(.success(gathered.opcode == .text ? .text(String(buffer: gathered.data)) : .binary(Data(gathered.data.readableBytesView))))
                        break
                    }
                }
            } catch NIOWebSocketError.invalidFrameLength {
                throw ClientRuntime.ChannelError.messageTooLarge(limit: maximumMessageSize)
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
        let (opening, waitingReceiver, waitingDemand) = lock.locked {
            () -> (CheckedContinuation<Void, any Error>?, CheckedContinuation<ChannelFrame, any Error>?, CheckedContinuation<Bool, Never>?) in
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
        await run?.value
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
