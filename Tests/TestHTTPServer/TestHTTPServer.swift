import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A minimal HTTP/1.1 server on `127.0.0.1` with an ephemeral port, for exercising real transports in tests.
///
/// Each connection is served on its own thread and answered with `Connection: close`, so concurrent
/// clients never wait behind an idle keep-alive connection and a handler may block until several
/// requests have arrived. Only `Content-Length` request bodies are supported (chunked gets 411).
public final class TestHTTPServer: Sendable {
    /// One request as received.
    public struct Request: Sendable {
        /// The method token, e.g. `GET`.
        public let method: String
        /// The raw request-target, query included, exactly as sent.
        public let target: String
        /// The path part of the target, still percent-encoded.
        public let path: String
        /// The query items in order, percent-decoded (`+` is kept as `+`).
        public let queryItems: [(name: String, value: String)]
        /// Header fields with lowercased names; repeated fields joined with `, `.
        public let headers: [String: String]
        /// The body (empty when none).
        public let body: Data

        /// The decoded value of the first query item called `name`.
        public func query(_ name: String) -> String? {
            queryItems.first { $0.name == name }?.value
        }

        /// The body as UTF-8 text.
        public var bodyText: String { String(decoding: body, as: UTF8.self) }
    }

    /// The answer to send back.
    public struct Response: Sendable {
        /// The status code.
        public var status: Int
        /// Header fields to send; `Content-Length` and `Connection` are added automatically.
        public var headers: [String: String]
        /// The body.
        public var body: Data
        /// When positive, the body is trickled one byte at a time with this pause (seconds) before each
        /// byte, for clients that must give up on a slow server. Sending stops when the client hangs up
        /// (counted in `abandonedResponses`) or the server shuts down.
        public var byteInterval: TimeInterval
        /// When set, the body is made as it is sent: `chunks(0)`, `chunks(1)`, ... until nil, each written
        /// once the client has taken the one before (a blocking write, so a client that stops reading
        /// stops the server; counted in `streamedBytesSent`). No `Content-Length`: the end of the
        /// connection ends the body. `body` and `byteInterval` are then ignored.
        public var chunks: (@Sendable (_ index: Int) -> Data?)?

        /// Creates a response.
        public init(
            status: Int, headers: [String: String] = [:], body: Data = Data(), byteInterval: TimeInterval = 0,
            chunks: (@Sendable (_ index: Int) -> Data?)? = nil
        ) {
            self.status = status
            self.headers = headers
            self.body = body
            self.byteInterval = byteInterval
            self.chunks = chunks
        }

        /// A response with a JSON body and `Content-Type: application/json`.
        public static func json(_ status: Int, _ json: String, headers: [String: String] = [:]) -> Response {
            var allHeaders = ["Content-Type": "application/json"]
            allHeaders.merge(headers) { _, given in given }
            return Response(status: status, headers: allHeaders, body: Data(json.utf8))
        }
    }

    /// Errors starting the server.
    public struct StartError: Error, CustomStringConvertible {
        /// What failed and the `errno` text.
        public let description: String
    }

    private let engine: Engine

    /// The port bound on `127.0.0.1`.
    public var port: Int { engine.port }

    /// `http://127.0.0.1:<port>`.
    public var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// Every request received so far, in arrival order.
    public var receivedRequests: [Request] { engine.state.withLock { $0.requests } }

    /// How many trickled (`Response.byteInterval`) or streamed (`Response.chunks`) responses the client
    /// stopped reading before their end, i.e. closed the connection: proof that a client really cancelled
    /// its transfer. (A streamed one that the client only stops reading counts once the send times out, 10 s.)
    public var abandonedResponses: Int { engine.state.withLock { $0.abandonedResponses } }

    /// Bytes of streamed bodies (`Response.chunks`) the kernel has accepted so far, over all connections:
    /// it stops growing while a client does not read.
    public var streamedBytesSent: Int { engine.state.withLock { $0.streamedBytesSent } }

    /// Binds `127.0.0.1` on an ephemeral port and starts serving with `handler`.
    public init(handler: @escaping @Sendable (Request) async -> Response) throws {
        engine = try Engine(handler: handler)
        engine.start()
    }

