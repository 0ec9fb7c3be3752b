import SchemaModel
import TestSupport
import XCTest

/// `nullable: true` on aliases and unions, `items:`/`values:` on lists and maps, constraints on union
/// variants (issue 27 line 3): what loads, what every use of a nullable type becomes, and one error per
/// mistake at its place.
final class NullableDiagnosticsTests: XCTestCase {
    func testANullableTypeMakesEveryFieldElementAndValueOfItNullable() throws {
        let text = schemaText(
            types: """
                  Expiry: { type: date-time, nullable: true }
                  Later: { type: Expiry }
                  Either:
                    nullable: true
                    union:
                      variants:
                        text: { type: string, maxLength: 20 }
                        many: { type: "[string]", minItems: 1, items: { pattern: "^[a-z]+$" } }
                  Holder:
                    fields:
                      expiry: Expiry
                      later: Later
                      either: Either
                      history: "[Expiry]"
                      byName: "[string: Either]"
                      plain: "[string]"
                """)
        let schema = try XCTUnwrap(SchemaLoader.load(text: text, file: "test.yaml").schema, "\(diagnostics(text))")
        XCTAssertTrue(schema.nullableTypes().contains(.named("Expiry")))
        XCTAssertTrue(schema.nullableTypes().contains(.named("Later")), "an alias of a nullable type is nullable")
        XCTAssertFalse(schema.nullableTypes().contains(.named("Holder")))
        let fields = Dictionary(uniqueKeysWithValues: (schema.type(named: "Holder")?.fields ?? []).map { ($0.name, $0) })
        XCTAssertEqual(fields["expiry"]?.isNullable, true)
        XCTAssertEqual(fields["later"]?.isNullable, true)
        XCTAssertEqual(fields["either"]?.isNullable, true)
        XCTAssertEqual(fields["expiry"]?.isOptional, false, "still a required key")
        XCTAssertEqual(fields["history"]?.isNullable, false)
        XCTAssertEqual(fields["history"]?.constraints.elements?.isNullable, true)
        XCTAssertEqual(fields["byName"]?.constraints.elements?.isNullable, true)
        XCTAssertNil(fields["plain"]?.constraints.elements)
        guard case .union(let union)? = schema.type(named: "Either")?.kind else { return XCTFail("not a union") }
        XCTAssertEqual(union.variants[0].constraints.maxLength, 20)
        XCTAssertEqual(union.variants[1].constraints.minItems, 1)
        XCTAssertEqual(union.variants[1].constraints.elements?.constraints.pattern, "^[a-z]+$")
    }

    func testItemsAndValuesLoadWithNullAndConstraints() throws {
        let text = schemaText(
            types: """
                  Holder:
                    fields:
                      scores: { type: "[int32]", items: { nullable: true, minimum: 0, maximum: 100 } }
                      files: { type: "[string: Item]", values: { nullable: true } }
                      grid: { type: "[[int]]", items: { maxItems: 3, items: { nullable: true } } }
                """)
        let schema = try XCTUnwrap(SchemaLoader.load(text: text, file: "test.yaml").schema, "\(diagnostics(text))")
        let fields = schema.type(named: "Holder")?.fields ?? []
        XCTAssertEqual(fields[0].constraints.elements?.isNullable, true)
        XCTAssertEqual(fields[0].constraints.elements?.constraints.maximum, 100)
        XCTAssertEqual(fields[1].constraints.elements?.keyword, "values")
        XCTAssertEqual(fields[2].constraints.elements?.constraints.maxItems, 3)
        XCTAssertEqual(fields[2].constraints.elements?.constraints.elements?.isNullable, true)
    }

    func testItemsOnAMapIsRejectedWithTheKeyToWrite() {
        let text = schemaText(
            types: """
                  Holder:
                    fields:
                      files: { type: "[string: Item]", items: { nullable: true } }
                """)
        assertSingleError(text, line: 12, contains: "'items' of 'files' of type 'Holder' is for a list; '[string: Item]' is a map: write 'values'")
    }

    func testItemsOnAScalarIsRejected() {
        let text = schemaText(
            types: """
                  Holder:
                    fields:
                      code: { type: string, items: { maxLength: 3 } }
                """)
        assertSingleError(text, line: 12, contains: "'items' of 'code' of type 'Holder' applies to a list ('items') or a map ('values') written in place")
    }

    func testAnElementConstraintThatDoesNotApplyToTheElementTypeIsRejected() {
        let text = schemaText(
            types: """
                  Holder:
                    fields:
                      counts: { type: "[int]", items: { maxLength: 3 } }
                """)
        assertSingleError(text, line: 12, contains: "'maxLength' of the items of 'counts' of type 'Holder' applies to")
    }

    func testAVariantConstraintThatDoesNotApplyIsRejected() {
        let text = schemaText(
            types: """
                  Either:
                    union:
                      variants:
                        count: { type: int, pattern: "^1" }
                        text: string
                """)
        assertSingleError(text, line: 13, contains: "'pattern' of variant 'count' of type 'Either' applies to")
    }

