import Foundation
import SchemaImport
import SchemaModel
import XCTest

/// Stripe-style nested forms, `deepObject` queries holding objects and lists, and multipart bodies with
/// object parts (box's uploads) import as typed schema constructs (docs/Import.md, "Bodies that are not
/// JSON"); what no encoding can carry is still left out at the operation, with a warning.
final class NestedFormImportTests: XCTestCase {
    private func imported(_ paths: String, schemas: String = "{}") throws -> (schema: Schema, warnings: [String]) {
        let text = """
            openapi: 3.0.3
            info: { title: Api, version: "1" }
            servers: [{ url: "https://api.example.com" }]
            paths:
            \(paths)
            components:
              schemas: \(schemas)
            """
        let result = OpenAPIImport.importDocument(text: text, file: "api.yaml")
        let diagnostics = result.diagnostics.map(\.description)
        let written = try XCTUnwrap(result.schema, diagnostics.joined(separator: "\n"))
        let loaded = SchemaLoader.load(text: written, file: "api.imported.yaml")
        XCTAssertEqual(loaded.diagnostics.map(\.description), [], "the written schema lints clean:\n\(written)")
        return (try XCTUnwrap(loaded.schema), diagnostics)
    }

    private func operation(_ schema: Schema, _ name: String) throws -> OperationDefinition {
        try XCTUnwrap(schema.operations.first { $0.name == name }, "no operation \(name)")
    }

    func testANestedFormIsStyleDeepObjectAndAFlatOneWithDeepObjectEncodingsToo() throws {
        let (schema, warnings) = try imported(
            """
              /v1/charges:
                post:
                  operationId: PostCharges
                  requestBody:
                    content:
                      application/x-www-form-urlencoded:
                        schema:
                          type: object
                          required: [amount]
                          properties:
                            amount: { type: integer }
                            card:
                              type: object
                              properties: { number: { type: string }, exp_month: { type: integer } }
                            metadata: { type: object, additionalProperties: { type: string } }
                            items:
                              type: array
                              items: { type: object, properties: { price: { type: string } } }
                        encoding:
                          card: { style: deepObject, explode: true }
                  responses: { "200": { description: ok } }
              /v1/customers:
                post:
                  operationId: PostCustomers
                  requestBody:
                    content:
                      application/x-www-form-urlencoded:
                        schema:
                          type: object
                          properties:
                            expand: { type: array, items: { type: string } }
                        encoding:
                          expand: { style: deepObject, explode: true }
                  responses: { "200": { description: ok } }
              /v1/tokens:
                post:
                  operationId: PostTokens
                  requestBody:
                    content:
                      application/x-www-form-urlencoded:
                        schema: { type: object, properties: { scope: { type: array, items: { type: string } } } }
                  responses: { "200": { description: ok } }
            """)
        XCTAssertEqual(warnings.filter { $0.contains("not imported") && $0.contains("paths") }, [])
        let charge = try XCTUnwrap(try operation(schema, "PostCharges").body)
        XCTAssertEqual(charge.encoding, .form)
        XCTAssertEqual(charge.style, .deepObject)
        XCTAssertEqual(try operation(schema, "PostCustomers").body?.style, .deepObject, "expand[0]=… as the document says")
        XCTAssertNil(try operation(schema, "PostTokens").body?.style, "a flat form stays flat: scope=a&scope=b")
    }

    func testADeepObjectQueryHoldingNestedObjectsAndListsIsKept() throws {
        let (schema, _) = try imported(
            """
              /search:
                get:
                  operationId: search
                  parameters:
                    - name: filter
                      in: query
                      style: deepObject
                      explode: true
                      schema:
                        type: object
                        properties:
                          tags: { type: array, items: { type: string } }
                          price: { type: object, properties: { gte: { type: number } } }
                  responses: { "200": { description: ok } }
            """)
        let filter = try XCTUnwrap(try operation(schema, "search").queryParameters.first)
        XCTAssertEqual(filter.queryStyle, .deepObject)
        XCTAssertTrue(schema.isQueryObject(filter.type))
    }

    func testAMultipartObjectPartIsKeptAndTheFilePartKeepsItsContentType() throws {
        let (schema, warnings) = try imported(
            """
              /files/content:
                post:
                  operationId: uploadFile
                  requestBody:
                    content:
                      multipart/form-data:
                        schema:
                          type: object
                          required: [attributes, file]
                          properties:
                            attributes:
                              type: object
                              required: [name]
                              properties: { name: { type: string }, parent: { type: object, properties: { id: { type: string } } } }
                            note: { type: string }
                            file: { type: string, format: binary }
                        encoding:
                          attributes: { contentType: application/json }
                          note: { contentType: text/plain }
                          file: { contentType: image/png }
                  responses: { "201": { description: ok } }
            """)
        XCTAssertEqual(warnings.filter { $0.contains("not imported") }, [])
        let body = try XCTUnwrap(try operation(schema, "uploadFile").body)
        XCTAssertEqual(body.encoding, .multipart)
        XCTAssertEqual(body.contentType, "image/png")
        XCTAssertEqual(schema.jsonPartFields(of: body).map(\.wireName), ["attributes"])
    }

    func testAFormNoEncodingCanCarryIsLeftOutAtTheOperation() throws {
        let (schema, warnings) = try imported(
            """
              /nodes:
                post:
                  operationId: postNode
                  requestBody:
                    content:
                      application/x-www-form-urlencoded:
                        schema: { $ref: "#/components/schemas/Node" }
                  responses: { "200": { description: ok } }
            """,
            schemas: """

                    Node:
                      type: object
                      properties:
                        children: { type: array, items: { $ref: "#/components/schemas/Node" } }
                        payload: {}
                """)
        XCTAssertNil(schema.operations.first { $0.name == "postNode" })
        XCTAssertTrue(
            warnings.contains {
                $0.contains(
                    "a form body is a struct of primitives, enums, lists, maps and structs of them (no json, union or recursion): operation not imported")
            }, "\(warnings)")
    }
}
