import Foundation
import SchemaImport
import SchemaModel
import XCTest

/// What the importer used to leave out with a warning (issue 27 line 3) now imports as schema language:
/// a component that allows null (github's `announcement-expiration`), null and constraints on array
/// items and map values (box's `filter_fields`, github's gist `files`, netflix's `ArnArray`), and a
/// `oneOf` whose variant allows null or has constraints (openai's `stop`).
final class NullsInsideImportTests: XCTestCase {
    private let document = """
        openapi: 3.0.3
        info: { title: Nulls, version: "1" }
        servers: [{ url: "https://api.example.com" }]
        paths: {}
        components:
          schemas:
            Expiry: { type: string, format: date-time, nullable: true }
            Circle:
              type: object
              required: [radius]
              properties: { radius: { type: number } }
            Thing:
              type: object
              required: [expiry, scores, files, stop]
              properties:
                expiry: { $ref: "#/components/schemas/Expiry" }
                scores: { type: array, items: { type: integer, format: int32, nullable: true, maximum: 100 } }
                files: { type: object, additionalProperties: { allOf: [{ $ref: "#/components/schemas/Circle" }], nullable: true } }
                arns: { type: array, items: { type: string, pattern: "^arn:" } }
                stop:
                  oneOf:
                    - { type: string, nullable: true, maxLength: 20 }
                    - { type: array, items: { type: string }, minItems: 1, maxItems: 4 }
        """

    func testNullAndConstraintsInsideImportWithoutWarnings() throws {
        let result = OpenAPIImport.importDocument(text: document, file: "nulls.yaml")
        let text = try XCTUnwrap(result.schema, result.diagnostics.map(\.description).joined(separator: "\n"))
        XCTAssertEqual(result.diagnostics.map(\.description), [], text)
        let schema = try XCTUnwrap(SchemaLoader.load(text: text, file: "nulls.imported.yaml").schema, text)
        XCTAssertTrue(schema.nullableTypes().contains(.named("Expiry")), text)
        let fields = Dictionary(uniqueKeysWithValues: (schema.type(named: "Thing")?.fields ?? []).map { ($0.wireName, $0) })
        XCTAssertEqual(fields["expiry"]?.isNullable, true, "a use of a nullable component is nullable")
        XCTAssertEqual(fields["scores"]?.constraints.elements?.isNullable, true)
        XCTAssertEqual(fields["scores"]?.constraints.elements?.constraints.maximum, 100)
        XCTAssertEqual(fields["files"]?.constraints.elements?.isNullable, true)
        XCTAssertEqual(fields["files"]?.constraints.elements?.keyword, "values")
        XCTAssertEqual(fields["arns"]?.constraints.elements?.constraints.pattern, "^arn:")
        let stop = try XCTUnwrap(fields["stop"])
        XCTAssertTrue(stop.isNullable, "a variant that allows null makes the union nullable")
        guard case .named(let unionName) = stop.type, case .union(let union)? = schema.type(named: unionName)?.kind else {
            return XCTFail("stop is not a union: \(text)")
        }
        XCTAssertEqual(union.variants.map(\.constraints.maxLength), [20, nil])
        XCTAssertEqual(union.variants.map(\.constraints.maxItems), [nil, 4])
    }
}
