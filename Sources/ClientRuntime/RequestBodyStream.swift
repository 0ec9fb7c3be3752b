import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Why a streamed request body could not be sent.
public enum RequestBodyStreamError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The events were already sent once: a streamed request is never repeated (no retry, no redirect
    /// that resends the body, no reconnection), since its events are produced only once.
    case alreadySent
    /// A transport that cannot stream collected the body, and it passed `limit` bytes.
    case tooLarge(limit: Int)

    public var description: String {
        switch self {
        case .alreadySent: "the streamed request body was already sent; its events cannot be produced again"
        case .tooLarge(let limit): "the streamed request body is larger than \(limit) bytes, the most a transport that cannot stream collects"
        }
    }
}

/// A request body sent as it is produced: the encoded events of an operation with `requestStream:`.
///
/// Each event is encoded when the transport asks for the next bytes, so a slow producer is never read
/// ahead of and a fast one waits for the network (one event at a time is held). The events are read
/// once: a second attempt to send the body throws `RequestBodyStreamError.alreadySent`.
///
/// `URLSessionTransport` sends it with chunked transfer encoding as the events come. On Linux
/// (FoundationNetworking over libcurl) the transfer waits while the body waits for its next event, so
/// what the server answers meanwhile (the response's head, its events) is delivered once that event is
/// sent or the body ends: there, never make a request event wait for the response of the same call (it
/// would wait for ever); `AsyncHTTPClientTransport` (the `HTTPTransportNIO` target) reads both at once there.
/// A transport that cannot stream reads the whole body with `collect(upTo:)`.
public final class RequestBodyStream: Sendable, CustomStringConvertible {
    private let source: any BodyChunkSource
    private let claims = Claims()

    /// A body of `events`, each turned into its bytes by `encode` when the transport needs them.
    public init<Events: AsyncSequence & Sendable>(_ events: Events, encode: @escaping @Sendable (Events.Element) throws -> Data) {
        source = EventChunks(events, encode: encode)
    }

    /// Claims the body for one sending; throws `RequestBodyStreamError.alreadySent` when it was claimed before.
    public func claim() throws {
        guard claims.takeFirst() else { throw RequestBodyStreamError.alreadySent }
    }

    /// The next event's bytes, nil at the end of the events. Call after `claim()`, from one task at a time.
    public func nextChunk() async throws -> Data? {
        try await source.next()
    }

    /// The whole body, for a transport that cannot stream: claims it and reads every event, up to `limit` bytes.
    public func collect(upTo limit: Int) async throws -> Data {
        try claim()
        var data = Data()
        while let chunk = try await nextChunk() {
            guard data.count + chunk.count <= limit else { throw RequestBodyStreamError.tooLarge(limit: limit) }
            data.append(chunk)
        }
        return data
    }

    /// Says only that the body is streamed: its events may carry secrets.
    public var description: String { "(streamed body)" }
}

/// Whether a body was claimed.
private final class Claims: @unchecked Sendable {
    private let lock = NSLock()
    private var claimed = false

    /// True the first time only.
    func takeFirst() -> Bool {
        lock.locked {
            defer { claimed = true }
            return !claimed
        }
    }
}

/// Where a `RequestBodyStream` gets its bytes.
private protocol BodyChunkSource: AnyObject, Sendable {
    func next() async throws -> Data?
}

/// The events of an `AsyncSequence`, encoded one at a time. Only one task reads it at a time (the body is
/// claimed once), which is what makes the unchecked iterator safe.
private final class EventChunks<Events: AsyncSequence & Sendable>: BodyChunkSource, @unchecked Sendable {
    private var iterator: Events.AsyncIterator
    private let encode: @Sendable (Events.Element) throws -> Data

    init(_ events: Events, encode: @escaping @Sendable (Events.Element) throws -> Data) {
        iterator = events.makeAsyncIterator()
        self.encode = encode
    }

    func next() async throws -> Data? {
        guard let event = try await iterator.next() else { return nil }
        return try encode(event)
    }
}

