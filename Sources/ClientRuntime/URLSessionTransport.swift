import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// An `HTTPTransport` backed by `URLSession`, on Apple platforms and Linux.
///
/// Errors from `URLSession` (`URLError` for refused connections, timeouts, cancellation) are passed
/// through unchanged so retry logic can classify them; a response that is not HTTP becomes
/// `TransportError.nonHTTPResponse`. Caching and cookies follow the session's configuration.
///
/// **Redirects.** The session never follows a redirect by itself; this transport does, so that credentials
/// (an `Authorization` header, an API key header or query item, a session header) are only ever sent to the
/// origin they were attached for:
/// - a redirect (301, 302, 303, 307, 308 with a `Location`) to the same origin (scheme, host and port) is
///   followed with the same headers; 301/302/303 turn any method but `GET`/`HEAD` into a `GET` without a
///   body (what browsers do), 307/308 keep method and body. The URL is the redirect's own, so a query item
///   the request carried (such as an API key) is not copied onto it;
/// - a redirect to another origin is not followed at all and throws `TransportError.crossOriginRedirect`,
///   naming the status and the target's origin only (its path and query may carry tokens);
/// - more than `maximumRedirects` redirects in a row throw `TransportError.tooManyRedirects`.
///
/// **Response size.** A body larger than the limit (`RequestOptions.current.maximumResponseSize`, else the
/// transport's `maximumResponseSize`) throws `TransportError.responseTooLarge`. The limit counts decoded
/// bytes (after gzip/deflate) as they arrive: the call fails as soon as the limit is passed, a
/// `Content-Length` above it is refused before the body is read, and what arrives afterwards is dropped,
/// so a compressed body that expands enormously cannot fill the memory.
///
/// **Cancellation.** Cancelling the calling task cancels the `URLSessionTask` (this is how
/// `ClientConfiguration.callTimeout` stops a transfer) and throws `URLError(.cancelled)` at once.
///
/// **Streamed bodies.** A streamed operation's 2xx body (an `EventStream`) is handed over chunk by chunk
/// as it arrives, with no size limit, through a buffer bounded by `streamWatermarks`. When more than the
/// high watermark waits for a loop slower than the network, the transfer is held back until the loop has
/// brought it down to the low watermark, so memory stays flat however long the stream:
/// - on Apple platforms the task is suspended (`URLSessionTask.suspend()`), which stops reading from the
///   socket (the server's writes then block on a full TCP window), and resumed on the same connection;
/// - on Linux, FoundationNetworking's `suspend()` ends libcurl's transfer and closes the connection, and
///   `resume()` sends the request again from the start, so it cannot pause a body. There, an SSE stream
///   that reconnects has its connection closed instead, and the loop, once it has read what arrived and
///   the closed transfer has ended, reconnects at once with `Last-Event-ID` (no delay, not counted as a
///   failed attempt). A stream that
///   cannot resume (JSON Lines, JSON Sequence, SSE of a non-idempotent operation) is not held back on
///   Linux: a loop slower than the network buffers what it has not read yet.
///
/// **On Linux, prefer `AsyncHTTPClientTransport`** for streams (the `HTTPTransportNIO` target on SwiftNIO, which
/// an app copies; README, "Dependencies"). It keeps this contract and lacks FoundationNetworking's limits:
/// every stream is held back on its own connection by not reading it, the answer to a streamed request
/// (`RequestBodyStream`) arrives while the request still waits for its next event (here it arrives only once
/// that event is sent), and a cancellation closes the connection at once, also while data keeps flowing.
public struct URLSessionTransport: HTTPTransport {
    /// The default response size limit: 10 MiB, generous for JSON APIs and small enough that a hostile
    /// or broken server cannot exhaust the memory of a phone.
    public static let defaultMaximumResponseSize = 10 * 1024 * 1024

    /// Redirects followed in a row before giving up with `TransportError.tooManyRedirects`.
    public static let maximumRedirects = 10

