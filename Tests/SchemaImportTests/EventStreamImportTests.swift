import Foundation
import SchemaImport
import SchemaModel
import SchemaSandbox
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
