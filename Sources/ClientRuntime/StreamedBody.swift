import Foundation

/// Where a transport delivers a success response's body chunk by chunk, for operations that answer with
/// a stream of events.
///
/// `ClientCore` sets one as `StreamedBody.current` while it sends a streamed call through credentials and
/// middlewares. A transport that can stream (`URLSessionTransport` with its own session) claims it: it
/// returns the 2xx response as soon as its head arrives, with an empty body, and then yields the body's
/// bytes here as they arrive. A transport that cannot ignores it and returns the whole body as usual; the
/// events are then read from that body. Error responses are never streamed: their bodies are read whole,
/// so the catalogue maps them as for any call.
@_spi(Generated) public final class StreamedBody: Sendable {
    /// The body's chunks, finished at the end of the body or with the transfer's error. Dropping its
    /// iterator (the loop ended, its task was cancelled) stops the transfer.
    public let chunks: AsyncThrowingStream<Data, any Error>
    private let continuation: AsyncThrowingStream<Data, any Error>.Continuation
    private let control = Control()

    /// The sink of the streamed call this task sends, if any.
    @TaskLocal public static var current: StreamedBody?

    public init() {
        (chunks, continuation) = AsyncThrowingStream.makeStream(of: Data.self, throwing: (any Error).self)
        continuation.onTermination = { [control] termination in
            if case .cancelled = termination { control.readerLeft() }
        }
    }

    /// Whether a transport claimed the body (else the response carries it whole).
    public var isClaimed: Bool { control.isClaimed }

    /// Called by a transport that streams the body; `cancel` stops its transfer when the reader goes away.
    /// Returns false when the reader is already gone (the transfer should stop at once).
    public func claim(cancel: @escaping @Sendable () -> Void) -> Bool {
        control.claim(cancel: cancel)
    }

    /// The next bytes of the body.
    public func yield(_ data: Data) {
        continuation.yield(data)
    }

    /// The end of the body; `error` when the transfer failed.
    public func finish(throwing error: (any Error)? = nil) {
        continuation.finish(throwing: error)
    }

    /// Who stops the transfer, set when a transport claims the body.
    private final class Control: @unchecked Sendable {
        private let lock = NSLock()
        private var claimed = false
        private var cancel: (@Sendable () -> Void)?
        private var readerGone = false

        var isClaimed: Bool { lock.locked { claimed } }

        func claim(cancel: @escaping @Sendable () -> Void) -> Bool {
            lock.locked {
                claimed = true
                self.cancel = cancel
                return !readerGone
            }
        }

        func readerLeft() {
            let cancel = lock.locked { () -> (@Sendable () -> Void)? in
                readerGone = true
                defer { self.cancel = nil }
                return self.cancel
            }
            cancel?()
        }
    }
}
