@_spi(Generated) import ClientRuntime
import Foundation
import TestHTTPServer
import XCTest

final class RetryMiddlewareTests: XCTestCase {
    private let getOperation = OperationInfo(
        name: "getThing", method: .get, pathTemplate: "/thing", successStatus: 200,
        isIdempotent: true)
    private let postOperation = OperationInfo(name: "createThing", method: .post, pathTemplate: "/thing", successStatus: 200)
    private let keyedPost = OperationInfo(
        name: "payThing", method: .post, pathTemplate: "/thing", successStatus: 200,
        idempotencyKeyHeader: "Idempotency-Key")

    private func retry(_ clock: TestClock, policy: RetryPolicy = .standard, logger: ClientLogger? = nil) -> RetryMiddleware {
        RetryMiddleware(policy: policy, sleep: { try await clock.sleep($0) }, logger: logger, now: { clock.now })
    }

    func testGetFailingTwiceWith503SucceedsOnTheThirdAttempt() async throws {
        let server = try TestHTTPServer(handler: statusSequence([503, 503, 200]))
        defer { server.shutdown() }
        let clock = TestClock()
        let client = makeCore(server.baseURL, middlewares: [retry(clock)])

        let message = try await client.message(getOperation)

        XCTAssertEqual(message, Message(value: "ok 3"))
        XCTAssertEqual(server.receivedRequests.count, 3)
        XCTAssertEqual(clock.sleeps.count, 2)
        // Backoff grows: 0.2 then 0.4 s, each shortened by at most 20 % jitter.
        XCTAssertTrue((0.16...0.2).contains(clock.sleeps[0]), "\(clock.sleeps)")
        XCTAssertTrue((0.32...0.4).contains(clock.sleeps[1]), "\(clock.sleeps)")
    }

    func testPostWithoutIdempotencyIsNotRetriedAfter500() async throws {
        let server = try TestHTTPServer(handler: statusSequence([500, 200]))
        defer { server.shutdown() }
        let client = makeCore(server.baseURL, middlewares: [retry(TestClock())])

        let error = await assertThrowsAsync { try await client.message(self.postOperation) }

        XCTAssertEqual(failureStatus(error), 500)
        XCTAssertEqual(server.receivedRequests.count, 1)
    }

    func testIdempotencyKeyMakesPostRetryableWithTheSameKeyOnEveryAttempt() async throws {
        let server = try TestHTTPServer(handler: statusSequence([500, 502, 200]))
        defer { server.shutdown() }
        let client = makeCore(server.baseURL, middlewares: [retry(TestClock())])

        let message = try await client.message(keyedPost, headers: ["Idempotency-Key": "key-123"])

        XCTAssertEqual(message.value, "ok 3")
        XCTAssertEqual(server.receivedRequests.map { $0.headers["idempotency-key"] }, ["key-123", "key-123", "key-123"])
    }

    func testOperationRetryableStatusesAreAddedToThePolicy() async throws {
        let server = try TestHTTPServer(handler: statusSequence([409, 200]))
        defer { server.shutdown() }
        let operation = OperationInfo(
            name: "put", method: .put, pathTemplate: "/thing", successStatus: 200,
            isIdempotent: true, retryableStatuses: [409])
        let client = makeCore(server.baseURL, middlewares: [retry(TestClock())])

        _ = try await client.message(operation)
        XCTAssertEqual(server.receivedRequests.count, 2)

        let other = try TestHTTPServer(handler: statusSequence([409, 200]))
        defer { other.shutdown() }
        let error = await assertThrowsAsync { try await makeCore(other.baseURL, middlewares: [self.retry(TestClock())]).message(self.getOperation) }
        XCTAssertEqual(failureStatus(error), 409)
        XCTAssertEqual(other.receivedRequests.count, 1)
    }

    func testMaxAttemptsReturnsTheLastResponse() async throws {
        let server = try TestHTTPServer(handler: statusSequence([503]))
        defer { server.shutdown() }
        let clock = TestClock()
        let client = makeCore(server.baseURL, middlewares: [retry(clock, policy: RetryPolicy(maxAttempts: 4, jitter: 0))])

        let error = await assertThrowsAsync { try await client.message(self.getOperation) }

        XCTAssertEqual(failureStatus(error), 503)
        XCTAssertEqual(server.receivedRequests.count, 4)
        XCTAssertEqual(clock.sleeps, [0.2, 0.4, 0.8])
    }

    func testDeadlineStopsBeforeAWaitThatWouldPassIt() async throws {
        let server = try TestHTTPServer(handler: statusSequence([503]))
        defer { server.shutdown() }
        let clock = TestClock()
        let policy = RetryPolicy(maxAttempts: 10, initialDelay: 1, multiplier: 2, jitter: 0, deadline: 5)
        let client = makeCore(server.baseURL, middlewares: [retry(clock, policy: policy)])

        let error = await assertThrowsAsync { try await client.message(self.getOperation) }

        // 1 + 2 = 3 s waited; the next 4 s wait would end at 7 s > 5 s.
        XCTAssertEqual(failureStatus(error), 503)
        XCTAssertEqual(clock.sleeps, [1, 2])
        XCTAssertEqual(server.receivedRequests.count, 3)
    }