    /// The session every request goes through.
    public let session: URLSession
    /// The response size limit in bytes when the call's `RequestOptions` set none.
    public let maximumResponseSize: Int
    /// How much of a streamed body may wait for its loop before the transfer is held back.
    public let streamWatermarks: StreamWatermarks
    /// Receives the session's events; `nil` for a session passed in by the caller.
    private let delegate: TransportDelegate?

    /// Creates a transport with its own session built from `configuration`. This session's delegate
    /// refuses redirects (the transport follows same-origin ones itself), enforces the size limit while
    /// the body arrives and streams the bodies of streamed operations, held back by `streamWatermarks`.
    public init(
        configuration: URLSessionConfiguration = .default,
        maximumResponseSize: Int = URLSessionTransport.defaultMaximumResponseSize,
        streamWatermarks: StreamWatermarks = .default
    ) {
        let delegate = TransportDelegate(streamWatermarks: streamWatermarks)
        session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
        self.delegate = delegate
        self.maximumResponseSize = max(0, maximumResponseSize)
        self.streamWatermarks = streamWatermarks
    }

    /// Creates a transport over an existing session, e.g. one with custom delegates or protocol classes.
    ///
    /// What still holds: every task gets a task delegate that refuses redirects, so the redirect rules above
    /// apply unchanged (on Apple platforms a task delegate takes precedence over the session's; on Linux
    /// FoundationNetworking consults it for redirects). Cancellation and `callTimeout` work as well.
    /// What does not: the body is collected by the session, so the size limit is checked against
    /// `Content-Length` and the complete body only after it has arrived; it bounds what the client keeps
    /// and decodes, not the memory used while receiving. Streamed operations get their body whole too, so
    /// nothing is streamed or held back. Use `init(configuration:maximumResponseSize:streamWatermarks:)`
    /// when that matters.
    public init(session: URLSession, maximumResponseSize: Int = URLSessionTransport.defaultMaximumResponseSize) {
        self.session = session
        self.maximumResponseSize = max(0, maximumResponseSize)
        streamWatermarks = .default
        delegate = nil
    }