extension RequestBuilder {
    /// Sends `events` as the body, each encoded as JSON and framed by `format` (`application/jsonl`: a
    /// line each; `application/json-seq`: a record each; `text/event-stream`: a `data:` event each), as
    /// they are produced.
    public mutating func setEventsBody<Events: AsyncSequence & Sendable>(_ events: Events, format: EventStreamFormat)
    where Events.Element: Encodable & Sendable {
        setBodyStream(
            RequestBodyStream(events) { event in
                // The shared encoder writes no line breaks, so one event is one line (and one `data:` line).
                let json = try JSONCoding.makeEncoder().encode(event)
                switch format {
                case .jsonLines: return json + Data("\n".utf8)
                case .jsonSequence: return Data([0x1E]) + json + Data("\n".utf8)
                case .serverSentEvents: return Data("data: ".utf8) + json + Data("\n\n".utf8)
                }
            }, contentType: format.mediaType)
    }
}

/// The `httpBodyStream` of a streamed request on FoundationNetworking: `read` waits for the next event's
/// bytes (libcurl's read callback takes only bytes or the end), pulled from the body by a task.
///
/// `stop()` ends it (the transfer was cancelled or completed): a waiting `read` returns the end at once, so
/// cancelling the transfer never waits for a producer.
final class StreamedRequestInput: InputStream {
    private let body: RequestBodyStream
    private let condition = NSCondition()
    private var pending = Data()
    private var pulling = false
    private var ended = false
    private var status: Stream.Status = .notOpen
    private var puller: Task<Void, Never>?
    /// Why the events stopped early: the producer's error, or `alreadySent`.
    private(set) var failure: (any Error)?

    init(_ body: RequestBodyStream) {
        self.body = body
        super.init(data: Data())
    }

    /// The error that ended the body, if any (read under the lock).
    var endingFailure: (any Error)? {
        condition.lock()
        defer { condition.unlock() }
        return failure
    }

    override func open() {
        condition.lock()
        defer { condition.unlock() }
        guard status == .notOpen else { return }
        status = .open
        do {
            try body.claim()
        } catch {
            failure = error
            ended = true
        }
    }

    override func close() {
        stop()
    }

    override var streamStatus: Stream.Status {
        condition.lock()
        defer { condition.unlock() }
        return status
    }

    override var streamError: (any Error)? { endingFailure }

    /// True until the events have ended: FoundationNetworking ends the body when this is false.
    override var hasBytesAvailable: Bool {
        condition.lock()
        defer { condition.unlock() }
        return !pending.isEmpty || !ended
    }

    override func getBuffer(_ buffer: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>, length len: UnsafeMutablePointer<Int>) -> Bool {
        false
    }

    override func read(_ buffer: UnsafeMutablePointer<UInt8>, maxLength len: Int) -> Int {
        condition.lock()
        defer { condition.unlock() }
        while pending.isEmpty, !ended {
            if !pulling { startPull() }
            condition.wait()
        }
        if pending.isEmpty { return failure == nil ? 0 : -1 }
        let count = min(len, pending.count)
        pending.copyBytes(to: buffer, count: count)
        pending.removeFirst(count)
        return count
    }

    /// Ends the body: a waiting `read` returns, the producer is no longer asked for events.
    func stop() {
        condition.lock()
        ended = true
        if status != .closed { status = .closed }
        let puller = self.puller
        condition.broadcast()
        condition.unlock()
        puller?.cancel()
    }

    /// Under the lock: asks the body for its next event in a task, which hands it to `read`.
    private func startPull() {
        pulling = true
        let input = UncheckedInput(self)
        puller = Task { [body] in
            let result: Result<Data?, any Error>
            do {
                result = .success(try await body.nextChunk())
            } catch {
                result = .failure(error)
            }
            input.value.deliver(result)
        }
    }

    /// Hands the pulled event (or the end) to `read`.
    private func deliver(_ result: Result<Data?, any Error>) {
        condition.lock()
        defer { condition.unlock() }
        pulling = false
        switch result {
        case .success(let chunk?): pending.append(chunk)
        case .success(nil): ended = true
        case .failure(let error):
            if !ended { failure = error }
            ended = true
        }
        condition.broadcast()
    }
}

/// What sends a streamed request body on one transfer, and ends it.
protocol StreamedRequestSending: AnyObject, Sendable {
    /// The stream `URLRequest.httpBodyStream` reads.
    var input: InputStream { get }
    /// Why the events stopped early (the producer's error, or `alreadySent`), if they did.
    var endingFailure: (any Error)? { get }
    /// Ends the body: nothing more is asked of the producer, a waiting read returns.
    func stop()
}

