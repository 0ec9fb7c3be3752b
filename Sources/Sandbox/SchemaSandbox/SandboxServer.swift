import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOCore
import NIOWebSocket
import SchemaModel
import ServiceLifecycle

/// Serves an API from its schema on loopback, for tests and local development: a route per operation,
/// the schema's example responses, request validation, and fault injection.
///
/// ```swift
/// let sandbox = SandboxServer(schema: try SchemaLoader.loadOrThrow(path: "Schemas/whitelabelpay.yaml"))
/// try await sandbox.start()                       // an ephemeral port on 127.0.0.1
/// sandbox.inject(.failures(count: 2, status: 503), for: "getPaymentMeans")
/// let client = WhitelabelPayClient(environment: .init(baseURL: sandbox.baseURL), credentials: credentials)
/// _ = try await client.getPaymentMeans(tenantId: tenantId)   // 503, 503, then the example
/// XCTAssertEqual(sandbox.requestCount("getPaymentMeans"), 3)
/// await sandbox.stop()
/// ```
@available(macOS 14, iOS 17, tvOS 17, *)
public final class SandboxServer: Sendable {
    public let schema: Schema
    public let options: SandboxOptions
    let engine: SandboxEngine
    private let lifecycle = Locked(Lifecycle())

    private struct Lifecycle {
        var host = "127.0.0.1"
        var port = 0
        var group: ServiceGroup?
        var task: Task<Void, Never>?
    }

    public init(schema: Schema, options: SandboxOptions = .init()) {
        self.schema = schema
        self.options = options
        engine = SandboxEngine(schema: schema, options: options)
    }

    // MARK: Running

    /// Starts listening and returns once the port is bound. `port` 0 picks a free (ephemeral) port.
    /// Only loopback addresses are accepted unless `SandboxOptions.allowNonLoopbackHost` is set.
    public func start(host: String = "127.0.0.1", port: Int = 0) async throws {
        guard options.allowNonLoopbackHost || Self.isLoopback(host) else { throw SandboxError.nonLoopbackHost(host) }
        let alreadyRunning = lifecycle.withLock { $0.group != nil }
        guard !alreadyRunning else { throw SandboxError.alreadyStarted }
        engine.stopSignal.rearm()

        var logger = Logger(label: "sandbox")
        logger.logLevel = .critical
        let bound = PortPromise()
        let engine = engine
        // A schema with channels is served with the WebSocket upgrade (Channels.swift); the others as before.
        let server: HTTPServerBuilder =
            schema.channels.isEmpty
            ? .http1()
            : .http1WebSocketUpgrade { request, channel, _ in ChannelUpgrade.decide(request, connection: channel, engine: engine) }
        let app = Application(
            responder: SandboxResponder(engine: engine, maximumBodySize: options.maximumBodySize),
            server: server,
            configuration: ApplicationConfiguration(address: .hostname(host, port: port), serverName: "schema-sandbox"),
            onServerRunning: { channel in bound.fulfill(.success(channel.localAddress?.port ?? port)) },
            logger: logger
        )
        let group = ServiceGroup(configuration: .init(services: [app], gracefulShutdownSignals: [], logger: logger))
        let task = Task {
            do {
                try await group.run()
                bound.fulfill(.failure(SandboxError.notListening("the server stopped before it was listening")))
            } catch {
                bound.fulfill(.failure(SandboxError.notListening("\(error)")))
            }
        }
        lifecycle.withLock {
            $0.group = group
            $0.task = task
            $0.host = host
        }
        do {
            let boundPort = try await bound.value
            lifecycle.withLock { $0.port = boundPort }
        } catch {
            lifecycle.withLock { $0 = Lifecycle() }
            throw error
        }
    }

    /// Stops listening and waits until the server is down: requests waiting out an injected latency
    /// are answered at once, idle connections are closed, and whatever is still open after
    /// `gracePeriod` (a client that never finishes sending its request) is cut off.
    public func stop(gracePeriod: Duration = .seconds(1)) async {
        let (group, task) = lifecycle.withLock { state in
            let running = (state.group, state.task)
            state = Lifecycle()
            return running
        }
        guard let group, let task else { return }
        engine.stopSignal.trigger()
        await group.triggerGracefulShutdown()
        // Graceful shutdown waits for open requests; cancelling the service group closes them.
        let deadline = Task {
            try await Task.sleep(for: gracePeriod)
            task.cancel()
        }
        await task.value
        deadline.cancel()
    }

    /// The bound port; 0 before `start`.
    public var port: Int { lifecycle.withLock { $0.port } }

