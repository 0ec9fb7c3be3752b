import Foundation
import SchemaModel
import XCTest

@testable import SchemaSandbox

@available(macOS 14, iOS 17, tvOS 17, *)
final class BookkeepingTests: XCTestCase {
    func testCountsAreExactUnder50ConcurrentRequestsAndFaultsAreUsedUpExactly() async throws {
        let sandbox = try await Running.start(TestSchemas.whitelabelPay)
        sandbox.server.inject(.failures(count: 10, status: 503), for: "getPaymentMeans")
        let client = sandbox.client
        let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<50 {
                group.addTask { try await client.get("/payment-means", headers: wlpHeaders).status }
            }
            var statuses: [Int] = []
            for try await status in group { statuses.append(status) }
            return statuses
        }
        XCTAssertEqual(statuses.filter { $0 == 503 }.count, 10)
        XCTAssertEqual(statuses.filter { $0 == 200 }.count, 40)
        XCTAssertEqual(sandbox.server.requestCount("getPaymentMeans"), 50)
        XCTAssertEqual(sandbox.server.receivedRequests("getPaymentMeans").count, 50)
        await sandbox.stop()
    }

    func testFiftyConcurrentCallsGet401UntilOneRefresh() async throws {
        let sandbox = try await Running.start(TestSchemas.kitchenSink)
        sandbox.server.inject(.unauthorizedUntilRefresh)
        let client = sandbox.client
        func fifty() async throws -> [Int] {
            try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<50 { group.addTask { try await client.get("/items", headers: bearer).status } }
                var statuses: [Int] = []
                for try await status in group { statuses.append(status) }
                return statuses
            }
        }
        let observed1 = try await fifty()
        XCTAssertEqual(observed1, Array(repeating: 401, count: 50))
        let refresh = try await client.post("/tokens/refresh", json: #"{"accessToken":"a","refreshToken":"r","expiresIn":60}"#)
        XCTAssertEqual(refresh.status, 200)
        let observed2 = try await fifty()
        XCTAssertEqual(observed2, Array(repeating: 200, count: 50))
        XCTAssertEqual(sandbox.server.requestCount("refreshToken"), 1)
        XCTAssertEqual(sandbox.server.requestCount("listItems"), 100)
        await sandbox.stop()
    }

    func testReceivedRequestsKeepMethodPathQueryLowercasedHeadersAndBody() async throws {
        let sandbox = try await Running.start(TestSchemas.kitchenSink)
        let body = #"{"pageSize":2}"#
        _ = try await sandbox.client.send(
            "POST", "/items/search?trace=on&tag=a%20b", headers: ["Authorization": "Bearer t", "X-Custom": "yes"],
            body: Data(body.utf8))
        let recorded = try XCTUnwrap(sandbox.server.receivedRequests("searchItems").first)
        XCTAssertEqual(recorded.operation, "searchItems")
        XCTAssertEqual(recorded.method, "POST")
        XCTAssertEqual(recorded.path, "/v2/items/search")
        XCTAssertEqual(recorded.queryItems, [URLQueryItem(name: "trace", value: "on"), URLQueryItem(name: "tag", value: "a b")])
        XCTAssertEqual(recorded.headers["authorization"], "Bearer t")
        XCTAssertEqual(recorded.headers["x-custom"], "yes")
        XCTAssertNil(recorded.headers["X-Custom"])
        XCTAssertEqual(recorded.header("X-Custom"), "yes")
        XCTAssertEqual(recorded.query("tag"), "a b")
        XCTAssertNil(recorded.query("missing"))
        XCTAssertEqual(String(decoding: recorded.body, as: UTF8.self), body)
        XCTAssertEqual(recorded.status, 200)
        await sandbox.stop()
    }

    func testRecordsAreBoundedButCountsStayExact() async throws {
        let sandbox = try await Running.start(TestSchemas.kitchenSink, options: SandboxOptions(recordedRequestLimit: 3))
        for index in 0..<5 {
            _ = try await sandbox.client.get("/items/A1/history?cursor=&n=\(index)", headers: bearer)
        }
        XCTAssertEqual(sandbox.server.requestCount("itemHistory"), 5)
        XCTAssertEqual(sandbox.server.receivedRequests("itemHistory").map { $0.queryItems.last?.value }, ["2", "3", "4"])
        await sandbox.stop()
    }

    /// 40 uploads of 1 MB (multipart, validated) to a sandbox that may keep 2 MB of records with bodies
    /// cut at 256 KB: the record stays under 2 MB, the oldest requests go, every kept body is cut with
    /// its received size noted, and reset empties it. With a count limit alone all 40 MB were kept.
    func testTheRecordIsBoundedByBytesOldestFirstAndResetEmptiesIt() async throws {
        let limit = 2 << 20
        let sandbox = try await Running.start(
            TestSchemas.kitchenSink, options: SandboxOptions(recordedBytesLimit: limit, recordedBodyLimit: 256 << 10))
        let boundary = "XyZ-upload"
        func upload(_ marker: UInt8) -> Data {
            Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"side\"\r\n\r\nM\r\n".utf8)
                + Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"image\"; filename=\"a.jpg\"\r\nContent-Type: image/jpeg\r\n\r\n".utf8)
                + Data(repeating: marker, count: 1 << 20) + Data("\r\n--\(boundary)--\r\n".utf8)
        }
        let headers = ["Authorization": "Bearer t", "Content-Type": "multipart/form-data; boundary=\(boundary)"]
        for index in 0..<40 {
            let response = try await sandbox.client.send("POST", "/documents", headers: headers, body: upload(UInt8(index)))
            XCTAssertEqual(response.status, 200, response.text)
        }
        XCTAssertEqual(sandbox.server.requestCount("uploadDocument"), 40, "counts stay exact")
        let kept = sandbox.server.receivedRequests("uploadDocument")
        XCTAssertLessThanOrEqual(kept.reduce(0) { $0 + $1.body.count }, limit, "the bodies kept fit the budget")
        XCTAssertEqual(kept.reduce(0) { $0 + $1.byteCount }, sandbox.server.recordedBytes)
        XCTAssertLessThanOrEqual(sandbox.server.recordedBytes, limit)
        XCTAssertGreaterThan(kept.count, 1)
        XCTAssertLessThan(kept.count, 40, "the oldest were dropped")
        let last = try XCTUnwrap(kept.last)
        XCTAssertEqual(last.body.count, 256 << 10)
        XCTAssertEqual(last.bodySize, upload(39).count)
        XCTAssertTrue(last.isBodyTruncated)
        XCTAssertEqual(last.body, upload(39).prefix(256 << 10), "the start of the newest upload")
        XCTAssertTrue(last.description.contains("[body truncated: 262144 of \(upload(39).count) bytes kept]"), last.description)
        XCTAssertEqual(kept.first?.body, upload(UInt8(40 - kept.count)).prefix(256 << 10), "the newest are the ones kept")

        let reset = try await sandbox.client.send("POST", "/_sandbox/reset")
        XCTAssertEqual(reset.status, 204)
        XCTAssertEqual(sandbox.server.recordedBytes, 0)
        XCTAssertEqual(sandbox.server.receivedRequests("uploadDocument"), [])
        await sandbox.stop()
    }

    func testTheByteBudgetDropsTheOldestOfAnyOperationAndTheCountLimitPerOperation() {
        func request(_ operation: String, _ bytes: Int) -> RecordedRequest {
            RecordedRequest(operation: operation, method: "GET", path: "/", queryItems: [], headers: [:], body: Data(count: bytes), status: 200)
        }
        let size = request("a", 1000).byteCount
        var record = RequestRecord()
        record.append(request("a", 1000), perOperationLimit: 10, byteLimit: size * 2)
        record.append(request("b", 1000), perOperationLimit: 10, byteLimit: size * 2)
        XCTAssertEqual(record.byteCount, size * 2)
        record.append(request("b", 1000), perOperationLimit: 10, byteLimit: size * 2)
        XCTAssertEqual(record.requests("a").count, 0, "the oldest request, of another operation, went first")
        XCTAssertEqual(record.requests("b").count, 2)
        XCTAssertEqual(record.byteCount, size * 2)
        for _ in 0..<200 { record.append(request("c", 0), perOperationLimit: 3, byteLimit: .max) }
        XCTAssertEqual(record.requests("c").count, 3)
        XCTAssertEqual(record.byteCount, size * 2 + request("c", 0).byteCount * 3)
        record.append(request("d", 5000), perOperationLimit: 10, byteLimit: size)
        XCTAssertEqual(record.byteCount, 0, "a request larger than the whole budget is not kept either")
        XCTAssertEqual(record.requests("d"), [])
    }

    func testResetForgetsCountsRecordsFaultsAndRefreshState() async throws {
        let sandbox = try await Running.start(TestSchemas.kitchenSink)
        sandbox.server.inject(.failures(count: 3, status: 503), for: "listItems")
        sandbox.server.inject(.unauthorizedUntilRefresh, for: "describeShapes")
        let observed3 = try await sandbox.client.get("/items", headers: bearer).status
        XCTAssertEqual(observed3, 503)
        let observed4 = try await sandbox.client.get("/shapes", headers: bearer).status
        XCTAssertEqual(observed4, 401)
        sandbox.server.reset()
        XCTAssertEqual(sandbox.server.requestCounts(), [:])
        XCTAssertEqual(sandbox.server.receivedRequests("listItems"), [])
        let observed5 = try await sandbox.client.get("/items", headers: bearer).status
        XCTAssertEqual(observed5, 200)
        let observed6 = try await sandbox.client.get("/shapes", headers: bearer).status
        XCTAssertEqual(observed6, 200)
        XCTAssertEqual(sandbox.server.requestCounts(), ["listItems": 1, "describeShapes": 1])
        await sandbox.stop()
    }

    func testRequestLogLinesCarryNoHeaderValuesOrQuery() async throws {
        let lines = Locked<[String]>([])
        let options = SandboxOptions(requestLog: { entry in lines.withLock { $0.append(entry.line) } })
        let sandbox = try await Running.start(TestSchemas.kitchenSink, options: options)
        _ = try await sandbox.client.get("/legacy/search?q=x&api_key=secret-key", headers: ["Authorization": "Bearer secret-token"])
        _ = try await sandbox.client.get("/nowhere")
        let logged = lines.withLock { $0 }
        XCTAssertEqual(logged.count, 2)
        XCTAssertTrue(logged[0].hasPrefix("GET /v2/legacy/search 200 "), logged[0])
        XCTAssertTrue(logged[0].hasSuffix(" [legacySearch]"), logged[0])
        XCTAssertTrue(logged[1].hasPrefix("GET /v2/nowhere 404 "), logged[1])
        XCTAssertFalse(logged.joined().contains("secret"))
        await sandbox.stop()
    }
}