    func testRetryAfterSecondsIsTheMinimumWait() async throws {
        let server = try TestHTTPServer(handler: statusSequence([429, 200], headers: ["Retry-After": "7"]))
        defer { server.shutdown() }
        let clock = TestClock()
        let client = makeCore(server.baseURL, middlewares: [retry(clock)])

        _ = try await client.message(getOperation)

        XCTAssertEqual(clock.sleeps, [7])
    }

    func testRetryAfterIsCappedAndAWaitPastTheDeadlineGivesUp() async throws {
        let server = try TestHTTPServer(handler: statusSequence([503, 200], headers: ["Retry-After": "120"]))
        defer { server.shutdown() }
        let clock = TestClock()
        let capped = RetryPolicy(deadline: nil, maxRetryAfter: 5)
        _ = try await makeCore(server.baseURL, middlewares: [retry(clock, policy: capped)]).message(getOperation)
        XCTAssertEqual(clock.sleeps, [5])

        let second = try TestHTTPServer(handler: statusSequence([503, 200], headers: ["Retry-After": "45"]))
        defer { second.shutdown() }
        let error = await assertThrowsAsync {
            try await makeCore(second.baseURL, middlewares: [self.retry(TestClock())]).message(self.getOperation)
        }
        XCTAssertEqual(failureStatus(error), 503, "45 s would pass the default 30 s deadline")
        XCTAssertEqual(second.receivedRequests.count, 1)
    }

    func testRetryAfterHTTPDateIsHonoured() async throws {
        let clock = TestClock(Date(timeIntervalSince1970: 784_111_767))  // Sun, 06 Nov 1994 08:49:27 GMT
        let server = try TestHTTPServer(handler: statusSequence([503, 200], headers: ["Retry-After": "Sun, 06 Nov 1994 08:49:37 GMT"]))
        defer { server.shutdown() }

        _ = try await makeCore(server.baseURL, middlewares: [retry(clock)]).message(getOperation)

        XCTAssertEqual(clock.sleeps, [10])
    }

    func testRetryAfterParsing() {
        let now = Date(timeIntervalSince1970: 784_111_777)  // Sun, 06 Nov 1994 08:49:37 GMT
        XCTAssertEqual(RetryAfter.delay(from: "120", now: now), 120)
        XCTAssertEqual(RetryAfter.delay(from: " 0 ", now: now), 0)
        XCTAssertEqual(RetryAfter.delay(from: "Sun, 06 Nov 1994 08:49:47 GMT", now: now), 10)
        XCTAssertEqual(RetryAfter.delay(from: "Sunday, 06-Nov-94 08:50:37 GMT", now: now), 60)
        XCTAssertEqual(RetryAfter.delay(from: "Sun Nov  6 08:49:40 1994", now: now), 3)
        XCTAssertEqual(RetryAfter.delay(from: "Sun, 06 Nov 1994 08:00:00 GMT", now: now), 0, "past dates mean now")
        XCTAssertNil(RetryAfter.delay(from: "-5", now: now))
        XCTAssertNil(RetryAfter.delay(from: "1.5", now: now))
        XCTAssertNil(RetryAfter.delay(from: "soon", now: now))
        XCTAssertNil(RetryAfter.delay(from: "Sun, 06 Foo 1994 08:49:47 GMT", now: now))
        XCTAssertNil(RetryAfter.delay(from: "Sun, 06 Nov 1994 25:49:47 GMT", now: now))
    }

    func testBackoffDelayAndJitterBounds() {
        let policy = RetryPolicy(initialDelay: 1, maxDelay: 5, multiplier: 3, jitter: 0.5)
        XCTAssertEqual(policy.backoffDelay(retry: 1, randomUnit: 1), 1)
        XCTAssertEqual(policy.backoffDelay(retry: 1, randomUnit: 0), 0.5)
        XCTAssertEqual(policy.backoffDelay(retry: 2, randomUnit: 1), 3)
        XCTAssertEqual(policy.backoffDelay(retry: 3, randomUnit: 1), 5, "capped by maxDelay")
        XCTAssertEqual(RetryPolicy(jitter: 1).backoffDelay(retry: 1, randomUnit: 0), 0, "full jitter")
        XCTAssertEqual(RetryPolicy.noRetries.maxAttempts, 1)
    }