    /// `http://127.0.0.1:PORT` plus the base path of the schema's first environment (`/wlp/v1`), the
    /// URL a generated client takes as its base URL.
    public var baseURL: URL {
        let (host, port) = lifecycle.withLock { ($0.host, $0.port) }
        let authority = host.contains(":") ? "[\(host)]" : host
        return URL(string: "http://\(authority):\(port)\(engine.basePath)")!
    }

    /// The base path under which operations are served (`/wlp/v1`; "" for none).
    public var basePath: String { engine.basePath }

    static func isLoopback(_ host: String) -> Bool {
        let lower = host.lowercased()
        if lower == "localhost" || lower == "::1" || lower == "[::1]" { return true }
        let parts = lower.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { UInt8($0) != nil }
    }

    // MARK: Faults

    /// Injects a fault for one operation (by name) or, with nil, for every operation. Counted faults
    /// are used up request by request, in the order they were injected.
    public func inject(_ fault: Fault, for operation: String? = nil) {
        engine.state.withLock { $0.faults.add(fault, for: operation) }
    }

    /// Removes every injected fault.
    public func clearFaults() {
        engine.state.withLock { $0.faults.removeAll() }
    }

    // MARK: What was received

    /// Requests routed to `operation` so far, including those answered with a fault or a 400.
    public func requestCount(_ operation: String) -> Int {
        engine.state.withLock { $0.counts[operation] ?? 0 }
    }

    /// Valid events of streamed request bodies (`requestStream:`) read so far for `operation`, counted as
    /// each arrives, before the body ends: what shows that a client sends its events as they are produced.
    public func requestEventCount(_ operation: String) -> Int {
        engine.state.withLock { $0.requestEvents[operation] ?? 0 }
    }

    /// Request counts by operation name (operations never called are absent).
    public func requestCounts() -> [String: Int] {
        engine.state.withLock { $0.counts }
    }

    /// The most recent requests to `operation`, oldest first: at most `SandboxOptions.recordedRequestLimit`
    /// of them, and of all operations' together at most `recordedBytesLimit` bytes (the oldest dropped
    /// first), with bodies over `recordedBodyLimit` cut (`RecordedRequest.isBodyTruncated`).
    public func receivedRequests(_ operation: String) -> [RecordedRequest] {
        engine.state.withLock { $0.records.requests(operation) }
    }

    /// The bytes the recorded requests take, as `SandboxOptions.recordedBytesLimit` counts them (the sum of
    /// their `RecordedRequest.byteCount`); never more than that limit.
    public var recordedBytes: Int {
        engine.state.withLock { $0.records.byteCount }
    }

    /// Forgets counts, recorded requests, injected faults and refresh state.
    public func reset() {
        engine.reset()
    }
}

/// A one-shot value the server's start-up hands to `start()`.
private final class PortPromise: Sendable {
    private let state = Locked<(result: Result<Int, any Error>?, waiter: CheckedContinuation<Int, any Error>?)>((nil, nil))

    func fulfill(_ result: Result<Int, any Error>) {
        let waiter = state.withLock { state -> CheckedContinuation<Int, any Error>? in
            guard state.result == nil else { return nil }
            state.result = result
            let waiter = state.waiter
            state.waiter = nil
            return waiter
        }
        waiter?.resume(with: result)
    }

    var value: Int {
        get async throws {
            try await withCheckedThrowingContinuation { continuation in
                let result = state.withLock { state -> Result<Int, any Error>? in
                    if let result = state.result { return result }
                    state.waiter = continuation
                    return nil
                }
                if let result { continuation.resume(with: result) }
            }
        }
    }
}

/// The request context: Hummingbird's core storage plus the connection, which a fault may close.
@available(macOS 14, iOS 17, tvOS 17, *)
struct SandboxRequestContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    let channel: any Channel

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        channel = source.channel
    }
}

/// Adapts Hummingbird requests to the engine and its outcomes back to responses.
@available(macOS 14, iOS 17, tvOS 17, *)
struct SandboxResponder: HTTPResponder {
    let engine: SandboxEngine
    let maximumBodySize: Int

