import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Where a channel is in its life.
public enum ChannelStatus: Sendable, Equatable {
    /// The first connection is being opened.
    case connecting
    /// A connection is open: messages flow both ways.
    case connected
    /// The connection failed or dropped; reconnection `attempt` (1-based, counted since the last connection
    /// that delivered a message) is waiting out its backoff or connecting.
    case reconnecting(attempt: Int)
    /// No connection: not connected yet, or ended (closed, finished, failed). An ended channel stays closed.
    case closed
}

/// What the schema says a close code means: end with a typed error, or reconnect.
public enum ChannelCloseAction<Failure: Error & Sendable>: Sendable {
    /// Reconnect with backoff.
    case reconnect
    /// The credential expired: reconnect with `makeRequest(true)`, so the credential flow refreshes it first.
    case reauthenticate
    /// End the channel: the messages loop throws `Failure`.
    case fail(Failure)
    /// End the channel normally: the messages loop ends.
    case finish
}

/// How a channel reconnects after a drop or a close that asks for it.
///
/// Reconnection `n` waits `initialDelay` doubled `n - 1` times, capped at `maxDelay`, and scaled by a random
/// factor between 0.5 and 1 ("equal jitter"), so clients dropped together do not reconnect together.
/// Attempts count failures in a row: a connection that delivers a message, or stays up for `maxDelay`,
/// starts the count again.
public struct ChannelReconnectPolicy: Sendable, Equatable {
    /// Reconnections in a row before the channel fails; 0 = never reconnect.
    public var maxAttempts: Int
    /// The wait before the first reconnection.
    public var initialDelay: Duration
    /// The longest wait, however many attempts failed.
    public var maxDelay: Duration

    public init(maxAttempts: Int = 6, initialDelay: Duration = .milliseconds(500), maxDelay: Duration = .seconds(30)) {
        self.maxAttempts = max(0, maxAttempts)
        self.initialDelay = max(.zero, initialDelay)
        self.maxDelay = max(self.initialDelay, maxDelay)
    }

    /// Six attempts from half a second, doubling up to 30 seconds: about a minute of trying in all.
    public static let `default` = ChannelReconnectPolicy()

    /// Never reconnect: a drop ends the channel with its error.
    public static let never = ChannelReconnectPolicy(maxAttempts: 0)

    /// The wait before reconnection `attempt` (1-based), with `jitter` in 0...1 picking where in the upper
    /// half of the doubled delay it falls.
    public func delay(forAttempt attempt: Int, jitter: Double) -> Duration {
        guard initialDelay > .zero else { return .zero }
        let doublings = Double(max(0, attempt - 1))
        // Compared as a ratio, so no attempt count can overflow the doubled Duration.
        let nominal = pow(2, doublings) >= maxDelay / initialDelay ? maxDelay : initialDelay * pow(2, doublings)
        return nominal * (0.5 + 0.5 * min(1, max(0, jitter)))
    }
}

/// Why a channel failed, sent or connected nothing. Descriptions never contain a message, a URL or a header.
public enum ChannelError: Error, Sendable, Hashable, CustomStringConvertible {
    /// `send(_:)` before `connect()`.
    case notConnected
    /// The channel has ended (closed, finished or failed): it neither sends nor connects again.
    case closed
    /// The connection ended without a close frame (the TCP connection dropped).
    case connectionLost
    /// A received message was larger than `limit` bytes; the channel closed with code 1009.
    case messageTooLarge(limit: Int)
    /// A received message is not of the channel's incoming type, and that type keeps no undocumented case.
    /// `reason` names the decoding failure (field names, never values).
    case undecodableMessage(reason: String)
    /// `attempts` reconnections in a row failed; `lastError` describes the last failure.
    case reconnectFailed(attempts: Int, lastError: String)
    /// The server refused the WebSocket upgrade with HTTP `status` (a 401 refreshes the credential first).
    case handshakeRejected(status: Int)
    /// This platform's transport cannot open WebSockets (`URLSessionChannelTransport` on Linux, whose libcurl
    /// has none); use the SwiftNIO transport there.
    case webSocketsUnavailable(String)
    /// A second loop iterated `messages` while another was still reading: a channel has one reader.
    case concurrentIteration

