import Foundation
import KitchenSink
import SchemaSandbox
import XCTest

/// Item 9 of issue 8: `previous:` gives a backward page sequence, `<operation>Pages(before:)`, for token
/// style (Finaptic's `previousPageToken`, `transactionHistory`) and cursor style (KD Pay's `prev` cursor,
/// `itemHistory`). The sandbox serves 7 items, 3 per page: pages at offsets 0, 3 and 6.
final class BackwardPaginationAgainstSandboxTests: XCTestCase {
    private var sandbox: SandboxServer!
    private var client: KitchenSinkClient!

    override func setUp() async throws {
        sandbox = try await SandboxFixture.start("Tests/GeneratedModules/KitchenSink/kitchensink.yaml")
        client = KitchenSinkClient(environment: .init(baseURL: sandbox.baseURL), credentials: StaticCredentials(["bearer": "token"]))
    }

    override func tearDown() async throws {
        await sandbox.stop()
    }

    private func collect<S: AsyncSequence>(_ sequence: S) async throws -> [S.Element] {
        var elements: [S.Element] = []
        for try await element in sequence { elements.append(element) }
        return elements
    }

    func testTokenPagesWalkForwardThenBackward() async throws {
        let forward = try await collect(client.transactionHistoryPages())
        XCTAssertEqual(forward.map(\.transactions.count), [3, 3, 1])
        XCTAssertNil(forward[0].previousPageToken)

        let backward = try await collect(client.transactionHistoryPages(before: forward[2]))

        XCTAssertEqual(backward, [forward[1], forward[0]], "nearest page first, ending at the first page")
        let tokens = sandbox.receivedRequests("transactionHistory").map { request in
            request.queryItems.first { $0.name == "pageToken" }?.value
        }
        XCTAssertEqual(tokens.count, 5, "3 forward, 2 backward")
        XCTAssertEqual(tokens[3], forward[2].previousPageToken, "the walk back starts from the page's previousPageToken")
        XCTAssertEqual(tokens[4], backward[0].previousPageToken)

        let items = try await collect(client.transactionHistoryItems(before: forward[2]))
        XCTAssertEqual(items, forward[1].transactions + forward[0].transactions)
    }

    func testBackwardFromTheFirstPageIsEmptyAndSendsNothing() async throws {
        let first = try await client.transactionHistory()
        let before = sandbox.requestCount("transactionHistory")

        let backward = try await collect(client.transactionHistoryPages(before: first))

        XCTAssertTrue(backward.isEmpty)
        XCTAssertEqual(sandbox.requestCount("transactionHistory"), before)
    }

    func testCursorPagesWalkForwardThenBackward() async throws {
        let forward = try await collect(client.itemHistoryPages(sku: "A1"))
        XCTAssertEqual(forward.count, 3)

        let backward = try await collect(client.itemHistoryPages(before: forward[2], sku: "A1"))

        XCTAssertEqual(backward.map(\.data), [forward[1].data, forward[0].data])
        XCTAssertNil(backward.last?.cursors.previous, "the first page has no previous cursor")
        let cursors = sandbox.receivedRequests("itemHistory").map { $0.queryItems.first { $0.name == "cursor" }?.value }
        XCTAssertEqual(cursors.suffix(2), [forward[2].cursors.previous, backward[0].cursors.previous])
    }
}
