import SchemaModel
import TestSupport
import XCTest

/// `events:` (issue 28: events that arrive outside any call, push notifications and webhooks): they load,
/// and each mistake is one error at its place.
final class EventDiagnosticsTests: XCTestCase {
    /// The test schema with a push payload and its kind, then `events` (whose first event is on line 25).
    private func schema(events: String) -> String {
        schemaText(
            types: """
                  Kind:
                    enum: [paid, failed]
                  Push:
                    fields:
                      aps: json
                      kind: { type: Kind, wire: yp-type }
                      count: int
                """) + "\nevents:\n" + events
    }

    func testEventsLoadWithTheirPayloadDeliveryAndMatch() throws {
        let text = schema(
            events: """
                  paid:
                    docs: A payment went through.
                    payload: Push
                    via: push
                    match: { field: yp-type, value: paid }
                  shipped:
                    payload: Item
                    via: webhook
                    http: PUT /hooks/orders
                    headers:
                      X-Signature: { type: string, docs: HMAC of the body. }
                    match: { header: X-Event-Type, value: order.shipped }
                  counted:
                    payload: Item
                    via: webhook
                    match: { header: X-Event-Type, value: counted }
                """)
        let schema = try XCTUnwrap(SchemaLoader.load(text: text, file: "test.yaml").schema)
        XCTAssertEqual(schema.events.map(\.name), ["paid", "shipped", "counted"])
        let paid = schema.events[0]
        XCTAssertEqual(paid.payload, .named("Push"))
        XCTAssertEqual(paid.recognition, .field("yp-type", value: "paid"))
        XCTAssertEqual(paid.notes.docs, "A payment went through.")
        XCTAssertEqual(paid.location.line, 25)
        XCTAssertEqual(schema.recognisingValue(of: paid), .string("paid"))
        guard case .push = paid.delivery else { return XCTFail("\(paid.delivery)") }
        guard case .webhook(let webhook) = schema.events[1].delivery else { return XCTFail("\(schema.events[1].delivery)") }
        XCTAssertEqual(webhook.method, "PUT")
        XCTAssertEqual(webhook.path, "/hooks/orders")
        XCTAssertEqual(webhook.headers.map(\.wireName), ["X-Signature"])
        XCTAssertEqual(schema.events[1].recognition, .header("X-Event-Type", value: "order.shipped"))
        // Without `http`, a webhook is a POST to the receiver's URL.
        guard case .webhook(let plain) = schema.events[2].delivery else { return XCTFail("\(schema.events[2].delivery)") }
        XCTAssertEqual(plain.method, "POST")
        XCTAssertNil(plain.path)
    }

    func testWithoutAMatchAnEventIsRecognisedByItsShape() throws {
        let text = schema(events: "  paid: { payload: Push, via: push }\n")
        let schema = try XCTUnwrap(SchemaLoader.load(text: text, file: "test.yaml").schema)
        XCTAssertEqual(schema.events.first?.recognition, .shape)
    }

    func testAnUnknownPayloadTypeIsRejectedWithASuggestion() {
        assertSingleError(schema(events: "  paid: { payload: Psuh, via: push }\n"), line: 25, contains: "unknown type 'Psuh'; did you mean 'Push'?")
    }

    func testThePayloadMustBeADeclaredType() {
        assertSingleError(
            schema(events: "  paid: { payload: \"[Push]\", via: push }\n"), line: 25, contains: "'payload' of event 'paid' must be a declared type")
    }

    func testAnUnknownDeliveryIsRejectedWithASuggestion() {
        assertSingleError(
            schema(events: "  paid: { payload: Push, via: webhok }\n"), line: 25,
            contains: "'via' of event 'paid' must be push or webhook, found 'webhok'; did you mean 'webhook'?")
        assertSingleError(schema(events: "  paid: { payload: Push }\n"), line: 25, contains: "event 'paid' needs 'via'")
    }

    func testAPushEventHasNoHTTPOrHeaders() {
        assertSingleError(
            schema(events: "  paid: { payload: Push, via: push, http: POST /hooks }\n"), line: 25, contains: "arrives by push, so it has no 'http'")
        assertSingleError(
            schema(events: "  paid: { payload: Push, via: push, match: { header: X-Type, value: paid } }\n"), line: 25,
            contains: "arrives by push, which has no headers")
    }