    public var description: String {
        switch self {
        case .notConnected: "The channel is not connected yet; call connect() before send(_:)."
        case .closed: "The channel has ended; create a new one to connect again."
        case .connectionLost: "The channel's connection was lost without a close frame."
        case .messageTooLarge(let limit): "A message of the channel is larger than \(limit) bytes; the channel was closed."
        case .undecodableMessage(let reason): "A message of the channel could not be decoded: \(reason)"
        case .reconnectFailed(let attempts, let lastError): "The channel failed \(attempts) reconnections in a row (last: \(lastError))."
        case .handshakeRejected(let status): "The server refused the channel's WebSocket upgrade with HTTP \(status)."
        case .webSocketsUnavailable(let detail): "WebSockets are unavailable on this platform's transport: \(detail)"
        case .concurrentIteration: "The channel's messages are already being read by another loop; a channel has one reader."
        }
    }

    /// Errors no reconnection can cure: they end the channel at once.
    var isPermanent: Bool {
        switch self {
        case .messageTooLarge, .webSocketsUnavailable, .closed, .notConnected, .undecodableMessage, .concurrentIteration: true
        case .connectionLost, .reconnectFailed, .handshakeRejected: false
        }
    }
}

/// An incoming message type that keeps a message it cannot decode instead of failing: generated unions
/// conform through their `undocumented(JSONValue)` case, so a message type added on the server after the
/// client was generated arrives as `.undocumented` and the channel goes on.
public protocol UndocumentedMessage {
    static func undocumented(_ value: JSONValue) -> Self
}

/// The messages a channel receives, decoded as their frames arrive. One loop reads them at a time.
///
/// Frames are read from the connection only as the loop asks for the next message, so nothing is buffered
/// beyond one frame, whose size the channel bounds. Ending the loop early (`break`, an error thrown in its
/// body) or cancelling its task closes the channel.
public struct ChannelMessages<Element: Sendable>: AsyncSequence, Sendable {
    private let next: @Sendable () async throws -> Element?
    private let abandon: @Sendable () -> Void

    init(next: @escaping @Sendable () async throws -> Element?, abandon: @escaping @Sendable () -> Void) {
        self.next = next
        self.abandon = abandon
    }

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(reader: Reader(next: next, abandon: abandon))
    }

    public struct AsyncIterator: AsyncIteratorProtocol {
        fileprivate let reader: Reader

        /// The next message; nil when the channel ended normally (closed or finished).
        public mutating func next() async throws -> Element? {
            try await reader.next()
        }
    }

    /// Closes the channel when a loop that started reading is dropped before the sequence ended.
    fileprivate final class Reader: @unchecked Sendable {
        private let read: @Sendable () async throws -> Element?
        private let abandon: @Sendable () -> Void
        private let lock = NSLock()
        private var started = false
        private var ended = false

        init(next: @escaping @Sendable () async throws -> Element?, abandon: @escaping @Sendable () -> Void) {
            self.read = next
            self.abandon = abandon
        }

        func next() async throws -> Element? {
            let done = lock.locked {
                started = true
                return ended
            }
            if done { return nil }
            do {
                let element = try await read()
                if element == nil { lock.locked { ended = true } }
                return element
            } catch {
                lock.locked { ended = true }
                throw error
            }
        }

        deinit {
            if started, !ended { abandon() }
        }
    }
}

