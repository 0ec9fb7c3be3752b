import Foundation
import SchemaImport
import SchemaModel
import XCTest

/// Long chains of components: the importer's walks keep their own stacks (a 20,000-long chain once
/// overflowed the call stack in `TypeTranslator.breakCycles`), and a run of more than 32 `$ref`s in a
/// row is refused as docs/Import.md's Limits say.
final class LongChainTests: XCTestCase {
    /// A JSON document whose components are `S0` … `S<count>`, `S<i>` given by `component(i)`.
    private func document(count: Int, _ component: (Int) -> String) -> String {
        let schemas = (0...count).map { "\"S\($0)\": \(component($0))" }.joined(separator: ",\n")
        return """
            {"openapi": "3.1.0", "info": {"title": "Chain", "version": "1"}, "paths": {},
            "components": {"schemas": {
            \(schemas)
            }}}
            """
    }

    private func reference(_ index: Int) -> String { "{\"$ref\": \"#/components/schemas/S\(index)\"}" }

    private func errors(_ result: OpenAPIImport.Result) -> [String] {
        result.diagnostics.filter { $0.severity == .error }.map(\.description)
    }

    func testTwentyThousandStructsEachHoldingTheNextImport() throws {
        let count = 20_000
        let text = document(count: count) { index in
            index == count ? "{\"type\": \"string\"}" : "{\"type\": \"object\", \"properties\": {\"next\": \(self.reference(index + 1))}}"
        }
        let result = OpenAPIImport.importDocument(text: text, file: "chain.json")
        XCTAssertEqual(errors(result), [])
        XCTAssertEqual(result.typeCount, count + 1)
        let schema = try XCTUnwrap(result.schema)
        XCTAssertTrue(schema.contains("  S19999:\n    fields:\n      next:\n        type: S20000\n        optional: true\n"))
    }

    /// Closing the chain into a ring of optional fields is a recursive type the language keeps as it is.
    func testATwentyThousandLongCycleOfOptionalFieldsIsKept() throws {
        let count = 20_000
        let text = document(count: count - 1) { index in
            "{\"type\": \"object\", \"properties\": {\"next\": \(self.reference((index + 1) % count))}}"
        }
        let result = OpenAPIImport.importDocument(text: text, file: "ring.json")
        XCTAssertEqual(result.diagnostics.map(\.description), [])
        XCTAssertTrue(try XCTUnwrap(result.schema).contains("  S19999:\n    fields:\n      next:\n        type: S0\n        optional: true\n"))
    }

    /// A ring of required fields has no finite JSON: the field closing it becomes json, one warning naming
    /// the cycle with its middle left out.
    func testATwentyThousandLongCycleOfRequiredFieldsIsOpenedAtOneField() throws {
        let count = 20_000
        let text = document(count: count - 1) { index in
            "{\"type\": \"object\", \"required\": [\"next\"], \"properties\": {\"next\": \(self.reference((index + 1) % count))}}"
        }
        let result = OpenAPIImport.importDocument(text: text, file: "ring.json")
        XCTAssertEqual(errors(result), [])
        let warnings = result.diagnostics.filter { $0.severity == .warning }.map(\.message)
        XCTAssertEqual(
            warnings,
            [
                "field 'next' of 'S19999' closes a cycle of required, non-null fields (S0.next -> S1.next -> S2.next -> S3.next -> … 19992 more … -> S19996.next -> S19997.next -> S19998.next -> S19999.next), which no finite JSON satisfies: imported as json [#/components/schemas/S19999]"
            ])
        XCTAssertTrue(try XCTUnwrap(result.schema).contains("  S19999:\n    fields:\n      next: json\n"))
    }

    func testTwentyThousandReferencesInARowAreRefusedNotACrash() {
        let count = 20_000
        let text = document(count: count) { index in index == count ? "{\"type\": \"string\"}" : self.reference(index + 1) }
        let result = OpenAPIImport.importDocument(text: text, file: "refs.json")
        XCTAssertNil(result.schema)
        XCTAssertEqual(
            errors(result),
            [
                "refs.json:3:7: error: $ref chain of 20000 references in a row (S0 -> S1 -> S2 -> S3 -> … 19993 more … -> S19997 -> S19998 -> S19999 -> S20000): import follows at most 32 [#/components/schemas/S0]"
            ])
    }

    /// The limit is 32 `$ref`s in a row, as `OpenAPIDocument.resolve` counts them for parameters and
    /// responses (and as far as the schema loader follows an alias of an alias).
    func testThirtyTwoReferencesInARowImportAndThirtyThreeAreRefused() throws {
        for (count, accepted) in [(32, true), (33, false)] {
            let text = document(count: count) { index in index == count ? "{\"type\": \"string\"}" : self.reference(index + 1) }
            let result = OpenAPIImport.importDocument(text: text, file: "refs.json")
            if accepted {
                XCTAssertEqual(errors(result), [], "\(count)")
                XCTAssertTrue(try XCTUnwrap(result.schema).contains("  S31:\n    type: S32\n  S32:\n    type: string\n"))
            } else {
                XCTAssertNil(result.schema, "\(count)")
                XCTAssertEqual(
                    errors(result),
                    [
                        "refs.json:3:7: error: $ref chain of 33 references in a row (S0 -> S1 -> S2 -> S3 -> … 26 more … -> S30 -> S31 -> S32 -> S33): import follows at most 32 [#/components/schemas/S0]"
                    ])
            }
        }
    }

    /// A struct reached through an alias that leads back to it is a recursive type: kept as it is.
    func testACycleThroughAnAliasIsKept() throws {
        let text = """
            openapi: 3.1.0
            info: { title: Via, version: "1" }
            paths: {}
            components:
              schemas:
                P: { type: object, properties: { x: { $ref: "#/components/schemas/A" } } }
                A: { $ref: "#/components/schemas/Q" }
                Q: { type: object, properties: { y: { $ref: "#/components/schemas/A" } } }
            """
        let result = OpenAPIImport.importDocument(text: text, file: "via.yaml")
        XCTAssertEqual(result.diagnostics.map(\.description), [])
        XCTAssertTrue(try XCTUnwrap(result.schema).contains("  Q:\n    fields:\n      \"y\":\n        type: A\n        optional: true\n"))
    }
}
