import SchemaModel
import TestSupport
import XCTest

/// `stream:` (issue 28: operations answering with a stream of typed events): it loads, and each mistake
/// is one error at its place.
final class StreamDiagnosticsTests: XCTestCase {
    private func operation(_ lines: String) -> String {
        schemaText(operations: "  watch:\n" + lines)
    }

    func testAStreamLoadsWithItsFormatAndEvents() throws {
        let text = operation("    http: GET /watch\n    stream: { format: jsonSequence, events: Item, docs: Each item. }\n")
        let schema = try XCTUnwrap(SchemaLoader.load(text: text, file: "test.yaml").schema)
        let operation = try XCTUnwrap(schema.operation(named: "watch"))
        let stream = try XCTUnwrap(operation.stream)
        // A stream answers 200 (not the 204 of an operation without a response).
        XCTAssertEqual(operation.successStatus, 200)
        XCTAssertEqual(stream.format, .jsonSequence)
        XCTAssertEqual(stream.events, .named("Item"))
        XCTAssertEqual(stream.notes.docs, "Each item.")
        XCTAssertEqual(stream.eventsLocation.line, 19)
    }

    func testAnUnknownEventTypeIsRejectedWithASuggestion() {
        assertSingleError(operation("    http: GET /watch\n    stream: { format: sse, events: Itme }\n"), line: 19, contains: "did you mean 'Item'?")
    }

    func testAnUnknownFormatIsRejectedWithASuggestion() {
        assertSingleError(
            operation("    http: GET /watch\n    stream: { format: jsonLine, events: Item }\n"), line: 19,
            contains: "'format' of the stream of operation 'watch' must be sse, jsonLines, jsonSequence, found 'jsonLine'; did you mean 'jsonLines'?")
    }

    func testEventsMustBeADeclaredType() {
        assertSingleError(
            operation("    http: GET /watch\n    stream: { format: jsonLines, events: \"[Item]\" }\n"), line: 19,
            contains: "'events' of the stream of operation 'watch' must be a declared type")
        assertSingleError(operation("    http: GET /watch\n    stream: { format: jsonLines }\n"), line: 19, contains: "needs 'events'")
    }

    func testAStreamBesideAResponseIsRejected() {
        assertSingleError(
            operation("    http: GET /watch\n    response: Item\n    stream: { format: sse, events: Item }\n"), line: 20,
            contains: "operation 'watch' has 'stream' and 'response'")
    }

    func testAStreamOnHEADIsRejected() {
        assertSingleError(operation("    http: HEAD /watch\n    stream: { format: sse, events: Item }\n"), line: 19, contains: "HEAD answers carry no body")
    }

    func testAnSSEUnionOfEventsNeedsTextTags() {
        let text = schemaText(
            types: """
                  Event:
                    union:
                      discriminator: level
                      variants:
                        info: { type: Item, value: 1 }
                """,
            operations: "  watch:\n    http: GET /watch\n    stream: { format: sse, events: Event }\n")
        assertSingleError(text, line: 23, contains: "is the union 'Event' with integer tags; an SSE event name is text")
    }
}

/// `requestStream:` (issue 28 line 6: a request body of events sent as they are produced): it loads
/// beside `stream:` or `response:`, and each mistake is one error at its place.
final class RequestStreamDiagnosticsTests: XCTestCase {
    private func operation(_ lines: String) -> String {
        schemaText(operations: "  upload:\n" + lines)
    }

    func testARequestStreamLoadsBesideAStreamedAnswer() throws {
        let text = operation(
            "    http: POST /upload\n    requestStream: { format: jsonLines, events: Item, docs: Each item. }\n    stream: { format: jsonLines, events: Item }\n"
        )
        let schema = try XCTUnwrap(SchemaLoader.load(text: text, file: "test.yaml").schema)
        let operation = try XCTUnwrap(schema.operation(named: "upload"))
        let requestStream = try XCTUnwrap(operation.requestStream)
        XCTAssertEqual(requestStream.format, .jsonLines)
        XCTAssertEqual(requestStream.events, .named("Item"))
        XCTAssertEqual(requestStream.notes.docs, "Each item.")
        XCTAssertEqual(requestStream.eventsLocation.line, 19)
        XCTAssertNil(operation.body)
        XCTAssertNotNil(operation.stream)
    }

    func testAnUnknownFormatOrEventTypeIsRejectedWithASuggestion() {
        assertSingleError(
            operation("    http: POST /upload\n    requestStream: { format: jsonLine, events: Item }\n"), line: 19,
            contains: "'format' of the requestStream of operation 'upload' must be sse, jsonLines, jsonSequence, found 'jsonLine'; did you mean 'jsonLines'?")
        assertSingleError(
            operation("    http: POST /upload\n    requestStream: { format: jsonLines, events: Itme }\n"), line: 19, contains: "did you mean 'Item'?")
        assertSingleError(
            operation("    http: POST /upload\n    requestStream: { format: jsonLines, events: \"[Item]\" }\n"), line: 19,
            contains: "'events' of the requestStream of operation 'upload' must be a declared type")
        assertSingleError(
            operation("    http: POST /upload\n    requestStream: { events: Item }\n"), line: 19,
            contains: "'requestStream' of operation 'upload' needs 'format'")
    }

    func testARequestStreamBesideABodyIsRejected() {
        assertSingleError(
            operation("    http: POST /upload\n    body: Item\n    requestStream: { format: jsonLines, events: Item }\n"), line: 20,
            contains: "operation 'upload' has 'requestStream' and 'body'")
    }

    func testARequestStreamOnGETIsRejected() {
        assertSingleError(
            operation("    http: GET /upload\n    requestStream: { format: jsonLines, events: Item }\n"), line: 19,
            contains: "operation 'upload' has 'requestStream' but GET requests carry no body; use POST")
    }

    func testARequestStreamIsNeverRepeatedSoAnIdempotencyKeyOrPagingIsRejected() {
        assertSingleError(
            operation("    http: POST /upload\n    idempotencyKey: Idempotency-Key\n    requestStream: { format: jsonLines, events: Item }\n"), line: 20,
            contains: "operation 'upload' has 'requestStream' and 'idempotencyKey'")
    }

    func testAnSSERequestStreamOfAUnionIsRejected() {
        let text = schemaText(
            types: "  Event:\n    union:\n      variants:\n        item: { type: Item }\n",
            operations: "  upload:\n    http: POST /upload\n    requestStream: { format: sse, events: Event }\n")
        assertSingleError(text, line: 23, contains: "'events' of the SSE requestStream of operation 'upload' is the union 'Event'")
    }
}