/// A typed, reconnecting channel: a long-lived connection (a WebSocket) carrying JSON messages both ways.
///
/// ```swift
/// let channel = Channel<Outgoing, Incoming, Closed>(transport: transport, makeRequest: { _ in request },
///                                                   onClose: { _ in .reconnect }, encoder: .init(), decoder: .init())
/// try await channel.connect()
/// try await channel.send(.hello)
/// for try await message in channel.messages { … }
/// ```
///
/// - `makeRequest` is called before every connect and reconnect, so an expired token is refreshed first;
///   after a close that `onClose` maps to `.reauthenticate` (or an upgrade refused with HTTP 401) it is called
///   with `true` and must refresh before answering.
/// - The connection is read while `messages` is iterated: drops and closes are noticed, and reconnection
///   happens, in that loop. A drop (no close frame) or a `.reconnect` close reconnects with the policy's
///   backoff; `.fail(e)` ends the loop by throwing `e`, `.finish` ends it normally; attempts exhausted throw
///   `ChannelError.reconnectFailed`.
/// - `send(_:)` waits while the channel (re)connects and throws `ChannelError.closed` once it has ended.
/// - `close()`, cancelling the loop's task or leaving the loop sends a close frame with code 1000; the status
///   ends with `.closed`.
/// - A received frame larger than `maximumMessageSize` ends the channel with `ChannelError.messageTooLarge`
///   (close code 1009). A message `Incoming` cannot decode is `Incoming.undocumented(_:)` when `Incoming`
///   conforms to `UndocumentedMessage` (generated unions do), else the loop throws
///   `ChannelError.undecodableMessage` (close code 1003).
public final class Channel<Outgoing: Encodable & Sendable, Incoming: Decodable & Sendable, Failure: Error & Sendable>: Sendable {
    /// The largest message a channel accepts unless told otherwise: 1 MiB.
    public static var defaultMaximumMessageSize: Int { 1 << 20 }

    private let transport: any ChannelTransport
    private let makeRequest: @Sendable (_ refreshCredential: Bool) async throws -> URLRequest
    private let reconnectPolicy: ChannelReconnectPolicy
    private let onClose: @Sendable (ChannelClosure) -> ChannelCloseAction<Failure>
    private let encoder: JSONEncoder
    private let decoder: JSONDecoder
    private let maximumMessageSize: Int
    private let state = ChannelState()

    public init(
        transport: any ChannelTransport,
        makeRequest: @escaping @Sendable (_ refreshCredential: Bool) async throws -> URLRequest,
        reconnect: ChannelReconnectPolicy = .default,
        onClose: @escaping @Sendable (ChannelClosure) -> ChannelCloseAction<Failure>,
        encoder: JSONEncoder,
        decoder: JSONDecoder,
        maximumMessageSize: Int = Channel.defaultMaximumMessageSize
    ) {
        self.transport = transport
        self.makeRequest = makeRequest
        self.reconnectPolicy = reconnect
        self.onClose = onClose
        self.encoder = encoder
        self.decoder = decoder
        self.maximumMessageSize = max(1, maximumMessageSize)
    }

    // MARK: Public API

    /// Connects (status `.connecting` -> `.connected`); throws if the first connect fails after the policy's
    /// attempts (`ChannelError.reconnectFailed`), or at once for what no retry cures (a credential that
    /// `makeRequest` cannot supply, `ChannelError.webSocketsUnavailable`). Returns at once when connected.
    public func connect() async throws {
        switch state.beginConnect() {
        case .connected: return
        case .wait: _ = try await state.waitForConnection()
        case .ended: throw ChannelError.closed
        case .start:
            try await establish(startingAt: 0, refresh: false, cause: nil)
        }
    }

    /// Encodes `message` as JSON and sends it as a text frame; waits while the channel (re)connects.
    /// Throws `ChannelError.notConnected` before `connect()`, `ChannelError.closed` after the channel ended,
    /// an `EncodingError`, or the transport's error when the connection fails while sending.
    public func send(_ message: Outgoing) async throws {
        let data = try encoder.encode(message)
        let connection = try await state.waitForConnection()
        try await connection.send(.text(String(decoding: data, as: UTF8.self)))
    }

    /// Received messages, decoded. Single consumer; iterating a channel that is not connected yet connects it.
    /// Ends normally on close or `.finish`; throws `Failure` on `.fail`, `ChannelError` for a message too large,
    /// an undecodable message (without an undocumented case) or exhausted reconnections.
    public var messages: ChannelMessages<Incoming> {
        ChannelMessages(next: { [self] in try await nextMessage() }, abandon: { [self] in Task { await close() } })
    }

