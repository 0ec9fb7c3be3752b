import AsyncHTTPClient
@_spi(Generated) import ClientRuntime
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// An `HTTPTransport` on SwiftNIO (swift-server/async-http-client): for Linux, where FoundationNetworking
/// cannot hold a streamed body back without ending its connection, delivers nothing of the answer while a
/// streamed request waits for its next event, and acts on a cancellation only when the socket is idle.
///
/// An opt-in target with no product, so no client library, and no package depending on one, resolves SwiftNIO
/// through it: a Linux app copies this file into a target of its own that depends on async-http-client, and
/// passes the transport to a client (`FinapticClient(environment: …, transport: AsyncHTTPClientTransport())`).
///
/// It keeps `URLSessionTransport`'s contract, rule by rule:
/// - **Redirects.** AsyncHTTPClient never follows one itself. A redirect to the same origin is followed as
///   `URLSessionTransport.followingRedirects(from:sendOnce:)` says (same headers; 301/302/303 turn any method but
///   `GET`/`HEAD` into a `GET` without a body; 307/308 keep both); one to another origin throws
///   `TransportError.crossOriginRedirect`, so credentials never reach it; more than
///   `URLSessionTransport.maximumRedirects` in a row throw `TransportError.tooManyRedirects`.
/// - **Response size.** A body over the limit (`RequestOptions.current.maximumResponseSize`, else
///   `maximumResponseSize`) throws `TransportError.responseTooLarge`: a `Content-Length` above it before the
///   body is read, else as soon as the decoded bytes pass it. gzip and deflate bodies are decoded (the
///   request says `Accept-Encoding: gzip, deflate` unless it names its own), as URLSession does; the limit
///   counts decoded bytes, and one read from the socket is inflated whole before it is counted (at most
///   about a thousand times the 64 KiB a read takes, for a body of zeros), so a decompression bomb costs
///   tens of megabytes, not the memory.
/// - **Cancellation.** Cancelling the calling task (or the loop of a streamed call) cancels the request:
///   its connection is closed at once, also while data keeps arriving; the call throws
///   `URLError(.cancelled)`.
/// - **Errors.** Any status is a response. Only a call without a usable response throws: errors of the
///   connection are reported as the `URLError`s URLSession would give (`.cannotConnectToHost` for a refused
///   connection, `.networkConnectionLost`, `.timedOut`), so retries and `TransportCondition` classify them
///   the same way; others pass through unchanged.
/// - **Streamed bodies.** A streamed operation's 2xx answer returns at its head; its body is handed over
///   chunk by chunk through a buffer bounded by `streamWatermarks`. Above the high watermark the body is
///   simply not read until the loop has brought it down to the low watermark: AsyncHTTPClient then stops
///   reading from the socket and the server's writes block on a full TCP window, so memory stays flat over
///   any stream, of any format, on the same connection (no reconnection). Error answers are read whole.
/// - **Streamed requests** (`RequestBodyStream`) go out with chunked transfer encoding as their events are
///   produced, and the answer is read at the same time: its head and events arrive while the producer
///   still waits for its next event, so a request event may wait for the answer to the one before.
///
/// Not covered: `URLSessionConfiguration` (cookies, caches, proxies from the environment); no idle timeout
/// applies (`ClientConfiguration.callTimeout` bounds a call). Call `shutdown()` when done with the
/// transport; one that is released without it shuts its client down in the background.
public final class AsyncHTTPClientTransport: HTTPTransport {
    /// The response size limit in bytes when the call's `RequestOptions` set none.
    public let maximumResponseSize: Int
    /// How much of a streamed body may wait for its loop before the body is no longer read.
    public let streamWatermarks: StreamWatermarks
    /// The client every request goes through: redirects refused, gzip and deflate decoded.
    private let client: HTTPClient