    func testRealRetryAfterWaitsAtLeastThatLong() async throws {
        let server = try TestHTTPServer(handler: statusSequence([429, 200], headers: ["Retry-After": "1"]))
        defer { server.shutdown() }
        let client = makeCore(server.baseURL, middlewares: [RetryMiddleware()])

        let start = Date()
        _ = try await client.message(getOperation)

        XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(start), 1)
        XCTAssertEqual(server.receivedRequests.count, 2)
    }

    func testCancellationDuringBackoffStopsAtOnce() async throws {
        let server = try TestHTTPServer(handler: statusSequence([503]))
        defer { server.shutdown() }
        let policy = RetryPolicy(maxAttempts: 5, initialDelay: 20, jitter: 0, deadline: nil)
        let client = makeCore(server.baseURL, middlewares: [RetryMiddleware(policy: policy)])
        let operation = getOperation

        let start = Date()
        let task = Task { try await client.message(operation) }
        while server.receivedRequests.isEmpty { try await Task.sleep(nanoseconds: 10_000_000) }
        try await Task.sleep(nanoseconds: 100_000_000)
        task.cancel()
        let result = await task.result

        XCTAssertLessThan(Date().timeIntervalSince(start), 3)
        guard case .failure(TestFailure.transport(let error)) = result else { return XCTFail("Got \(result)") }
        XCTAssertTrue(error is CancellationError, "\(error)")
        XCTAssertEqual(server.receivedRequests.count, 1)
    }

    func testCancelledTaskDoesNotStartAnAttempt() async throws {
        let transport = RecordingTransport { _ in HTTPResponse(status: 200) }
        let middleware = RetryMiddleware(sleep: { _ in })
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await middleware.intercept(
                HTTPRequest(method: .get, url: URL(string: "https://x.test")!),
                operation: .test(), next: transport.send)
        }
        let result = await task.result
        guard case .failure(let error) = result else { return XCTFail("Expected cancellation") }
        XCTAssertTrue(error is CancellationError)
        XCTAssertTrue(transport.requests.isEmpty)
    }

    func testConnectionRefusedIsRetriedEvenForPost() async throws {
        // The first two attempts go to a port whose server was shut down (connection refused), the third
        // to a live server.
        let server = try TestHTTPServer(handler: statusSequence([200]))
        defer { server.shutdown() }
        let closed = try TestHTTPServer(handler: statusSequence([200]))
        let closedURL = closed.baseURL
        closed.shutdown()

        let attempts = Counter()
        let real = freshTransport()
        let transport = RedirectingTransport { request in
            var request = request
            if attempts.increment() <= 2 {
                request.url = URL(
                    string: request.url.absoluteString.replacingOccurrences(
                        of: server.baseURL.absoluteString, with: closedURL.absoluteString))!
            }
            return try await real.send(request)
        }
        let clock = TestClock()
        let client = ClientCore(
            configuration: ClientConfiguration(
                baseURL: server.baseURL, transport: transport, middlewares: [retry(clock)]
            ))

        let message = try await client.message(postOperation)

        XCTAssertEqual(message.value, "ok 1")
        XCTAssertEqual(attempts.value, 3)
        XCTAssertEqual(server.receivedRequests.count, 1)
    }

    func testTimeoutIsNotRetriedForPostButIsForGet() async throws {
        let calls = Counter()
        let transport = RedirectingTransport { _ in
            calls.increment()
            throw URLError(.timedOut)
        }
        let client = ClientCore(
            configuration: ClientConfiguration(
                baseURL: URL(string: "https://api.test")!, transport: transport, middlewares: [retry(TestClock())]
            ))
        let postError = await assertThrowsAsync { try await client.message(self.postOperation) }
        guard case .transport(let underlying) = postError as? TestFailure else { return XCTFail("\(String(describing: postError))") }
        XCTAssertEqual((underlying as? URLError)?.code, .timedOut)
        XCTAssertEqual(calls.value, 1)

        _ = await assertThrowsAsync { try await client.message(self.getOperation) }
        XCTAssertEqual(calls.value, 4)
    }

    func testNonTransportErrorsAreNeverRetried() async throws {
        let calls = Counter()
        let transport = RedirectingTransport { _ in
            calls.increment()
            throw TokenRefreshError.noToken
        }
        let client = ClientCore(
            configuration: ClientConfiguration(
                baseURL: URL(string: "https://api.test")!, transport: transport, middlewares: [retry(TestClock())]
            ))
        _ = await assertThrowsAsync { try await client.message(self.getOperation) }
        XCTAssertEqual(calls.value, 1)
    }

    func testPerCallOptionsOverrideTheClientPolicy() async throws {
        let server = try TestHTTPServer(handler: statusSequence([503, 503, 200]))
        defer { server.shutdown() }
        let client = makeCore(server.baseURL, middlewares: [retry(TestClock())])

        let error = await assertThrowsAsync { try await client.message(self.getOperation, options: RequestOptions(retry: RetryPolicy.noRetries)) }
        XCTAssertEqual(failureStatus(error), 503)
        XCTAssertEqual(server.receivedRequests.count, 1)

        // The task-local form works for calls without an options parameter.
        let message = try await RequestOptions.$current.withValue(RequestOptions(retry: RetryPolicy(maxAttempts: 5))) {
            try await client.message(self.getOperation)
        }
        XCTAssertEqual(message.value, "ok 3")
        XCTAssertEqual(server.receivedRequests.count, 3)
    }
}

/// A transport that answers through a closure (which may itself use a real transport).
struct RedirectingTransport: HTTPTransport {
    let handler: @Sendable (HTTPRequest) async throws -> HTTPResponse

    init(_ handler: @escaping @Sendable (HTTPRequest) async throws -> HTTPResponse) {
        self.handler = handler
    }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        try await handler(request)
    }
}
