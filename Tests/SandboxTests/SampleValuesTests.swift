import Foundation
import SchemaModel
import XCTest

@testable import SchemaSandbox

/// `SampleValues`: what a caller without examples sends (the corpus run's drivers, issue 27 line 4). A
/// request built from them must pass the sandbox's own validation, constraints and all.
final class SampleValuesTests: XCTestCase {
    static let schemaText = """
        api: Orders
        version: "1.0"
        environments:
          local: { url: "http://127.0.0.1/api" }
        types:
          Order:
            fields:
              item: { type: string, minLength: 8 }
              quantity: { type: int32, minimum: 3 }
              commit: { type: string, minLength: 40, maxLength: 40, pattern: "^[0-9a-fA-F]+$" }
              note: { type: string, optional: true }
        operations:
          placeOrder:
            http: POST /shops/{shop}/orders
            path:
              shop: { type: string, pattern: "^[a-z]{2}-[0-9]{3}$", example: "ab-123" }
            query:
              count: { type: int32, minimum: 5 }
              tags: "[string]"
              code: { type: string, minLength: 10 }
              account: { type: string, pattern: "^\\\\d{12}$" }
            headers:
              requestId: uuid
            body: Order
            response: Order
        """

    func testARequestBuiltFromSampleValuesPassesTheSandboxsValidation() async throws {
        let loaded = SchemaLoader.load(text: Self.schemaText, file: "orders.yaml")
        let schema = try XCTUnwrap(loaded.schema, "\(loaded.diagnostics)")
        let operation = try XCTUnwrap(schema.operations.first)
        let samples = SampleValues(schema: schema)
        func parameter(_ name: String) throws -> String {
            let field = try XCTUnwrap((operation.pathParameters + operation.queryParameters + operation.headerParameters).first { $0.name == name })
            return samples.json(for: field)
        }
        // The field's example where the constraint (a pattern) cannot be met otherwise; the minimum; a list of one.
        XCTAssertEqual(try parameter("shop"), #""ab-123""#)
        XCTAssertEqual(try parameter("count"), "5")
        XCTAssertEqual(try parameter("tags"), #"["sample"]"#)
        XCTAssertEqual(try parameter("account"), #""000000000000""#, "a text the pattern accepts")
        let body = samples.json(of: try XCTUnwrap(operation.body?.type))
        let order = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any])
        XCTAssertEqual(Set(order.keys), ["item", "quantity", "commit"], "required fields only")
        XCTAssertEqual(order["commit"] as? String, String(repeating: "0", count: 40), "a pattern's text as long as minLength asks (GitHub's commit_sha)")

        func text(_ json: String) throws -> String {
            let value = try JSONSerialization.jsonObject(with: Data(json.utf8), options: [.fragmentsAllowed])
            return (value as? [Any])?.first.map { "\($0)" } ?? "\(value)"
        }
        var components = URLComponents()
        components.path = "/shops/\(try text(try parameter("shop")))/orders"
        components.queryItems = try ["count", "tags", "code", "account"].map { URLQueryItem(name: $0, value: try text(try parameter($0))) }
        let header = try XCTUnwrap(operation.headerParameters.first)
        let sandbox = try await Running.start(schema)
        let response = try await sandbox.client.send(
            "POST", try XCTUnwrap(components.string),
            headers: ["Content-Type": "application/json", header.wireName: try text(samples.json(for: header))], body: Data(body.utf8))
        await sandbox.stop()
        XCTAssertEqual(response.status, 200, response.text)
    }

    /// Patterns of the corpus documents (SwiftPM's registry, ConsoleMe) and the constructs they use.
    func testAPatternsSampleIsATextThePatternAccepts() {
        let semver =
            #"^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-((?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?(?:\+([0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*))?$"#
        XCTAssertEqual(PatternSample.text(matching: semver), "0.0.0")
        XCTAssertEqual(PatternSample.text(matching: #"\A[a-zA-Z\d](?:[a-zA-Z\d]|-(?=[a-zA-Z\d])){0,38}\z"#), "a", "anchors and lookaheads add nothing")
        XCTAssertEqual(PatternSample.text(matching: #"^(\d{12}|ou-[0-9a-z]{4,32}-[a-z0-9]{8,32})$"#), "000000000000")
        XCTAssertEqual(PatternSample.text(matching: #"^ou-[0-9a-z]{4,32}$"#), "ou-0000")
        XCTAssertEqual(PatternSample.text(matching: #"^[^a0]+\.json$"#), "A.json", "a negated class: a character it does not exclude")
        XCTAssertEqual(PatternSample.text(matching: #"^(?<year>\d{4})-\d{2}$"#), "0000-00")
        // A minimum length: quantifiers that allow more repeat their atom, first to last; one that cannot gives nothing.
        XCTAssertEqual(PatternSample.text(matching: "^[0-9a-fA-F]+$", minimumLength: 40), String(repeating: "0", count: 40))
        XCTAssertEqual(PatternSample.text(matching: #"^ou-[0-9a-z]{4,6}-[a-z]*$"#, minimumLength: 12), "ou-000000-aa")
        XCTAssertEqual(PatternSample.text(matching: #"^(ab)+$"#, minimumLength: 5), "ababab", "a group repeats whole")
        XCTAssertNil(PatternSample.text(matching: #"^\d{2,3}$"#, minimumLength: 5), "no quantifier reaches it: the caller's fallback decides")
        XCTAssertNil(PatternSample.text(matching: "^a+$", minimumLength: .max), "a stretch is bounded: no such text is written")
        XCTAssertEqual(PatternSample.text(matching: "^a+$", minimumLength: 10_000)?.count, 10_000)
        XCTAssertNil(PatternSample.text(matching: #"^\p{Lu}+$"#), "what the walk does not follow gives nothing, never a wrong text")
        XCTAssertNil(PatternSample.text(matching: #"^(a"#))
        XCTAssertNil(PatternSample.text(matching: String(repeating: "(", count: 100_000) + "a" + String(repeating: ")", count: 100_000)), "nesting is bounded")
    }
}
