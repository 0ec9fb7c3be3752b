import Foundation
import SchemaImport
import SchemaModel
import XCTest

/// What the schema language cannot say is a warning at its place (file:line:column and JSON
/// Pointer), and what the importer chose is a `modelled:` note in the written schema.
final class DiagnosticsTests: XCTestCase {
    private let document = """
        openapi: 3.0.3
        info: { title: Pet Shop, version: "2" }
        servers: [{ url: "https://shop.example.com/v2" }, { url: /relative }]
        paths:
          /pets/{pet-id}:
            get:
              parameters:
                - { name: pet-id, in: path, required: true, schema: { type: integer, format: int64 } }
                - { name: session, in: cookie, schema: { type: string } }
                - { name: X-Trace-Id, in: header, schema: { type: string, format: uuid } }
              responses:
                "200":
                  description: The pet.
                  content:
                    application/json:
                      schema:
                        type: object
                        required: [name]
                        properties:
                          name: { type: string, minLength: 1 }
                          weight: { type: number, exclusiveMinimum: 0 }
                "404":
                  description: No such pet.
                  content:
                    application/json:
                      schema: { $ref: "#/components/schemas/Problem" }
              callbacks:
                onAdopted: {}
        components:
          schemas:
            Problem:
              type: object
              properties:
                detail: { type: string, nullable: true }
        """

    func testUnmappableConstructsAreWarningsWithPointersAndChoicesAreModelledNotes() throws {
        let result = OpenAPIImport.importDocument(text: document, file: "shop.yaml")
        let warnings = result.diagnostics.filter { $0.severity == .warning }.map(\.description)
        XCTAssertEqual(
            warnings,
            [
                "shop.yaml:3:58: warning: server URL '/relative' is relative: the schema language needs absolute base URLs; not imported [#/servers/1/url]",
                "shop.yaml:9:11: warning: cookie parameter 'session' cannot be written in the schema language: not imported [#/paths/~1pets~1{pet-id}/get/parameters/1]",
                "shop.yaml:21:61: warning: 'exclusiveMinimum' cannot be written in the schema language: not imported [#/paths/~1pets~1{pet-id}/get/responses/200/content/application~1json/schema/properties/weight/exclusiveMinimum]",
                "shop.yaml:28:9: warning: 'callbacks' cannot be written in the schema language: not imported [#/paths/~1pets~1{pet-id}/get/callbacks]",
            ])
        let schema = try XCTUnwrap(result.schema)
        for note in [
            "modelled: The document's title is 'Pet Shop'. Imported from OpenAPI 3.0.3 by client-generator import.",
            "modelled: \"The document gives no operationId; the name is made from the method and path.\"",
            "modelled: \"Named by the importer: the schema at #/paths/~1pets~1{pet-id}/get/responses/200/content/application~1json/schema is inline in the OpenAPI document.\"",
            "modelled: \"Built by the importer: one case per HTTP error status the operations document.\"",
            "http: \"GET /pets/{petId}\"",
        ] {
            XCTAssertTrue(schema.contains(note), "missing \(note) in\n\(schema)")
        }
        let loaded = try XCTUnwrap(SchemaLoader.load(text: schema, file: "shop.imported.yaml").schema)
        let operation = try XCTUnwrap(loaded.operations.first)
        XCTAssertEqual(operation.name, "getPetsPetId")
        XCTAssertEqual(
            operation.parameters.map { "\($0.location.rawValue) \($0.field.name) \($0.field.wireName) \($0.field.type)" },
            ["path petId petId int", "header traceId X-Trace-Id uuid"])
        XCTAssertEqual(operation.response?.description, "GetPetsPetIdResponse")
        XCTAssertEqual(operation.errors, ["notFound"])
        XCTAssertEqual(loaded.errors?.body?.description, "Problem")
        XCTAssertEqual(loaded.environments.map(\.url), ["https://shop.example.com/v2"])
    }

    /// A `default` response answers every status the operation does not list. The generated client
    /// decodes those as errors with the catalogue's body, so a `default` with that body (or none) is
    /// imported as it is; any other body is reported at its place, never dropped silently.
    func testADefaultResponseTheSchemaCannotSayIsAWarning() throws {
        let text = """
            openapi: 3.1.0
            info: { title: Defaults, version: "1" }
            servers: [{ url: "https://api.example.com" }]
            paths:
              /same:
                get:
                  operationId: sameBody
                  responses:
                    "200": { description: ok, content: { application/json: { schema: { type: string } } } }
                    "404": { description: gone, content: { application/json: { schema: { $ref: "#/components/schemas/Problem" } } } }
                    default: { description: other, content: { application/json: { schema: { $ref: "#/components/schemas/Problem" } } } }
              /bare:
                get:
                  operationId: noBody
                  responses:
                    "204": { description: done }
                    default: { description: Unexpected error }
              /other:
                get:
                  operationId: otherBody
                  responses:
                    "204": { description: done }
                    default:
                      description: other
                      content: { application/json: { schema: { type: object, properties: { reason: { type: string } } } } }
              /only:
                get:
                  operationId: onlyDefault
                  responses:
                    default: { description: any, content: { application/json: { schema: { $ref: "#/components/schemas/Problem" } } } }
            components:
              schemas:
                Problem: { type: object, properties: { detail: { type: string } } }
            """
        let result = OpenAPIImport.importDocument(text: text, file: "defaults.yaml")
        XCTAssertEqual(
            result.diagnostics.map(\.description),
            [
                "defaults.yaml:24:11: warning: the 'default' response (an inline or non-JSON body) cannot be written in the schema language: not imported; statuses the operation does not list are errors decoded with the error catalogue's body (Problem) [#/paths/~1other/get/responses/default]",
                "defaults.yaml:30:18: warning: the 'default' response (Problem) cannot be written in the schema language: a response body needs a status and the operation lists no 2xx; not imported [#/paths/~1only/get/responses/default]",
            ])
        XCTAssertNotNil(result.schema)
    }
}
