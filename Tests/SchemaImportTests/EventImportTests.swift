import Foundation
import SchemaExport
import SchemaImport
import SchemaModel
import XCTest

/// Issue 28 line 1: OpenAPI 3.1 `webhooks` (and the export's `x-push-events`) import as `events:`.
final class EventImportTests: XCTestCase {
    private func imported(text: String) throws -> (Schema, [String]) {
        let result = OpenAPIImport.importDocument(text: text, file: "document.yaml")
        let schemaText = try XCTUnwrap(result.schema, result.diagnostics.map(\.description).joined(separator: "\n"))
        let schema = try XCTUnwrap(SchemaLoader.load(text: schemaText, file: "imported.yaml").schema, schemaText)
        return (schema, result.diagnostics.map(\.message))
    }

    func testWebhooksBecomeEventsRecognisedByTheirSingleValuedHeader() throws {
        let text = try String(contentsOf: repositoryRoot.appendingPathComponent("Tests/Fixtures/OpenAPI/shop-webhooks-3.1.yaml"), encoding: .utf8)
        let (schema, warnings) = try imported(text: text)
        XCTAssertEqual(schema.events.map(\.name), ["orderPaid", "refundCreated", "ping"])
        let paid = schema.events[0]
        XCTAssertEqual(paid.payload, .named("Order"))
        XCTAssertEqual(paid.recognition, .header("Shop-Event", value: "order.paid"))
        guard case .webhook(let webhook) = paid.delivery else { return XCTFail("\(paid.delivery)") }
        XCTAssertEqual(webhook.method, "POST")
        XCTAssertEqual(webhook.headers.map(\.wireName), ["Shop-Signature", "Shop-Delivery-Attempt"])
        XCTAssertEqual(webhook.headers.map(\.isOptional), [false, true])
        // A $ref'd path item, and `const` as the single value.
        XCTAssertEqual(schema.events[1].recognition, .header("Shop-Event", value: "refund.created"))
        XCTAssertEqual(schema.events[1].payload, .named("Refund"))
        // Nothing but its body tells ping apart: its shape, with the inline payload named after it.
        XCTAssertEqual(schema.events[2].recognition, .shape)
        XCTAssertEqual(schema.events[2].payload, .named("PingPayload"))
        XCTAssertEqual(
            warnings.filter { $0.contains("webhook") },
            ["webhook 'exportReady' has no JSON request body, which an event's payload is: not imported [#/webhooks/export-ready/post]"])
    }

    func testTheExportsEventsImportBackWhole() throws {
        for file in ["Tests/GeneratedModules/KitchenSink/kitchensink.yaml", "Schemas/whitelabelpay.yaml"] {
            let original = try SchemaLoader.loadOrThrow(path: repositoryRoot.appendingPathComponent(file).path)
            let (schema, _) = try imported(text: OpenAPIExport.document(original).text())
            func summary(_ schema: Schema) -> [String] {
                schema.events.map { event in
                    let path: String
                    switch event.delivery {
                    case .push: path = "push"
                    case .webhook(let webhook): path = "\(webhook.method) \(webhook.path ?? "") \(webhook.headers.map(\.wireName))"
                    }
                    return "\(event.name) \(event.payload) \(path) \(event.recognition) \(event.notes.docs ?? "")"
                }.sorted()
            }
            XCTAssertEqual(summary(schema), summary(original), file)
        }
    }
}
