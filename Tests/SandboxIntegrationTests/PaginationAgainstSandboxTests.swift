import Foundation
import KitchenSink
import SchemaSandbox
import XCTest

/// The three pagination styles over multi-page data the sandbox serves (7 items by default).
final class PaginationAgainstSandboxTests: XCTestCase {
    private var sandbox: SandboxServer!
    private var client: KitchenSinkClient!

    override func setUp() async throws {
        sandbox = try await SandboxFixture.start("Tests/GeneratedModules/KitchenSink/kitchensink.yaml")
        client = KitchenSinkClient(environment: .init(baseURL: sandbox.baseURL), credentials: StaticCredentials(["bearer": "t0"]))
    }

    override func tearDown() async throws {
        await sandbox.stop()
    }

    func testPageStyleWalksEveryPageAndStopsAtTheLast() async throws {
        var items: [Item] = []
        for try await item in client.listItemsItems(size: 3) { items.append(item) }
        XCTAssertEqual(items.count, 7)
        XCTAssertEqual(Set(items.map(\.sku)).count, 7, "no page repeats another's items: \(items.map(\.sku))")
        XCTAssertEqual(sandbox.requestCount("listItems"), 3, "pages of 3, 3 and 1")
        XCTAssertEqual(sandbox.receivedRequests("listItems").map { $0.query("page") }, ["1", "2", "3"])
    }

    func testPagesAreFetchedLazily() async throws {
        let pages = client.listItemsPages(size: 3)
        XCTAssertEqual(sandbox.requestCount("listItems"), 0, "nothing is fetched before iteration")
        for try await page in pages {
            XCTAssertEqual(page.content.count, 3)
            break
        }
        XCTAssertEqual(sandbox.requestCount("listItems"), 1)
    }

    func testTokenStyleFollowsNextPageTokensInTheBody() async throws {
        var pages = 0
        var items: [Item] = []
        for try await page in client.searchItemsPages(body: ListRequest(pageToken: nil, pageSize: 2)) {
            pages += 1
            items += page.items
        }
        XCTAssertEqual(items.count, 7)
        XCTAssertEqual(Set(items.map(\.sku)).count, 7, "each page brings new items: \(items.map(\.sku))")
        XCTAssertEqual(pages, 4)
        let tokens = try sandbox.receivedRequests("searchItems").map { request -> String? in
            let object = try JSONSerialization.jsonObject(with: request.body) as? [String: Any]
            return object?["pageToken"] as? String
        }
        XCTAssertNil(tokens.first ?? "first", "the first request has no token")
        XCTAssertEqual(Set(tokens.dropFirst().compactMap { $0 }).count, 3, "each later page asked with a new token")
    }

    func testCursorStyleFollowsNextCursors() async throws {
        var items: [Item] = []
        for try await item in client.itemHistoryItems(sku: "A1") { items.append(item) }
        XCTAssertEqual(items.count, 7)
        XCTAssertEqual(Set(items.map(\.sku)).count, 7, "each page brings new items: \(items.map(\.sku))")
        XCTAssertGreaterThanOrEqual(sandbox.requestCount("itemHistory"), 2)
    }

    func testIterationCanBeCancelled() async throws {
        let client = client!
        let task = Task { () -> Int in
            var count = 0
            for try await _ in client.listItemsItems(size: 1) {
                count += 1
                if count == 2 { withUnsafeCurrentTask { $0?.cancel() } }
            }
            return count
        }
        _ = try? await task.value
        XCTAssertLessThanOrEqual(sandbox.requestCount("listItems"), 3, "no pages fetched after cancellation")
    }
}
