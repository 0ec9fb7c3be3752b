@_spi(Generated) import ClientRuntime
import CompileHarness
import Foundation
import SchemaImport
import SchemaModel
import SchemaSandbox
@_spi(Shared) import WireFormat
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Issue 28 line 6: swift-openapi-generator's event-streams example (`text/event-stream`,
/// `application/jsonl` and `application/json-seq` offered without an item schema) imports as a stream,
/// and the sandbox serves the imported schema's events; OpenAPI 3.2's `itemSchema` imports typed.
final class EventStreamImportTests: XCTestCase {
    private func imported(_ path: String) throws -> (Schema, [String]) {
        let result = OpenAPIImport.importDocument(path: repositoryRoot.appendingPathComponent(path).path)
        let text = try XCTUnwrap(result.schema, result.diagnostics.map(\.description).joined(separator: "\n"))
        let schema = try XCTUnwrap(SchemaLoader.load(text: text, file: "imported.yaml").schema, text)
        return (schema, result.diagnostics.map(\.message))
    }

    func testTheExampleImportsAsAStreamAndRunsAgainstTheSandbox() async throws {
        let (schema, warnings) = try imported("Tests/Fixtures/OpenAPI/sog-event-streams.yaml")
        let operation = try XCTUnwrap(schema.operation(named: "getGreetingsStream"))
        let stream = try XCTUnwrap(operation.stream)
        XCTAssertEqual(stream.format, .jsonLines, "the first sequential media type of the document")
        XCTAssertEqual(stream.events, .named("GetGreetingsStreamResponseEvent"))
        XCTAssertTrue(warnings.contains { $0.contains("also offered as application/json-seq, text/event-stream") }, "\(warnings)")
        XCTAssertTrue(warnings.contains { $0.contains("no itemSchema") }, "\(warnings)")

        let sandbox = SandboxServer(schema: schema)
        try await sandbox.start()
        let url = sandbox.baseURL.appendingPathComponent("greetings")
        let (data, response) = try await URLSession.shared.data(from: url)
        XCTAssertEqual((response as? HTTPURLResponse)?.statusCode, 200)
        XCTAssertEqual((response as? HTTPURLResponse)?.value(forHTTPHeaderField: "Content-Type"), "application/jsonl")
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
        XCTAssertEqual(lines.count, 5)
        for line in lines { XCTAssertNoThrow(try JSONSerialization.jsonObject(with: Data(line.utf8), options: [.fragmentsAllowed])) }
        await sandbox.stop()
    }

    func testAnItemSchemaImportsTypedEvents() throws {
        let document = """
            openapi: 3.1.0
            info: { title: Ticker, version: "1" }
            paths:
              /ticks:
                get:
                  operationId: ticks
                  responses:
                    '200':
                      description: Ticks.
                      content:
                        application/json-seq:
                          itemSchema: { $ref: '#/components/schemas/Tick' }
            components:
              schemas:
                Tick:
                  type: object
                  required: [price]
                  properties: { price: { type: number } }
            """
        let result = OpenAPIImport.importDocument(text: document, file: "ticker.yaml")
        let text = try XCTUnwrap(result.schema)
        let schema = try XCTUnwrap(SchemaLoader.load(text: text, file: "ticker.yaml").schema, text)
        let stream = try XCTUnwrap(schema.operation(named: "ticks")?.stream)
        XCTAssertEqual(stream.format, .jsonSequence)
        XCTAssertEqual(stream.events, .named("Tick"))
    }
}

/// Issue 28 line 6: swift-openapi-generator's bidirectional event-streams example (client and server
/// documents are the same text) POSTs a JSON Lines request body and answers JSON Lines: it imports as a
/// request stream and a response stream, its generated client type-checks, and the runtime path the
/// generated method takes sends the events as they come while the sandbox answers each.
final class BidirectionalEventStreamImportTests: XCTestCase {
    private let path = "Tests/Fixtures/OpenAPI/sog-bidirectional-event-streams.yaml"

