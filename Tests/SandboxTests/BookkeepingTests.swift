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
