import Foundation
import SchemaModel
import XCTest

@testable import SchemaSandbox

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@available(macOS 14, iOS 17, tvOS 17, *)
final class FaultTests: XCTestCase {
    // MARK: Per run

    func testLatencyPerRun() async throws {
        let sandbox = try await Running.start(TestSchemas.whitelabelPay)
        sandbox.server.inject(.latency(milliseconds: 300), for: "getPaymentMeans")
        let clock = ContinuousClock()
        let start = clock.now
        let response = try await sandbox.client.get("/payment-means", headers: wlpHeaders)
        let elapsed = clock.now - start
        XCTAssertEqual(response.status, 200)
        XCTAssertGreaterThanOrEqual(elapsed, .milliseconds(300))
        // Another operation is not delayed.
        let otherStart = clock.now
        _ = try await sandbox.client.get("/transactions", headers: wlpHeaders)
        XCTAssertLessThan(clock.now - otherStart, .milliseconds(300))
        await sandbox.stop()
    }

    func testFailuresThenSuccessWithExactCounts() async throws {
        let sandbox = try await Running.start(TestSchemas.whitelabelPay)
        sandbox.server.inject(.failures(count: 2, status: 503), for: "getPaymentMeans")
        var statuses: [Int] = []
        for _ in 0..<3 {
            let response = try await sandbox.client.get("/payment-means", headers: wlpHeaders)
            statuses.append(response.status)
            if response.status == 503 {
                // The catalogue's 503 case (serviceUnavailable) is matched by status alone: a generic code.
                XCTAssertEqual(value(response.json, at: "code") as? String, "SERVICE_UNAVAILABLE")
                XCTAssertEqual(value(response.json, at: "status") as? Int, 503)
            }
        }
        XCTAssertEqual(statuses, [503, 503, 200])
        XCTAssertEqual(sandbox.server.requestCount("getPaymentMeans"), 3)
        XCTAssertEqual(sandbox.server.receivedRequests("getPaymentMeans").map(\.status), [503, 503, 200])
        await sandbox.stop()
    }

    func testA500OnANonIdempotentPostIsCountedOnce() async throws {
        let sandbox = try await Running.start(TestSchemas.kitchenSink)
        sandbox.server.inject(.failures(count: 1, status: 500))
        let response = try await sandbox.client.post(
            "/items", json: #"{"sku":"A1","name":"Apple","discontinuedAt":null}"#,
            headers: ["Authorization": "Bearer t", "Idempotency-Key": "key-1"])
        XCTAssertEqual(response.status, 500)
        // The catalogue's case for 500 (internalError) gives the code.
        XCTAssertEqual(value(response.json, at: "error.code") as? String, "INTERNAL_ERROR")
        XCTAssertEqual(value(response.json, at: "error.message") as? String, "Internal Server Error (sandbox fault)")
        XCTAssertEqual(sandbox.server.requestCount("createItem"), 1)
        XCTAssertEqual(sandbox.server.receivedRequests("createItem").first?.headers["idempotency-key"], "key-1")
        await sandbox.stop()
    }

    func testRateLimitedWithRetryAfterSecondsAndDate() async throws {
        let sandbox = try await Running.start(TestSchemas.whitelabelPay)
        sandbox.server.inject(.rateLimited(count: 1, retryAfter: .seconds(2)))
        let date = Date(timeIntervalSince1970: 784_111_777)
        sandbox.server.inject(.rateLimited(count: 1, retryAfter: .httpDate(date)))
        let first = try await sandbox.client.get("/payment-means", headers: wlpHeaders)
        XCTAssertEqual(first.status, 429)
        XCTAssertEqual(first.header("Retry-After"), "2")
        // rateLimited (retryable, by status) rather than offlineTokenLimitReached (not retryable).
        XCTAssertEqual(value(first.json, at: "code") as? String, "TOO_MANY_REQUESTS")
        let second = try await sandbox.client.get("/payment-means", headers: wlpHeaders)
        XCTAssertEqual(second.status, 429)
        XCTAssertEqual(second.header("Retry-After"), "Sun, 06 Nov 1994 08:49:37 GMT")
        let third = try await sandbox.client.get("/payment-means", headers: wlpHeaders)
        XCTAssertEqual(third.status, 200)
        await sandbox.stop()
    }

