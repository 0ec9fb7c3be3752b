import SchemaModel
import XCTest

/// A schema written as JSON is read with the strict JSON parser, not libYAML: libYAML refused a surrogate-pair
/// escape ("found invalid Unicode character escape code") and keys over 1,024 characters, and diagnostics
/// keep their line and column either way.
final class JSONSchemaFileTests: XCTestCase {
    private func schema(docs: String, fieldType: String = "string") -> String {
        """
        {
          "api": "Json",
          "version": "1",
          "environments": { "production": { "url": "https://api.example.com" } },
          "types": {
            "Item": {
              "docs": "\(docs)",
              "fields": { "id": "\(fieldType)" }
            }
          },
          "operations": { "getItem": { "http": "GET /item", "response": "Item" } }
        }
        """
    }

    func testASurrogatePairEscapeInAJSONSchemaLoads() throws {
        let result = SchemaLoader.load(text: schema(docs: "Smiles \\ud83d\\ude00 only."), file: "json.json")
        XCTAssertEqual(result.diagnostics.map(\.description), [])
        XCTAssertEqual(result.schema?.type(named: "Item")?.notes.docs, "Smiles \u{1F600} only.")
    }

    func testAKeyLongerThanYAMLsImplicitKeyLimitLoads() throws {
        let key = String(repeating: "k", count: 1_500)
        let text = schema(docs: "Long.").replacingOccurrences(
            of: "\"operations\"", with: "\"x-notes\": { \"\(key)\": true },\n  \"operations\"")
        let result = SchemaLoader.load(text: text, file: "json.json")
        XCTAssertFalse(result.diagnostics.contains { $0.message.contains("invalid YAML") }, "\(result.diagnostics)")
    }

    func testDiagnosticsOfAJSONSchemaPointAtTheirLineAndColumn() throws {
        let result = SchemaLoader.load(text: schema(docs: "Broken.", fieldType: "Missing"), file: "json.json")
        XCTAssertNil(result.schema)
        let located = try XCTUnwrap(result.diagnostics.first { $0.message.contains("Missing") })
        XCTAssertEqual(located.location?.line, 8)
        XCTAssertEqual(located.location?.column, 25)  // the value "Missing"
    }
}
