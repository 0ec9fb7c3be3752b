import PayloadValidation
import SchemaModel
import XCTest

/// Issue 28: which of KitchenSink's events a payload is, decided as the generated KitchenSinkEvent decides
/// (header, then field, then shape), for `schema-check --any-event`.
final class EventRecognitionTests: XCTestCase {
    private let recognition = EventRecognition(schema: KitchenSink.schema, validator: PayloadValidator(schema: KitchenSink.schema))

    private func json(_ text: String) throws -> JSON { try JSONParser.parse(text) }

    func testAHeaderThenAFieldThenTheShapeRecognisesTheEvent() throws {
        XCTAssertEqual(recognition.event(of: try json(#"{"orderId":"o-1"}"#), headers: ["x-event-type": "order.shipped"])?.name, "orderShipped")
        XCTAssertEqual(recognition.event(of: try json(#"{"eventType":"TransactionCreatedEvent"}"#))?.name, "transactionCreated")
        XCTAssertEqual(recognition.event(of: try json(#"{"id":3,"text":"Low balance"}"#))?.name, "noticePosted")
        // Without its header an order shipment is none of the events, as for the generated enum.
        XCTAssertNil(recognition.event(of: try json(#"{"orderId":"o-1"}"#)))
    }

    func testARecognisedPayloadIsCheckedAsItsEventAndAnUnknownOneIsAWarning() throws {
        let broken = recognition.issues(of: try json(#"{"eventType":"TransactionCreatedEvent","amount":5}"#), strict: false)
        XCTAssertEqual(broken.event, "transactionCreated")
        XCTAssertTrue(broken.issues.contains { $0.severity == .error && $0.pointer == "/transactionId" }, "\(broken.issues)")
        let unknown = recognition.issues(of: try json(#"{"eventType":"Other"}"#), strict: false)
        XCTAssertNil(unknown.event)
        XCTAssertEqual(unknown.issues.map(\.severity), [.warning])
        XCTAssertEqual(recognition.issues(of: try json("{}"), strict: true).issues.map(\.severity), [.error])
    }
}