/// The input and its pulling task are used under its lock only.
private struct UncheckedInput: @unchecked Sendable {
    let value: StreamedRequestInput
    init(_ value: StreamedRequestInput) { self.value = value }
}

/// The body of a streamed request on FoundationNetworking (`StreamedRequestInput`), shared with the
/// transfer's callbacks, which only call its locked members.
final class PulledStreamedRequest: StreamedRequestSending, @unchecked Sendable {
    private let stream: StreamedRequestInput
    init(_ body: RequestBodyStream) { stream = StreamedRequestInput(body) }
    var input: InputStream { stream }
    var endingFailure: (any Error)? { stream.endingFailure }
    func stop() { stream.stop() }
}

#if canImport(Darwin)
    /// The body of a streamed request on Apple platforms, whose URL loading reads `httpBodyStream` from a
    /// run loop: a bound stream pair, the output written on a thread of its own (writes wait while the
    /// pair's buffer is full, which holds back a fast producer).
    final class BoundStreamedRequest: StreamedRequestSending, @unchecked Sendable {
        let input: InputStream
        private let output: OutputStream
        private let body: RequestBodyStream
        private let lock = NSLock()
        private var failure: (any Error)?
        private var stopped = false

        init(_ body: RequestBodyStream) {
            self.body = body
            var input: InputStream?
            var output: OutputStream?
            Stream.getBoundStreams(withBufferSize: 64 * 1024, inputStream: &input, outputStream: &output)
            self.input = input!
            self.output = output!
            let thread = Thread { [self] in pump() }
            thread.start()
        }

        var endingFailure: (any Error)? { lock.locked { failure } }

        func stop() {
            lock.locked { stopped = true }
        }

        private var isStopped: Bool { lock.locked { stopped } }

        /// Pulls each event and writes it whole, then closes the output (the body's end).
        private func pump() {
            output.open()
            defer { output.close() }
            do {
                try body.claim()
                while !isStopped, let chunk = try Self.wait({ [body] in try await body.nextChunk() }) {
                    var offset = 0
                    while offset < chunk.count, !isStopped {
                        let written = chunk.withUnsafeBytes { bytes in
                            output.write(bytes.baseAddress!.assumingMemoryBound(to: UInt8.self) + offset, maxLength: chunk.count - offset)
                        }
                        guard written > 0 else { return }
                        offset += written
                    }
                }
            } catch {
                lock.locked { failure = error }
            }
        }

        /// Runs `work` in a task and waits for it on this thread (the pump's own, never a pool thread).
        private static func wait(_ work: @escaping @Sendable () async throws -> Data?) throws -> Data? {
            let semaphore = DispatchSemaphore(value: 0)
            let result = ResultBox()
            Task {
                do { result.value = .success(try await work()) } catch { result.value = .failure(error) }
                semaphore.signal()
            }
            semaphore.wait()
            return try result.value!.get()
        }

        private final class ResultBox: @unchecked Sendable {
            var value: Result<Data?, any Error>?
        }
    }
#endif

/// The streamed request bodies of running transfers, by task: cancelling a transfer stops its body first
/// (libcurl cannot cancel while a read waits), and its completion stops it too.
final class StreamedRequestInputs: @unchecked Sendable {
    static let shared = StreamedRequestInputs()
    private let lock = NSLock()
    private var running: [ObjectIdentifier: any StreamedRequestSending] = [:]

    /// The sender of `body` on this platform.
    static func sender(for body: RequestBodyStream) -> any StreamedRequestSending {
        #if canImport(Darwin)
            BoundStreamedRequest(body)
        #else
            PulledStreamedRequest(body)
        #endif
    }

    func register(_ sender: any StreamedRequestSending, for task: URLSessionTask) {
        lock.locked { running[ObjectIdentifier(task)] = sender }
    }

    /// Stops and forgets the body of `task`; returns why its events ended early, if they did.
    @discardableResult
    func stop(for task: URLSessionTask) -> (any Error)? {
        let sender = lock.locked { running.removeValue(forKey: ObjectIdentifier(task)) }
        sender?.stop()
        return sender?.endingFailure
    }
}