    func testUnauthorizedNTimes() async throws {
        let sandbox = try await Running.start(TestSchemas.whitelabelPay)
        sandbox.server.inject(.unauthorized(count: 2))
        var statuses: [Int] = []
        for _ in 0..<3 { statuses.append(try await sandbox.client.get("/payment-means", headers: wlpHeaders).status) }
        XCTAssertEqual(statuses, [401, 401, 200])
        await sandbox.stop()

        // A fault for every operation spares operations that take no credentials.
        let kitchen = try await Running.start(TestSchemas.kitchenSink)
        kitchen.server.inject(.unauthorized(count: 1))
        let ping = try await kitchen.client.send("HEAD", "/ping")
        XCTAssertEqual(ping.status, 200)
        let items = try await kitchen.client.get("/items", headers: bearer)
        XCTAssertEqual(items.status, 401)
        XCTAssertEqual(items.header("WWW-Authenticate"), #"Bearer error="invalid_token""#)
        let observed1 = try await kitchen.client.get("/items", headers: bearer).status
        XCTAssertEqual(observed1, 200)
        await kitchen.stop()
    }

    func testUnauthorizedUntilTheRefreshOperationIsCalled() async throws {
        let sandbox = try await Running.start(TestSchemas.kitchenSink)
        sandbox.server.inject(.unauthorizedUntilRefresh)
        let observed2 = try await sandbox.client.get("/items", headers: bearer).status
        XCTAssertEqual(observed2, 401)
        let observed3 = try await sandbox.client.get("/stores/1/items/A1", headers: bearer).status
        XCTAssertEqual(observed3, 401)
        // whoAmI takes the session scheme, not the bearer one: unaffected.
        let observed4 = try await sandbox.client.get("/me", headers: ["X-Session-Id": "s"]).status
        XCTAssertEqual(observed4, 200)
        let refreshed = try await sandbox.client.post("/tokens/refresh", json: #"{"accessToken":"a","refreshToken":"r","expiresIn":60}"#)
        XCTAssertEqual(refreshed.status, 200)
        let observed5 = try await sandbox.client.get("/items", headers: bearer).status
        XCTAssertEqual(observed5, 200)
        let observed6 = try await sandbox.client.get("/stores/1/items/A1", headers: bearer).status
        XCTAssertEqual(observed6, 200)
        XCTAssertEqual(sandbox.server.requestCount("refreshToken"), 1)
        XCTAssertEqual(sandbox.server.requestCount("listItems"), 2)
        await sandbox.stop()
    }

    func testClosedConnectionGivesAURLErrorThenTheNextRequestSucceeds() async throws {
        let sandbox = try await Running.start(TestSchemas.whitelabelPay)
        sandbox.server.inject(.closeConnection(count: 1), for: "getPaymentMeans")
        do {
            let response = try await sandbox.client.get("/payment-means", headers: wlpHeaders)
            XCTFail("got a response: \(response.status)")
        } catch {
            XCTAssertTrue(error is URLError, "\(error)")
        }
        XCTAssertEqual(sandbox.server.requestCount("getPaymentMeans"), 1)
        XCTAssertEqual(sandbox.server.receivedRequests("getPaymentMeans").map(\.status), [nil])
        let next = try await TestClient(baseURL: sandbox.server.baseURL).get("/payment-means", headers: wlpHeaders)
        XCTAssertEqual(next.status, 200)
        await sandbox.stop()
    }

    func testFaultsForOneOperationLeaveOthersAloneAndClearFaultsRemovesThem() async throws {
        let sandbox = try await Running.start(TestSchemas.whitelabelPay)
        sandbox.server.inject(.failures(count: 5, status: 502), for: "fetchTransactions")
        let observed7 = try await sandbox.client.get("/payment-means", headers: wlpHeaders).status
        XCTAssertEqual(observed7, 200)
        let failed = try await sandbox.client.get("/transactions", headers: wlpHeaders)
        XCTAssertEqual(failed.status, 502)
        // fetchTransactions lists badGateway (matched by status), not failureToRetrievePaymentMeans.
        XCTAssertEqual(value(failed.json, at: "code") as? String, "BAD_GATEWAY")
        sandbox.server.inject(.failures(count: 1, status: 502), for: "getPaymentMeans")
        let coded = try await sandbox.client.get("/payment-means", headers: wlpHeaders)
        XCTAssertEqual(coded.status, 502)
        XCTAssertEqual(value(coded.json, at: "code") as? String, "FAILURE_TO_RETRIEVE_PAYMENT_MEANS")
        sandbox.server.clearFaults()
        let observed8 = try await sandbox.client.get("/transactions", headers: wlpHeaders).status
        XCTAssertEqual(observed8, 200)
        await sandbox.stop()
    }

    // MARK: Per request

    /// Latencies that do not fit an `Int` (or an hour) used to trap while converting and take the server
    /// down; they get a 400 now, and the server keeps serving.
    func testAbsurdLatenciesGet400() async throws {
        let sandbox = try await Running.start(TestSchemas.whitelabelPay)
        for latency in ["1e300ms", "infs", "nanms", "3600001ms", "99999999999999999999", "-5ms"] {
            var headers = wlpHeaders
            headers["X-Sandbox-Fault"] = "latency=\(latency)"
            let response = try await sandbox.client.get("/payment-means", headers: headers)
            XCTAssertEqual(response.status, 400, latency)
        }
        sandbox.server.inject(.latency(milliseconds: .max))
        sandbox.server.inject(.latency(milliseconds: .max))
        XCTAssertEqual(sandbox.server.engine.state.withLock { $0.faults.latency(for: "getPaymentMeans") }, .max, "latencies saturate")
        sandbox.server.clearFaults()
        let fine = try await sandbox.client.get("/payment-means", headers: wlpHeaders)
        XCTAssertEqual(fine.status, 200)
        await sandbox.stop()
    }

    func testFaultHeaderStatusLatencyRetryAfterUnauthorizedAndClose() async throws {
        let sandbox = try await Running.start(TestSchemas.whitelabelPay)
        func headers(_ fault: String) -> [String: String] {
            var headers = wlpHeaders
            headers["X-Sandbox-Fault"] = fault
            return headers
        }
        let unavailable = try await sandbox.client.get("/payment-means", headers: headers("status=503"))
        XCTAssertEqual(unavailable.status, 503)
        XCTAssertEqual(value(unavailable.json, at: "code") as? String, "SERVICE_UNAVAILABLE")

        let clock = ContinuousClock()
        let start = clock.now
        let slow = try await sandbox.client.get("/payment-means", headers: headers("latency=250ms"))
        XCTAssertEqual(slow.status, 200, "a fault header is not a validation error")
        XCTAssertGreaterThanOrEqual(clock.now - start, .milliseconds(250))

        let limited = try await sandbox.client.get("/payment-means", headers: headers("retry-after=2"))
        XCTAssertEqual(limited.status, 429)
        XCTAssertEqual(limited.header("Retry-After"), "2")

        let both = try await sandbox.client.get("/payment-means", headers: headers("status=503; retry-after=5"))
        XCTAssertEqual(both.status, 503)
        XCTAssertEqual(both.header("Retry-After"), "5")

        let expired = try await sandbox.client.get("/payment-means", headers: headers("unauthorized"))
        XCTAssertEqual(expired.status, 401)

        do {
            _ = try await TestClient(baseURL: sandbox.server.baseURL).get("/payment-means", headers: headers("close"))
            XCTFail("the connection was not closed")
        } catch {
            XCTAssertTrue(error is URLError, "\(error)")
        }

        let counted = try await sandbox.client.get("/payment-means", headers: headers("status=503;count=2"))
        XCTAssertEqual(counted.status, 400)
        XCTAssertEqual(
            value(counted.json, at: "message") as? String,
            "X-Sandbox-Fault: 'count' applies to a run, not to one request: use SandboxServer.inject(_:for:) or the sandbox command's options")
        let unknown = try await sandbox.client.get("/payment-means", headers: headers("explode"))
        XCTAssertEqual(unknown.status, 400)

        XCTAssertEqual(sandbox.server.requestCount("getPaymentMeans"), 8)
        XCTAssertEqual(sandbox.server.receivedRequests("getPaymentMeans").map(\.status), [503, 200, 429, 503, 401, nil, 400, 400])
        await sandbox.stop()
    }

    func testFaultHeaderParsing() throws {
        XCTAssertEqual(try FaultHeader(parsing: "status=503").action, .status(503, retryAfter: nil))
        XCTAssertEqual(try FaultHeader(parsing: "latency=2s").latencyMilliseconds, 2000)
        XCTAssertEqual(try FaultHeader(parsing: "latency=40").latencyMilliseconds, 40)
        XCTAssertEqual(try FaultHeader(parsing: "retry-after=2").action, .status(429, retryAfter: "2"))
        XCTAssertEqual(try FaultHeader(parsing: "close").action, .close)
        XCTAssertEqual(try FaultHeader(parsing: "latency=10ms;unauthorized").action, .unauthorized)
        XCTAssertThrowsError(try FaultHeader(parsing: "status=200"))
        XCTAssertThrowsError(try FaultHeader(parsing: "latency=soon"))
        XCTAssertThrowsError(try FaultHeader(parsing: "status=503;count=2"))
        // Issue 28: a streamed answer's drop and pace, per request.
        let stream = try FaultHeader(parsing: "drop-after=2; event-interval=250ms")
        XCTAssertEqual(stream.dropAfterEvents, 2)
        XCTAssertEqual(stream.streamIntervalMilliseconds, 250)
        XCTAssertNil(stream.action)
        XCTAssertThrowsError(try FaultHeader(parsing: "drop-after=-1"))
        XCTAssertThrowsError(try FaultHeader(parsing: "event-interval=forever"))
    }

    /// Issue 28: `dropStream` is used up by streamed answers only, `slowStream` never.
    func testStreamFaultsAreTakenByStreamedAnswers() {
        var book = FaultBook()
        book.add(.dropStream(count: 1, afterEvents: 3), for: "watch")
        book.add(.slowStream(milliseconds: 100), for: nil)
        XCTAssertNil(book.consume(for: "watch", needsCredentials: false, usesBearer: false), "not a fault of an ordinary answer")
        XCTAssertEqual(book.streamFaults(for: "watch").dropAfter, 3)
        XCTAssertEqual(book.streamFaults(for: "watch").intervalMilliseconds, 100)
        XCTAssertNil(book.streamFaults(for: "watch").dropAfter, "used up")
        XCTAssertNil(book.streamFaults(for: "other").dropAfter)
    }
}

/// An error status whose catalogue case has a body of its own (kitchensink.yaml's 422 cases `invalidItem`
/// and `invalidName`): the sandbox answers each operation with an example of its case's body.
@available(macOS 14, iOS 17, tvOS 17, *)
final class ErrorCaseBodyServingTests: XCTestCase {
    func testA422FaultAnswersTheOperationsCaseBody() async throws {
        let sandbox = try await Running.start(TestSchemas.kitchenSink)
        let auth = ["Authorization": "Bearer t", "Content-Type": "application/json"]
        let item = Data(#"{"sku":"A1","name":"Apple"}"#.utf8)
        sandbox.server.inject(.failures(count: 1, status: 422), for: "createItem")
        sandbox.server.inject(.failures(count: 1, status: 422), for: "renameItem")
        let created = try await sandbox.client.send("POST", "/items", headers: auth, body: item)
        XCTAssertEqual(created.status, 422)
        XCTAssertNotNil(value(created.json, at: "problems") as? [Any], "createItem's 422 is a ValidationProblem: \(String(describing: created.json))")
        XCTAssertNil(value(created.json, at: "error"), "not the catalogue's ErrorBody")
        let renamed = try await sandbox.client.send("PATCH", "/items/A1", headers: auth, body: item)
        XCTAssertEqual(renamed.status, 422)
        XCTAssertNotNil(value(renamed.json, at: "title") as? String, "renameItem's 422 is a Problem: \(String(describing: renamed.json))")
        await sandbox.stop()
    }
}