    /// Sends `request`, following same-origin redirects, and reads the whole response body.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let limit = RequestOptions.current.maximumResponseSize ?? maximumResponseSize
        return try await Self.followingRedirects(from: request) { try await sendOnce($0, limit: limit) }
    }

    /// Sends `request` through `sendOnce` and each redirect it answers with by the rules under "Redirects"
    /// above, at most `maximumRedirects` in a row: for any transport that follows redirects itself
    /// (`AsyncHTTPClientTransport` does).
    public static func followingRedirects(
        from request: HTTPRequest, sendOnce: (HTTPRequest) async throws -> HTTPResponse
    ) async throws -> HTTPResponse {
        var current = request
        var redirects = 0
        while true {
            let response = try await sendOnce(current)
            guard let next = try redirect(after: current, response: response) else { return response }
            redirects += 1
            guard redirects <= maximumRedirects else {
                throw TransportError.tooManyRedirects(limit: maximumRedirects)
            }
            current = next
        }
    }

    /// The request to follow `response` with, `nil` when it is not a redirect to follow: the rules under
    /// "Redirects" above.
    ///
    /// - Throws: `TransportError.crossOriginRedirect` when it points to another origin.
    static func redirect(after request: HTTPRequest, response: HTTPResponse) throws -> HTTPRequest? {
        guard [301, 302, 303, 307, 308].contains(response.status),
            let location = response.headers["Location"],
            let target = URL(string: location, relativeTo: request.url)?.absoluteURL
        else { return nil }
        let targetOrigin = Origin(target)
        guard targetOrigin == Origin(request.url) else {
            throw TransportError.crossOriginRedirect(status: response.status, origin: targetOrigin.description)
        }
        var next = request
        next.url = Self.removingFragment(from: target)
        if [301, 302, 303].contains(response.status), request.method != .get, request.method != .head {
            next.method = .get
            next.body = nil
            next.headers["Content-Type"] = nil
            next.headers["Content-Length"] = nil
        }
        return next
    }

    private static func removingFragment(from url: URL) -> URL {
        let text = url.absoluteString
        guard let hash = text.firstIndex(of: "#") else { return url }
        return URL(string: String(text[..<hash])) ?? url
    }

    private func sendOnce(_ request: HTTPRequest, limit: Int) async throws -> HTTPResponse {
        var urlRequest = Self.urlRequest(for: request)
        // A streamed body: sent with chunked transfer encoding as its events come (`RequestBodyStream`).
        let sender = request.bodyStream.map(StreamedRequestInputs.sender(for:))
        // Only when there is one: setting `httpBodyStream`, even to nil, clears `httpBody`.
        if let sender { urlRequest.httpBodyStream = sender.input }
        let (data, response): (Data, URLResponse)
        do {
            if let delegate {
                let task = session.dataTask(with: urlRequest)
                if let sender { StreamedRequestInputs.shared.register(sender, for: task) }
                (data, response) = try await delegate.run(task, limit: limit, streamedBody: StreamedBody.current)
            } else {
                (data, response) = try await Self.runOnForeignSession(session, urlRequest, sender: sender, limit: limit)
            }
        } catch {
            // The producer's own error (or a body sent twice) explains the failed transfer better.
            throw sender?.endingFailure ?? error
        }
        guard let http = response as? HTTPURLResponse else {
            throw TransportError.nonHTTPResponse(String(describing: type(of: response)))
        }
        return HTTPResponse(status: http.statusCode, headers: Self.headers(of: http), body: data)
    }

    /// Runs a task on a session whose delegate is not ours: only redirects can be refused (through a task
    /// delegate); the size is checked once the body is complete.
    private static func runOnForeignSession(
        _ session: URLSession, _ request: URLRequest, sender: (any StreamedRequestSending)?, limit: Int
    ) async throws -> (Data, URLResponse) {
        let box = TaskBox()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let task = session.dataTask(with: request) { data, response, error in
                    sender?.stop()
                    if let error { return continuation.resume(throwing: error) }
                    guard let response else { return continuation.resume(throwing: URLError(.badServerResponse)) }
                    let data = data ?? Data()
                    if response.expectedContentLength > Int64(limit) || data.count > limit {
                        return continuation.resume(throwing: TransportError.responseTooLarge(limit: limit))
                    }
                    continuation.resume(returning: (data, response))
                }
                task.delegate = RedirectRefusal.shared
                if let sender { StreamedRequestInputs.shared.register(sender, for: task) }
                box.set(task)
                task.resume()
            }
        } onCancel: {
            box.cancel()
        }
    }

    static func urlRequest(for request: HTTPRequest) -> URLRequest {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method.rawValue
        for (name, value) in request.headers {
            // `addValue` rather than `setValue` so repeated fields survive (URLRequest joins them).
            urlRequest.addValue(value, forHTTPHeaderField: name)
        }
        urlRequest.httpBody = request.body
        return urlRequest
    }

    static func headers(of response: HTTPURLResponse) -> HTTPHeaders {
        // `allHeaderFields` is an unordered dictionary; sorting makes the result deterministic. Names are
        // lowercased once each, not on every comparison.
        let fields = response.allHeaderFields.compactMap { key, value -> (sortKey: String, name: String, value: String)? in
            guard let name = key.base as? String else { return nil }
            return (sortKey: name.lowercased(), name: name, value: String(describing: value))
        }
        return HTTPHeaders(fields.sorted { $0.sortKey < $1.sortKey }.map { (name: $0.name, value: $0.value) })
    }
}

/// Scheme, host and port of a URL: what must match for a redirect to be followed with credentials.
struct Origin: Equatable, CustomStringConvertible {
    let scheme: String
    let host: String
    let port: Int?