    func respond(to request: Request, context: SandboxRequestContext) async throws -> Response {
        if let operation = engine.requestStreamOperation(method: request.method.rawValue, path: request.uri.path, query: request.uri.query) {
            return await respondReadingEvents(request, operation: operation, channel: context.channel)
        }
        var request = request
        let body: ByteBuffer
        do {
            body = try await request.collectBody(upTo: maximumBodySize)
        } catch {
            return makeResponse(engine.error(413, message: "the request body is larger than \(maximumBodySize) bytes"))
        }
        var headers: [(name: String, value: String)] = []
        headers.reserveCapacity(request.headers.count)
        for field in request.headers { headers.append((field.name.canonicalName, field.value)) }
        let incoming = IncomingRequest(
            method: request.method.rawValue, path: request.uri.path, query: request.uri.query,
            headers: headers, body: Data(body.readableBytesView)
        )
        let outcome = await engine.handle(incoming)
        // An HTTP/1.0 client asking for keep-alive (ApacheBench -k) keeps the connection only when the
        // response says so; Hummingbird keeps it open but, answering in HTTP/1.1, does not say it.
        let echoKeepAlive = request.headers[values: .connection].contains { $0.lowercased().contains("keep-alive") }
        if case .closeConnection = outcome {
            // No response: the client sees the connection drop. The write of the placeholder below fails
            // on the closed channel, which Hummingbird ignores.
            try? await context.channel.close()
            return Response(status: .internalServerError)
        }
        if case .stream(let stream) = outcome { return streamResponse(stream, channel: context.channel) }
        var response = makeResponse(outcome)
        if echoKeepAlive { response.headers[.connection] = "keep-alive" }
        return response
    }

    /// An operation whose request body is a stream of events: the engine answers its head (credentials,
    /// parameters, faults), then the body is read as it arrives, each event checked. A bidirectional
    /// operation answers each event with one of its own as soon as it is read (and ends its answer at the
    /// first invalid event); otherwise the answer waits for the whole body, and an invalid event is a 400.
    private func respondReadingEvents(_ request: Request, operation: SchemaOperation, channel: any Channel) async -> Response {
        guard let requestStream = operation.requestStream else { return makeResponse(engine.error(500, message: "no request stream")) }
        var headers: [(name: String, value: String)] = []
        for field in request.headers { headers.append((field.name.canonicalName, field.value)) }
        let incoming = IncomingRequest(method: request.method.rawValue, path: request.uri.path, query: request.uri.query, headers: headers, body: Data())
        let outcome = await engine.handle(incoming)
        let maximumBodySize = self.maximumBodySize
        let engine = self.engine
        guard let status = outcome.status, (200...299).contains(status) else {
            if case .closeConnection = outcome {
                try? await channel.close()
                return Response(status: .internalServerError)
            }
            return makeResponse(outcome)
        }
        if case .stream(let answer) = outcome {
            var headerFields = HTTPFields()
            for (name, value) in answer.headers {
                if let fieldName = HTTPField.Name(name) { headerFields.append(HTTPField(name: fieldName, value: value)) }
            }
            return Response(
                status: HTTPResponse.Status(code: answer.status, reasonPhrase: HTTPStatusText.reason(answer.status)),
                headers: headerFields,
                body: ResponseBody { writer in
                    var framing = RequestEventFraming(requestStream.format, maximumEventSize: maximumBodySize)
                    var index = 0
                    func answerEach(_ texts: [[UInt8]]) async throws -> Bool {
                        for text in texts {
                            guard engine.requestEventProblems(text, index: index, stream: requestStream).isEmpty else { return false }
                            engine.state.withLock { $0.requestEvents[operation.name, default: 0] += 1 }
                            if let event = engine.answerEvent(to: text, index: index, answer: answer, operation: operation) {
                                try await writer.write(ByteBuffer(bytes: event))
                            }
                            index += 1
                        }
                        return true
                    }
                    do {
                        for try await buffer in request.body {
                            guard try await answerEach(try framing.append(buffer.readableBytesView)) else { break }
                        }
                        _ = try await answerEach(framing.finish())
                    } catch {
                        // A body that cannot be cut into events ends the answer.
                    }
                    try await writer.finish(nil)
                }
            )
        }
        var framing = RequestEventFraming(requestStream.format, maximumEventSize: maximumBodySize)
        var index = 0
        var received = 0
        do {
            var texts: [[UInt8]] = []
            for try await buffer in request.body {
                received += buffer.readableBytes
                guard received <= maximumBodySize else {
                    return makeResponse(engine.error(413, message: "the request body is larger than \(maximumBodySize) bytes", operation: operation))
                }
                texts = try framing.append(buffer.readableBytesView)
                for text in texts {
                    let problems = engine.requestEventProblems(text, index: index, stream: requestStream)
                    guard problems.isEmpty else {
                        return makeResponse(engine.error(400, message: "invalid request: " + problems.joined(separator: "; "), operation: operation))
                    }
                    engine.state.withLock { $0.requestEvents[operation.name, default: 0] += 1 }
                    index += 1
                }
            }
            for text in framing.finish() {
                let problems = engine.requestEventProblems(text, index: index, stream: requestStream)
                guard problems.isEmpty else {
                    return makeResponse(engine.error(400, message: "invalid request: " + problems.joined(separator: "; "), operation: operation))
                }
                engine.state.withLock { $0.requestEvents[operation.name, default: 0] += 1 }
                index += 1
            }
        } catch {
            return makeResponse(
                engine.error(
                    400, message: "invalid request: the \(requestStream.format.mediaType) body cannot be cut into events after event \(index): \(error)",
                    operation: operation))
        }
        return makeResponse(outcome)
    }