    /// Creates a transport with a client of its own on `eventLoopGroup` (by default NIO's shared one).
    public init(
        maximumResponseSize: Int = URLSessionTransport.defaultMaximumResponseSize,
        streamWatermarks: StreamWatermarks = .default,
        eventLoopGroup: any EventLoopGroup = HTTPClient.defaultEventLoopGroup
    ) {
        self.maximumResponseSize = max(0, maximumResponseSize)
        self.streamWatermarks = streamWatermarks
        // The size limit is ours (per call, counted as bytes arrive), so the decompressor gets none.
        var configuration = HTTPClient.Configuration(redirectConfiguration: .disallow, decompression: .enabled(limit: .none))
        // A refused connection fails the call at once, as URLSession's does, instead of being retried until the
        // request's deadline (there is none: `callTimeout` cancels the call).
        configuration.connectionPool.retryConnectionEstablishment = false
        client = HTTPClient(eventLoopGroup: eventLoopGroup, configuration: configuration)
    }

    deinit {
        // After `shutdown()` this reports `alreadyShutdown`, which is fine; before it, it frees the connections.
        client.shutdown { _ in }
    }

    /// Closes the client's connections; requests sent afterwards fail.
    public func shutdown() async throws {
        try await client.shutdown()
    }

    /// Sends `request`, following same-origin redirects, and reads the whole response body (or, for a streamed
    /// call's 2xx answer, returns at its head and streams the body into `StreamedBody.current`).
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let limit = RequestOptions.current.maximumResponseSize ?? maximumResponseSize
        return try await URLSessionTransport.followingRedirects(from: request) { try await sendOnce($0, limit: limit) }
    }

    private func sendOnce(_ request: HTTPRequest, limit: Int) async throws -> HTTPResponse {
        var outgoing = HTTPClientRequest(url: request.url.absoluteString)
        outgoing.method = NIOHTTP1.HTTPMethod(rawValue: request.method.rawValue)
        for (name, value) in request.headers {
            outgoing.headers.add(name: name, value: value)
        }
        if !outgoing.headers.contains(name: "Accept-Encoding") {
            outgoing.headers.add(name: "Accept-Encoding", value: "gzip, deflate")
        }
        let events = request.bodyStream.map(RequestEvents.init)
        if let events {
            outgoing.body = .stream(events, length: .unknown)
        } else if let body = request.body {
            outgoing.body = .bytes(ByteBuffer(bytes: body))
        }
        do {
            let response = try await client.execute(outgoing, deadline: .distantFuture)
            let status = Int(response.status.code)
            let headers = ClientRuntime.HTTPHeaders(response.headers.map { (name: $0.name, value: $0.value) })
            if let streamedBody = StreamedBody.current, (200...299).contains(status) {
                BodyPump.start(response.body, into: streamedBody, watermarks: streamWatermarks, requestEvents: events)
                return HTTPResponse(status: status, headers: headers, body: Data())
            }
            if let length = response.headers.first(name: "Content-Length").flatMap(Int.init), length > limit {
                // Dropping the body unread cancels the request and closes its connection.
                throw TransportError.responseTooLarge(limit: limit)
            }
            var body = Data()
            for try await buffer in response.body {
                guard body.count + buffer.readableBytes <= limit else { throw TransportError.responseTooLarge(limit: limit) }
                body.append(contentsOf: buffer.readableBytesView)
            }
            return HTTPResponse(status: status, headers: headers, body: body)
        } catch {
            // The producer's own error (or a body sent twice) explains the failed transfer better.
            throw events?.failure.value ?? Self.reported(error)
        }
    }

    /// `error` as URLSession would report it, where the retry logic and `TransportCondition` read its kind.
    static func reported(_ error: any Error) -> any Error {
        if error is TransportError || error is URLError { return error }
        if error is CancellationError { return URLError(.cancelled) }
        if let error = error as? HTTPClientError {
            switch error {
            case .cancelled: return URLError(.cancelled)
            case .connectTimeout: return URLError(.timedOut)
            case .readTimeout, .writeTimeout, .deadlineExceeded: return URLError(.timedOut)
            case .remoteConnectionClosed: return URLError(.networkConnectionLost)
            default: return error
            }
        }
        if let error = error as? NIOConnectionError {
            // The first attempt's cause, e.g. a refused connection.
            return reported(error.connectionErrors.first?.error ?? error.dnsAAAAError ?? error.dnsAError ?? URLError(.cannotConnectToHost))
        }
        if let error = error as? IOError {
            let posix = NSError(domain: NSPOSIXErrorDomain, code: Int(error.errnoCode))
            if error.errnoCode == ECONNREFUSED {
                return URLError(.cannotConnectToHost, userInfo: [NSUnderlyingErrorKey: posix])
            }
            return posix
        }
        return error
    }
}

