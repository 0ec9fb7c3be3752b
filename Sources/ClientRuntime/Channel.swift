import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// STAND-IN of the channel runtime contract (/work/briefs/channel-contract.md) so that generated channel code
// compiles and its tests run before the runtime lands: the same names and signatures, the simplest working
// bodies (reconnects at once, no backoff, no frame limit). The runtime's Channel.swift, ChannelTransport.swift
// and URLSessionChannelTransport.swift replace this file whole; nothing else belongs in it.

/// One message frame as a WebSocket carries it.
public enum ChannelFrame: Sendable, Equatable {
    case text(String)
    case binary(Data)
}

/// Opens long-lived connections.
public protocol ChannelTransport: Sendable {
    func connect(_ request: URLRequest) async throws -> any ChannelConnection
}

/// One open connection.
public protocol ChannelConnection: Sendable {
    func send(_ frame: ChannelFrame) async throws
    /// The next frame. Throws `ChannelClosure` when the peer closes with a code; any other error is a drop.
    func receive() async throws -> ChannelFrame
    func close(code: Int, reason: String) async
}

/// The peer closed the connection with a close code (RFC 6455 §7.4).
public struct ChannelClosure: Error, Sendable, Equatable {
    public var code: Int
    public var reason: String

    public init(code: Int, reason: String) {
        self.code = code
        self.reason = reason
    }
}

/// Where a channel's connection is.
public enum ChannelStatus: Sendable, Equatable {
    case connecting
    case connected
    case reconnecting(attempt: Int)
    case closed
}

/// What the schema says a close code means: end with a typed error, or reconnect.
public enum ChannelCloseAction<Failure: Error & Sendable>: Sendable {
    case reconnect
    /// Refresh the credential, then reconnect.
    case reauthenticate
    case fail(Failure)
    case finish
}

/// How often and how soon a channel reconnects.
public struct ChannelReconnectPolicy: Sendable {
    /// 0: never reconnect.
    public var maxAttempts: Int
    public var initialDelay: Duration
    public var maxDelay: Duration

    public init(maxAttempts: Int, initialDelay: Duration, maxDelay: Duration) {
        self.maxAttempts = maxAttempts
        self.initialDelay = initialDelay
        self.maxDelay = maxDelay
    }

    public static let `default` = ChannelReconnectPolicy(maxAttempts: 5, initialDelay: .milliseconds(500), maxDelay: .seconds(30))
}

/// URLSessionWebSocketTask (Apple platforms).
public struct URLSessionChannelTransport: ChannelTransport {
    public init() {}

    public func connect(_ request: URLRequest) async throws -> any ChannelConnection {
        throw URLError(.unsupportedURL)
    }
}

/// A typed, reconnecting channel. Messages are JSON text frames.
public final class Channel<Outgoing: Encodable & Sendable, Incoming: Decodable & Sendable, Failure: Error & Sendable>: Sendable {
    private let transport: any ChannelTransport
    private let makeRequest: @Sendable (_ refreshCredential: Bool) async throws -> URLRequest
    private let reconnectPolicy: ChannelReconnectPolicy
    private let onClose: @Sendable (ChannelClosure) -> ChannelCloseAction<Failure>
    private let encoder: JSONEncoder
    private let decoder: JSONDecoder
    private let state = StandInState()

    public init(
        transport: any ChannelTransport,
        makeRequest: @escaping @Sendable (_ refreshCredential: Bool) async throws -> URLRequest,
        reconnect: ChannelReconnectPolicy = .default,
        onClose: @escaping @Sendable (ChannelClosure) -> ChannelCloseAction<Failure>,
        encoder: JSONEncoder, decoder: JSONDecoder
    ) {
        self.transport = transport
        self.makeRequest = makeRequest
        self.reconnectPolicy = reconnect
        self.onClose = onClose
        self.encoder = encoder
        self.decoder = decoder
    }

    public func connect() async throws {
        try await open(refreshCredential: false)
    }

    private func open(refreshCredential: Bool) async throws {
        state.set(status: .connecting)
        let connection = try await transport.connect(try await makeRequest(refreshCredential))
        state.set(connection: connection)
        state.set(status: .connected)
    }

    public func send(_ message: Outgoing) async throws {
        guard let connection = state.connection else { throw ChannelClosure(code: 1006, reason: "not connected") }
        try await connection.send(.text(String(decoding: try encoder.encode(message), as: UTF8.self)))
    }

    public var messages: ChannelMessages<Incoming> {
        ChannelMessages { [self] in try await nextMessage() }
    }

    public var statusUpdates: AsyncStream<ChannelStatus> {
        AsyncStream { continuation in
            continuation.yield(status)
            continuation.finish()
        }
    }

    public var status: ChannelStatus { state.status }

    public func close() async {
        await state.connection?.close(code: 1000, reason: "")
        state.set(status: .closed)
    }

    private func nextMessage() async throws -> Incoming? {
        var attempts = 0
        while true {
            guard let connection = state.connection, state.status != .closed else { return nil }
            do {
                let data: Data
                switch try await connection.receive() {
                case .text(let text): data = Data(text.utf8)
                case .binary(let bytes): data = bytes
                }
                return try decoder.decode(Incoming.self, from: data)
            } catch let closure as ChannelClosure {
                switch onClose(closure) {
                case .finish:
                    state.set(status: .closed)
                    return nil
                case .fail(let failure):
                    state.set(status: .closed)
                    throw failure
                case .reconnect, .reauthenticate:
                    attempts += 1
                    guard attempts <= reconnectPolicy.maxAttempts else {
                        state.set(status: .closed)
                        throw closure
                    }
                    state.set(status: .reconnecting(attempt: attempts))
                    if case .reauthenticate = onClose(closure) {
                        try await open(refreshCredential: true)
                    } else {
                        try await open(refreshCredential: false)
                    }
                }
            }
        }
    }
}

/// The received messages of a channel, decoded.
public struct ChannelMessages<Element: Sendable>: AsyncSequence, Sendable {
    let produce: @Sendable () async throws -> Element?

    init(_ produce: @escaping @Sendable () async throws -> Element?) {
        self.produce = produce
    }

    public func makeAsyncIterator() -> Iterator {
        Iterator(produce: produce)
    }

    public struct Iterator: AsyncIteratorProtocol {
        let produce: @Sendable () async throws -> Element?

        public mutating func next() async throws -> Element? {
            try await produce()
        }
    }
}

/// The stand-in's mutable state.
private final class StandInState: @unchecked Sendable {
    private let lock = NSLock()
    private var storedStatus: ChannelStatus = .closed
    private var storedConnection: (any ChannelConnection)?

    var status: ChannelStatus { lock.withLock { storedStatus } }
    var connection: (any ChannelConnection)? { lock.withLock { storedConnection } }
    func set(status: ChannelStatus) { lock.withLock { storedStatus = status } }
    func set(connection: any ChannelConnection) { lock.withLock { storedConnection = connection } }
}
