@_spi(Generated) import ClientRuntime
import Foundation
import XCTest

/// The request path's cheaper shapes keep their behaviour (issue 14): the catalogue's retry rule judges a
/// 2xx only where the client's errors can be in one, a network-only call leaves the cache alone, and the
/// call timeout still ends calls at once, however the call's task is cancelled.
final class CallPathTests: XCTestCase {
    private let messageBody = json(#"{"value":"ok"}"#)

    /// A GET whose rule logs every response it judges and calls any body containing `BUSY` retryable.
    private func operation(judged log: EventLog) -> OperationInfo {
        OperationInfo(
            name: "getThing", method: .get, pathTemplate: "/thing", successStatus: 200, isIdempotent: true,
            retryRule: ResponseRetryRule { response, _ in
                log.append("judged \(response.status)")
                return String(decoding: response.body, as: UTF8.self).contains("BUSY") ? true : nil
            })
    }

    private func core(_ transport: RecordingTransport, middlewares: [any ClientMiddleware], callTimeout: TimeInterval? = 60) -> ClientCore {
        ClientCore(
            configuration: ClientConfiguration(
                baseURL: URL(string: "https://api.example.com")!, transport: transport, middlewares: middlewares, callTimeout: callTimeout))
    }

    private func retry() -> RetryMiddleware {
        let clock = TestClock()
        return RetryMiddleware(policy: RetryPolicy(jitter: 0), sleep: { try await clock.sleep($0) }, now: { clock.now })
    }

    // MARK: The catalogue's retry rule and 2xx responses

    func testSuccessesOfAClientWithoutEnvelopeAreNeitherJudgedNorRetried() async throws {
        let log = EventLog()
        let answers = Answers([
            HTTPResponse(status: 503, body: json(#"{"code":"BUSY"}"#)),
            // A success whose body happens to look like a retryable error: without an envelope it is a success.
            HTTPResponse(status: 200, body: json(#"{"value":"BUSY"}"#)),
        ])
        let transport = RecordingTransport { _ in answers.next() }
        let client = core(transport, middlewares: [retry()])
        let request = RequestBuilder(operation: operation(judged: log), baseURL: client.configuration.baseURL)

        let message = try await client.perform(request, output: Message.self, failure: TestFailure.self)

        XCTAssertEqual(message, Message(value: "BUSY"))
        XCTAssertEqual(transport.requests.count, 2, "the 503 is retried once, the 200 is not")
        XCTAssertEqual(log.events, ["judged 503"], "the 2xx body is never matched against the catalogue")
    }

    func testAnEnvelopeFailureInA2xxIsStillJudgedAndRetried() async throws {
        let log = EventLog()
        let answers = Answers([
            HTTPResponse(status: 200, body: json(#"{"code":"BUSY"}"#)),
            HTTPResponse(status: 200, body: messageBody),
        ])
        let transport = RecordingTransport { _ in answers.next() }
        let client = core(transport, middlewares: [retry()])
        let request = RequestBuilder(operation: operation(judged: log), baseURL: client.configuration.baseURL)

        let message = try await client.perform(request, output: Message.self, failure: EnvelopeFailure.self)

        XCTAssertEqual(message, Message(value: "ok"))
        XCTAssertEqual(transport.requests.count, 2, "the envelope failure is retryable by the catalogue")
        XCTAssertEqual(log.events, ["judged 200"], "only the 2xx that carries a failure is judged")
    }

    func testTheMiddlewareAloneStillJudgesEverySuccess() async throws {
        // Outside ClientCore nothing says how the client reads a 2xx, so the rule decides as it always did.
        let log = EventLog()
        let answers = Answers([HTTPResponse(status: 200, body: json(#"{"code":"BUSY"}"#)), HTTPResponse(status: 200, body: messageBody)])
        let operation = operation(judged: log)
        let request = HTTPRequest(method: .get, url: URL(string: "https://api.example.com/thing")!)

        let response = try await retry().intercept(request, operation: operation) { _ in answers.next() }

        XCTAssertEqual(response.body, messageBody)
        XCTAssertEqual(log.events, ["judged 200", "judged 200"])
    }

    // MARK: Caching

    func testANetworkOnlyCallNeitherReadsNorStoresAndAStoringOneStores() async throws {
        let cache = ResponseCache()
        let body = messageBody
        let transport = RecordingTransport { _ in HTTPResponse(status: 200, body: body) }
        let client = core(transport, middlewares: [CachingMiddleware(cache: cache)])
        let networkOnly = OperationInfo(name: "plain", method: .get, pathTemplate: "/plain", successStatus: 200)
        let storing = OperationInfo(
            name: "storing", method: .get, pathTemplate: "/storing", successStatus: 200, cache: .networkStoring(maxAge: nil))

        for operation in [networkOnly, networkOnly] {
            _ = try await client.perform(
                RequestBuilder(operation: operation, baseURL: client.configuration.baseURL), output: Message.self, failure: TestFailure.self)
        }
        let countAfterNetworkOnly = await cache.count
        XCTAssertEqual(countAfterNetworkOnly, 0)
        XCTAssertEqual(transport.requests.count, 2)

        _ = try await client.perform(RequestBuilder(operation: storing, baseURL: client.configuration.baseURL), output: Message.self, failure: TestFailure.self)
        let countAfterStoring = await cache.count
        XCTAssertEqual(countAfterStoring, 1)
        // A cache-only call of the network-only operation still finds nothing (and sends nothing).
        let error = await assertThrowsAsync {
            try await client.perform(
                RequestBuilder(operation: networkOnly, baseURL: client.configuration.baseURL), output: Message.self, failure: TestFailure.self,
                options: RequestOptions(cacheMode: .cacheOnly))
        }
        guard case .transport(let underlying)? = error as? TestFailure else { return XCTFail(String(describing: error)) }
        XCTAssertEqual((underlying as? ResponseCacheMiss)?.operation, "plain")
        XCTAssertEqual(transport.requests.count, 3)
    }

    // MARK: Call timeout

    func testCallsThatEndInTimeReturnTheirResultsConcurrently() async throws {
        let transport = RecordingTransport { request in
            HTTPResponse(status: 200, body: json(#"{"value":"\#(request.url.lastPathComponent)"}"#))
        }
        let client = core(transport, middlewares: [], callTimeout: 30)
        let values = try await withThrowingTaskGroup(of: String.self) { group in
            for index in 0..<50 {
                group.addTask {
                    let operation = OperationInfo(name: "get", method: .get, pathTemplate: "/items/\(index)", successStatus: 200)
                    let request = RequestBuilder(operation: operation, baseURL: client.configuration.baseURL)
                    return try await client.perform(request, output: Message.self, failure: TestFailure.self).value
                }
            }
            return try await group.reduce(into: Set<String>()) { $0.insert($1) }
        }
        XCTAssertEqual(values, Set((0..<50).map(String.init)))
    }

    func testTheTimeoutEndsACallThatIgnoresCancellationAtOnceAndCancelsIt() async throws {
        let sawCancellation = EventLog()
        let client = ClientCore(
            configuration: ClientConfiguration(
                baseURL: URL(string: "https://api.example.com")!,
                transport: StubbornTransport(seconds: 3, log: sawCancellation), callTimeout: 0.3))
        let request = RequestBuilder(operation: .test("/slow"), baseURL: client.configuration.baseURL)
        let started = Date()

        let error = await assertThrowsAsync { try await client.perform(request, output: Message.self, failure: TestFailure.self) }

        guard case .transport(TransportError.callTimedOut(seconds: 0.3))? = error as? TestFailure else { return XCTFail(String(describing: error)) }
        XCTAssertLessThan(Date().timeIntervalSince(started), 2.5, "the caller does not wait for the transport")
        let deadline = Date().addingTimeInterval(5)
        while sawCancellation.events.isEmpty, Date() < deadline { try await Task.sleep(nanoseconds: 50_000_000) }
        XCTAssertEqual(sawCancellation.events, ["cancelled"], "the call's task was cancelled")
    }

    func testCancellingTheCallerCancelsTheCall() async throws {
        let sawCancellation = EventLog()
        let client = ClientCore(
            configuration: ClientConfiguration(
                baseURL: URL(string: "https://api.example.com")!,
                transport: SlowTransport(seconds: 3, log: sawCancellation), callTimeout: 60))
        let request = RequestBuilder(operation: .test("/slow"), baseURL: client.configuration.baseURL)
        let started = Date()
        let call = Task { try await client.perform(request, output: Message.self, failure: TestFailure.self) }
        try await Task.sleep(nanoseconds: 200_000_000)
        call.cancel()

        let error = await assertThrowsAsync { try await call.value }

        XCTAssertLessThan(Date().timeIntervalSince(started), 2.5)
        guard case .transport? = error as? TestFailure else { return XCTFail(String(describing: error)) }
        let deadline = Date().addingTimeInterval(5)
        while sawCancellation.events.isEmpty, Date() < deadline { try await Task.sleep(nanoseconds: 50_000_000) }
        XCTAssertEqual(sawCancellation.events, ["cancelled"])
    }

    func testACallerCancelledBeforeTheCallStartsGetsACancelledCall() async throws {
        let transport = RecordingTransport { _ in
            try Task.checkCancellation()
            return HTTPResponse(status: 200, body: json(#"{"value":"ok"}"#))
        }
        let client = core(transport, middlewares: [], callTimeout: 60)
        let request = RequestBuilder(operation: .test("/x"), baseURL: client.configuration.baseURL)
        let call = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await client.perform(request, output: Message.self, failure: TestFailure.self)
        }

        let error = await assertThrowsAsync { try await call.value }

        guard case .transport(let underlying)? = error as? TestFailure else { return XCTFail(String(describing: error)) }
        XCTAssertTrue(underlying is CancellationError, String(describing: underlying))
    }
}

/// The `APIFailure` of a catalogue with `envelope`: a 2xx whose body carries `code` is a failure.
private enum EnvelopeFailure: APIFailure {
    case response(HTTPResponse)
    case transport(any Error)
    case invalidRequest(any Error)
    case invalidResponse(HTTPResponse, any Error)

    init(response: HTTPResponse) {
        self = .response(response)
    }

    static func envelopeFailure(in response: HTTPResponse, operation: OperationInfo) -> EnvelopeFailure? {
        guard response.isSuccess, String(decoding: response.body, as: UTF8.self).contains(#""code""#) else { return nil }
        return .response(response)
    }
}

/// Hands out responses in order, the last one repeating.
private final class Answers: @unchecked Sendable {
    private let lock = NSLock()
    private var remaining: [HTTPResponse]

    init(_ responses: [HTTPResponse]) {
        remaining = responses
    }

    func next() -> HTTPResponse {
        lock.lock()
        defer { lock.unlock() }
        return remaining.count > 1 ? remaining.removeFirst() : remaining[0]
    }
}

/// A transport that takes `seconds` to answer and ignores cancellation meanwhile, noting whether it was
/// cancelled once it is done.
private struct StubbornTransport: HTTPTransport {
    let seconds: TimeInterval
    let log: EventLog

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        // A wait that cancellation does not end.
        await withCheckedContinuation { continuation in
            DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { continuation.resume() }
        }
        if Task.isCancelled { log.append("cancelled") }
        return HTTPResponse(status: 200, body: json(#"{"value":"late"}"#))
    }
}

/// A transport that takes `seconds` to answer unless cancelled, which it notes.
private struct SlowTransport: HTTPTransport {
    let seconds: TimeInterval
    let log: EventLog

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        do {
            try await Task.sleep(nanoseconds: UInt64(seconds * 1_000_000_000))
        } catch {
            log.append("cancelled")
            throw error
        }
        return HTTPResponse(status: 200, body: json(#"{"value":"late"}"#))
    }
}
