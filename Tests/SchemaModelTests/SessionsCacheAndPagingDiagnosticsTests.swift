import SchemaModel
import TestSupport
import XCTest

/// Bad uses of the issue 8 constructs of items 5 and 9: wired login/refresh/logout of auth schemes and
/// backward pagination. Each is one `file:line:column` error at its place, never a cascade.
final class SessionsCacheAndPagingDiagnosticsTests: XCTestCase {
    /// A schema with an `oauth` bearer scheme written as `scheme` (indented as under `auth:`), the
    /// operations `signIn`, `renew` and `signOut`, and `operations` appended.
    private func schema(scheme: String, operations: String = "") -> String {
        schemaText(
            types: """
                  Tokens:
                    fields:
                      accessToken: { type: string, wire: access_token }
                      refreshToken: { type: string, wire: refresh_token, optional: true }
                      expiresIn: { type: int32, wire: expires_in, optional: true }
                  RenewRequest:
                    fields:
                      refreshToken: string
                      clientId: string
                      scope: { type: string, optional: true }
                """,
            operations: """
                  signIn:
                    http: POST /sign-in
                    response: Tokens
                    auth: none
                  renew:
                    http: POST /token
                    body: RenewRequest
                    response: Tokens
                    auth: none
                  signOut:
                    http: POST /sign-out
                \(operations)
                """,
            extra: """
                auth:
                \(scheme)
                """)
    }

    /// Exactly one error, on the first line containing `marker`.
    private func assertOneError(_ text: String, on marker: String, contains message: String, file: StaticString = #filePath, line: UInt = #line) {
        let lineNumber = (text.components(separatedBy: "\n").firstIndex { $0.contains(marker) } ?? -2) + 1
        assertSingleError(text, line: lineNumber, contains: message, file: file, sourceLine: line)
        XCTAssertFalse(diagnostics(text).joined().contains("''"), "no empty value in \(diagnostics(text))", file: file, line: line)
    }

    func testAWiredSchemeLoads() {
        let text = schema(
            scheme: """
                  oauth:
                    kind: bearer
                    login: { operation: signIn, response: { token: access_token, refreshToken: refresh_token, expiresIn: expires_in } }
                    refresh: { operation: renew, request: { refreshToken: refreshToken, clientId: token }, response: { token: access_token } }
                    logout: signOut
                """)
        let result = SchemaLoader.load(text: text, file: "test.yaml")
        XCTAssertEqual(result.diagnostics.map(\.description), [])
        let flows = result.schema?.authScheme(named: "oauth")?.flows
        XCTAssertEqual(flows?.refresh?.operation, "renew")
        XCTAssertEqual(flows?.refresh?.responsePath(.token), "access_token")
        XCTAssertEqual(flows?.login?.responsePath(.expiresIn), "expires_in")
        XCTAssertEqual(flows?.logout, "signOut")
    }

    func testAResponsePathToAMissingFieldSuggestsTheClosest() {
        let text = schema(
            scheme: """
                  oauth:
                    kind: bearer
                    login: { operation: signIn, response: { token: acess_token } }
                """)
        assertOneError(text, on: "login:", contains: "'Tokens' has no field 'acess_token'; did you mean 'access_token'?")
    }

    func testATokenPathMustLeadToARequiredString() {
        assertOneError(
            schema(
                scheme: """
                      oauth:
                        kind: bearer
                        login: { operation: signIn, response: { token: expires_in } }
                    """), on: "login:", contains: "must lead to a string, but 'expires_in' is 'int32'")
        assertOneError(
            schema(
                scheme: """
                      oauth:
                        kind: bearer
                        login: { operation: signIn, response: { token: refresh_token } }
                    """), on: "login:", contains: "'token' in the response of 'login' of auth scheme 'oauth' must lead to a required, non-null field")
        assertOneError(
            schema(
                scheme: """
                      oauth:
                        kind: bearer
                        login: { operation: signIn, response: { token: access_token, expiresIn: access_token } }
                    """), on: "login:", contains: "'expiresIn' in the response of 'login' of auth scheme 'oauth' must lead to a number of seconds")
    }

    func testAnUnknownRoleIsOneErrorWithASuggestion() {
        assertOneError(
            schema(
                scheme: """
                      oauth:
                        kind: bearer
                        login: { operation: signIn, response: { tokn: access_token } }
                    """), on: "login:",
            contains:
                "unknown key 'tokn' in the response of 'login' of auth scheme 'oauth': it maps token, refreshToken, expiresIn to response paths; did you mean 'token'?"
        )
    }