    /// The status from now on, each change once; ends after `.closed` when the channel ends. Each access is
    /// a subscription of its own, buffering the 64 newest changes.
    public var statusUpdates: AsyncStream<ChannelStatus> { state.subscribe() }

    /// The status now.
    public var status: ChannelStatus { state.status }

    /// Sends close 1000 and ends the channel: status `.closed`, messages end, waiting sends throw `ChannelError.closed`.
    public func close() async {
        if let connection = state.end() { await connection.close(code: 1000, reason: "") }
    }

    // MARK: Connecting

    /// Connects, retrying with the policy's backoff from reconnection `startingAt` + 1 (0: a first try without
    /// waiting). Returns when connected or when the channel was closed meanwhile.
    private func establish(startingAt firstAttempt: Int, refresh: Bool, cause: (any Error)?) async throws {
        var attempt = firstAttempt
        var refresh = refresh
        var lastError = cause
        while true {
            if attempt > 0 {
                guard attempt <= reconnectPolicy.maxAttempts else {
                    let failure: any Error =
                        reconnectPolicy.maxAttempts == 0 && lastError != nil
                        ? lastError!
                        : ChannelError.reconnectFailed(
                            attempts: reconnectPolicy.maxAttempts, lastError: lastError.map { ErrorSummary.describe($0) } ?? "none")
                    try await fail(failure)
                }
                guard state.setReconnecting(attempt: attempt) else { return }
                try await pause(reconnectPolicy.delay(forAttempt: attempt, jitter: Double.random(in: 0...1)))
                guard !state.isEnded else { return }
            }
            let request: URLRequest
            do {
                request = try await makeRequest(refresh)
            } catch {
                // The credential flow could not supply a credential (signed out, refresh rejected): no
                // reconnection can cure that, so the caller hears it at once.
                try await fail(error)
            }
            do {
                let connection = try await transport.connect(request)
                guard state.connected(connection, attempts: attempt) else {
                    await connection.close(code: 1000, reason: "")
                    return
                }
                return
            } catch {
                if Task.isCancelled { try await cancelled() }
                if let channelError = error as? ChannelError, channelError.isPermanent { try await fail(error) }
                if case ChannelError.handshakeRejected(status: 401) = error { refresh = true }
                lastError = error
                attempt += 1
            }
        }
    }

    /// Waits out a backoff; `close()` cuts it short, cancelling the task ends the channel.
    private func pause(_ delay: Duration) async throws {
        let sleeper = Task { try await Task.sleep(for: delay) }
        state.setSleeper(sleeper)
        await withTaskCancellationHandler {
            _ = try? await sleeper.value
        } onCancel: {
            sleeper.cancel()
        }
        state.setSleeper(nil)
        if Task.isCancelled { try await cancelled() }
    }

    private func fail(_ error: any Error) async throws -> Never {
        if let connection = state.end() {
            let code = if case ChannelError.messageTooLarge = error { 1009 } else if error is ChannelError { 1003 } else { 1000 }
            await connection.close(code: code, reason: "")
        }
        throw error
    }

    private func cancelled() async throws -> Never {
        await close()
        throw CancellationError()
    }

    // MARK: Reading

    private func nextMessage() async throws -> Incoming? {
        guard state.beginReading() else { throw ChannelError.concurrentIteration }
        defer { state.endReading() }
        while true {
            let connection: any ChannelConnection
            switch state.beginConnect() {
            case .ended: return nil
            case .start:
                try await establish(startingAt: 0, refresh: false, cause: nil)
                continue
            case .wait:
                do {
                    connection = try await state.waitForConnection()
                } catch ChannelError.closed {
                    return nil
                }
            case .connected(let open):
                connection = open
            }
            let frame: ChannelFrame
            do {
                frame = try await withTaskCancellationHandler {
                    try await connection.receive()
                } onCancel: {
                    Task { await connection.close(code: 1000, reason: "") }
                }
            } catch {
                if Task.isCancelled { try await cancelled() }
                if state.isEnded { return nil }
                // Whatever ended it, the transport releases the connection (in the background: a drop has
                // nothing left to wait for).
                Task { await connection.close(code: 1000, reason: "") }
                guard try await disconnected(by: error) else { return nil }
                continue
            }
            state.received()
            guard frame.byteCount <= maximumMessageSize else { try await fail(ChannelError.messageTooLarge(limit: maximumMessageSize)) }
            return try await decode(frame)
        }
    }