    init(_ url: URL) {
        scheme = (url.scheme ?? "").lowercased()
        host = (url.host ?? "").lowercased()
        port = url.port ?? Self.defaultPort(for: scheme)
    }

    private static func defaultPort(for scheme: String) -> Int? {
        switch scheme {
        case "http", "ws": 80
        case "https", "wss": 443
        default: nil
        }
    }

    /// `scheme://host:port`; never a path or query.
    var description: String {
        "\(scheme)://\(host)" + (port.map { ":\($0)" } ?? "")
    }
}

/// Cancels a task without blocking the caller: FoundationNetworking's `cancel()` waits until the
/// session's work queue is free, which can take seconds while it inflates a large compressed body.
private func cancelInBackground(_ task: URLSessionTask) {
    // A streamed request body waiting for its next event holds libcurl's queue: end it first.
    StreamedRequestInputs.shared.stop(for: task)
    DispatchQueue.global().async { task.cancel() }
}

/// The task delegate that stops `URLSession` from following redirects on sessions this module does not own.
private final class RedirectRefusal: NSObject, URLSessionTaskDelegate, Sendable {
    static let shared = RedirectRefusal()

    func urlSession(
        _ session: URLSession,
        task: URLSessionTask,
        willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest,
        completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        // `nil` delivers the redirect response itself; `URLSessionTransport.send` decides what to do.
        completionHandler(nil)
    }
}

/// Holds a task for the cancellation handler, which may run before the task exists.
private final class TaskBox: @unchecked Sendable {
    private let lock = NSLock()
    private var task: URLSessionTask?
    private var isCancelled = false

    func set(_ task: URLSessionTask) {
        let cancelNow = lock.locked {
            self.task = task
            return isCancelled
        }
        if cancelNow { cancelInBackground(task) }
    }

    func cancel() {
        let task = lock.locked {
            isCancelled = true
            return self.task
        }
        if let task { cancelInBackground(task) }
    }
}

