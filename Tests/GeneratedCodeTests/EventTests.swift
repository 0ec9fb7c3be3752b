import ClientRuntime
import Foundation
import KitchenSink
import XCTest

/// Issue 28: KitchenSink's `events:` become `KitchenSinkEvent`, which recognises a received payload by a
/// field's value, a webhook header or the payload's shape; what it does not recognise is `.undocumented`,
/// never an error.
final class EventTests: XCTestCase {
    private let transaction = #"""
        {"eventType":"TransactionCreatedEvent","transactionId":"00c660a0-c03d-401d-bf77-99df3e6a157f","amount":"12.30",
         "transactionTime":"2021-12-17 12:34:56.793213 +0000 UTC","timestamp":1639744496793,"createdAt":1639744496,
         "cancelledAt":null,"sentAt":"2021-12-17T12:34:56Z"}
        """#

    func testAFieldValueRecognisesAPushPayload() throws {
        let event = try KitchenSinkEvent(payload: Data(transaction.utf8))
        XCTAssertEqual(event, .transactionCreated(try decodeJSON(PushEvent.self, transaction)))
    }

    func testUserInfoIsReadAsTheJSONTheNotificationCarried() throws {
        // What an app is handed: [AnyHashable: Any] at every level, numbers as NSNumber-bridged values.
        let userInfo: [AnyHashable: Any] = [
            "aps": ["content-available": 1] as [AnyHashable: Any], "eventType": "TransactionCreatedEvent",
            "transactionId": "00c660a0-c03d-401d-bf77-99df3e6a157f", "amount": "12.30",
            "transactionTime": "2021-12-17 12:34:56.793213 +0000 UTC", "timestamp": 1_639_744_496_793, "createdAt": 1_639_744_496,
            "cancelledAt": NSNull(), "sentAt": "2021-12-17T12:34:56Z",
        ]
        let event = try KitchenSinkEvent(userInfo: userInfo)
        XCTAssertEqual(event, .transactionCreated(try decodeJSON(PushEvent.self, transaction)))
    }

    func testAWebhookHeaderRecognisesTheEventInAnyCase() throws {
        let body = Data(#"{"orderId":"o-1","carrier":"DHL"}"#.utf8)
        let event = try KitchenSinkEvent(body: body, headers: ["x-event-type": "order.shipped", "X-Signature": "ab12"])
        XCTAssertEqual(event, .orderShipped(OrderShipped(orderId: "o-1", carrier: "DHL")))
        // Without the header nothing says it is an order shipment: the payload alone is undocumented.
        XCTAssertEqual(try KitchenSinkEvent(payload: body), .undocumented(["orderId": "o-1", "carrier": "DHL"]))
    }

    func testAShapeRecognisesAnEventWithoutATag() throws {
        XCTAssertEqual(try KitchenSinkEvent(payload: Data(#"{"id":3,"text":"Low balance"}"#.utf8)), .noticePosted(InfoNotice(id: 3, text: "Low balance")))
    }

    func testAnUnknownEventIsUndocumentedNeverAFailure() throws {
        let unknownType = #"{"eventType":"TransactionReversedEvent","transactionId":"x"}"#
        XCTAssertEqual(
            try KitchenSinkEvent(payload: Data(unknownType.utf8)), .undocumented(["eventType": "TransactionReversedEvent", "transactionId": "x"]))
        XCTAssertEqual(try KitchenSinkEvent(body: Data("[1]".utf8), headers: ["X-Event-Type": "order.lost"]), .undocumented([1]))
        XCTAssertEqual(try KitchenSinkEvent(userInfo: ["aps": [:] as [AnyHashable: Any]]), .undocumented(["aps": [:]]))
    }

    func testARecognisedEventWhosePayloadIsNotItsTypeFailsNamingTheEventNotTheValue() {
        let broken = #"{"eventType":"TransactionCreatedEvent","transactionId":"secret-looking-value"}"#
        XCTAssertThrowsError(try KitchenSinkEvent(payload: Data(broken.utf8))) { error in
            guard let error = error as? EventPayloadError else { return XCTFail("\(error)") }
            XCTAssertEqual(error.event, "transactionCreated")
            XCTAssertTrue(error.description.contains("event 'transactionCreated'"), error.description)
            XCTAssertFalse(error.description.contains("secret-looking-value"), error.description)
        }
    }

    func testAPayloadThatIsNotJSONFails() {
        XCTAssertThrowsError(try KitchenSinkEvent(payload: Data("not json".utf8))) { error in
            XCTAssertNil((error as? EventPayloadError)?.event)
            XCTAssertTrue("\(error)".contains("not JSON"), "\(error)")
        }
        XCTAssertThrowsError(try KitchenSinkEvent(userInfo: [1: "a key that is not text"])) { error in
            XCTAssertTrue("\(error)".contains("a key that is not text"), "\(error)")
        }
        XCTAssertThrowsError(try KitchenSinkEvent(userInfo: ["when": Date()])) { error in
            XCTAssertTrue("\(error)".contains("not JSON"), "\(error)")
        }
    }
}
