import Foundation
import KitchenSink
import SchemaSandbox
import XCTest

/// Retries of generated clients against faults the sandbox injects, counted by the sandbox.
final class RetryAgainstSandboxTests: XCTestCase {
    private var sandbox: SandboxServer!

    override func setUp() async throws {
        sandbox = try await SandboxFixture.start("Tests/GeneratedModules/KitchenSink/kitchensink.yaml")
    }

    override func tearDown() async throws {
        await sandbox.stop()
    }

    private func client(retry: RetryPolicy = .fast) -> KitchenSinkClient {
        KitchenSinkClient(
            environment: .init(baseURL: sandbox.baseURL),
            middlewares: [RetryMiddleware(policy: retry)],
            credentials: StaticCredentials(["bearer": "t0"]))
    }

    private let apple = Item(sku: "A1", name: "Apple", discontinuedAt: nil)

    func testGetThatFailsTwiceWith503SucceedsOnTheThirdTry() async throws {
        sandbox.inject(.failures(count: 2, status: 503), for: "listItems")
        let page = try await client().listItems()
        XCTAssertFalse(page.content.isEmpty)
        XCTAssertEqual(sandbox.requestCount("listItems"), 3)
    }

    func testPostThatIsNotIdempotentIsNotRetriedAfter500() async throws {
        sandbox.inject(.failures(count: 1, status: 500), for: "everything")
        let body = try JSONCoding.makeDecoder().decode(Everything.self, from: Data(SandboxFixture.everythingExample.utf8))
        do {
            _ = try await client().everything(body: body)
            XCTFail("the 500 must surface")
        } catch let error as KitchenSinkError {
            XCTAssertEqual(error.status, 500)
        }
        XCTAssertEqual(sandbox.requestCount("everything"), 1, "exactly one request reached the sandbox")
    }

    func testIdempotencyKeyMakesAPostRetryableWithTheSameKeyEveryTime() async throws {
        sandbox.inject(.failures(count: 2, status: 503), for: "createItem")
        let created = try await client().createItem(body: apple)
        XCTAssertFalse(created.sku.isEmpty)
        let requests = sandbox.receivedRequests("createItem")
        XCTAssertEqual(requests.count, 3)
        let keys = Set(requests.compactMap { $0.headers["idempotency-key"] })
        XCTAssertEqual(keys.count, 1, "one key for all attempts: \(keys)")
        XCTAssertNotNil(UUID(uuidString: keys.first ?? ""))
    }

    func testRateLimitWaitsAtLeastRetryAfter() async throws {
        sandbox.inject(.rateLimited(count: 1, retryAfter: .seconds(1)), for: "listItems")
        let started = Date()
        _ = try await client().listItems()
        let elapsed = Date().timeIntervalSince(started)
        XCTAssertGreaterThanOrEqual(elapsed, 1.0, "waited \(elapsed) s")
        XCTAssertEqual(sandbox.requestCount("listItems"), 2)
    }

    func testCancellingTheTaskStopsRetryingAtOnce() async throws {
        sandbox.inject(.failures(count: 100, status: 503), for: "listItems")
        let slow = RetryPolicy(maxAttempts: 10, initialDelay: 5, maxDelay: 5, deadline: 60)
        let client = client(retry: slow)
        let task = Task { try await client.listItems() }
        while sandbox.requestCount("listItems") < 1 { try await Task.sleep(nanoseconds: 10_000_000) }
        let cancelled = Date()
        task.cancel()
        do {
            _ = try await task.value
            XCTFail("a cancelled call must not succeed")
        } catch {
            XCTAssertLessThan(Date().timeIntervalSince(cancelled), 1.0, "stopped at once")
        }
        try await Task.sleep(nanoseconds: 300_000_000)
        XCTAssertEqual(sandbox.requestCount("listItems"), 1, "no attempt after cancellation")
    }

    func testPerCallOptionsCanDisableRetries() async throws {
        sandbox.inject(.failures(count: 1, status: 503), for: "listItems")
        do {
            _ = try await client().listItems(options: RequestOptions(retry: RetryPolicy.noRetries))
            XCTFail("expected the 503")
        } catch KitchenSinkError.unavailable(let response) {
            XCTAssertEqual(response.status, 503)
        }
        XCTAssertEqual(sandbox.requestCount("listItems"), 1)
    }
}
