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
        servers: [{ url: "https://shop.example.com/v2" }, { url: relative/v1 }]
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
                "shop.yaml:3:58: warning: server URL 'relative/v1' starts with neither a scheme nor a variable nor '/', so it is no base URL; not imported [#/servers/1/url]",
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
    /// imported as it is; one with another body is a `default` outcome of its own (issue 27 line 3),
    /// and a `default` beside no 2xx answer leaves the operation without a response body, reported.
    func testADefaultResponseWithAnotherBodyIsAnOutcome() throws {
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
            ["defaults.yaml:30:9: warning: no 2xx response: imported without a response body [#/paths/~1only/get/responses]"])
        let schema = try XCTUnwrap(SchemaLoader.load(text: XCTUnwrap(result.schema), file: "defaults.imported.yaml").schema)
        XCTAssertEqual(schema.errors?.body, .named("Problem"), "the body most error responses document")
        XCTAssertNil(schema.operation(named: "sameBody")?.outcomes, "a default with the catalogue's body says nothing more")
        XCTAssertNil(schema.operation(named: "noBody")?.outcomes)
        let outcomes = try XCTUnwrap(schema.operation(named: "otherBody")?.outcomes)
        XCTAssertEqual(outcomes.map(\.name), ["noContent", "other"])
        XCTAssertEqual(outcomes.map(\.status), [.exact(204), .other])
        XCTAssertNil(outcomes[0].body)
        XCTAssertEqual(outcomes[1].body, .named("OtherBodyProblem"))
    }

    /// A `4XX` with the catalogue's body says nothing more; with its own body it is a normal answer of
    /// that class; a `5XX` with its own body is reported (a 5xx is an error, and errors share one body).
    func testStatusClassesBecomeOutcomesOrTheCatalogueBody() throws {
        let text = """
            openapi: 3.1.0
            info: { title: Classes, version: "1" }
            servers: [{ url: "https://api.example.com" }]
            paths:
              /a:
                get:
                  operationId: first
                  responses:
                    "200": { description: ok, content: { application/json: { schema: { type: string } } } }
                    4XX: { description: problem, content: { application/json: { schema: { $ref: "#/components/schemas/Problem" } } } }
              /b:
                get:
                  operationId: second
                  responses:
                    "200": { description: ok, content: { application/json: { schema: { type: string } } } }
                    "404": { description: gone, content: { application/json: { schema: { $ref: "#/components/schemas/Problem" } } } }
                    4XX: { description: odd, content: { application/json: { schema: { $ref: "#/components/schemas/Odd" } } } }
                    5XX: { description: odd, content: { application/json: { schema: { $ref: "#/components/schemas/Odd" } } } }
            components:
              schemas:
                Problem: { type: object, properties: { detail: { type: string } } }
                Odd: { type: object, properties: { reason: { type: string } } }
            """
        let result = OpenAPIImport.importDocument(text: text, file: "classes.yaml")
        XCTAssertEqual(
            result.diagnostics.map(\.description),
            [
                "classes.yaml:18:73: warning: this error body (Odd) differs from the catalogue's body Problem: a 5XX response is an error, and the schema language has one error body, so it is decoded as Problem [#/paths/~1b/get/responses/5XX/content/application~1json/schema]"
            ])
        let schema = try XCTUnwrap(SchemaLoader.load(text: XCTUnwrap(result.schema), file: "classes.imported.yaml").schema)
        XCTAssertEqual(schema.errors?.body, .named("Problem"))
        XCTAssertNil(schema.operation(named: "first")?.outcomes)
        let outcomes = try XCTUnwrap(schema.operation(named: "second")?.outcomes)
        XCTAssertEqual(outcomes.map(\.name), ["ok", "clientError"])
        XCTAssertEqual(outcomes.map(\.status), [.exact(200), .range(4)])
        XCTAssertEqual(outcomes[1].body, .named("Odd"))
        XCTAssertEqual(schema.operation(named: "second")?.errors, ["notFound"])
    }

    /// An error status whose body is not the catalogue's (GitHub's 422 `ValidationError`, SCIM's 400) is a
    /// case with that `body:`, listed by the operations that answer it; nothing is reported or lost.
    func testAnErrorStatusWithAnotherBodyBecomesACaseWithThatBody() throws {
        let text = """
            openapi: 3.0.0
            info: { title: Bodies, version: "1" }
            servers: [{ url: "https://api.example.com" }]
            paths:
              /a:
                get:
                  operationId: scim
                  responses:
                    "200": { description: ok, content: { application/json: { schema: { type: string } } } }
                    "400": { description: scim, content: { application/json: { schema: { $ref: "#/components/schemas/ScimError" } } } }
              /b:
                get:
                  operationId: basic
                  responses:
                    "200": { description: ok, content: { application/json: { schema: { type: string } } } }
                    "400": { description: bad }
                    "404": { description: nf, content: { application/json: { schema: { $ref: "#/components/schemas/BasicError" } } } }
                    "422": { description: invalid, content: { application/json: { schema: { $ref: "#/components/schemas/ValidationError" } } } }
              /c:
                get:
                  operationId: plain
                  responses:
                    "200": { description: ok, content: { application/json: { schema: { type: string } } } }
                    "400": { description: bad, content: { application/json: { schema: { $ref: "#/components/schemas/BasicError" } } } }
            components:
              schemas:
                BasicError: { type: object, properties: { message: { type: string } } }
                ScimError: { type: object, properties: { detail: { type: string } } }
                ValidationError: { type: object, properties: { errors: { type: array, items: { type: string } } } }
            """
        let result = OpenAPIImport.importDocument(text: text, file: "bodies.yaml")
        XCTAssertEqual(result.diagnostics.map(\.description), [])
        let schema = try XCTUnwrap(SchemaLoader.load(text: XCTUnwrap(result.schema), file: "bodies.imported.yaml").schema)
        let catalogue = try XCTUnwrap(schema.errors)
        XCTAssertEqual(catalogue.body, .named("BasicError"))
        XCTAssertEqual(catalogue.cases.map(\.name), ["badRequest", "notFound", "unprocessableContent", "badRequestBasicError"])
        XCTAssertEqual(catalogue.cases.map(\.body), [.named("ScimError"), nil, .named("ValidationError"), .named("BasicError")])
        XCTAssertEqual(schema.operation(named: "scim")?.errors, ["badRequest"])
        XCTAssertEqual(
            schema.operation(named: "basic")?.errors, ["badRequest", "notFound", "unprocessableContent"], "a 400 without a body is the status's first case")
        XCTAssertEqual(schema.operation(named: "plain")?.errors, ["badRequestBasicError"])
    }

    /// Several success responses are outcomes (`responses:`), one per status with its body, so no success
    /// status is lost; a class answer with its own body joins them, and their headers are the operation's.
    func testSeveralSuccessResponsesBecomeOutcomes() throws {
        let text = """
            openapi: 3.0.0
            info: { title: Successes, version: "1" }
            servers: [{ url: "https://api.example.com" }]
            paths:
              /a:
                put:
                  operationId: upsert
                  responses:
                    "200": { description: replaced, content: { application/json: { schema: { $ref: "#/components/schemas/Thing" } } } }
                    "201": { description: created, content: { application/json: { schema: { $ref: "#/components/schemas/Thing" } } } }
                    "204": { description: unchanged, headers: { ETag: { schema: { type: string } } } }
                    "404": { description: nf, content: { application/json: { schema: { $ref: "#/components/schemas/Problem" } } } }
                    4XX: { description: odd, content: { application/json: { schema: { $ref: "#/components/schemas/Odd" } } } }
            components:
              schemas:
                Thing: { type: object, properties: { id: { type: string } } }
                Problem: { type: object, properties: { detail: { type: string } } }
                Odd: { type: object, properties: { reason: { type: string } } }
            """
        let result = OpenAPIImport.importDocument(text: text, file: "successes.yaml")
        XCTAssertEqual(result.diagnostics.map(\.description), [], "the 204's headers are the operation's, read from every normal answer")
        let schema = try XCTUnwrap(SchemaLoader.load(text: XCTUnwrap(result.schema), file: "successes.imported.yaml").schema)
        let upsert = try XCTUnwrap(schema.operation(named: "upsert"))
        let outcomes = try XCTUnwrap(upsert.outcomes)
        XCTAssertEqual(outcomes.map(\.name), ["ok", "created", "noContent", "clientError"])
        XCTAssertEqual(outcomes.map(\.status), [.exact(200), .exact(201), .exact(204), .range(4)])
        XCTAssertEqual(outcomes.map(\.body), [.named("Thing"), .named("Thing"), nil, .named("Odd")])
        XCTAssertEqual(upsert.successStatus, 200)
        XCTAssertEqual(upsert.errors, ["notFound"])
        // Only the 204 declares ETag, so no answer is sure to carry it.
        XCTAssertEqual(upsert.responseHeaders.map { "\($0.wireName) \($0.type) optional: \($0.isOptional)" }, ["ETag string optional: true"])
    }

    /// SwiftPM's registry publishes with a 201 or a 202, each with headers, `Content-Version` a one-value
    /// enum: one header list for both, required only where both require it, the enum read as its text.
    func testHeadersOfSeveralSuccessResponsesAreMergedAndAnEnumHeaderIsItsText() throws {
        let text = """
            openapi: 3.0.0
            info: { title: Registry, version: "1" }
            servers: [{ url: "https://api.example.com" }]
            paths:
              /r:
                put:
                  operationId: publish
                  responses:
                    "201": { description: created, headers: { Content-Version: { $ref: "#/components/headers/version" }, Location: { schema: { type: string } } } }
                    "202": { description: accepted, headers: { Content-Version: { $ref: "#/components/headers/version" }, Retry-After: { required: true, schema: { type: integer } } } }
            components:
              headers:
                version: { required: true, schema: { type: string, enum: ["1"] } }
            """
        let result = OpenAPIImport.importDocument(text: text, file: "registry.yaml")
        XCTAssertEqual(
            result.diagnostics.map(\.description),
            [
                "registry.yaml:9:68: warning: response header 'Content-Version' is an enum, which a response header is not read as: imported as string, its text as sent [#/paths/~1r/put/responses/201/headers/Content-Version] (and 1 more place)"
            ])
        let schema = try XCTUnwrap(SchemaLoader.load(text: XCTUnwrap(result.schema), file: "registry.imported.yaml").schema)
        let publish = try XCTUnwrap(schema.operation(named: "publish"))
        XCTAssertEqual(publish.outcomes?.map(\.status), [.exact(201), .exact(202)])
        XCTAssertEqual(
            publish.responseHeaders.map { "\($0.wireName) \($0.type) optional: \($0.isOptional)" },
            ["Content-Version string optional: false", "Location string optional: true", "Retry-After int optional: true"])
    }
}
