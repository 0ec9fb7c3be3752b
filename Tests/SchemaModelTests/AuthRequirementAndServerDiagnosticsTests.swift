import SchemaModel
import TestSupport
import XCTest

/// Combined auth requirements (`auth: [[apiKey, userName], bearer]`: OpenAPI's security requirement of
/// several schemes) and environments whose variables are any part of the URL (issue 27 line 3).
final class AuthRequirementAndServerDiagnosticsTests: XCTestCase {
    private let schemes = """
        auth:
          apiKey: { kind: apiKey, in: header, name: Api-Key }
          userName: { kind: apiKey, in: header, name: Api-Username }
          bearer: { kind: bearer }
          basic: { kind: basic }
        """

    private func loadedOperation(auth: String, defaultAuth: String = "") throws -> OperationDefinition {
        let text = schemaText(
            operations: """
                  actAs:
                    http: GET /me
                    response: string
                    auth: \(auth)
                """, extra: schemes + (defaultAuth.isEmpty ? "" : "\ndefaultAuth: \(defaultAuth)"))
        let schema = try XCTUnwrap(SchemaLoader.load(text: text, file: "test.yaml").schema, "\(diagnostics(text))")
        return try XCTUnwrap(schema.operation(named: "actAs"))
    }

    /// Exactly one error, containing `message`, in `file:line:column` form.
    private func assertOneError(auth: String, contains message: String, file: StaticString = #filePath, line: UInt = #line) {
        let text = schemaText(
            operations: """
                  actAs:
                    http: GET /me
                    response: string
                    auth: \(auth)
                """, extra: schemes)
        let errors = diagnostics(text).filter { $0.contains(": error: ") }
        XCTAssertEqual(errors.count, 1, "\(errors)", file: file, line: line)
        XCTAssertTrue(errors.first?.contains(message) ?? false, "\(errors)", file: file, line: line)
        XCTAssertTrue(errors.first?.hasPrefix("test.yaml:") ?? false, "\(errors)", file: file, line: line)
    }

    func testAListOfListsIsAlternativesOfSchemesSentTogether() throws {
        let operation = try loadedOperation(auth: "[[apiKey, userName], bearer]")
        XCTAssertEqual(operation.authRequirements, [["apiKey", "userName"], ["bearer"]])
        XCTAssertEqual(operation.auth, ["apiKey", "userName", "bearer"])
        XCTAssertTrue(operation.hasCombinedAuth)
    }

    func testTodaysFormsKeepTheirMeaning() throws {
        XCTAssertEqual(try loadedOperation(auth: "bearer").authRequirements, [["bearer"]])
        XCTAssertEqual(try loadedOperation(auth: "[bearer, apiKey]").authRequirements, [["bearer"], ["apiKey"]])
        XCTAssertEqual(try loadedOperation(auth: "none").authRequirements, [])
        XCTAssertFalse(try loadedOperation(auth: "[bearer, apiKey]").hasCombinedAuth)
    }

    func testDefaultAuthTakesCombinedRequirementsToo() throws {
        let text = schemaText(extra: schemes + "\ndefaultAuth: [[apiKey, userName]]")
        let schema = try XCTUnwrap(SchemaLoader.load(text: text, file: "test.yaml").schema, "\(diagnostics(text))")
        XCTAssertEqual(schema.defaultAuth, [["apiKey", "userName"]])
        XCTAssertEqual(schema.operation(named: "getItem")?.authRequirements, [["apiKey", "userName"]])
    }

    func testAnUnknownSchemeInsideARequirementIsNamedWithASuggestion() {
        assertOneError(auth: "[[apiKey, userNam]]", contains: "uses an unknown auth scheme 'userNam'; did you mean 'userName'?")
    }

    func testSchemesSentInTheSameHeaderCannotBeRequiredTogether() {
        assertOneError(
            auth: "[[bearer, basic]]", contains: "requires schemes 'bearer' and 'basic' together, but both are sent as the header 'authorization'")
    }

    func testASchemeTwiceInARequirementAnEmptyRequirementAndARepeatedAlternativeAreRejected() {
        assertOneError(auth: "[[apiKey, apiKey]]", contains: "names scheme 'apiKey' twice")
        assertOneError(auth: "[[], bearer]", contains: "has an empty requirement `[]`: write `none`")
        assertOneError(auth: "[[apiKey, userName], [userName, apiKey]]", contains: "lists the requirement [userName, apiKey] twice")
        assertOneError(auth: "[{ apiKey: userName }]", contains: "lists scheme names or lists of scheme names sent together, found a mapping")
    }

    // MARK: Servers

    private func environmentErrors(_ environment: String) -> [String] {
        let text = """
            api: Test
            version: "1"
            environments:
            \(environment)
            operations:
              ping:
                http: GET /ping
            """
        return diagnostics(text).filter { $0.contains(": error: ") }
    }

    func testVariablesMayBeTheSchemeTheOriginOrTheWholeURL() {
        for environment in [
            "  partner: { url: \"{server}/api/v2\", variables: { server: { default: \"https://shop.example.com\" } } }",
            "  partner: { url: \"{server}/api/v2\", variables: { server: {} } }",
            "  github: { url: \"{protocol}://{hostname}\", variables: { protocol: { default: http }, hostname: { default: HOSTNAME } } }",
            "  discourse: { url: \"https://{defaultHost}\", variables: { defaultHost: { default: discourse.example.com } } }",
        ] {
            XCTAssertEqual(environmentErrors(environment), [], environment)
        }
    }

    func testDefaultsThatCannotGiveAnHTTPURLAreRejectedWhenLinted() {
        let scheme = environmentErrors("  github: { url: \"{protocol}://{hostname}\", variables: { protocol: { default: ftp }, hostname: { default: h } } }")
        XCTAssertEqual(scheme.count, 1, "\(scheme)")
        XCTAssertTrue(scheme.first?.contains("with its variables' defaults must use http or https, found 'ftp'") ?? false, "\(scheme)")
        let origin = environmentErrors("  partner: { url: \"{server}/api/v2\", variables: { server: { default: shop.example.com } } }")
        XCTAssertEqual(origin.count, 1, "\(origin)")
        XCTAssertTrue(origin.first?.contains("must be an absolute URL") ?? false, "\(origin)")
    }

    func testAURLThatStartsWithNeitherASchemeNorAVariableIsRejected() {
        for url in ["/2018-06-01", "api.example.com/{version}", "ftp://files.example.com"] {
            let errors = environmentErrors("  relative: { url: \"\(url)\" }")
            XCTAssertEqual(errors.count, 1, "\(url): \(errors)")
            XCTAssertTrue(errors.first?.contains("must start with http://, https:// or a variable") ?? false, "\(url): \(errors)")
        }
    }
}
