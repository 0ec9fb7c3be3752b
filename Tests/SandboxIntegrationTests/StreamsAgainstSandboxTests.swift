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

/// Issue 28 line 6: streamed request bodies (`requestStream:`), generated client against the sandbox over
/// 127.0.0.1: the events go out as they are produced (the sandbox reads the first before the client has
/// produced the second), a bidirectional call gets an answer per event, and an invalid event is refused.
final class RequestStreamsAgainstSandboxTests: XCTestCase {
    private var sandbox: SandboxServer!
    private var client: KitchenSinkClient!

    override func setUp() async throws {
        sandbox = try await SandboxFixture.start("Tests/GeneratedModules/KitchenSink/kitchensink.yaml")
        client = KitchenSinkClient(environment: .init(baseURL: sandbox.baseURL), credentials: StaticCredentials(["bearer": "token"]))
    }

    override func tearDown() async throws {
        await sandbox.stop()
    }

    /// Waits (up to 5 s) until the sandbox has read `count` events of `operation`'s request body.
    private func waitForRequestEvents(_ count: Int, of operation: String) async throws -> Bool {
        let deadline = ContinuousClock.now + .seconds(5)
        while sandbox.requestEventCount(operation) < count {
            guard ContinuousClock.now < deadline else { return false }
            try await Task.sleep(for: .milliseconds(10))
        }
        return true
    }

    func testTheServerReadsEachEventBeforeTheClientProducesTheNext() async throws {
        let (lines, producer) = AsyncStream<ChatLine>.makeStream()
        let client = self.client!
        let reader = Task {
            var answers: [ChatLine] = []
            for try await answer in client.chat(body: lines, room: "lobby") { answers.append(answer) }
            return answers
        }
        // Each line is produced only once the server has read the one before: buffered, the body would
        // wait for the end of the sequence and the sandbox would read nothing before it.
        for (number, text) in ["hello", "how are you", "bye"].enumerated() {
            producer.yield(ChatLine(text: text))
            let read = try await waitForRequestEvents(number + 1, of: "chat")
            XCTAssertTrue(read, "the sandbox read \(sandbox.requestEventCount("chat")) events while the client waited after producing event \(number + 1)")
            guard read else { break }
        }
        producer.finish()
        let answers = try await reader.value
        // The sandbox echoes each line (the answer's events are of the request's type).
        XCTAssertEqual(answers.map(\.text), ["hello", "how are you", "bye"])
        XCTAssertEqual(sandbox.receivedRequests("chat").first?.queryItems.first?.value, "lobby")
        XCTAssertEqual(sandbox.receivedRequests("chat").first?.headers["content-type"], "application/jsonl")
    }

    func testAStreamedBodyWithAnAnswerReadWhole() async throws {
        let items = [Item(sku: "A1", name: "Apple", discontinuedAt: nil), Item(sku: "B2", name: "Pear", discontinuedAt: nil)]
        let summary = try await client.importItems(
            body: AsyncStream { continuation in
                for item in items { continuation.yield(item) }
                continuation.finish()
            })
        XCTAssertGreaterThanOrEqual(summary.imported, 0)
        XCTAssertEqual(sandbox.requestEventCount("importItems"), 2)
        XCTAssertEqual(sandbox.receivedRequests("importItems").first?.headers["content-type"], "application/json-seq")
    }

    func testAnInvalidEventIsRefusedWithItsPlace() async throws {
        // `sku` must match ^[A-Z0-9]+$: the second event breaks it.
        let items = [Item(sku: "A1", name: "Apple", discontinuedAt: nil), Item(sku: "not valid", name: "Pear", discontinuedAt: nil)]
        do {
            _ = try await client.importItems(
                body: AsyncStream { continuation in
                    for item in items { continuation.yield(item) }
                    continuation.finish()
                })
            XCTFail("the sandbox accepted an invalid event")
        } catch let error as KitchenSinkError {
            XCTAssertEqual(error.status, 400, "\(error)")
            XCTAssertTrue(error.response?.bodyText?.contains("request event 1 /sku") == true, "\(error)")
        }
    }

    func testAProducerErrorFailsTheCallWithIt() async throws {
        struct ProducerFailed: Error {}
        let (lines, producer) = AsyncThrowingStream<ChatLine, any Error>.makeStream()
        producer.yield(ChatLine(text: "first"))
        producer.finish(throwing: ProducerFailed())
        do {
            for try await _ in client.chat(body: lines) {}
            XCTFail("the call ended normally although its events failed")
        } catch KitchenSinkError.transport(let underlying) {
            // The producer's own error, not the transfer's "aborted" that it caused.
            XCTAssertTrue(underlying is ProducerFailed, "\(underlying)")
        }
    }
}