/// The streamed request body as AsyncHTTPClient's body sequence: each event's bytes when it asks for the next
/// part. Claims the body on the first ask (a body sent twice throws `alreadySent`) and keeps the error that ended
/// the events, which explains the failed call better than the transfer's own.
private struct RequestEvents: AsyncSequence, Sendable {
    typealias Element = ByteBuffer

    let body: RequestBodyStream
    let failure = FailureBox()

    init(_ body: RequestBodyStream) {
        self.body = body
    }

    func makeAsyncIterator() -> Iterator { Iterator(body: body, failure: failure) }

    struct Iterator: AsyncIteratorProtocol {
        let body: RequestBodyStream
        let failure: FailureBox
        var claimed = false

        mutating func next() async throws -> ByteBuffer? {
            do {
                if !claimed {
                    try body.claim()
                    claimed = true
                }
                // An empty part would end a chunked body: skip empty events.
                while let chunk = try await body.nextChunk() {
                    if !chunk.isEmpty { return ByteBuffer(bytes: chunk) }
                }
                return nil
            } catch {
                failure.set(error)
                throw error
            }
        }
    }
}

/// The first error that ended a request's events.
private final class FailureBox: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: (any Error)?

    var value: (any Error)? {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }

    func set(_ error: any Error) {
        lock.lock()
        defer { lock.unlock() }
        if stored == nil { stored = error }
    }
}

/// Reads a streamed 2xx body from AsyncHTTPClient into the call's `StreamedBody`, in a task of its own (the
/// call has returned at the head). Held back (`pause`), it stops asking for the next part, which stops
/// AsyncHTTPClient reading from the socket; `cancel` (the loop went away) ends the task, and dropping the
/// body's iterator cancels the request and closes the connection.
private final class BodyPump: @unchecked Sendable {
    private let lock = NSLock()
    private var paused = false
    private var cancelled = false
    private var waiter: CheckedContinuation<Void, Never>?
    private var task: Task<Void, Never>?

    static func start(
        _ body: HTTPClientResponse.Body, into streamedBody: StreamedBody, watermarks: StreamWatermarks, requestEvents: RequestEvents?
    ) {
        let pump = BodyPump()
        let reading = streamedBody.claim(
            holding: .suspend(pause: { pump.pause() }, resume: { pump.resume() }), watermarks: watermarks, cancel: { pump.cancel() })
        let task = Task {
            // Not reading: the iterator made and dropped at once cancels the request.
            guard reading else { return }
            do {
                for try await buffer in body {
                    streamedBody.yield(Data(buffer.readableBytesView))
                    guard await pump.mayGoOn() else { return }
                }
                streamedBody.finish()
            } catch {
                streamedBody.finish(throwing: requestEvents?.failure.value ?? AsyncHTTPClientTransport.reported(error))
            }
        }
        pump.started(task)
    }

    private func started(_ task: Task<Void, Never>) {
        let cancelNow = locked {
            self.task = task
            return cancelled
        }
        if cancelNow { task.cancel() }
    }

    /// Called under `StreamedBody`'s lock: only marks the pump, which waits before asking for the next part.
    private func pause() {
        locked { paused = true }
    }

    private func resume() {
        let waiter = locked {
            paused = false
            defer { self.waiter = nil }
            return self.waiter
        }
        waiter?.resume()
    }

    private func cancel() {
        let (waiter, task) = locked {
            cancelled = true
            defer { self.waiter = nil }
            return (self.waiter, self.task)
        }
        task?.cancel()
        waiter?.resume()
    }

    /// Waits while held back; false once the loop has gone away.
    private func mayGoOn() async -> Bool {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let goOn = locked {
                guard paused, !cancelled else { return true }
                waiter = continuation
                return false
            }
            if goOn { continuation.resume() }
        }
        return !locked { cancelled } && !Task.isCancelled
    }

    private func locked<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }
}
