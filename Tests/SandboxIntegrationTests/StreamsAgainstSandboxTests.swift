import ClientRuntime
import Foundation
import KitchenSink
import SchemaSandbox
import XCTest

/// Issue 28: streamed operations of KitchenSink, generated client against the sandbox over 127.0.0.1 and
/// URLSession: events arrive one by one before the answer ends, an SSE stream dropped mid-way reconnects
/// with `Last-Event-ID` and resumes, and ending the loop closes the connection.
final class StreamsAgainstSandboxTests: XCTestCase {
    private var sandbox: SandboxServer!
    private var client: KitchenSinkClient!

    override func setUp() async throws {
        sandbox = try await SandboxFixture.start("Tests/GeneratedModules/KitchenSink/kitchensink.yaml")
        client = KitchenSinkClient(environment: .init(baseURL: sandbox.baseURL), credentials: StaticCredentials(["bearer": "token"]))
    }

    override func tearDown() async throws {
        await sandbox.stop()
    }

    func testEventsArriveOneByOneBeforeTheAnswerEnds() async throws {
        sandbox.inject(.slowStream(milliseconds: 700), for: "watchOrders")
        var arrivals: [ContinuousClock.Instant] = []
        var events: [ServerSentEvent<OrderEvent>] = []
        for try await event in client.watchOrders() {
            arrivals.append(.now)
            events.append(event)
            if events.count == 2 { break }
        }
        // Buffered, both would arrive together once the answer (five events, 2.8 s) had ended.
        guard arrivals.count == 2 else { return XCTFail("expected two events, got \(events)") }
        XCTAssertGreaterThan(arrivals[1] - arrivals[0], .milliseconds(500))
        guard case .created(let created) = events[0].payload, case .shipped = events[1].payload else {
            return XCTFail("the union's variants in turn, by event name: \(events)")
        }
        XCTAssertFalse(created.orderId.isEmpty)
        XCTAssertEqual(events.map(\.name), ["order.created", "order.shipped"])
        XCTAssertEqual(events.map(\.id), ["1", "2"])
        XCTAssertEqual(events[0].retry, 50)
    }

    func testADroppedStreamReconnectsWithLastEventIDAndResumes() async throws {
        sandbox.inject(.dropStream(count: 1, afterEvents: 2), for: "watchOrders")
        var ids: [String?] = []
        for try await event in client.watchOrders(region: "eu") { ids.append(event.id) }
        XCTAssertEqual(ids, ["1", "2", "3", "4", "5"])
        let requests = sandbox.receivedRequests("watchOrders")
        // The drop, the resumption after event 2, then after the last event the sandbox's 204 ends it.
        XCTAssertEqual(requests.map { $0.headers["last-event-id"] }, [nil, "2", "5"])
        XCTAssertEqual(requests.map(\.status), [200, 200, 204])
        XCTAssertEqual(requests.map { $0.queryItems.first?.value }, ["eu", "eu", "eu"])
    }

    func testEndingTheLoopClosesTheConnectionAndSendsNoMore() async throws {
        sandbox.inject(.slowStream(milliseconds: 2_000), for: "watchOrders")
        let started = ContinuousClock.now
        let client = self.client!
        let reader = Task {
            var count = 0
            for try await _ in client.watchOrders() { count += 1 }
            return count
        }
        // Wait for the connection, then cancel the loop while it waits for the second event.
        while sandbox.requestCount("watchOrders") == 0 { try await Task.sleep(for: .milliseconds(20)) }
        try await Task.sleep(for: .milliseconds(300))
        reader.cancel()
        do {
            let count = try await reader.value
            XCTFail("a cancelled loop throws; it ended after \(count) events")
        } catch is CancellationError {
        }
        XCTAssertLessThan(ContinuousClock.now - started, .seconds(2), "the loop did not wait for the next event")
        try await Task.sleep(for: .milliseconds(200))
        XCTAssertEqual(sandbox.requestCount("watchOrders"), 1, "a cancelled stream does not reconnect")
    }

    func testJSONLinesStreamDecodesEveryItem() async throws {
        var items: [Item] = []
        for try await item in client.exportItems() { items.append(item) }
        XCTAssertEqual(items.count, 5)
        XCTAssertEqual(sandbox.receivedRequests("exportItems").first?.headers["accept"], "application/jsonl")
    }
}
