import ClientRuntime
import Foundation
import KitchenSink
import SchemaSandbox
import TestHTTPServer
import XCTest

/// Issue 28 line 4 (events): the sandbox delivers a webhook event from the schema to a receiver on
/// 127.0.0.1, with the event's method, path and headers, and the receiver recognises it with the
/// generated `KitchenSinkEvent(body:headers:)`.
final class EventsAgainstSandboxTests: KitchenSinkSandboxTestCase {
    func testTheSandboxDeliversAWebhookThatTheGeneratedEnumRecognises() async throws {
        sandbox = try await SandboxFixture.start(kitchenSink)
        let receiver = try TestHTTPServer { _ in .init(status: 204) }
        defer { receiver.shutdown() }
        let answer = try await sandbox.deliverEvent("orderShipped", to: receiver.baseURL.appendingPathComponent("merchant"))
        XCTAssertEqual(answer.status, 204)
        let request = try XCTUnwrap(receiver.receivedRequests.first)
        XCTAssertEqual(request.method, "POST")
        XCTAssertEqual(request.path, "/merchant/hooks/orders")
        XCTAssertEqual(request.headers["content-type"], "application/json")
        XCTAssertEqual(request.headers["x-event-type"], "order.shipped")
        XCTAssertEqual(request.headers["x-signature"], "sandbox", "a value for the declared header")
        let headers = HTTPHeaders(request.headers.map { (name: $0.key, value: $0.value) })
        let event = try KitchenSinkEvent(body: request.body, headers: headers)
        guard case .orderShipped(let shipped) = event else { return XCTFail("\(event)") }
        XCTAssertFalse(shipped.orderId.isEmpty)
    }

    func testAGivenPayloadIsSentAndAPushEventIsNoRequest() async throws {
        sandbox = try await SandboxFixture.start(kitchenSink)
        let url = try XCTUnwrap(URL(string: "http://127.0.0.1:9/"))
        let request = try sandbox.webhookRequest(for: "orderShipped", to: url, payload: .object([.init(key: "orderId", value: .string("o-7"))]))
        XCTAssertEqual(request.url.absoluteString, "http://127.0.0.1:9/hooks/orders")
        XCTAssertEqual(
            try KitchenSinkEvent(body: try XCTUnwrap(request.body), headers: request.headers), .orderShipped(OrderShipped(orderId: "o-7")))
        XCTAssertThrowsError(try sandbox.webhookRequest(for: "transactionCreated", to: url)) { error in
            XCTAssertEqual(error as? SandboxEventError, .notAWebhook("transactionCreated"))
        }
        XCTAssertThrowsError(try sandbox.webhookRequest(for: "orderShiped", to: url)) { error in
            XCTAssertEqual(error as? SandboxEventError, .unknownEvent("orderShiped"))
        }
    }
}
