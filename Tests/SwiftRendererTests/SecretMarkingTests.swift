import SchemaModel
import SwiftRenderer
import TestSupport
import XCTest

/// `secret: true` on fields and parameters: what the generator makes of it (where it is allowed:
/// SchemaModelTests' SecretMarkingDiagnosticsTests).
final class SecretMarkingTests: XCTestCase {
    private let schemaWithSecrets = schemaText(
        types: """
              Login:
                fields:
                  phone: string
                  smsCode: { type: string, wire: code, secret: true }
            """,
        operations: """
              signIn:
                http: POST /sessions
                body: Login
                query:
                  grant: { type: string, optional: true, secret: true }
                headers:
                  pin: { type: string, wire: X-Device-Pin, optional: true, secret: true }
            """)

    func testSecretWireNamesCoverFieldsAndQueryAndHeaderParameters() throws {
        let schema = try XCTUnwrap(SchemaLoader.load(text: schemaWithSecrets, file: "test.yaml").schema)
        XCTAssertEqual(schema.secretWireNames, ["X-Device-Pin", "code", "grant"])
        XCTAssertEqual(schema.type(named: "Login")?.fields.map(\.isSecret), [false, true])
    }

    func testGeneratedCodeCarriesTheSecretNamesAndHidesSecretFieldsFromReflection() throws {
        let schema = try XCTUnwrap(SchemaLoader.load(text: schemaWithSecrets, file: "test.yaml").schema)
        let files = SwiftRenderer.render(schema, schemaFileName: "test.yaml")
        let all = files.map(\.contents).joined(separator: "\n")
        XCTAssertTrue(all.contains(#"secretNames: ["X-Device-Pin", "code", "grant"]"#), "OperationInfo lists the secret names")
        XCTAssertTrue(all.contains(".init(response, decoding: Body.self)\n"), "the error body has no secret field")
        XCTAssertEqual(
            schema.secretWireNames(of: try XCTUnwrap(schema.operation(named: "getItem"))), [],
            "an operation that reaches no secret field hides nothing extra")
        XCTAssertTrue(all.contains("extension Login: CustomReflectable"))
        XCTAssertTrue(all.contains(#".init(self, children: ["phone": self.phone as Any, "smsCode": "<redacted>" as Any], displayStyle: .struct)"#))
        XCTAssertFalse(all.contains("extension Item: CustomReflectable"), "types without secrets keep the default reflection")
    }

    func testSecretNamesFollowTypesThroughArraysMapsAliasesAndUnionsAndReachTheErrorBody() throws {
        let text = schemaText(
            types: """
                  Secretive:
                    fields:
                      pin: { type: string, secret: true }
                  Wrapper:
                    fields:
                      nested: "[string: [Secretive]]"
                  Alias: { type: Wrapper }
                  ErrorBody:
                    fields:
                      message: string
                      answer: { type: string, optional: true, secret: true }
                """,
            operations: """
                  wrapped:
                    http: GET /wrapped
                    response: Alias
                """,
            extra: """
                errors:
                  body: ErrorBody
                  cases:
                    failed: { status: 500 }
                """)
        let schema = try XCTUnwrap(SchemaLoader.load(text: text, file: "test.yaml").schema, diagnostics(text).joined())
        XCTAssertEqual(schema.secretWireNames(of: try XCTUnwrap(schema.operation(named: "wrapped"))), ["pin"])
        let all = SwiftRenderer.render(schema, schemaFileName: "test.yaml").map(\.contents).joined(separator: "\n")
        XCTAssertTrue(all.contains(#".init(response, decoding: Body.self, secretNames: ["answer"])"#))
    }

    func testSchemaWithoutSecretsGeneratesNoSecretArguments() throws {
        let schema = try XCTUnwrap(SchemaLoader.load(text: schemaText(), file: "test.yaml").schema)
        let all = SwiftRenderer.render(schema, schemaFileName: "test.yaml").map(\.contents).joined(separator: "\n")
        XCTAssertFalse(all.contains("secretNames"))
        XCTAssertFalse(all.contains("extension Item: CustomReflectable"), "models without secrets keep the default reflection")
    }
}
