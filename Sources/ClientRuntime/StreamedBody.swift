import Foundation

/// How many bytes of a streamed response body may wait for a reader that is slower than the network.
///
/// Above `high` bytes waiting, the transport is held back; once the reader has taken enough that at most
/// `low` wait, it goes on. What holding back means depends on the transport (see `URLSessionTransport`,
/// "Streamed bodies"); in every case what waits stays below `high` plus the one chunk that crossed it.
public struct StreamWatermarks: Hashable, Sendable {
    /// Bytes waiting at or below which a held-back transport goes on.
    public let low: Int
    /// Bytes waiting above which the transport is held back.
    public let high: Int

    /// `low` is clamped to `0...high`, `high` to at least 1.
    public init(low: Int, high: Int) {
        self.high = max(1, high)
        self.low = min(max(0, low), self.high)
    }

    /// 256 KiB and 1 MiB: a few dozen of URLSession's chunks, enough that a reader which keeps up never
    /// holds the network back, small next to the memory of a phone.
    public static let `default` = StreamWatermarks(low: 256 << 10, high: 1 << 20)
}

/// Where a transport delivers a success response's body chunk by chunk, for operations that answer with
/// a stream of events: a buffer bounded by `StreamWatermarks` between the transport and the loop.
///
/// `ClientCore` sets one as `StreamedBody.current` while it sends a streamed call through credentials and
/// middlewares. A transport that can stream (`URLSessionTransport` with its own session) claims it: it
/// returns the 2xx response as soon as its head arrives, with an empty body, and then yields the body's
/// bytes here as they arrive. A transport that cannot ignores it and returns the whole body as usual; the
/// events are then read from that body. Error responses are never streamed: their bodies are read whole,
/// so the catalogue maps them as for any call.
///
/// Backpressure: when more than the high watermark waits, the claiming transport's `Holding` is applied:
/// it is suspended until the reader has brought what waits down to the low watermark, or, for a transport
/// that can only stop by ending the connection, a resumable stream's connection is ended and the reader,
/// once it has read what waits and the transport has reported the end of that transfer, gets
/// `Interrupted` and reconnects (an SSE stream, with `Last-Event-ID`).
@_spi(Generated) public final class StreamedBody: Sendable {
    /// How the claiming transport is held back when the reader falls behind.
    public enum Holding: Sendable {
        /// Never held back: the body is in memory already (or the transport cannot stop).
        case none
        /// Stops reading from the connection and goes on later, on the same connection.
        case suspend(pause: @Sendable () -> Void, resume: @Sendable () -> Void)
        /// Can only stop by ending the connection (its `cancel`): done for a resumable body only.
        case endConnection
    }

    /// Thrown by the reader, after every chunk that arrived before it and once the transfer has ended, when
    /// the transport ended the connection to hold a resumable body back: the reader should connect again
    /// and resume where it is.
    struct Interrupted: Error {}

    /// Whether the reader can resume the stream on a new connection (an SSE stream that reconnects):
    /// only then may a transport end the connection to hold it back.
    public let isResumable: Bool
    private let state = State()

    /// The sink of the streamed call this task sends, if any.
    @TaskLocal public static var current: StreamedBody?

    public init(resumable: Bool = false) {
        isResumable = resumable
    }

    /// Whether a transport claimed the body (else the response carries it whole).
    public var isClaimed: Bool { state.locked { $0.claimed } }

    /// Called by a transport that streams the body and cannot be held back; `cancel` stops its transfer
    /// when the reader goes away. Returns false when the reader is already gone (stop the transfer at once).
    public func claim(cancel: @escaping @Sendable () -> Void) -> Bool {
        claim(holding: .none, watermarks: .default, cancel: cancel)
    }