/// The delegate of a transport's own session: refuses redirects, collects bodies up to their limit and
/// completes each task's continuation.
///
/// A transfer ends (its continuation resumes) at the first of: completion, the limit being passed, or
/// cancellation. The task is cancelled in the background after the latter two; whatever it still delivers
/// belongs to no transfer any more and is dropped.
private final class TransportDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    /// The state of one running task; a class so appending to `data` never copies the body.
    private final class Transfer {
        let continuation: CheckedContinuation<(Data, URLResponse), any Error>
        let limit: Int
        /// Where a 2xx body goes as it arrives, for a streamed call (`StreamedBody`).
        let streamedBody: StreamedBody?
        var response: URLResponse?
        var data = Data()

        init(continuation: CheckedContinuation<(Data, URLResponse), any Error>, limit: Int, streamedBody: StreamedBody?) {
            self.continuation = continuation
            self.limit = limit
            self.streamedBody = streamedBody
        }
    }

    /// How much of a streamed body may wait for its loop.
    private let streamWatermarks: StreamWatermarks
    private let lock = NSLock()
    /// Running transfers by `URLSessionTask.taskIdentifier`.
    private var transfers: [Int: Transfer] = [:]
    /// Streamed bodies still arriving, by task identifier; their transfers have ended at the response's head.
    private var streams: [Int: StreamedBody] = [:]

    init(streamWatermarks: StreamWatermarks) {
        self.streamWatermarks = streamWatermarks
    }

    /// Resumes `task` and returns its body and response once it completes.
    /// With `streamedBody`, a 2xx response returns at its head and its body goes there as it arrives.
    func run(_ task: URLSessionDataTask, limit: Int, streamedBody: StreamedBody? = nil) async throws -> (Data, URLResponse) {
        let identifier = task.taskIdentifier
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                lock.locked { transfers[identifier] = Transfer(continuation: continuation, limit: limit, streamedBody: streamedBody) }
                if Task.isCancelled {
                    end(identifier, with: .failure(URLError(.cancelled)))
                } else {
                    task.resume()
                }
            }
        } onCancel: {
            if end(identifier, with: .failure(URLError(.cancelled))) { cancelInBackground(task) }
        }
    }

    /// Removes the transfer and resumes its continuation; `false` when it had already ended.
    @discardableResult
    private func end(_ identifier: Int, with result: Result<(Data, URLResponse), any Error>) -> Bool {
        guard let transfer = lock.locked({ transfers.removeValue(forKey: identifier) }) else { return false }
        transfer.continuation.resume(with: result)
        return true
    }

    private func failTooLarge(_ task: URLSessionTask, limit: Int) {
        if end(task.taskIdentifier, with: .failure(TransportError.responseTooLarge(limit: limit))) {
            cancelInBackground(task)
        }
    }

    func urlSession(
        _ session: URLSession,
        task: URLSessionTask,
        willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest,
        completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }

    func urlSession(
        _ session: URLSession,
        dataTask: URLSessionDataTask,
        didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let (limit, streamedBody) = lock.locked { () -> (Int?, StreamedBody?) in
            guard let transfer = transfers[dataTask.taskIdentifier] else { return (nil, nil) }
            transfer.response = response
            return (transfer.limit, transfer.streamedBody)
        }
        if let streamedBody, let http = response as? HTTPURLResponse, (200...299).contains(http.statusCode) {
            // A streamed success: the caller gets the head now, the body chunk by chunk (no size limit:
            // the event parsers bound what they hold, the watermarks what waits for them).
            lock.locked { streams[dataTask.taskIdentifier] = streamedBody }
            let reading = streamedBody.claim(holding: Self.holding(dataTask), watermarks: streamWatermarks) {
                cancelInBackground(dataTask)
            }
            end(dataTask.taskIdentifier, with: .success((Data(), response)))
            guard reading else {
                completionHandler(.cancel)
                return
            }
            return completionHandler(.allow)
        }
        guard let limit, response.expectedContentLength > Int64(limit) else { return completionHandler(.allow) }
        completionHandler(.cancel)
        failTooLarge(dataTask, limit: limit)
    }

    /// How a streamed body's transfer is held back (the type's "Streamed bodies").
    private static func holding(_ task: URLSessionDataTask) -> StreamedBody.Holding {
        #if canImport(FoundationNetworking)
            // FoundationNetworking's suspend() removes libcurl's handle, ending the transfer, and resume()
            // sends the request again: measured by URLSessionTransportBackpressureTests.
            return .endConnection
        #else
            return .suspend(pause: { task.suspend() }, resume: { task.resume() })
        #endif
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        if let streamedBody = lock.locked({ streams[dataTask.taskIdentifier] }) {
            return streamedBody.yield(data)
        }
        let overLimit = lock.locked { () -> Int? in
            guard let transfer = transfers[dataTask.taskIdentifier] else { return nil }
            guard transfer.data.count + data.count <= transfer.limit else { return transfer.limit }
            transfer.data.append(data)
            return nil
        }
        if let overLimit { failTooLarge(dataTask, limit: overLimit) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        // The answer is complete: a streamed request body still waiting for events is no longer read.
        let bodyFailure = StreamedRequestInputs.shared.stop(for: task)
        if let streamedBody = lock.locked({ streams.removeValue(forKey: task.taskIdentifier) }) {
            return streamedBody.finish(throwing: error.map { bodyFailure ?? $0 })
        }
        let response = lock.locked { transfers[task.taskIdentifier].map { ($0.data, $0.response ?? task.response) } }
        guard let (data, response) = response else { return }
        if let error {
            end(task.taskIdentifier, with: .failure(error))
        } else if let response {
            end(task.taskIdentifier, with: .success((data, response)))
        } else {
            end(task.taskIdentifier, with: .failure(URLError(.badServerResponse)))
        }
    }
}