    /// The connection ended with `error`: reconnects (returns true) or ends the channel (false, or throws).
    private func disconnected(by error: any Error) async throws -> Bool {
        let attempts = state.dropped(stableAfter: reconnectPolicy.maxDelay)
        if let closure = error as? ChannelClosure {
            switch onClose(closure) {
            case .finish:
                await close()
                return false
            case .fail(let failure):
                try await fail(failure)
            case .reconnect:
                try await establish(startingAt: attempts + 1, refresh: false, cause: closure)
            case .reauthenticate:
                try await establish(startingAt: attempts + 1, refresh: true, cause: closure)
            }
        } else if let channelError = error as? ChannelError, channelError.isPermanent {
            try await fail(channelError)
        } else {
            try await establish(startingAt: attempts + 1, refresh: false, cause: error)
        }
        return !state.isEnded
    }

    private func decode(_ frame: ChannelFrame) async throws -> Incoming {
        let data: Data =
            switch frame {
            case .text(let text): Data(text.utf8)
            case .binary(let bytes): bytes
            }
        do {
            return try decoder.decode(Incoming.self, from: data)
        } catch {
            if let undocumented = Incoming.self as? any UndocumentedMessage.Type,
                let message = undocumented.undocumented(Self.keep(data)) as? Incoming
            {
                return message
            }
            try await fail(ChannelError.undecodableMessage(reason: ErrorSummary.describe(error)))
        }
    }

    /// What an undocumented message keeps: its JSON, or its text when it is not JSON.
    private static func keep(_ data: Data) -> JSONValue {
        (try? JSONCoding.sharedDecoder.decode(JSONValue.self, from: data)) ?? .string(String(decoding: data, as: UTF8.self))
    }
}

/// A channel's mutable state, behind one lock (never held across a suspension).
private final class ChannelState: @unchecked Sendable {
    private enum Phase {
        case idle
        case connecting
        case connected(any ChannelConnection)
        case reconnecting
        case ended
    }

    enum ConnectStep {
        case start
        case wait
        case connected(any ChannelConnection)
        case ended
    }

    private let lock = NSLock()
    private var phase = Phase.idle
    private var currentStatus = ChannelStatus.closed
    private var subscribers: [Int: AsyncStream<ChannelStatus>.Continuation] = [:]
    private var waiters: [Int: CheckedContinuation<any ChannelConnection, any Error>] = [:]
    private var nextID = 0
    private var sleeper: Task<Void, any Error>?
    private var reading = false
    /// Reconnections in a row that have not led to a connection delivering a message.
    private var attemptsInRow = 0
    private var connectedAt = ContinuousClock.now
    private var receivedOnConnection = false

    var status: ChannelStatus { lock.locked { currentStatus } }

    var isEnded: Bool {
        lock.locked {
            if case .ended = phase { return true }
            return false
        }
    }

    /// What a caller wanting a connection should do: open the first one (the channel is now `.connecting`),
    /// wait for one being opened, use the open one, or give up.
    func beginConnect() -> ConnectStep {
        lock.locked {
            switch phase {
            case .idle:
                phase = .connecting
                setStatus(.connecting)
                return .start
            case .connecting, .reconnecting: return .wait
            case .connected(let connection): return .connected(connection)
            case .ended: return .ended
            }
        }
    }