    func testAResponseWithoutTheTokenIsReported() {
        assertOneError(
            schema(
                scheme: """
                      oauth:
                        kind: bearer
                        login: { operation: signIn, response: { refreshToken: refresh_token } }
                    """), on: "login:", contains: "needs 'token'")
    }

    func testARefreshMustFillEveryRequiredInputFromTheStore() {
        assertOneError(
            schema(
                scheme: """
                      oauth:
                        kind: bearer
                        refresh: { operation: renew, request: { refreshToken: refreshToken }, response: { token: access_token } }
                    """), on: "refresh:", contains: "its required input 'clientId' is not filled")
    }

    func testARefreshInputMustExistAndBeFilledWithAStoredToken() {
        assertOneError(
            schema(
                scheme: """
                      oauth:
                        kind: bearer
                        refresh: { operation: renew, request: { refreshToken: refreshToken, clientId: token, scpe: token }, response: { token: access_token } }
                    """), on: "refresh:", contains: "fills 'scpe', which is not a parameter or body field of operation 'renew'; did you mean 'scope'?")
        assertOneError(
            schema(
                scheme: """
                      oauth:
                        kind: bearer
                        refresh: { operation: renew, request: { refreshToken: refreshToken, clientId: expiresIn }, response: { token: access_token } }
                    """), on: "refresh:", contains: "must be filled with token or refreshToken, found 'expiresIn'")
    }

    func testALoginCannotFillItsRequestFromTheStore() {
        assertOneError(
            schema(
                scheme: """
                      oauth:
                        kind: bearer
                        login: { operation: signIn, request: { user: token }, response: { token: access_token } }
                    """), on: "login:", contains: "nothing is stored before login")
    }

    func testUnknownOperationsAreReportedOnce() {
        assertOneError(
            schema(
                scheme: """
                      oauth:
                        kind: bearer
                        refresh: { operation: renw, response: { token: access_token } }
                    """), on: "oauth:", contains: "'refresh' of auth scheme 'oauth' names an unknown operation 'renw'; did you mean 'renew'?")
        assertOneError(
            schema(
                scheme: """
                      oauth:
                        kind: bearer
                        logout: signout
                    """), on: "logout:", contains: "'logout' of auth scheme 'oauth' names an unknown operation 'signout'; did you mean 'signOut'?")
    }

    func testASessionLoginWithoutAnOperationIsOneError() {
        assertOneError(
            schema(
                scheme: """
                      session:
                        kind: session
                        name: X-Session
                        login: { response: { token: access_token } }
                    """), on: "login:", contains: "'login' of auth scheme 'session' needs an 'operation'")
    }

    func testAnAPIKeyCannotBeWired() {
        assertOneError(
            schema(
                scheme: """
                      key:
                        kind: apiKey
                        name: X-Key
                        logout: signOut
                    """), on: "key:", contains: "auth scheme 'key' is an API key: 'login', 'refresh' and 'logout' apply to bearer and session schemes only")
    }

    func testTwoSchemesCannotShareALogout() {
        assertOneError(
            schema(
                scheme: """
                      oauth:
                        kind: bearer
                        logout: signOut
                      other:
                        kind: bearer
                        logout: signOut # second
                    """), on: "# second", contains: "operation 'signOut' is already the logout of auth scheme 'oauth'")
    }

    func testAGeneratedMethodNameCannotBeTaken() {
        assertOneError(
            schema(
                scheme: """
                      oauth:
                        kind: bearer
                        logout: signOut
                    """,
                operations: """
                      oauthTokenMiddleware:
                        http: GET /other
                    """), on: "oauthTokenMiddleware:", contains: "has the name of the method generated for auth scheme 'oauth'")
    }