    /// Shuts down if the test did not, so a forgotten `shutdown()` cannot leak threads or sockets.
    deinit {
        engine.shutdown()
    }

    /// Stops accepting, wakes and waits for all server threads, and closes the listening socket.
    /// Idempotent; afterwards the port refuses connections.
    public func shutdown() {
        engine.shutdown()
    }
}

/// The sockets and threads. Separate from `TestHTTPServer` so the server threads retain only this, and
/// dropping the last reference to the server still runs its `deinit` (which shuts down).
private final class Engine: Sendable {
    let listener: Int32
    /// Written once on shutdown; every poll also watches the read end, so all blocked threads wake up.
    let wakeRead: Int32
    let wakeWrite: Int32
    let port: Int
    let handler: @Sendable (TestHTTPServer.Request) async -> TestHTTPServer.Response
    let state = LockedState()
    let threads = DispatchGroup()

    init(handler: @escaping @Sendable (TestHTTPServer.Request) async -> TestHTTPServer.Response) throws {
        self.handler = handler
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else {
            throw TestHTTPServer.StartError(description: "pipe: \(Socket.errorText())")
        }
        wakeRead = pipeEnds[0]
        wakeWrite = pipeEnds[1]
        do {
            (listener, port) = try Socket.listenOnLoopback()
        } catch {
            close(pipeEnds[0])
            close(pipeEnds[1])
            throw error
        }
    }

    func start() {
        threads.enter()
        let thread = Thread { [self] in
            Socket.nameCurrentThread()
            acceptLoop()
            threads.leave()
        }
        thread.start()
    }

    func shutdown() {
        let first = state.withLock { state -> Bool in
            defer { state.isShutDown = true }
            return !state.isShutDown
        }
        guard first else { return }
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
        // Bounded so a handler that never returns cannot hang the test run forever.
        _ = threads.wait(timeout: .now() + 10)
        close(listener)
        close(wakeRead)
        close(wakeWrite)
    }

    private func acceptLoop() {
        while Socket.waitReadable(listener, orWake: wakeRead, timeoutMilliseconds: -1) == .readable {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { continue }
            threads.enter()
            let thread = Thread { [self] in
                Socket.nameCurrentThread()
                serve(connection)
                close(connection)
                threads.leave()
            }
            thread.start()
        }
    }

    private func serve(_ connection: Int32) {
        Socket.disableSigpipe(connection)
        var reader = RequestReader(connection: connection, wake: wakeRead)
        let response: TestHTTPServer.Response
        let isHead: Bool
        switch reader.read() {
        case .request(let request):
            state.withLock { $0.requests.append(request) }
            response = Self.run(handler, with: request)
            isHead = request.method == "HEAD"
        case .rejected(let status):
            response = TestHTTPServer.Response(status: status)
            isHead = false
        case .closed:
            return
        }
        if response.chunks != nil, !isHead {
            stream(response, to: connection)
            return
        }
        if response.byteInterval > 0, !isHead {
            trickle(response, to: connection)
            return
        }
        Socket.sendAll(connection, Self.serialize(response, omitBody: isHead))
        // Half-close and drain briefly so the client sees the whole response rather than a reset.
        Socket.finish(connection, wake: wakeRead)
    }

