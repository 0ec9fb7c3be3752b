import SchemaModel
import TestSupport
import XCTest

/// Issue 8 item 11: names never fight, and one mistake is one diagnostic.
final class NameConsistencyTests: XCTestCase {
    // MARK: One mistake, one diagnostic

    func testAReferenceToATypeWhoseDefinitionFailedIsNotReportedAgain() {
        let text = schemaText(
            types: """
                  Broken:
                    enum: 3
                  Uses:
                    fields:
                      a: Broken
                      b: "[Broken]"
                """,
            operations: """
                  putBroken:
                    http: PUT /broken
                    body: Broken
                    response: Broken
                """)
        assertSingleError(text, line: 11, contains: "'enum' of type 'Broken' must be a list of values or a mapping")
    }

    /// A path segment, query item or header cannot carry a control character: a line break in its name
    /// would split the request's head (a JSON key may hold one; generated code escapes it).
    func testAParameterWireNameWithAControlCharacterIsRefused() {
        for escape in ["\\n", "\\r", "\\t", "\\e", "\\u2028"] {
            let text = schemaText(
                operations: """
                      search:
                        http: GET /items
                        query:
                          term: { type: string, wire: "q\(escape)X-Injected: 1" }
                        response: "[Item]"
                    """)
            assertSingleError(text, line: 20, contains: "the wire name of 'term' of the query of operation 'search' contains a control character")
        }
    }

    func testReferencesToBrokenOperationsErrorCasesAndAuthSchemesAreNotReportedAgain() {
        let text = """
            api: Test
            version: "1"
            environments:
              production: { url: "https://api.example.com" }
            auth:
              token: { kind: bearer, refresh: renew }
              key: { kind: apiKey, in: path, name: k }
            defaultAuth: key
            errors:
              cases:
                gone: { status: 999 }
            operations:
              renew:
                http: FETCH /renew
              getItem:
                http: GET /item
                errors: [gone]
                auth: [token, key]
            """
        let found = diagnostics(text)
        XCTAssertEqual(found.count, 3, found.joined(separator: "\n"))
        XCTAssertTrue(found.contains { $0.contains("'in' of auth scheme 'key'") }, "\(found)")
        XCTAssertTrue(found.contains { $0.contains("must be an HTTP status 100–599") }, "\(found)")
        XCTAssertTrue(found.contains { $0.contains("'http' of operation 'renew'") }, "\(found)")
        XCTAssertFalse(found.joined().contains("unknown"), "\(found)")
    }

    func testAMisspelledRequiredKeyIsOneError() {
        let field = schemaText(
            types: """
                  Other:
                    fields:
                      name: { tpye: string, optional: true }
                """)
        assertSingleError(field, line: 12, column: 15, contains: "unknown key 'tpye' in field 'name' of type 'Other'; did you mean 'type'?")
        let body = schemaText(
            operations: """
                  putItem:
                    http: PUT /items
                    body: { tpye: Item }
                """)
        assertSingleError(body, line: 19, contains: "unknown key 'tpye' in the body of operation 'putItem'; did you mean 'type'?")
        let operation = schemaText(
            operations: """
                  putItem:
                    htpp: PUT /items
                """)
        assertSingleError(operation, line: 18, contains: "unknown key 'htpp' in operation 'putItem'; did you mean 'http'?")
    }

    /// Issue 25 line 12: a path placeholder and its declared parameter spelt differently are one mistake.
    func testAMistypedPathParameterIsOneErrorWithADidYouMean() {
        let inPath = schemaText(
            operations: """
                  getOrder:
                    http: GET /orders/{ordreId}
                    path:
                      orderId: string
                """)
        assertSingleError(inPath, line: 18, contains: "path parameter 'ordreId' of operation 'getOrder' is not declared under 'path'; did you mean 'orderId'?")
        // Not close enough for a suggestion, but the only placeholder and the only unused parameter.
        let renamed = schemaText(
            operations: """
                  getOrder:
                    http: GET /orders/{number}
                    path:
                      orderId: string
                """)
        assertSingleError(renamed, line: 18, contains: "path parameter 'number' of operation 'getOrder' is not declared under 'path'; did you mean 'orderId'?")
        // Two unrelated mistakes stay two diagnostics.
        let both = schemaText(
            operations: """
                  getOrder:
                    http: GET /orders/{a}/{b}
                    path:
                      orderId: string
                """)
        let found = diagnostics(both)
        XCTAssertEqual(found.count, 3, found.joined(separator: "\n"))
        XCTAssertTrue(found.contains { $0.contains("path parameter 'orderId' of operation 'getOrder' is declared but not used in the path") }, "\(found)")
    }