    /// Called by a transport that streams the body: `holding` says how to hold it back above the high
    /// watermark, `cancel` stops its transfer when the reader goes away. Returns false when the reader is
    /// already gone (stop the transfer at once).
    public func claim(holding: Holding, watermarks: StreamWatermarks, cancel: @escaping @Sendable () -> Void) -> Bool {
        state.locked {
            $0.claimed = true
            $0.cancel = cancel
            $0.watermarks = watermarks
            switch holding {
            case .none: $0.holding = .none
            case .suspend: $0.holding = holding
            case .endConnection: $0.holding = isResumable ? .endConnection : .none
            }
            return !$0.readerGone
        }
    }

    /// The next bytes of the body. Bytes that arrive after the reader left, or after the connection was
    /// ended to hold the body back, are dropped.
    public func yield(_ data: Data) {
        guard !data.isEmpty else { return }
        var action: (() -> Void)?
        let waiter = state.locked { state -> CheckedContinuation<Data?, any Error>? in
            guard !state.readerGone, state.end == nil else { return nil }
            state.largestChunk = max(state.largestChunk, data.count)
            if let waiter = state.waiter {
                // The reader is waiting: the chunk goes straight to it.
                state.waiter = nil
                return waiter
            }
            state.chunks.append(data)
            state.bufferedBytes += data.count
            state.peakBufferedBytes = max(state.peakBufferedBytes, state.bufferedBytes)
            guard !state.isHeld, state.bufferedBytes > state.watermarks.high else { return nil }
            switch state.holding {
            case .none:
                break
            case .suspend(let pause, _):
                // Called under the lock so a pause and the resume that follows it cannot swap places.
                state.isHeld = true
                state.holds += 1
                pause()
            case .endConnection:
                state.end = .interrupted(transferEnded: false)
                state.holds += 1
                action = state.cancel
                state.cancel = nil
            }
            return nil
        }
        waiter?.resume(returning: data)
        action?()
    }

    /// The end of the body; `error` when the transfer failed. Once the connection was ended to hold the
    /// body back, the end of that transfer (whatever its error) lets the reader, which has read what
    /// waits, get `Interrupted`: it reconnects only when the old connection no longer takes bandwidth
    /// and memory alongside the new one.
    public func finish(throwing error: (any Error)? = nil) {
        let waiter = state.locked { state -> CheckedContinuation<Data?, any Error>? in
            switch state.end {
            case nil:
                state.end = error.map { .failed($0) } ?? .finished
            case .interrupted(transferEnded: false):
                state.end = .interrupted(transferEnded: true)
            default:
                return nil
            }
            state.cancel = nil
            defer { state.waiter = nil }
            return state.waiter
        }
        if case .interrupted = state.locked({ $0.end }) {
            waiter?.resume(throwing: Interrupted())
            return
        }
        switch error {
        case nil: waiter?.resume(returning: nil)
        case let error?: waiter?.resume(throwing: error)
        }
    }

    /// The reader of the body's chunks; there is one reader per body. Dropping it (the loop ended, its
    /// task was cancelled) stops the transfer.
    public func makeReader() -> Reader { Reader(self) }

    /// Bytes received and not yet taken by the reader.
    public var bufferedBytes: Int { state.locked { $0.bufferedBytes } }
    /// The most bytes that ever waited for the reader at once: at most the high watermark plus one chunk
    /// for a transport that can be held back.
    public var peakBufferedBytes: Int { state.locked { $0.peakBufferedBytes } }
    /// The largest chunk the transport delivered.
    public var largestChunk: Int { state.locked { $0.largestChunk } }
    /// How often the transport was held back (suspended, or its connection ended).
    public var holds: Int { state.locked { $0.holds } }

