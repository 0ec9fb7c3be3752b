import Foundation
import SchemaModel
import XCTest

@testable import SchemaSandbox

@available(macOS 14, iOS 17, tvOS 17, *)
final class PaginationTests: XCTestCase {
    func testPageStyleListItems() async throws {
        let sandbox = try await Running.start(TestSchemas.kitchenSink)
        var skus: [String] = []
        var pages: [(count: Int, number: Int, totalPages: Int, last: Bool)] = []
        for page in 1...3 {
            let response = try await sandbox.client.get("/items?page=\(page)&size=3", headers: bearer)
            XCTAssertEqual(response.status, 200)
            let content = try XCTUnwrap(value(response.json, at: "content") as? [[String: Any]])
            skus += content.compactMap { $0["sku"] as? String }
            pages.append(
                (
                    content.count, value(response.json, at: "number") as! Int,
                    value(response.json, at: "totalPages") as! Int, value(response.json, at: "last") as! Bool
                ))
        }
        XCTAssertEqual(pages.map(\.count), [3, 3, 1])
        XCTAssertEqual(pages.map(\.number), [1, 2, 3])
        XCTAssertEqual(pages.map(\.totalPages), [3, 3, 3])
        XCTAssertEqual(pages.map(\.last), [false, false, true])
        // The Item example, then copies whose sku (the first member that still validates when changed:
        // pattern ^[A-Z0-9]+$) carries the copy's number, so no page repeats another's items.
        XCTAssertEqual(skus, ["A1", "A12", "A13", "A14", "A15", "A16", "A17"])
        let beyond = try await sandbox.client.get("/items?page=4&size=3", headers: bearer)
        XCTAssertEqual((value(beyond.json, at: "content") as? [Any])?.count, 0)
        XCTAssertEqual(value(beyond.json, at: "last") as? Bool, true)
        // Without parameters: page 1 of the size parameter's default (20) holds all 7.
        let all = try await sandbox.client.get("/items", headers: bearer)
        XCTAssertEqual((value(all.json, at: "content") as? [Any])?.count, 7)
        XCTAssertEqual(value(all.json, at: "totalPages") as? Int, 1)
        await sandbox.stop()
    }

    func testTokenStyleSearchItemsWithTheTokenInTheBody() async throws {
        let sandbox = try await Running.start(TestSchemas.kitchenSink)
        var token: String?
        var counts: [Int] = []
        var skus: [String] = []
        var requests = 0
        repeat {
            let body = token.map { #"{"pageToken":"\#($0)","pageSize":3}"# } ?? #"{"pageSize":3}"#
            let response = try await sandbox.client.post("/items/search", json: body, headers: bearer)
            XCTAssertEqual(response.status, 200, response.text)
            counts.append((value(response.json, at: "items") as? [Any])?.count ?? -1)
            skus += (value(response.json, at: "items") as? [[String: Any]] ?? []).compactMap { $0["sku"] as? String }
            token = value(response.json, at: "nextPageToken") as? String
            if token == nil { XCTAssertFalse(response.object.keys.contains("nextPageToken"), "optional: absent on the last page") }
            requests += 1
        } while token != nil && requests < 10
        XCTAssertEqual(counts, [3, 3, 1])
        XCTAssertEqual(Set(skus).count, 7, "seven different items: \(skus)")
        XCTAssertEqual(sandbox.server.requestCount("searchItems"), 3)

        let bad = try await sandbox.client.post("/items/search", json: #"{"pageToken":"forged"}"#, headers: bearer)
        XCTAssertEqual(bad.status, 400)
        XCTAssertEqual(value(bad.json, at: "error.message") as? String, "invalid request: 'forged' is not a page token this sandbox issued")
        await sandbox.stop()
    }

    func testCursorStyleItemHistory() async throws {
        let sandbox = try await Running.start(TestSchemas.kitchenSink)
        var cursor: String?
        var counts: [Int] = []
        var previous: [Bool] = []
        var requests = 0
        repeat {
            let query = cursor.map { "?cursor=\($0)" } ?? ""
            let response = try await sandbox.client.get("/items/A1/history\(query)", headers: bearer)
            XCTAssertEqual(response.status, 200, response.text)
            counts.append((value(response.json, at: "data") as? [Any])?.count ?? -1)
            previous.append(value(response.json, at: "cursors.previous") is String)
            let next = value(response.json, at: "cursors.next")
            cursor = next as? String
            if cursor == nil { XCTAssertTrue(next is NSNull, "nullable: null on the last page") }
            requests += 1
        } while cursor != nil && requests < 10
        // No size parameter: SandboxOptions.defaultPageSize (3).
        XCTAssertEqual(counts, [3, 3, 1])
        XCTAssertEqual(previous, [false, true, true])
        await sandbox.stop()
    }

    func testWhitelabelPayTransactionsAndPerOperationItemCount() async throws {
        let sandbox = try await Running.start(TestSchemas.whitelabelPay, options: SandboxOptions(pageItemCounts: ["fetchTransactions": 5]))
        var ids: [String] = []
        for page in 1...3 {
            let response = try await sandbox.client.get("/transactions?page=\(page)&size=2", headers: wlpHeaders)
            ids += (value(response.json, at: "content") as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
        }
        XCTAssertEqual(ids.count, 5)
        XCTAssertEqual(Set(ids).count, 5, "every transaction on the pages is another one: \(ids)")
        let first = try await sandbox.client.get("/transactions?page=1&size=2", headers: wlpHeaders)
        XCTAssertEqual((value(first.json, at: "content") as? [Any])?.count, 2)
        XCTAssertEqual(value(first.json, at: "totalElements") as? Int, 5)
        XCTAssertEqual(value(first.json, at: "totalPages") as? Int, 3)
        XCTAssertEqual(value(first.json, at: "first") as? Bool, true)
        XCTAssertEqual(value(first.json, at: "last") as? Bool, false)
        let last = try await sandbox.client.get("/transactions?page=3&size=2", headers: wlpHeaders)
        XCTAssertEqual((value(last.json, at: "content") as? [Any])?.count, 1)
        XCTAssertEqual(value(last.json, at: "number") as? Int, 3)
        XCTAssertEqual(value(last.json, at: "numberOfElements") as? Int, 1)
        XCTAssertEqual(value(last.json, at: "last") as? Bool, true)
        XCTAssertEqual(value(last.json, at: "empty") as? Bool, false)
        await sandbox.stop()
    }

    /// The same position always gives the same item, so a client that reads a page twice sees it unchanged.
    func testItemsDependOnTheirPositionOnly() async throws {
        let sandbox = try await Running.start(TestSchemas.kitchenSink)
        let once = try await sandbox.client.get("/items?page=2&size=3", headers: bearer)
        let again = try await sandbox.client.get("/items?page=2&size=3", headers: bearer)
        XCTAssertEqual(once.text, again.text)
        let bigger = try await sandbox.client.get("/items?page=1&size=6", headers: bearer)
        XCTAssertEqual(
            (value(bigger.json, at: "content") as? [[String: Any]])?.suffix(3).compactMap { $0["sku"] as? String },
            (value(once.json, at: "content") as? [[String: Any]])?.compactMap { $0["sku"] as? String })
        await sandbox.stop()
    }

    func testPositionTokensRoundTrip() {
        for offset in [0, 3, 7, 1000] {
            XCTAssertEqual(Pager.decodePosition(Pager.encodePosition(offset)), offset)
        }
        XCTAssertNil(Pager.decodePosition("forged"))
    }
}