    func testAMisspelledKeyBesideTheRealOneIsStillReported() {
        let text = schemaText(
            types: """
                  Other:
                    fields:
                      name: { type: string, tpye: int }
                """)
        assertSingleError(text, line: 12, contains: "unknown key 'tpye'")
    }

    func testAWrongKindIsNeverQuotedEmpty() {
        let text = schemaText(
            types: """
                  Other:
                    fields:
                      name: { type: string, minLength: [1], maxLength: { a: 1 } }
                      size: { type: int, minimum: [], maximum: ~ }
                """)
        let found = diagnostics(text)
        XCTAssertEqual(found.count, 4, found.joined(separator: "\n"))
        XCTAssertFalse(found.joined().contains("''"), found.joined(separator: "\n"))
        XCTAssertTrue(found.contains { $0.hasSuffix("'minLength' in field 'name' of type 'Other' must be an integer, found a list") }, "\(found)")
        XCTAssertTrue(found.contains { $0.hasSuffix("'maxLength' in field 'name' of type 'Other' must be an integer, found a mapping") }, "\(found)")
        XCTAssertTrue(found.contains { $0.hasSuffix("'maximum' in field 'size' of type 'Other' must be a number, found null") }, "\(found)")
        let scalar = diagnostics(
            schemaText(
                types: """
                      Other:
                        fields:
                          name: { type: string, minLength: ten }
                    """))
        XCTAssertTrue(scalar.first?.hasSuffix("must be an integer, found a string 'ten'") == true, "\(scalar)")
    }

    // MARK: Names that Swift would misread

    func testACaseNamedNoneIsRenamedSoSwiftNeverReadsItAsNil() throws {
        let schema = try XCTUnwrap(
            SchemaLoader.load(
                text: schemaText(
                    types: """
                          Mode:
                            enum: [none, all]
                        """), file: "test.yaml"
            ).schema)
        let enumeration = try XCTUnwrap(schema.type(named: "Mode"))
        guard case .enumeration(let cases) = enumeration.kind else { return XCTFail("not an enum") }
        XCTAssertEqual(cases.cases.map { SwiftNaming.memberName($0.name, reserved: SwiftNaming.Reserved.enumCases) }, ["none_", "all"])
        XCTAssertEqual(SwiftNaming.memberName("none", reserved: SwiftNaming.Reserved.unionVariants), "none_")
        XCTAssertEqual(SwiftNaming.memberName("none", reserved: SwiftNaming.Reserved.errorCases), "none_")
    }

    // MARK: Routes

    /// KD Pay's two getCashbackInfo overloads would both be GET /cashback and require the same: the
    /// sandbox answered both as the first, so lint rejects the second at its path.
    func testTwoOperationsOnOneRouteThatRequireTheSameAreReported() {
        let text = schemaText(
            operations: """
                  getItemBySku:
                    http: GET /items/{sku}
                    path:
                      sku: string
                """)
        assertSingleError(
            text, line: 18,
            contains:
                "operations 'getItem' and 'getItemBySku' are both GET /items/{sku} and require the same (no query parameter, no header and no body): a server cannot tell them apart"
        )
        let sameRequiredQuery = schemaText(
            operations: """
                  getItemBySku:
                    http: GET /items/{sku}
                    path: { sku: string }
                    query: { fields: string, trace: { type: string, optional: true } }
                  getItemWithFields:
                    http: GET /items/{sku}
                    path: { sku: string }
                    query: { fields: string, other: { type: string, default: all } }
                    headers: { requestId: { type: string, wire: X-Request-Id, optional: true } }
                """)
        assertSingleError(
            sameRequiredQuery, line: 22,
            contains: "and require the same (the query parameter fields, no header and no body)"
        )
        let otherMethod = schemaText(
            operations: """
                  putItem:
                    http: PUT /items/{key}
                    path:
                      key: string
                """)
        XCTAssertEqual(diagnostics(otherMethod), [])
    }

    /// Box's `GET /files/{file_id}#get_shared_link` beside `GET /files/{file_id}`: a server tells them
    /// apart by what each request must carry, so they may share the route.
    func testOperationsOnOneRouteThatRequireDifferentThingsAreAccepted() {
        let text = schemaText(
            operations: """
                  getItemWithFields:
                    http: GET /items/{sku}
                    path: { sku: string }
                    query: { fields: string }
                  getItemTraced:
                    http: GET /items/{key}
                    path: { key: string }
                    headers: { trace: { type: string, wire: X-Trace } }
                  putItem:
                    http: PUT /items/{id}
                    path: { id: string }
                    body: Item
                  putItemAsForm:
                    http: PUT /items/{id}
                    path: { id: string }
                    body: { type: Item, encoding: form }
                """)
        XCTAssertEqual(diagnostics(text), [])
    }
}
