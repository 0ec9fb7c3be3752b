import SchemaModel
import TestSupport
import XCTest

/// `secret: true` on fields and parameters: where it is allowed (what the generator makes of it:
/// SwiftRendererTests' SecretMarkingTests).
final class SecretMarkingDiagnosticsTests: XCTestCase {
    func testSecretPathParameterIsAnErrorAtItsPlace() {
        let text = schemaText(
            operations: """
                  getByToken:
                    http: GET /tokens/{token}
                    path:
                      token: { type: string, secret: true }
                """)
        assertSingleError(text, line: 20, column: 7, contains: "path parameter 'token' of operation 'getByToken' cannot be secret")
    }

    func testSecretMustBeABoolean() {
        let text = schemaText(
            types: """
                  Other:
                    fields:
                      code: { type: string, secret: "yes" }
                """)
        assertSingleError(text, line: 12, column: 37, contains: "'secret' in field 'code' of type 'Other' must be true or false, found a string")
    }
}