    func testAWebhookNeedsAMethodAndAPath() {
        assertSingleError(
            schema(events: "  paid: { payload: Push, via: webhook, http: SEND hooks }\n"), line: 25,
            contains: "'http' of event 'paid' must be a method (POST, PUT, PATCH, GET, DELETE) and optionally a path")
    }

    func testTheMatchingFieldMustBeInThePayload() {
        assertSingleError(
            schema(events: "  paid: { payload: Push, via: push, match: { field: yp-typ, value: paid } }\n"), line: 25,
            contains: "event 'paid' is matched by field 'yp-typ', which payload 'Push' does not have; did you mean 'yp-type'?")
        // The Swift-side name points at the wire name.
        assertSingleError(
            schema(events: "  paid: { payload: Push, via: push, match: { field: kind, value: paid } }\n"), line: 25,
            contains: "its field 'kind' is 'yp-type' on the wire")
    }

    func testTheMatchingValueMustFitTheField() {
        assertSingleError(
            schema(events: "  paid: { payload: Push, via: push, match: { field: yp-type, value: pai } }\n"), line: 25,
            contains: "'pai', which is not a value of 'Kind' (paid, failed); did you mean 'paid'?")
        assertSingleError(
            schema(events: "  paid: { payload: Push, via: push, match: { field: count, value: many } }\n"), line: 25,
            contains: "which a 'int' cannot hold")
        assertSingleError(
            schema(events: "  paid: { payload: Push, via: push, match: { field: aps, value: x } }\n"), line: 25, contains: "which a 'json' cannot hold")
    }

    func testAMatchNeedsAFieldOrAHeaderAndAValue() {
        assertSingleError(
            schema(events: "  paid: { payload: Push, via: push, match: { value: paid } }\n"), line: 25, contains: "needs either 'field'")
        assertSingleError(schema(events: "  paid: { payload: Push, via: push, match: { field: yp-type } }\n"), line: 25, contains: "needs 'value'")
        assertSingleError(schema(events: "  paid: { payload: Push, via: push, match: form }\n"), line: 25, contains: "must be `shape` or a mapping")
    }

    func testTwoEventsRecognisedTheSameWayAreRejected() {
        assertSingleError(
            schema(
                events: """
                      paid: { payload: Push, via: push, match: { field: yp-type, value: paid } }
                      paidAgain: { payload: Push, via: push, match: { field: yp-type, value: paid } }
                    """), line: 26,
            contains: "events 'paid' and 'paidAgain' are both recognised by field 'yp-type' = 'paid'")
        // Header names compare without case, as HTTP does.
        assertSingleError(
            schema(
                events: """
                      one: { payload: Item, via: webhook, match: { header: X-Type, value: a } }
                      two: { payload: Push, via: webhook, match: { header: x-type, value: a } }
                    """), line: 26, contains: "events 'one' and 'two' are both recognised by header 'x-type' = 'a'")
        assertSingleError(
            schema(events: "  one: { payload: Item, via: push }\n  two: { payload: Item, via: webhook }\n"), line: 26,
            contains: "events 'one' and 'two' are both recognised by the shape of 'Item'")
    }

    func testAShapeMatchMayNotSwallowAPayloadOtherEventsMatchByValue() {
        assertSingleError(
            schema(
                events: """
                      paid: { payload: Push, via: push, match: { field: yp-type, value: paid } }
                      other: { payload: Push, via: push }
                    """), line: 26,
            contains: "event 'other' is recognised by the shape of 'Push', which event 'paid' carries too")
    }

    func testAShapeMatchNeedsAStructThatRequiresAField() {
        assertSingleError(
            schema(events: "  any: { payload: Kind, via: push }\n"), line: 25,
            contains: "event 'any' is recognised by its shape, but 'Kind' is not a struct that requires a field")
    }

    func testEventNamesBecomeDistinctCases() {
        assertSingleError(
            schema(
                events: """
                      undocumented: { payload: Push, via: push }
                      undocumented_: { payload: Item, via: push }
                    """), line: 26,
            contains: "event names 'undocumented' and 'undocumented_' both become the Swift name 'undocumented_'")
    }
}
