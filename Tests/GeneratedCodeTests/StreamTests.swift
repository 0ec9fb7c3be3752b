import ClientRuntime
import Foundation
import KitchenSink
import XCTest

/// Issue 28: KitchenSink's streamed operations decode events into the schema's types: SSE event names
/// select the union's variants, an undeclared name is `.undocumented`, never a failure; JSON Lines give
/// one value per line. (Reading as bytes arrive, reconnection and cancellation are tested against the
/// sandbox, SandboxIntegrationTests' StreamsAgainstSandboxTests.)
final class StreamTests: XCTestCase {
    private func client(status: Int = 200, body: String) -> KitchenSinkClient {
        KitchenSinkClient(
            environment: .init(baseURL: URL(string: "https://api.example.com")!),
            transport: FixedAnswer(response: HTTPResponse(status: status, body: Data(body.utf8))))
    }

    func testSSEEventNamesSelectTheVariantsAndAnUnknownNameIsUndocumented() async throws {
        let body = """
            retry: 10
            id: 1
            event: order.created
            data: {"orderId": "o-1",
            data:  "total": 12}

            : a comment
            event: order.refunded
            data: {"orderId": "o-1"}

            id: 3
            event: order.shipped
            data: {"orderId": "o-1", "carrier": "DHL"}


            """
        var events: [ServerSentEvent<OrderEvent>] = []
        // The transport does not stream, so the body is read whole; then the stream reconnects, and
        // the second connection's 204 ends it.
        let transport = Answers([HTTPResponse(status: 200, body: Data(body.utf8)), HTTPResponse(status: 204)])
        let client = KitchenSinkClient(environment: .init(baseURL: URL(string: "https://api.example.com")!), transport: transport)
        for try await event in client.watchOrders(region: "eu") { events.append(event) }
        XCTAssertEqual(events.count, 3)
        XCTAssertEqual(events[0], ServerSentEvent(payload: .created(OrderCreated(orderId: "o-1", total: 12)), name: "order.created", id: "1", retry: 10))
        XCTAssertEqual(events[1].payload, .undocumented(["event": "order.refunded", "data": ["orderId": "o-1"]]))
        XCTAssertEqual(events[1].id, "1")
        XCTAssertEqual(events[2].payload, .shipped(OrderShipped(orderId: "o-1", carrier: "DHL")))
        XCTAssertEqual(events[2].id, "3")
        let requests = transport.requests
        XCTAssertEqual(requests.map { $0.headers["Accept"] }, ["text/event-stream", "text/event-stream"])
        XCTAssertEqual(requests.map { $0.headers["Last-Event-ID"] }, [nil, "3"])
        XCTAssertEqual(requests.first?.url.query, "region=eu")
    }

    func testAKnownEventWhoseDataIsNotItsTypeIsInvalidResponse() async throws {
        let client = client(body: "event: order.created\ndata: {\"orderId\": 7}\n\n")
        do {
            for try await _ in client.watchOrders() {}
            XCTFail("expected a failure")
        } catch let error as KitchenSinkError {
            guard case .invalidResponse = error else { return XCTFail("\(error)") }
        }
    }

    func testTheEventsBeforeOneThatFailsToDecodeAreDeliveredFirst() async throws {
        // One chunk (the transport does not stream) holding a good event and then a bad one: SSE events
        // are decoded one per `next()`, so the good one arrives before the failure ends the stream.
        let client = client(
            body: "event: order.created\ndata: {\"orderId\": \"o-1\", \"total\": 1}\n\nevent: order.created\ndata: {\"orderId\": 7}\n\n")
        var received: [ServerSentEvent<OrderEvent>] = []
        do {
            for try await event in client.watchOrders() { received.append(event) }
            XCTFail("expected a failure")
        } catch let error as KitchenSinkError {
            guard case .invalidResponse = error else { return XCTFail("\(error)") }
        }
        XCTAssertEqual(received.map(\.payload), [.created(OrderCreated(orderId: "o-1", total: 1))])
    }

    func testAnErrorStatusIsTheCatalogueError() async throws {
        let client = client(status: 503, body: "")
        do {
            for try await _ in client.watchOrders() {}
            XCTFail("expected a failure")
        } catch let error as KitchenSinkError {
            guard case .unavailable = error else { return XCTFail("expected unavailable, got \(error)") }
            XCTAssertEqual(error.status, 503)
        }
    }

    func testJSONLinesDecodeOneItemPerLine() async throws {
        // The schema's Item example, written on one line, twice, with a blank line between and no final line feed.
        let line = try encodedText(try parseJSON(schemaExample(type: "Item")))
        let expected = try decodeJSON(Item.self, line)
        let client = client(body: line + "\n\n" + line)
        var items: [Item] = []
        for try await item in client.exportItems() { items.append(item) }
        XCTAssertEqual(items, [expected, expected])
    }
}

/// Answers requests with `responses` in turn (the last one again once they run out), recording them.
private final class Answers: HTTPTransport, @unchecked Sendable {
    private let lock = NSLock()
    private var responses: [HTTPResponse]
    private var recorded: [HTTPRequest] = []

    init(_ responses: [HTTPResponse]) {
        self.responses = responses
    }

    var requests: [HTTPRequest] { lock.withLock { recorded } }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        lock.withLock {
            recorded.append(request)
            return responses.count > 1 ? responses.removeFirst() : responses[0]
        }
    }
}
