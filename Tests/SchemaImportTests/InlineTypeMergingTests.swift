import SchemaImport
import SchemaModel
import XCTest

/// Inline schemas that say the same thing become one type (discourse writes its user object inline in
/// three responses): the later ones are aliases of the first, so every name stays and one type is
/// generated; anything that differs, a doc included, keeps its own type.
final class InlineTypeMergingTests: XCTestCase {
    private func imported(paths: String, schemas: String = "{}") throws -> Schema {
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
        let diagnostics = result.diagnostics.map(\.description).joined(separator: "\n")
        XCTAssertFalse(result.hasErrors, diagnostics)
        let written = try XCTUnwrap(result.schema, diagnostics)
        let loaded = SchemaLoader.load(text: written, file: "api.imported.yaml")
        XCTAssertEqual(loaded.diagnostics.map(\.description), [], "the written schema lints clean")
        return try XCTUnwrap(loaded.schema, written)
    }

    private func aliasTarget(_ name: String, in schema: Schema, file: StaticString = #filePath, line: UInt = #line) -> String? {
        guard let type = schema.type(named: name) else {
            XCTFail("no type \(name)", file: file, line: line)
            return nil
        }
        if case .alias(.named(let target), _) = type.kind { return target }
        return nil
    }

    private func getUser(_ path: String, id: String, addressDocs: String = "Where the user lives.") -> String {
        """
          \(path):
            get:
              operationId: \(id)
              responses:
                "200":
                  description: ok
                  content:
                    application/json:
                      schema:
                        type: object
                        required: [user]
                        properties:
                          user:
                            type: object
                            required: [id]
                            properties:
                              id: { type: integer }
                              name: { type: string, maxLength: 40 }
                              address:
                                description: \(addressDocs)
                                type: object
                                properties:
                                  city: { type: string }
        """
    }

    func testTheSameInlineObjectsAreOneTypeWithEveryNameKept() throws {
        let schema = try imported(paths: getUser("/users/me", id: "getUser") + "\n" + getUser("/users/by-email", id: "getUserByEmail"))
        // The nested objects merge first, which makes their parents the same, then the responses.
        XCTAssertEqual(aliasTarget("GetUserByEmailResponse", in: schema), "GetUserResponse")
        XCTAssertEqual(aliasTarget("GetUserByEmailResponseUser", in: schema), "GetUserResponseUser")
        XCTAssertEqual(aliasTarget("GetUserByEmailResponseUserAddress", in: schema), "GetUserResponseUserAddress")
        XCTAssertNil(aliasTarget("GetUserResponse", in: schema), "the first keeps its definition")
        let response = try XCTUnwrap(schema.operations.first { $0.name == "getUserByEmail" }?.response)
        XCTAssertEqual("\(response)".contains("GetUserByEmailResponse"), true, "the operation still names its own type: \(response)")
    }

    func testAnythingThatDiffersKeepsItsOwnType() throws {
        // Only the nested object's doc differs: neither it nor the objects holding it merge.
        let schema = try imported(
            paths: getUser("/users/me", id: "getUser") + "\n" + getUser("/users/by-email", id: "getUserByEmail", addressDocs: "The postal address."))
        XCTAssertNil(aliasTarget("GetUserByEmailResponseUserAddress", in: schema))
        XCTAssertNil(aliasTarget("GetUserByEmailResponseUser", in: schema))
        XCTAssertNil(aliasTarget("GetUserByEmailResponse", in: schema))
    }

    func testComponentsAreNeverMerged() throws {
        let schema = try imported(
            paths: "  {}",
            schemas: """
                {
                    Left: { type: object, properties: { id: { type: integer } } },
                    Right: { type: object, properties: { id: { type: integer } } }
                  }
                """)
        XCTAssertNil(aliasTarget("Left", in: schema))
        XCTAssertNil(aliasTarget("Right", in: schema))
    }
}