    func testTheRequestBodyImportsAsARequestStreamWithAWarningNamingTheUnreferencedGreeting() throws {
        let result = OpenAPIImport.importDocument(path: repositoryRoot.appendingPathComponent(path).path)
        let text = try XCTUnwrap(result.schema, result.diagnostics.map(\.description).joined(separator: "\n"))
        let schema = try XCTUnwrap(SchemaLoader.load(text: text, file: "imported.yaml").schema, text)
        let operation = try XCTUnwrap(schema.operation(named: "getGreetingsStream"))
        let requestStream = try XCTUnwrap(operation.requestStream, text)
        XCTAssertEqual(requestStream.format, .jsonLines)
        XCTAssertEqual(requestStream.events, .named("GetGreetingsStreamRequestEvent"))
        XCTAssertEqual(requestStream.notes.docs, "A body with a greetings stream.")
        XCTAssertNil(operation.body)
        XCTAssertEqual(operation.stream?.format, .jsonLines)
        // The document never says its items are Greetings: any JSON, and a warning at the media type that
        // names the candidate instead of a silent guess.
        XCTAssertEqual(schema.type(named: "GetGreetingsStreamRequestEvent").map { "\($0.kind)" }?.contains("json"), true)
        let warning = try XCTUnwrap(result.diagnostics.first { $0.message.contains("request body has no itemSchema") }, "\(result.diagnostics)")
        XCTAssertTrue(warning.message.contains("'Greeting', which nothing references"), warning.message)
        XCTAssertEqual(warning.location?.line, 23, "the request body's application/jsonl media type")
        XCTAssertTrue(result.diagnostics.contains { $0.message.contains("the application/jsonl response has no itemSchema") })
        try CompileHarness.assertCompilesCleanly(text, module: "BidirectionalGreetings")
    }

    func testTheImportedOperationAnswersEachEventAsItArrivesFromTheSandbox() async throws {
        let result = OpenAPIImport.importDocument(path: repositoryRoot.appendingPathComponent(path).path)
        let schema = try XCTUnwrap(SchemaLoader.load(text: try XCTUnwrap(result.schema), file: "imported.yaml").schema)
        let sandbox = SandboxServer(schema: schema)
        try await sandbox.start()
        defer { Task { await sandbox.stop() } }

        // What the generated `getGreetingsStream(body:name:)` does: the events as a streamed body, the
        // answer's body claimed by the transport and read as it arrives. The greetings are produced
        // independently of the answer, as the example's client does in a task group: on Linux the transfer
        // waits with the body for its next event and delivers nothing meanwhile, the answer's head included
        // (docs/SchemaLanguage.md, "Streamed requests").
        let messages = ["Hello, Example!", "Good morning, Example!"]
        let (greetings, producer) = AsyncStream<JSONValue>.makeStream()
        var builder = RequestBuilder(
            operation: OperationInfo(name: "getGreetingsStream", method: .post, pathTemplate: "/greetings", successStatus: 200),
            baseURL: sandbox.baseURL)
        builder.addQuery("name", "Example")
        builder.setEventsBody(greetings, format: .jsonLines)
        let request = try builder.build()
        let reader = Task {
            let answer = StreamedBody()
            let response = try await StreamedBody.$current.withValue(answer) { try await URLSessionTransport().send(request) }
            var lines = JSONLinesParser()
            var texts: [String] = []
            let chunks = answer.makeReader()
            while let chunk = try await chunks.next() {
                try lines.append(chunk) { texts.append(String(decoding: $0, as: UTF8.self)) }
            }
            return (response.status, answer.isClaimed, texts)
        }
        for (index, message) in messages.enumerated() {
            producer.yield(.object(["message": .string(message)]))
            // Each greeting is read by the server before the next is produced: it was sent as it came.
            let deadline = ContinuousClock.now + .seconds(5)
            while sandbox.requestEventCount("getGreetingsStream") < index + 1, ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(10))
            }
            XCTAssertEqual(sandbox.requestEventCount("getGreetingsStream"), index + 1, "the sandbox read '\(message)' before the next was produced")
        }
        producer.finish()
        let (status, streamed, texts) = try await reader.value
        XCTAssertEqual(status, 200)
        XCTAssertTrue(streamed, "the answer streams")
        // Any JSON is a valid answer event, so the sandbox echoes each greeting.
        XCTAssertEqual(texts, messages.map { #"{"message":"\#($0)"}"# })
    }
}
