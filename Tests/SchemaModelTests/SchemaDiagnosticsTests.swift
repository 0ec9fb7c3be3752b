import SchemaModel
import TestSupport
import XCTest

/// One test per kind of schema mistake: each must be reported at its place, with a useful message.
final class SchemaDiagnosticsTests: XCTestCase {
    func testValidSchemaLoadsWithoutDiagnostics() {
        let result = SchemaLoader.load(text: schemaText(), file: "test.yaml")
        XCTAssertNotNil(result.schema)
        XCTAssertEqual(result.diagnostics.map(\.description), [])
        XCTAssertEqual(result.schema?.operations.first?.pathParameters.first?.name, "id")
    }

    func testUnknownKeySuggestsTheClosestKey() {
        let text = """
            api: Test
            version: "1"
            environments:
              production: { url: "https://api.example.com" }
            types:
              Item:
                fileds:
                  id: string
            """
        assertSingleError(text, line: 7, column: 5, contains: "unknown key 'fileds'")
        XCTAssertTrue(diagnostics(text).joined().contains("did you mean 'fields'?"))
    }

    func testUnknownFieldKeyWithoutCloseMatchHasNoSuggestion() {
        let text = schemaText(
            types: """
                  Other:
                    fields:
                      name: { type: string, colour: red }
                """)
        assertSingleError(text, line: 12, contains: "unknown key 'colour' in field 'name' of type 'Other'")
        XCTAssertFalse(diagnostics(text).joined().contains("did you mean"))
    }

    func testUnresolvedTypeReferenceSuggestsTheClosestType() {
        let text = schemaText(
            types: """
                  Order:
                    fields:
                      item: Itme
                      items: "[Itm]"
                """)
        let found = diagnostics(text)
        XCTAssertEqual(found.count, 2, "\(found)")
        XCTAssertTrue(found[0].hasPrefix("test.yaml:12:13: error: unknown type 'Itme'; did you mean 'Item'?"), found[0])
        XCTAssertTrue(found[1].contains("unknown type 'Itm'; did you mean 'Item'?"), found[1])
    }

    func testUnresolvedResponseTypeIsReported() {
        assertSingleError(
            schemaText(
                operations: """
                      listItems:
                        http: GET /items
                        response: "[Product]"
                    """), line: 19, contains: "unknown type 'Product'")
    }

    func testDuplicateYAMLKeyIsReported() {
        let text = schemaText(
            types: """
                  Order:
                    fields:
                      id: string
                      id: int
                """)
        XCTAssertTrue(diagnostics(text).joined(separator: "\n").contains("duplicate key 'id'"), "\(diagnostics(text))")
        XCTAssertNil(SchemaLoader.load(text: text, file: "test.yaml").schema)
    }

    func testNamesThatBecomeTheSameSwiftNameAreDuplicates() {
        assertSingleError(
            schemaText(
                types: """
                      Mode:
                        enum: [not_exists, not-exists]
                    """), line: 11, contains: "both become the Swift name 'notExists'")
    }

    func testTypeThatCollidesWithRenamedReservedNameIsADuplicate() {
        // `Error` is renamed to `ErrorModel`, so a second type with that name cannot exist.
        assertSingleError(
            schemaText(
                types: """
                      Error:
                        fields: { message: string }
                      ErrorModel:
                        fields: { message: string }
                    """), line: 12, contains: "becomes the Swift name 'ErrorModel'")
    }

    func testTypeNamedLikeAGeneratedTypeIsRenamedAndItsModelNameStaysTaken() {
        let renamed = SchemaLoader.load(
            text: schemaText(
                types: """
                      TestClient:
                        fields: { message: string }
                    """), file: "test.yaml")
        XCTAssertNotNil(renamed.schema, "\(renamed.diagnostics)")
        assertSingleError(
            schemaText(
                types: """
                      TestError:
                        fields: { message: string }
                      TestErrorModel:
                        fields: { message: string }
                    """), line: 12, contains: "type 'TestErrorModel' becomes the Swift name 'TestErrorModel', which is already used by 'TestError'")
    }