    /// Sends each event as it is due: after the interval, and until the drop, when the connection is
    /// closed without ending the body (what a client sees of a server or network failing mid-stream).
    private func streamResponse(_ stream: StreamAnswer, channel: any Channel) -> Response {
        var headers = HTTPFields()
        for (name, value) in stream.headers {
            if let fieldName = HTTPField.Name(name) { headers.append(HTTPField(name: fieldName, value: value)) }
        }
        let stopSignal = engine.stopSignal
        return Response(
            status: HTTPResponse.Status(code: stream.status, reasonPhrase: HTTPStatusText.reason(stream.status)),
            headers: headers,
            body: ResponseBody { writer in
                for (index, event) in stream.events.enumerated() {
                    if let drop = stream.dropAfter, index >= drop {
                        try? await channel.close()
                        return
                    }
                    if index > 0, stream.intervalMilliseconds > 0 { await stopSignal.sleep(milliseconds: stream.intervalMilliseconds) }
                    try await writer.write(ByteBuffer(bytes: event))
                }
                try await writer.finish(nil)
            }
        )
    }

    private func makeResponse(_ outcome: Outcome) -> Response {
        guard case .respond(let status, let headerList, let body) = outcome else { return Response(status: .internalServerError) }
        var headers = HTTPFields()
        for (name, value) in headerList {
            if let fieldName = HTTPField.Name(name) { headers.append(HTTPField(name: fieldName, value: value)) }
        }
        return Response(
            status: HTTPResponse.Status(code: status, reasonPhrase: HTTPStatusText.reason(status)),
            headers: headers,
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: body))
        )
    }
}

/// The WebSocket side of the sandbox's channels: the upgrade decision, and the conversation of an accepted
/// connection (`ChannelConversation`), with its fault.
@available(macOS 14, iOS 17, tvOS 17, *)
enum ChannelUpgrade {
    static func decide(
        _ request: HTTPRequest, connection: any Channel, engine: SandboxEngine
    ) -> ShouldUpgradeResult<WebSocketDataHandler<HTTP1WebSocketUpgradeChannel.Context>> {
        // Only a WebSocket upgrade opens a channel: a plain GET of its path is answered by the responder (426).
        guard request.headerFields.contains(where: { $0.name.canonicalName == "upgrade" && $0.value.lowercased().contains("websocket") }) else {
            return .dontUpgrade
        }
        let target = request.path ?? "/"
        let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let incoming = IncomingRequest(
            method: request.method.rawValue, path: String(parts[0]), query: parts.count > 1 ? String(parts[1]) : nil,
            headers: request.headerFields.map { ($0.name.canonicalName, $0.value) }, body: Data())
        switch engine.channelHandshake(incoming) {
        case .notAChannel:
            return .dontUpgrade
        case .refuse(.closeConnection):
            connection.close(promise: nil)
            return .dontUpgrade
        case .refuse:
            // hummingbird-websocket answers every refused upgrade 400 with `Connection: close`; the sandbox's
            // record of the request keeps why (the fault's status, 401 for missing credentials).
            return .dontUpgrade
        case .accept(let definition, let fault):
            return .upgrade([:]) { inbound, outbound, _ in
                try await converse(on: definition, fault: fault, inbound: inbound, outbound: outbound, connection: connection, engine: engine)
            }
        }
    }

    private static func converse(
        on definition: ChannelDefinition, fault: ChannelFault?, inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter,
        connection: any Channel, engine: SandboxEngine
    ) async throws {
        var conversation = engine.conversation(on: definition)
        var sent = 0
        /// Acts on the connection's fault once the server has sent its messages; true when the connection ended.
        func faultEnded() async throws -> Bool {
            guard let fault, sent >= fault.afterMessages else { return false }
            if let code = fault.closeCode {
                try await outbound.close(WebSocketErrorCode(codeNumber: code), reason: "sandbox fault")
            } else {
                try await connection.close()
            }
            return true
        }
        if try await faultEnded() { return }
        for try await message in inbound.messages(maxSize: engine.options.maximumBodySize) {
            guard case .text(let text) = message else {
                try await outbound.close(.unacceptableData, reason: "messages are JSON text")
                return
            }
            switch conversation.answer(text) {
            case .failure(let violation):
                try await outbound.close(.policyViolation, reason: violation.closeReason)
                return
            case .success(let replies):
                for reply in replies {
                    try await outbound.writeTextMessage(reply)
                    sent += 1
                    if try await faultEnded() { return }
                }
            }
        }
    }
}