    /// The open connection, waiting while one is being opened.
    func waitForConnection() async throws -> any ChannelConnection {
        let id = lock.locked { () -> Int in
            nextID += 1
            return nextID
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let outcome = lock.locked { () -> Result<any ChannelConnection, any Error>? in
                    switch phase {
                    case .idle: return .failure(ChannelError.notConnected)
                    case .ended: return .failure(ChannelError.closed)
                    case .connected(let connection): return .success(connection)
                    case .connecting, .reconnecting:
                        waiters[id] = continuation
                        return nil
                    }
                }
                if let outcome { continuation.resume(with: outcome) }
            }
        } onCancel: {
            lock.locked { waiters.removeValue(forKey: id) }?.resume(throwing: CancellationError())
        }
    }

    /// Records the new connection; false when the channel ended meanwhile (the caller closes it).
    func connected(_ connection: any ChannelConnection, attempts: Int) -> Bool {
        let resumed = lock.locked { () -> [CheckedContinuation<any ChannelConnection, any Error>]? in
            if case .ended = phase { return nil }
            phase = .connected(connection)
            attemptsInRow = attempts
            connectedAt = .now
            receivedOnConnection = false
            setStatus(.connected)
            defer { waiters.removeAll() }
            return Array(waiters.values)
        }
        guard let resumed else { return false }
        for waiter in resumed { waiter.resume(returning: connection) }
        return true
    }

    /// False when the channel ended meanwhile.
    func setReconnecting(attempt: Int) -> Bool {
        lock.locked {
            if case .ended = phase { return false }
            phase = .reconnecting
            setStatus(.reconnecting(attempt: attempt))
            return true
        }
    }

    /// The connection dropped: returns the reconnections in a row so far (0 after a connection that
    /// delivered a message or stayed up for `stableAfter`).
    func dropped(stableAfter: Duration) -> Int {
        lock.locked {
            if receivedOnConnection || ContinuousClock.now - connectedAt >= stableAfter { attemptsInRow = 0 }
            if case .connected = phase { phase = .reconnecting }
            return attemptsInRow
        }
    }

    func received() {
        lock.locked { receivedOnConnection = true }
    }

    func setSleeper(_ task: Task<Void, any Error>?) {
        let ended = lock.locked { () -> Bool in
            sleeper = task
            if case .ended = phase { return true }
            return false
        }
        if ended { task?.cancel() }
    }

    func beginReading() -> Bool {
        lock.locked {
            guard !reading else { return false }
            reading = true
            return true
        }
    }

    func endReading() {
        lock.locked { reading = false }
    }

    /// Ends the channel once: status `.closed` (the status streams finish), waiters fail with
    /// `ChannelError.closed`, a backoff is cut short. Returns the open connection for the caller to close.
    func end() -> (any ChannelConnection)? {
        let (connection, resumed, sleeping, finished) = lock.locked {
            () -> (
                (any ChannelConnection)?, [CheckedContinuation<any ChannelConnection, any Error>], Task<Void, any Error>?,
                [AsyncStream<ChannelStatus>.Continuation]
            ) in
            if case .ended = phase { return (nil, [], nil, []) }
            var connection: (any ChannelConnection)?
            if case .connected(let open) = phase { connection = open }
            phase = .ended
            setStatus(.closed)
            defer {
                waiters.removeAll()
                sleeper = nil
                subscribers.removeAll()
            }
            return (connection, Array(waiters.values), sleeper, Array(subscribers.values))
        }
        // Outside the lock: finishing a stream runs its termination handler, which takes the lock.
        for subscriber in finished { subscriber.finish() }
        for waiter in resumed { waiter.resume(throwing: ChannelError.closed) }
        sleeping?.cancel()
        return connection
    }

    func subscribe() -> AsyncStream<ChannelStatus> {
        let (stream, continuation) = AsyncStream.makeStream(of: ChannelStatus.self, bufferingPolicy: .bufferingNewest(64))
        let id = lock.locked { () -> Int? in
            if case .ended = phase { return nil }
            nextID += 1
            subscribers[nextID] = continuation
            return nextID
        }
        guard let id else {
            continuation.finish()
            return stream
        }
        continuation.onTermination = { [weak self] _ in
            guard let self else { return }
            _ = self.lock.locked { self.subscribers.removeValue(forKey: id) }
        }
        return stream
    }

    /// Called with the lock held.
    private func setStatus(_ status: ChannelStatus) {
        guard status != currentStatus else { return }
        currentStatus = status
        for subscriber in subscribers.values { subscriber.yield(status) }
    }
}