    /// The next chunk; nil at the end of the body.
    fileprivate func next() async throws -> Data? {
        switch try state.locked(Self.take) {
        case .chunk(let chunk): return chunk
        case .ended: return nil
        case .wait: break
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Data?, any Error>) in
                do {
                    // Taken again under the lock that registers the waiter: a chunk cannot slip in between.
                    let taken = try state.locked { state -> Taken in
                        let taken = try Self.take(&state)
                        if case .wait = taken { state.waiter = continuation }
                        return taken
                    }
                    switch taken {
                    case .chunk(let chunk): continuation.resume(returning: chunk)
                    case .ended: continuation.resume(returning: nil)
                    case .wait: break
                    }
                } catch {
                    continuation.resume(throwing: error)
                }
            }
        } onCancel: {
            readerLeft()
        }
    }

    private enum Taken {
        case chunk(Data)
        case ended
        case wait
    }

    /// Takes the first waiting chunk, resuming a suspended transport once what waits is down to the low
    /// watermark (under the lock, so it cannot overtake the pause it answers; see `yield`).
    private static func take(_ state: inout State.Fields) throws -> Taken {
        if state.readerGone { throw CancellationError() }
        if let chunk = state.chunks.popFirst() {
            state.bufferedBytes -= chunk.count
            if state.isHeld, state.bufferedBytes <= state.watermarks.low, case .suspend(_, let resume) = state.holding {
                state.isHeld = false
                resume()
            }
            return .chunk(chunk)
        }
        switch state.end {
        case nil: return .wait
        case .finished: return .ended
        case .failed(let error): throw error
        case .interrupted(transferEnded: false): return .wait
        case .interrupted(transferEnded: true): throw Interrupted()
        }
    }

    /// The reader went away: stop the transfer, drop what waits.
    fileprivate func readerLeft() {
        let (cancel, waiter) = state.locked { state -> ((@Sendable () -> Void)?, CheckedContinuation<Data?, any Error>?) in
            state.readerGone = true
            state.chunks.removeAll()
            state.bufferedBytes = 0
            defer {
                state.cancel = nil
                state.waiter = nil
            }
            return (state.end == nil ? state.cancel : nil, state.waiter)
        }
        cancel?()
        waiter?.resume(throwing: CancellationError())
    }

    /// Reads the body's chunks in order; stops the transfer when dropped before the body's end.
    public final class Reader: Sendable {
        private let body: StreamedBody

        fileprivate init(_ body: StreamedBody) {
            self.body = body
        }

        deinit {
            body.readerLeft()
        }

        /// The next chunk; nil at the end of the body. Throws the transfer's error, `Interrupted`, or
        /// `CancellationError` when the task was cancelled.
        public func next() async throws -> Data? {
            try await body.next()
        }
    }

    private enum End {
        case finished
        case failed(any Error)
        /// The connection was ended to hold the body back; `transferEnded` once the transport reported
        /// the end of that transfer.
        case interrupted(transferEnded: Bool)
    }

    /// The buffer and who to tell, behind a lock.
    private final class State: @unchecked Sendable {
        struct Fields {
            var claimed = false
            var holding = Holding.none
            var watermarks = StreamWatermarks.default
            var cancel: (@Sendable () -> Void)?
            var chunks = ChunkQueue()
            var bufferedBytes = 0
            var peakBufferedBytes = 0
            var largestChunk = 0
            var isHeld = false
            var holds = 0
            var end: End?
            var readerGone = false
            var waiter: CheckedContinuation<Data?, any Error>?
        }

        private let lock = NSLock()
        private var fields = Fields()

        func locked<T>(_ body: (inout Fields) throws -> T) rethrows -> T {
            lock.lock()
            defer { lock.unlock() }
            return try body(&fields)
        }
    }
}

/// A first-in first-out queue of chunks: an array read from a moving head, compacted once half of it is read.
private struct ChunkQueue {
    private var storage: [Data] = []
    private var head = 0

    var isEmpty: Bool { head == storage.count }

    mutating func append(_ chunk: Data) {
        storage.append(chunk)
    }

    mutating func popFirst() -> Data? {
        guard head < storage.count else { return nil }
        let chunk = storage[head]
        storage[head] = Data()
        head += 1
        if head == storage.count {
            storage.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= 64, head * 2 >= storage.count {
            storage.removeFirst(head)
            head = 0
        }
        return chunk
    }

    mutating func removeAll() {
        storage.removeAll()
        head = 0
    }
}