    /// Sends the head, then the chunks as the client takes them, until they end, the client hangs up or
    /// the server shuts down.
    private func stream(_ response: TestHTTPServer.Response, to connection: Int32) {
        guard let chunks = response.chunks else { return }
        // A client that stops reading for good (or a server shutting down) frees the thread within 10 s.
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(connection, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var head = response
        head.body = Data()
        var text = String(decoding: Self.serialize(head, omitBody: true), as: UTF8.self)
        text = text.replacingOccurrences(of: "Content-Length: 0\r\n", with: "")
        guard Socket.sendAll(connection, Data(text.utf8)) else { return }
        var index = 0
        while let chunk = chunks(index) {
            index += 1
            if state.withLock({ $0.isShutDown }) { return }
            guard Socket.sendAll(connection, chunk) else {
                // A write fails at once when the client closed the connection (after the send timeout when it
                // only stopped reading): a transfer the client really cancelled.
                state.withLock { $0.abandonedResponses += 1 }
                return
            }
            state.withLock { $0.streamedBytesSent += chunk.count }
        }
        Socket.finish(connection, wake: wakeRead)
    }

    /// Sends the head at once and the body byte by byte, noting a client that hangs up before the end.
    private func trickle(_ response: TestHTTPServer.Response, to connection: Int32) {
        var head = response
        head.body = Data()
        if !head.headers.keys.contains(where: { $0.lowercased() == "content-length" }) {
            head.headers["Content-Length"] = String(response.body.count)
        }
        guard Socket.sendAll(connection, Self.serialize(head, omitBody: false)) else { return }
        for byte in response.body {
            let milliseconds = Int32(response.byteInterval * 1000)
            // Readable here means the client closed (or sent more, which it must not); either way, stop.
            switch Socket.waitReadable(connection, orWake: wakeRead, timeoutMilliseconds: milliseconds) {
            case .timedOut:
                if Socket.sendAll(connection, Data([byte])) { continue }
                state.withLock { $0.abandonedResponses += 1 }
                return
            case .readable, .failed:
                state.withLock { $0.abandonedResponses += 1 }
                return
            case .woken:
                return
            }
        }
        Socket.finish(connection, wake: wakeRead)
    }

    /// Runs the async handler from this plain thread; blocking here is fine because it is not a thread of
    /// the cooperative pool the handler runs on.
    private static func run(
        _ handler: @escaping @Sendable (TestHTTPServer.Request) async -> TestHTTPServer.Response,
        with request: TestHTTPServer.Request
    ) -> TestHTTPServer.Response {
        let box = ResponseBox()
        let done = DispatchSemaphore(value: 0)
        Task {
            box.set(await handler(request))
            done.signal()
        }
        done.wait()
        return box.get()
    }

    private static func serialize(_ response: TestHTTPServer.Response, omitBody: Bool) -> Data {
        var head = "HTTP/1.1 \(response.status) \(reasonPhrase(response.status))\r\n"
        var hasLength = false
        for (name, value) in response.headers.sorted(by: { $0.key < $1.key }) {
            let lowered = name.lowercased()
            if lowered == "connection" { continue }
            if lowered == "content-length" { hasLength = true }
            head += "\(name): \(value)\r\n"
        }
        if !hasLength { head += "Content-Length: \(response.body.count)\r\n" }
        head += "Connection: close\r\n\r\n"
        var data = Data(head.utf8)
        if !omitBody { data.append(response.body) }
        return data
    }

    private static func reasonPhrase(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 201: "Created"
        case 202: "Accepted"
        case 204: "No Content"
        case 301: "Moved Permanently"
        case 302: "Found"
        case 303: "See Other"
        case 307: "Temporary Redirect"
        case 308: "Permanent Redirect"
        case 304: "Not Modified"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 409: "Conflict"
        case 411: "Length Required"
        case 413: "Content Too Large"
        case 422: "Unprocessable Content"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        default: "Status"
        }
    }
}

/// Mutable server state behind a lock; `NSLock` rather than `Mutex` to keep macOS 13 support.
private final class LockedState: @unchecked Sendable {
    struct State {
        var requests: [TestHTTPServer.Request] = []
        var abandonedResponses = 0
        var streamedBytesSent = 0
        var isShutDown = false
    }

    private let lock = NSLock()
    private var state = State()

    func withLock<T>(_ body: (inout State) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(&state)
    }
}

/// Hands the handler's response from its task back to the connection thread.
private final class ResponseBox: @unchecked Sendable {
    private let lock = NSLock()
    private var response = TestHTTPServer.Response(status: 500)

    func set(_ response: TestHTTPServer.Response) {
        lock.lock()
        defer { lock.unlock() }
        self.response = response
    }

    func get() -> TestHTTPServer.Response {
        lock.lock()
        defer { lock.unlock() }
        return response
    }
}