    func testPreviousGeneratesForTokenStyleAndIsRejectedWherePagesAreNumbered() {
        let token = schemaText(
            types: """
                  Page:
                    fields:
                      items: "[Item]"
                      next: { type: string, optional: true }
                      prev: { type: string, optional: true }
                """,
            operations: """
                  list:
                    http: GET /items
                    query:
                      pageToken: { type: string, optional: true }
                    response: Page
                    paginate: { style: token, items: items, token: pageToken, next: next, previous: prev }
                """)
        XCTAssertEqual(diagnostics(token), [])
        XCTAssertEqual(SchemaLoader.load(text: token, file: "test.yaml").schema?.operation(named: "list")?.pagination?.previous, "prev")

        // (A page number is an integer.)
        let numbered = token.replacingOccurrences(
            of: "style: token, items: items, token: pageToken, next: next, previous: prev",
            with: "style: page, items: items, page: pageToken, previous: prev"
        ).replacingOccurrences(of: "pageToken: { type: string, optional: true }", with: "pageToken: int32")
        assertOneError(numbered, on: "paginate:", contains: "'previous' does not apply to page pagination")

        let misspelled = token.replacingOccurrences(of: "previous: prev", with: "previous: prv")
        assertOneError(misspelled, on: "paginate:", contains: "'Page' has no field 'prv'; did you mean 'prev'?")

        let clash = token.replacingOccurrences(
            of: "pageToken: { type: string, optional: true }",
            with: "pageToken: { type: string, optional: true }\n      before: { type: string, optional: true }")
        assertOneError(clash, on: "before:", contains: "parameter 'before' of operation 'list' clashes with the page argument")
    }

    /// A page with every field pagination reads, of the types it needs; each case below breaks one.
    private func paged(_ paginate: String, page: String = "last: bool", query: String = "pageToken: { type: string, optional: true }") -> String {
        schemaText(
            types: """
                  Page:
                    fields:
                      items: "[Item]"
                      next: { type: string, optional: true }
                      prev: { type: string, optional: true }
                      totalPages: int32
                      \(page)
                  Count:
                    type: int64
                """,
            operations: """
                  list:
                    http: GET /items
                    query:
                      \(query)
                      size: { type: int32, optional: true }
                    response: Page
                    paginate: \(paginate)
                """)
    }

    /// The paginator reads a token or cursor as a string, `totalPages` as an integer and `last` as a bool,
    /// and passes an integer page number, an optional string token or cursor and an integer size; a
    /// field or parameter of another type generated a paginator that did not compile.
    func testPaginationFieldsAndParametersMustHaveTheTypesThePaginatorReads() {
        let token = "{ style: token, items: items, token: pageToken, size: size, next: next, previous: prev }"
        let pages = "{ style: page, items: items, page: number, size: size, totalPages: totalPages, last: last }"
        XCTAssertEqual(diagnostics(paged(token)), [])
        XCTAssertEqual(diagnostics(paged(pages, query: "number: Count")), [], "an alias of an integer is an integer")

        assertOneError(
            paged(pages, page: "last: string", query: "number: int"), on: "paginate:",
            contains: "'last' leads to field 'last' of type 'string', but must lead to a bool")
        assertOneError(
            paged(pages.replacingOccurrences(of: "totalPages: totalPages", with: "totalPages: last"), page: "last: double", query: "number: int")
                .replacingOccurrences(
                    of: ", last: last", with: ""),
            on: "paginate:", contains: "'totalPages' leads to field 'last' of type 'double', but must lead to an integer")
        assertOneError(
            paged(token.replacingOccurrences(of: "next: next", with: "next: totalPages")), on: "paginate:",
            contains: "'next' leads to field 'totalPages' of type 'int32', but must lead to a string (a token)")
        assertOneError(
            paged(
                token.replacingOccurrences(of: "style: token", with: "style: cursor").replacingOccurrences(of: "token: pageToken", with: "cursor: pageToken")
                    .replacingOccurrences(of: "previous: prev", with: "previous: totalPages")),
            on: "paginate:", contains: "'previous' leads to field 'totalPages' of type 'int32', but must lead to a string (a cursor)")
        assertOneError(
            paged(token, query: "pageToken: string"), on: "paginate:",
            contains: "'token' names 'pageToken' of type 'string' (required), but it must be an optional string")
        assertOneError(
            paged(token, query: "pageToken: { type: int, optional: true }"), on: "paginate:",
            contains: "'token' names 'pageToken' of type 'int', but it must be an optional string")
        assertOneError(paged(pages, query: "number: bool"), on: "paginate:", contains: "'page' names 'number' of type 'bool', but it must be an integer")
        assertOneError(
            paged(pages, query: "number: int").replacingOccurrences(
                of: "size: { type: int32, optional: true }", with: "size: { type: string, optional: true }"),
            on: "paginate:", contains: "'size' names 'size' of type 'string', but it must be an integer")
    }
}