    func testANullableVariantIsRejectedInFavourOfANullableUnion() {
        let text = schemaText(
            types: """
                  Expiry: { type: date-time, nullable: true }
                  Either:
                    union:
                      variants:
                        at: Expiry
                        count: int
                """)
        assertSingleError(text, line: 14, contains: "variant 'at' of type 'Either' is 'Expiry', which may be null; declare the union 'nullable: true' instead")
    }

    func testANullableResponseIsRejected() {
        let text = schemaText(
            types: """
                  Expiry: { type: date-time, nullable: true }
                """,
            operations: """
                  getExpiry:
                    http: GET /expiry
                    response: Expiry
                """)
        assertSingleError(text, line: 19, contains: "the response of operation 'getExpiry' is 'Expiry', which may be null")
    }

    func testAQueryListWithNullableElementsIsRejected() {
        // Directly, and through a nullable element type: both would be `[T?]`, which a query cannot send.
        for (type, items) in [("\"[int32]\"", ", items: { nullable: true }"), ("\"[Expiry]\"", "")] {
            let text = schemaText(
                types: """
                      Expiry: { type: date-time, nullable: true }
                    """,
                operations: """
                      findItems:
                        http: GET /items
                        query:
                          ids: { type: \(type), optional: true\(items) }
                        response: Item
                    """)
            assertSingleError(
                text, line: 20, contains: "query parameter 'ids' of operation 'findItems' is '\(type.dropFirst().dropLast())' with elements that may be null")
        }
    }

    func testAPageWhoseItemsMayBeNullIsRejected() {
        let text = schemaText(
            types: """
                  Page:
                    fields:
                      content: { type: "[Item]", items: { nullable: true } }
                      next: { type: string, optional: true }
                """,
            operations: """
                  listItems:
                    http: GET /items
                    query:
                      cursor: { type: string, optional: true }
                    response: Page
                    paginate: { style: cursor, items: content, cursor: cursor, next: next }
                """)
        assertSingleError(text, line: 25, contains: "'items' path 'content' leads to '[Item]' whose elements may be null")
    }

    func testNullableOnAStructIsAnUnknownKey() {
        let text = schemaText(
            types: """
                  Holder:
                    nullable: true
                    fields:
                      a: string
                """)
        assertSingleError(text, line: 11, contains: "unknown key 'nullable' in type 'Holder'")
    }

    /// Whether a type is nullable is settled once per alias, not by walking the chain again from each of
    /// its aliases: a chain of 20,000 took the loader minutes (`lint` 571 s), and now loads like any other
    /// schema of that size.
    func testNullableAtTheEndOfTwentyThousandAliasesReachesEveryUse() throws {
        let count = 20_000
        let chain = (0..<count).map { "  A\($0):\n    type: A\($0 + 1)\n" }.joined()
        let end = "  A\(count):\n    type: string\n    nullable: true\n"
        let holder = "  Holder:\n    fields:\n      first: A0\n      middle: A\(count / 2)\n      list: \"[A0]\"\n"
        let schema = try XCTUnwrap(SchemaLoader.load(text: schemaText(types: chain + end + holder), file: "test.yaml").schema)
        let nullable = schema.nullableTypes()
        XCTAssertTrue(nullable.contains(.named("A0")))
        XCTAssertTrue(nullable.contains(.named("A\(count)")))
        XCTAssertFalse(nullable.contains(.named("Holder")))
        XCTAssertFalse(nullable.contains(.array(.named("A0"))), "a list is not null by its elements")
        let fields = Dictionary(uniqueKeysWithValues: (schema.type(named: "Holder")?.fields ?? []).map { ($0.name, $0) })
        XCTAssertEqual(fields["first"]?.isNullable, true)
        XCTAssertEqual(fields["middle"]?.isNullable, true)
        XCTAssertEqual(fields["list"]?.isNullable, false)
        XCTAssertEqual(fields["list"]?.constraints.elements?.isNullable, true)
    }

    /// A cycle of aliases is not nullable, and settling that does not loop; lint rejects the cycle once per
    /// alias, and not a second time as a cycle of required fields (it has no field to make optional).
    func testACycleOfAliasesIsReportedOnceAsACycle() {
        let text = schemaText(
            types: """
                  Ping:
                    type: Pong
                  Pong:
                    type: Ping
                  Later:
                    type: string
                    nullable: true
                """)
        XCTAssertEqual(
            SchemaLoader.load(text: text, file: "test.yaml").diagnostics.map(\.description),
            [
                "test.yaml:10:3: error: alias 'Ping' refers to itself through Ping -> Pong; make one of them a struct or a union",
                "test.yaml:12:3: error: alias 'Pong' refers to itself through Pong -> Ping; make one of them a struct or a union",
            ])
    }
}
