import SchemaModel
import TestSupport
import XCTest

/// Every bad use of the v2 error catalogue keys (code families, `when`) and of operation outcomes
/// (`responses:`) is one `file:line:column: error:` at its place, without a second error for it.
final class ErrorCatalogueAndOutcomeDiagnosticsTests: XCTestCase {
    private let errorTypes = """
          ErrorBody:
            fields:
              code: string
          Envelope:
            fields:
              rtCode: string
        """

    private func catalogue(_ cases: String, codePath: Bool = true) -> String {
        schemaText(
            types: errorTypes,
            extra: """
                errors:
                  body: ErrorBody
                \(codePath ? "  code: code" : "")
                  cases:
                    \(codePath ? "known: { code: KNOWN, status: 400 }" : "known: { status: 400 }")
                \(cases)
                """)
    }

    private func outcomes(_ operation: String) -> String {
        schemaText(
            types: errorTypes, operations: operation,
            extra: """
                errors:
                  body: ErrorBody
                  code: code
                  cases:
                    failed: { code: FAILED }
                    offline: { when: [offline] }
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
        XCTAssertFalse(diagnostics(text).joined().contains("''"), "an empty value was printed", file: file, line: line)
    }

    func testValidFamiliesConditionsAndOutcomesLoad() {
        let text = outcomes(
            """
              checkDevice:
                http: GET /devices
                responses:
                  registered: { status: 200, body: Envelope, where: { rtCode: "0000" } }
                  blocked: { status: 200, error: failed, where: { rtCode: [E1, E2] } }
                  other: { status: 200, error: failed }
                  notRegistered: { status: 404 }
            """)
        XCTAssertEqual(diagnostics(text), [])
        let schema = SchemaLoader.load(text: text, file: "test.yaml").schema
        let operation = schema?.operation(named: "checkDevice")
        XCTAssertEqual(operation?.outcomes?.map(\.name), ["registered", "blocked", "other", "notRegistered"])
        XCTAssertEqual(operation?.response, .named("Envelope"), "the first success outcome stands in for the shorthand")
        XCTAssertEqual(operation?.successStatus, 200)
        XCTAssertEqual(
            diagnostics(
                catalogue(
                    """
                        family: { code: { pattern: "^A[0-9]{5}$" }, retryable: true }
                        prefixed: { code: { prefix: B }, retryable: false }
                        timeout: { when: [timeout] }
                    """)), [])
    }

    // MARK: Code families

    func testUnparseablePatternIsReported() {
        assertOneError(
            catalogue("    broken: { code: { pattern: \"^A[0-9\" } }"), at: "broken:",
            contains: "the code pattern of error 'broken' is not a valid regular expression: ^A[0-9")
    }

    func testDuplicatePrefixIsReported() {
        assertOneError(
            catalogue("    first: { code: { prefix: B } }\n    second: { code: { prefix: B } }"), at: "second:",
            contains: "errors 'first' and 'second' match the same prefix 'B'")
    }

    func testDuplicatePatternIsReported() {
        assertOneError(
            catalogue("    first: { code: { pattern: \"^A\" } }\n    second: { code: { pattern: \"^A\" } }"), at: "second:",
            contains: "errors 'first' and 'second' match the same pattern '^A'")
    }

    func testDuplicateExactCodeIsStillReported() {
        assertOneError(
            catalogue("    again: { code: KNOWN }"), at: "again:",
            contains: "errors 'known' and 'again' have the same code 'KNOWN'")
    }

    func testEmptyPrefixIsReported() {
        assertOneError(
            catalogue("    everything: { code: { prefix: \"\" } }"), at: "everything:",
            contains: "'prefix' of error 'everything' is empty")
    }

    func testPrefixAndPatternTogetherAreReported() {
        assertOneError(
            catalogue("    both: { code: { prefix: A, pattern: \"^A\" } }"), at: "both:",
            contains: "has both 'prefix' and 'pattern'")
    }

    func testFamilyWithoutPrefixOrPatternIsReported() {
        assertOneError(catalogue("    neither: { code: { } }"), at: "neither:", contains: "needs 'prefix' or 'pattern'")
        assertOneError(catalogue("    typo: { code: { prefx: A } }"), at: "typo:", contains: "unknown key 'prefx'")
    }

    func testFamilyWithoutCodePathIsReported() {
        assertOneError(
            catalogue("    family: { code: { prefix: A } }", codePath: false), at: "family:",
            contains: "error 'family' matches a family of codes, but 'errors' has no 'code' path")
    }

    // MARK: Client-side cases

    func testUnknownConditionIsReportedWithASuggestion() {
        let text = catalogue("    offline: { when: [ofline] }")
        assertOneError(
            text, at: "offline:",
            contains:
                "'when' of error 'offline' lists 'ofline', which is not a client-side condition (offline, timeout, noCredential, credentialRejected); did you mean 'offline'?"
        )
    }

    func testConditionWithCodeOrStatusIsReported() {
        assertOneError(
            catalogue("    mixed: { when: [offline], status: 503 }"), at: "mixed:",
            contains: "error 'mixed' has 'when', so it stands for failures without a response; it cannot also have a 'code' or 'status'")
    }

    func testConditionClaimedTwiceIsReported() {
        assertOneError(
            catalogue("    first: { when: [timeout] }\n    second: { when: [offline, timeout] }"), at: "second:",
            contains: "errors 'first' and 'second' both claim the client-side condition 'timeout'")
    }

    // MARK: Outcomes

    func testResponsesWithTheShorthandIsReported() {
        assertOneError(
            outcomes(
                """
                  check:
                    http: GET /check
                    response: Envelope
                    responses:
                      ok: { status: 200, body: Envelope }
                """), at: "response: Envelope", contains: "operation 'check' has both 'responses' and 'response'")
    }

    func testOutcomeWithoutStatusIsReported() {
        assertOneError(
            outcomes(
                """
                  check:
                    http: GET /check
                    responses:
                      ok: { body: Envelope }
                """), at: "ok:", contains: "outcome 'ok' of operation 'check' needs a 'status'")
    }

    func testOutcomeNamingAnUnknownErrorIsReported() {
        assertOneError(
            outcomes(
                """
                  check:
                    http: GET /check
                    responses:
                      bad: { status: 200, error: faild, where: { rtCode: E1 } }
                      ok: { status: 200, body: Envelope }
                """), at: "bad:", contains: "outcome 'bad' of operation 'check' names an unknown error 'faild'; did you mean 'failed'?")
    }

    func testOutcomeNamingAClientSideErrorIsReported() {
        assertOneError(
            outcomes(
                """
                  check:
                    http: GET /check
                    responses:
                      ok: { status: 200, body: Envelope, where: { rtCode: "0000" } }
                      bad: { status: 200, error: offline }
                """), at: "bad:", contains: "names error 'offline', which stands for failures without a response")
    }

    func testShadowedOutcomeIsReported() {
        assertOneError(
            outcomes(
                """
                  check:
                    http: GET /check
                    responses:
                      ok: { status: 200, body: Envelope }
                      blocked: { status: 200, error: failed, where: { rtCode: E1 } }
                """), at: "blocked:", contains: "outcome 'blocked' of operation 'check' can never match: 'ok' before it takes every 200 response")
    }

    func testConditionOnAnUnknownFieldIsReported() {
        assertOneError(
            outcomes(
                """
                  check:
                    http: GET /check
                    responses:
                      ok: { status: 200, body: Envelope, where: { rtCod: "0000" } }
                      other: { status: 200, error: failed }
                """), at: "ok:", contains: "'Envelope' has no field 'rtCod'; did you mean 'rtCode'?")
    }

    func testConditionWithoutABodyIsReported() {
        assertOneError(
            outcomes(
                """
                  check:
                    http: GET /check
                    responses:
                      ok: { status: 204, where: { rtCode: "0000" } }
                """), at: "ok:", contains: "outcome 'ok' of operation 'check' has a 'where' but no 'body' to look in")
    }

    func testConditionValueMustBeAScalar() {
        assertOneError(
            outcomes(
                """
                  check:
                    http: GET /check
                    responses:
                      ok: { status: 200, body: Envelope, where: { rtCode: { not: "0000" } } }
                """), at: "ok:", contains: "compares 'rtCode' with a mapping; write a value or a list of values")
    }

    func testServerErrorAsANormalAnswerIsReported() {
        assertOneError(
            outcomes(
                """
                  check:
                    http: GET /check
                    responses:
                      ok: { status: 200 }
                      down: { status: 503 }
                """), at: "down:", contains: "outcome 'down' of operation 'check' is a normal answer, so its status must be 2xx or 4xx, found 503")
    }

    func testOnlyErrorOutcomesIsReported() {
        assertOneError(
            outcomes(
                """
                  check:
                    http: GET /check
                    responses:
                      bad: { status: 200, error: failed }
                """), at: "check:", contains: "operation 'check' declares only error outcomes")
    }

    func testPaginationWithOutcomesIsReported() {
        assertOneError(
            outcomes(
                """
                  check:
                    http: GET /check
                    query: { page: { type: int32, default: 1 } }
                    responses:
                      ok: { status: 200, body: Envelope }
                    paginate: { style: page, items: rtCode, page: page }
                """), at: "paginate:", contains: "operation 'check' has 'paginate' and several outcomes")
    }

    func testTypeNamedLikeTheOutcomeEnumIsReported() {
        let text = schemaText(
            types: errorTypes + "\n  CheckOutcome:\n    fields:\n      id: string",
            operations: """
                  check:
                    http: GET /check
                    responses:
                      ok: { status: 200, body: Envelope }
                """)
        assertOneError(
            text, at: "CheckOutcome:", contains: "type 'CheckOutcome' has the name of the generated outcome enum of operation 'check', 'CheckOutcome'")
    }

    func testOutcomeNameThatIsNotAnIdentifierIsReported() {
        assertOneError(
            outcomes(
                """
                  check:
                    http: GET /check
                    responses:
                      ok: { status: 200, body: Envelope }
                      not-registered: { status: 404 }
                """), at: "not-registered:", contains: "outcome name 'not-registered' cannot be a Swift identifier")
    }

    func testEmptyValuesAreReportedWithoutPrintingThem() {
        assertOneError(catalogue("    nothing: { when: [] }"), at: "nothing:", contains: "'when' of error 'nothing' is an empty list")
        assertOneError(
            outcomes(
                """
                  check:
                    http: GET /check
                    responses:
                      ok: { status: 200, body: Envelope, where: { "": "0" } }
                """), at: "ok:", contains: "'where' of outcome 'ok' of operation 'check' has an empty path")
        assertOneError(
            outcomes(
                """
                  check:
                    http: GET /check
                    responses:
                      ok: { status: 200, body: Envelope, where: { rtCode: "0" } }
                      bad: { status: 200, error: "" }
                """), at: "bad:", contains: "'error' of outcome 'bad' of operation 'check' is empty")
    }

    // MARK: Status classes and default (issue 27 line 3)

    func testStatusClassesAndDefaultLoadAndAreTriedExactThenClassThenDefault() {
        let text = outcomes(
            """
              fetch:
                http: GET /fetch
                responses:
                  other: { status: default, body: ErrorBody }
                  clientError: { status: 4XX, body: ErrorBody }
                  accepted: { status: 2XX }
                  ok: { status: 200, body: Envelope }
                  missing: { status: 404 }
                  down: { status: 5XX, error: failed }
            """)
        XCTAssertEqual(diagnostics(text), [])
        let operation = SchemaLoader.load(text: text, file: "test.yaml").schema?.operation(named: "fetch")
        let outcomes = operation?.outcomes ?? []
        XCTAssertEqual(outcomes.map(\.status), [.other, .range(4), .range(2), .exact(200), .exact(404), .range(5)])
        XCTAssertEqual(outcomes.inPrecedenceOrder.map(\.name), ["ok", "missing", "clientError", "accepted", "down", "other"])
        XCTAssertEqual(outcomes.candidates(for: 404).map(\.name), ["missing", "clientError", "other"])
        XCTAssertEqual(outcomes.candidates(for: 418).map(\.name), ["clientError", "other"])
        XCTAssertEqual(outcomes.candidates(for: 302).map(\.name), ["other"])
        XCTAssertEqual(operation?.response, .named("Envelope"), "the exact 200 stands in for the shorthand, not the 2XX written before it")
        XCTAssertEqual(operation?.successStatus, 200)
        XCTAssertEqual(operation?.responseBody(status: 418, in: SchemaLoader.load(text: text, file: "t").schema!), .named("ErrorBody"))
    }

    func testStatusThatIsNeitherAStatusNorAClassIsReported() {
        assertOneError(
            outcomes(
                """
                  check:
                    http: GET /check
                    responses:
                      ok: { status: 200 }
                      moved: { status: 3XX, error: failed }
                """), at: "moved:",
            contains: "'status' of outcome 'moved' of operation 'check' must be an HTTP status 100–599, a class (2XX, 4XX, 5XX) or default, found '3XX'")
        assertOneError(
            outcomes(
                """
                  check:
                    http: GET /check
                    responses:
                      ok: { status: 200 }
                      bad: { status: 4xx }
                """), at: "bad:", contains: "found '4xx'; did you mean '4XX'?")
    }

    func testServerErrorClassAsANormalAnswerIsReported() {
        assertOneError(
            outcomes(
                """
                  check:
                    http: GET /check
                    responses:
                      ok: { status: 200 }
                      down: { status: 5XX }
                """), at: "down:", contains: "outcome 'down' of operation 'check' is a normal answer, so its status must be 2xx or 4xx, found 5XX")
    }

    func testSecondOutcomeOfTheSameClassIsReported() {
        assertOneError(
            outcomes(
                """
                  check:
                    http: GET /check
                    responses:
                      ok: { status: 200 }
                      clientError: { status: 4XX }
                      also: { status: 4XX, error: failed }
                """), at: "also:", contains: "outcome 'also' of operation 'check' can never match: 'clientError' before it takes every 4XX response")
        assertOneError(
            outcomes(
                """
                  check:
                    http: GET /check
                    responses:
                      ok: { status: 200 }
                      other: { status: default, error: failed }
                      again: { status: default, error: failed }
                """), at: "again:", contains: "can never match: 'other' before it takes every default response")
    }

    func testDefaultAsTheOnlyNormalAnswerIsReported() {
        assertOneError(
            outcomes(
                """
                  check:
                    http: GET /check
                    responses:
                      anything: { status: default, body: Envelope }
                """), at: "anything:",
            contains: "outcome 'anything' of operation 'check' answers every status with a normal answer, and no 2xx outcome is declared")
    }

    // MARK: Typed response headers (issue 27 line 3)

    func testResponseHeadersLoad() {
        let text = outcomes(
            """
              create:
                http: POST /things
                response: Envelope
                status: 201
                responseHeaders:
                  location: { type: uri, wire: Location }
                  remaining: { type: int32, wire: X-RateLimit-Remaining, optional: true }
            """)
        XCTAssertEqual(diagnostics(text), [])
        let operation = SchemaLoader.load(text: text, file: "test.yaml").schema?.operation(named: "create")
        XCTAssertEqual(operation?.responseHeaders.map(\.wireName), ["Location", "X-RateLimit-Remaining"])
        XCTAssertEqual(operation?.responseHeaders.map(\.isOptional), [false, true])
    }

    func testResponseHeaderOfAStructTypeIsReported() {
        assertOneError(
            outcomes(
                """
                  create:
                    http: POST /things
                    response: Envelope
                    responseHeaders:
                      meta: { type: Envelope, wire: X-Meta }
                """), at: "meta:", contains: "response header 'meta' of operation 'create' is Envelope; a response header is read as one of string")
    }

    /// Beside several outcomes, the headers are those of every normal answer (issue 27 line 3), checked
    /// as the shorthand's are.
    func testResponseHeadersWithOutcomesLoadAndAreChecked() throws {
        let text = outcomes(
            """
              check:
                http: GET /check
                responses:
                  ok: { status: 200, body: Envelope }
                  accepted: { status: 202 }
                  problem: { status: 4XX }
                  broken: { status: 5XX, error: failed }
                responseHeaders:
                  etag: { type: string, wire: ETag }
                  retryAfter: { type: int, wire: Retry-After, optional: true }
            """)
        let result = SchemaLoader.load(text: text, file: "test.yaml")
        XCTAssertEqual(result.diagnostics.map(\.description), [])
        let check = try XCTUnwrap(result.schema?.operation(named: "check"))
        XCTAssertEqual(check.responseHeaders.map(\.wireName), ["ETag", "Retry-After"])
        XCTAssertEqual([200, 202, 404, 503].map(check.carriesResponseHeaders(status:)), [true, true, true, false], "every normal answer, no error")
        assertOneError(
            outcomes(
                """
                  check:
                    http: GET /check
                    responses:
                      ok: { status: 200 }
                    responseHeaders:
                      etag: { type: string, wire: ETag, default: x }
                """), at: "default:", contains: "response header 'etag' of operation 'check' has a default")
    }

    func testResponseHeaderDefaultAndCaseClashAreReported() {
        assertOneError(
            outcomes(
                """
                  get:
                    http: GET /thing
                    responseHeaders:
                      etag: { type: string, wire: ETag, default: x }
                """), at: "etag:", contains: "response header 'etag' of operation 'get' has a default; a header the response lacks is nil")
        assertOneError(
            outcomes(
                """
                  get:
                    http: GET /thing
                    responseHeaders:
                      etag: { type: string, wire: ETag }
                      tag: { type: string, wire: Etag, optional: true }
                """), at: "wire: Etag", contains: "names the header 'Etag', which is 'ETag' in another case")
    }

    func testOperationNamedLikeAWithHeadersMethodIsReported() {
        assertOneError(
            outcomes(
                """
                  get:
                    http: GET /thing
                    responseHeaders:
                      etag: { type: string, wire: ETag }
                  getWithHeaders:
                    http: GET /other
                """), at: "getWithHeaders:", contains: "operation 'getWithHeaders' has the name of the generated method 'getWithHeaders' of operation 'get'")
    }
}
