import SchemaModel
import TestSupport
import XCTest

/// Every bad use of the catalogue keys that change the match order (`statusFirst` on a case, `envelope`
/// on the catalogue) is one `file:line:column: error:` at its place, without a second error for it.
final class MatchPrecedenceDiagnosticsTests: XCTestCase {
    private let errorTypes = """
          Failure:
            fields:
              rtCode: string
              resultMessage: { type: string, optional: true }
        """

    private func catalogue(_ cases: String, code: Bool = true, envelope: Bool = false, operations: String = "") -> String {
        schemaText(
            types: errorTypes, operations: operations,
            extra: """
                errors:
                  body: Failure
                \(code ? "  code: rtCode" : "")
                \(envelope ? "  envelope: true" : "")
                  cases:
                \(cases)
                """)
    }

    /// Exactly one error, on the (first) line containing `marker`.
    private func assertOneError(
        _ text: String, at marker: String, contains message: String,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        let markerLine = text.components(separatedBy: "\n").firstIndex { $0.contains(marker) }.map { $0 + 1 }
        guard let markerLine else { return XCTFail("no line contains \(marker)", file: file, line: line) }
        assertSingleError(text, line: markerLine, contains: message, file: file, sourceLine: line)
    }

    func testValidStatusFirstAndEnvelopeLoad() throws {
        let text = catalogue(
            """
                apiFailure: { code: { pattern: "^.+$" } }
                tokenExpired: { status: 401, statusFirst: true }
            """, envelope: true)
        XCTAssertEqual(diagnostics(text), [])
        let catalogue = try XCTUnwrap(SchemaLoader.load(text: text, file: "test.yaml").schema?.errors)
        XCTAssertTrue(catalogue.envelope)
        XCTAssertEqual(catalogue.cases.map(\.statusFirst), [false, true])
    }

    func testStatusFirstWithoutAStatus() {
        assertOneError(
            catalogue(
                """
                    apiFailure: { code: { pattern: "^.+$" } }
                    offline: { when: [offline], statusFirst: true }
                """), at: "offline:", contains: "error 'offline' has 'statusFirst' but no 'status' to be recognised by")
    }

    func testStatusFirstWithACode() {
        assertOneError(
            catalogue(
                """
                    tokenExpired: { code: EXPIRED, status: 401, statusFirst: true }
                """), at: "tokenExpired:", contains: "error 'tokenExpired' has 'statusFirst' and a 'code'")
    }

    func testStatusFirstWithAFamily() {
        assertOneError(
            catalogue(
                """
                    tokenExpired: { code: { prefix: E }, status: 401, statusFirst: true }
                """), at: "tokenExpired:", contains: "error 'tokenExpired' has 'statusFirst' and a 'code'")
    }

    func testStatusFirstThatIsNotABoolean() {
        assertOneError(
            catalogue(
                """
                    tokenExpired: { status: 401, statusFirst: yes please }
                """), at: "tokenExpired:", contains: "'statusFirst' in error 'tokenExpired' must be true or false")
    }

    func testEnvelopeWithoutACodePath() {
        assertOneError(
            catalogue(
                """
                    tokenExpired: { status: 401 }
                """, code: false, envelope: true), at: "envelope:", contains: "'envelope' needs the catalogue's 'code' path")
    }

    func testEnvelopeThatIsNotABoolean() {
        let text = schemaText(
            types: errorTypes,
            extra: """
                errors:
                  body: Failure
                  code: rtCode
                  envelope: sometimes
                  cases:
                    apiFailure: { code: { pattern: "^.+$" } }
                """)
        assertOneError(text, at: "envelope:", contains: "'envelope' in 'errors' must be true or false")
    }

    func testEnvelopeExemptsOperationsWhoseSuccessBodyDeclaresTheCode() throws {
        // A normal answer recognised by its rtCode ("0000") declares the field: envelope leaves it alone.
        let text = catalogue(
            """
                apiFailure: { code: { pattern: "^.+$" } }
            """, envelope: true,
            operations: """
                  check:
                    http: GET /check
                    responses:
                      ok: { status: 200, body: Failure, where: { rtCode: "0000" } }
                      failed: { status: 200, error: apiFailure }
                """)
        XCTAssertEqual(diagnostics(text), [])
        let schema = try XCTUnwrap(SchemaLoader.load(text: text, file: "test.yaml").schema)
        XCTAssertEqual(schema.operationsExemptFromEnvelope, ["check"], "getItem's Item has no rtCode, so only check is exempt")
    }
}
