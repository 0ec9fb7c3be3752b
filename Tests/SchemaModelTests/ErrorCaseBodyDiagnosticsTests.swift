import SchemaModel
import TestSupport
import XCTest

/// `body:` on a catalogue case (an operation's error answer whose body is not the catalogue's): what loads,
/// and one error per mistake at its place.
final class ErrorCaseBodyDiagnosticsTests: XCTestCase {
    private let bodies = """
          BasicError:
            fields:
              message: string
          ValidationError:
            fields:
              message: string
              errors: "[string]"
        """

    private func text(cases: String, operations: String = "") -> String {
        schemaText(
            types: bodies, operations: operations,
            extra: """
                errors:
                  body: BasicError
                  cases:
                \(cases)
                """)
    }

    private let listsTheSecond = """
          createIssue:
            http: POST /issues
            response: Item
            errors: [validationFailed]
        """

    func testACaseBodyLoadsAndTheCatalogueBodyStaysTheDefault() throws {
        let source = text(
            cases: """
                    unprocessable: { status: 422 }
                    validationFailed: { status: 422, body: ValidationError }
                """, operations: listsTheSecond)
        let schema = try XCTUnwrap(SchemaLoader.load(text: source, file: "test.yaml").schema, "\(diagnostics(source))")
        let catalogue = try XCTUnwrap(schema.errors)
        XCTAssertEqual(catalogue.body(of: catalogue.cases[0]), .named("BasicError"))
        XCTAssertEqual(catalogue.body(of: catalogue.cases[1]), .named("ValidationError"))
        let createIssue = try XCTUnwrap(schema.operations.first { $0.name == "createIssue" })
        let getItem = try XCTUnwrap(schema.operations.first { $0.name == "getItem" })
        XCTAssertEqual(createIssue.responseBody(status: 422, in: schema), .named("ValidationError"), "the operation's case for 422")
        XCTAssertEqual(getItem.responseBody(status: 422, in: schema), .named("BasicError"), "no errors list: the first case wins")
        XCTAssertEqual(createIssue.responseBody(status: 404, in: schema), .named("BasicError"))
    }

    func testAnUnknownBodyTypeIsReportedAtTheBody() {
        let found = diagnostics(text(cases: "    validationFailed: { status: 422, body: ValidationErorr }"))
        XCTAssertTrue(found.contains { $0.contains("ValidationErorr") && $0.contains("ValidationError") }, "\(found)")
    }

    func testABodyOnAClientSideCaseIsAnError() {
        let found = diagnostics(text(cases: "    offline: { when: [offline], body: ValidationError }"))
        XCTAssertTrue(found.contains { $0.contains("'offline' has 'when' and a 'body'") }, "\(found)")
    }

    func testTwoCasesOfOneStatusNeedTheSecondToHaveABodyOfItsOwn() {
        let same = diagnostics(text(cases: "    a: { status: 422 }\n    b: { status: 422 }"))
        XCTAssertTrue(same.contains { $0.contains("'a' and 'b' are both recognised by status 422 alone") }, "\(same)")
        let sameBody = diagnostics(
            text(cases: "    a: { status: 422 }\n    b: { status: 422, body: BasicError }", operations: "  x: { http: GET /x, errors: [b] }"))
        XCTAssertTrue(sameBody.contains { $0.contains("are both recognised by status 422 alone") }, "the catalogue's body is not one of its own: \(sameBody)")
    }

    func testASecondCaseNoOperationReachesIsAnError() {
        let unreached = diagnostics(
            text(
                cases: "    unprocessable: { status: 422 }\n    validationFailed: { status: 422, body: ValidationError }",
                operations: "  both: { http: GET /both, errors: [unprocessable, validationFailed] }"))
        XCTAssertTrue(unreached.contains { $0.contains("'validationFailed'") && $0.contains("can never match") }, "\(unreached)")
        let byOutcome = diagnostics(
            text(
                cases: "    unprocessable: { status: 422 }\n    validationFailed: { status: 422, body: ValidationError }",
                operations: """
                      check:
                        http: GET /check
                        responses:
                          ok: { status: 200, body: Item }
                          invalid: { status: 422, error: validationFailed }
                    """))
        XCTAssertFalse(byOutcome.contains { $0.contains("error:") }, "an error outcome reaches it: \(byOutcome)")
    }
}