    func testNameThatCannotBeASwiftIdentifier() {
        assertSingleError(
            schemaText(
                types: """
                      Order:
                        fields:
                          payment means: string
                    """), line: 12, contains: "'payment means' cannot be a Swift identifier")
        assertSingleError(
            schemaText(
                types: """
                      9Lives:
                        fields: { id: string }
                    """), line: 10, contains: "'9Lives' cannot be a Swift identifier")
    }

    func testEnumValueWithoutDerivableNameAsksForAnExplicitName() {
        assertSingleError(
            schemaText(
                types: """
                      Status:
                        enum: [active, "Ожидание"]
                    """), line: 11, contains: "cannot derive a Swift name from 'Ожидание'")
    }

    func testBadConstraintValues() {
        assertSingleError(
            schemaText(
                types: """
                      Code:
                        type: string
                        minLength: -1
                    """), line: 10, contains: "'minLength' of type 'Code' must be an integer ≥ 0, found -1")
        assertSingleError(
            schemaText(
                types: """
                      Percent:
                        type: int32
                        minimum: 10
                        maximum: 1
                    """), line: 10, contains: "minimum 10 of type 'Percent' is greater than maximum 1")
        assertSingleError(
            schemaText(
                types: """
                      Code:
                        type: string
                        pattern: "[a-z"
                    """), line: 10, contains: "not a valid regular expression")
        assertSingleError(
            schemaText(
                types: """
                      Count:
                        type: int32
                        maxLength: 3
                    """), line: 10, contains: "'maxLength' of type 'Count' applies to strings")
        assertSingleError(
            schemaText(
                types: """
                      Code:
                        type: string
                        maxLength: many
                    """), line: 12, contains: "'maxLength' in type 'Code' must be an integer")
    }

    func testDefaultsMustFitTheirType() {
        assertSingleError(
            schemaText(
                types: """
                      Page:
                        fields:
                          size: { type: int32, default: twenty }
                    """), line: 12, contains: "the default of 'size' of type 'Page' must be an integer")
        assertSingleError(
            schemaText(
                types: """
                      Page:
                        fields:
                          size: { type: int32, default: 0, minimum: 1 }
                    """), line: 12, contains: "is less than the minimum 1")
        assertSingleError(
            schemaText(
                types: """
                      Message:
                        fields:
                          fileIds: { type: "[string]", default: [], minItems: 1 }
                    """), line: 12, contains: "the default of 'fileIds' of type 'Message' has 0 elements, fewer than minItems 1")
        assertSingleError(
            schemaText(
                types: """
                      Size:
                        enum: [S, M]
                      Shirt:
                        fields:
                          size: { type: Size, default: XL }
                    """), line: 14, contains: "must be one of the enum's values (S, M)")
    }

    func testPathParameterNotDeclared() {
        assertSingleError(
            schemaText(
                operations: """
                      getOrder:
                        http: GET /orders/{orderId}
                        response: Item
                    """), line: 18, column: 11, contains: "path parameter 'orderId' of operation 'getOrder' is not declared")
    }

    func testPathParameterDeclaredButNotUsed() {
        assertSingleError(
            schemaText(
                operations: """
                      listOrders:
                        http: GET /orders
                        path:
                          orderId: string
                        response: Item
                    """), line: 20, column: 7, contains: "path parameter 'orderId' of operation 'listOrders' is declared but not used")
    }

    func testUnknownErrorAndAuthReferences() {
        let text = schemaText(
            operations: """
                  deleteItem:
                    http: DELETE /items/{id}
                    path: { id: string }
                    errors: [notFund]
                    auth: beaver
                """,
            extra: """
                auth:
                  bearer: { kind: bearer }
                errors:
                  cases:
                    notFound: { status: 404 }
                """)
        let found = diagnostics(text)
        XCTAssertTrue(found.contains { $0.contains("unknown error 'notFund'; did you mean 'notFound'?") }, "\(found)")
        XCTAssertTrue(found.contains { $0.contains("unknown auth scheme 'beaver'; did you mean 'bearer'?") }, "\(found)")
    }

