import Foundation
import SchemaImport
import SchemaModel
import XCTest

/// Optional and nullable fields and open enums come in two OpenAPI 3.1 shapes (this project's export
/// before and after issue 13 line 1) and OpenAPI 3.0's `nullable: true`; all import the same way.
final class NullableShapesTests: XCTestCase {
    private func imported(_ properties: String, openapi: String = "3.1.0", file: StaticString = #filePath, line: UInt = #line) throws -> Schema {
        let document = """
            openapi: \(openapi)
            info: { title: Shapes, version: "1" }
            servers: [{ url: "https://api.example.com" }]
            paths: {}
            components:
              schemas:
                Thing:
                  type: object
                  required: [id, note]
                  properties:
            \(properties)
            """
        let result = OpenAPIImport.importDocument(text: document, file: "shapes.yaml")
        let text = try XCTUnwrap(result.schema, result.diagnostics.map(\.description).joined(separator: "\n"), file: file, line: line)
        return try XCTUnwrap(SchemaLoader.load(text: text, file: "shapes.imported.yaml").schema, text, file: file, line: line)
    }

    private func field(_ schema: Schema, _ name: String) -> Field? {
        schema.type(named: "Thing")?.fields.first { $0.wireName == name }
    }

    func testAnyOfNullAndTypeListAndNullableTrueAllReadAsNullable() throws {
        let anyOf = try imported(
            """
                    id: { type: string }
                    note: { anyOf: [{ type: string, maxLength: 5 }, { type: "null" }] }
                    count: { anyOf: [{ type: integer, format: int32 }, { type: "null" }] }
            """)
        let typeList = try imported(
            """
                    id: { type: string }
                    note: { type: [string, "null"], maxLength: 5 }
                    count: { type: [integer, "null"], format: int32 }
            """)
        let nullableTrue = try imported(
            """
                    id: { type: string }
                    note: { type: string, nullable: true, maxLength: 5 }
                    count: { type: integer, format: int32, nullable: true }
            """, openapi: "3.0.3")
        for schema in [anyOf, typeList, nullableTrue] {
            let note = try XCTUnwrap(field(schema, "note"))
            XCTAssertEqual(note.type.description, "string")
            XCTAssertTrue(note.isNullable, "required and nullable")
            XCTAssertFalse(note.isOptional)
            XCTAssertEqual(note.constraints.maxLength, 5)
            let count = try XCTUnwrap(field(schema, "count"))
            XCTAssertEqual(count.type.description, "int32")
            XCTAssertTrue(count.isOptional, "not required")
        }
    }

    func testOpenEnumWithAndWithoutATypedEnumBranch() throws {
        for branch in ["{ enum: [on_hold, active] }", "{ type: string, enum: [on_hold, active] }"] {
            let schema = try imported(
                """
                        id: { type: string }
                        note: { type: string }
                        state: { anyOf: [\(branch), { type: string }], x-enum-varnames: [onHold, active] }
                """)
            let state = try XCTUnwrap(field(schema, "state"))
            guard case .named(let name) = state.type, case .enumeration(let enumeration)? = schema.type(named: name)?.kind else {
                return XCTFail("state is \(state.type), not an enum")
            }
            XCTAssertEqual(enumeration.cases.map(\.name), ["onHold", "active"])
            XCTAssertEqual(enumeration.cases.map(\.value), ["on_hold", "active"])
        }
    }
}