    func testOnlyTheTypesOnACycleAreReportedWhenALongChainLeadsToIt() {
        // 2,000 types, each containing the one before: the check is linear in them (it took a minute
        // for 3,000 when every type searched the whole chain below it with a copy of its path).
        let chain = (1..<2000).map { "  C\($0):\n    fields:\n      inner: C\($0 - 1)\n" }.joined()
        let ring = """
              A:
                fields:
                  b: B
              B:
                fields:
                  a: A
              C0:
                fields:
                  ring: A

            """
        let found = diagnostics(schemaText(types: ring + chain))
        // One error for the ring of required fields; the chain only leads into it.
        XCTAssertEqual(
            found.map { $0.components(separatedBy: "error: ").last ?? $0 },
            [
                "type 'A' can never have a finite value: it requires itself through A.b -> B.a; make a field on the cycle optional or nullable, or hold it in a list or a map"
            ])
        XCTAssertEqual(diagnostics(schemaText(types: chain.replacingOccurrences(of: "inner: C0\n", with: "inner: Item\n"))), [])
    }

    func testRecursionThroughListsAndUnionsIsAllowed() {
        let text = schemaText(
            types: """
                  Tree:
                    fields:
                      children: "[Tree]"
                      shape: { type: Shape, optional: true }
                  Shape:
                    union:
                      discriminator: kind
                      variants: { tree: Tree }
                """)
        XCTAssertEqual(diagnostics(text), [])
    }

    func testEnvironmentPlaceholdersMustBeDeclaredAndUsed() {
        let text = """
            api: Test
            version: "1"
            environments:
              production:
                url: "https://{host}/v1"
                variables:
                  region: { docs: unused }
            """
        let found = diagnostics(text)
        XCTAssertTrue(found.contains { $0.contains("'{host}' in the url of environment 'production' is not a declared variable") }, "\(found)")
        XCTAssertTrue(found.contains { $0.hasPrefix("test.yaml:7:7: error: variable 'region'") }, "\(found)")
    }

    func testPaginationMustPointAtRealFields() {
        let found = diagnostics(
            schemaText(
                operations: """
                      listItems:
                        http: GET /items
                        query: { page: int32 }
                        response: Item
                        paginate: { style: page, items: content, page: pageNumber }
                    """))
        XCTAssertTrue(found.contains { $0.contains("'Item' has no field 'content'") }, "\(found)")
        XCTAssertTrue(found.contains { $0.contains("names 'pageNumber', which is not a parameter or body field") }, "\(found)")
    }

    func testInvalidYAMLIsReportedWithItsPosition() {
        let found = diagnostics("api: Test\nversion: [1\n")
        XCTAssertEqual(found.count, 1)
        XCTAssertTrue(found[0].hasPrefix("test.yaml:3:1: error: invalid YAML"), found[0])
    }

    func testWrongKindOfValueIsReported() {
        assertSingleError(
            schemaText(
                types: """
                      Item2:
                        fields: [id, name]
                    """), line: 11, contains: "'fields' in type 'Item2' must be a mapping, found a list")
    }

    func testEveryMistakeIsReportedInOneRun() {
        let found = diagnostics(
            schemaText(
                types: """
                      A:
                        fields: { x: Missing }
                      B:
                        fieldz: {}
                    """,
                operations: """
                      c:
                        http: FETCH /c
                    """))
        XCTAssertGreaterThanOrEqual(found.count, 3, "\(found)")
    }

    /// Patterns are ECMA-262 (as in JSON Schema): lint compiles them the way schema-check runs them, so
    /// ECMA-262 syntax ICU spells differently (`\u{1F600}`) is accepted, and what ICU cannot run is not.
    func testPatternsAreCheckedWithTheirECMA262Meaning() {
        let accepted = schemaText(
            types: """
                  Emoji: { type: string, pattern: "^\\\\u{1F600}+$" }
                  Literal: { type: string, pattern: "^[[:]]$" }
                """)
        XCTAssertEqual(diagnostics(accepted), [])
        let rejected = schemaText(
            types: """
                  Behind: { type: string, pattern: "(?<=a+)b" }
                """)
        assertSingleError(rejected, line: 10, column: 3, contains: "'pattern' of type 'Behind' is not a valid regular expression")
    }
}
