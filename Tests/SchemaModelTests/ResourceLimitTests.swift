import SchemaModel
import TestSupport
import XCTest

/// Hostile documents are rejected with a diagnostic, quickly and in bounded memory: alias bombs,
/// documents nested deeper than the loader walks, and type expressions nested deeper than the Swift
/// compiler type-checks in reasonable time (limits in docs/SchemaLanguage.md, "Limits").
final class ResourceLimitTests: XCTestCase {
    /// "Billion laughs" (TestSupport; ClientGeneratorTests feeds it to `client-generator lint`).
    static let billionLaughs = billionLaughsSchema

    // MARK: Aliases

    func testBillionLaughsIsRejectedAtTheAliasThatCrossesTheBudget() {
        XCTAssertLessThan(Self.billionLaughs.utf8.count, 600)
        // Aliases so far: 10 × 11 (a1) + 10 × 111 (a2) + 10 × 1,111 (a3) = 12,330 nodes; each *a3 adds
        // 11,111 more, so the 8th on line 6 (a4) is the one that passes 100,000.
        let column = #"a4: &a4 ["#.count + 7 * "*a3, ".count + 1
        assertSingleError(
            Self.billionLaughs, line: 6, column: column,
            contains: "alias '*a3' makes the document's aliases expand to more than 100000 nodes")
    }

    func testAliasesUsedAsMappingKeysCountTowardsTheBudget() {
        // Keys are compared for duplicates, which would walk the whole expansion of each one.
        var text = Self.billionLaughs.replacingOccurrences(of: "a8: &a8", with: "#")
        text += "keys:\n  ? *a7\n  : 1\n  ? [*a7]\n  : 2\n"
        let errors = SchemaLoader.load(text: text, file: "test.yaml").diagnostics
        XCTAssertEqual(errors.count, 1, "\(errors)")
        XCTAssertTrue(errors.first?.description.hasPrefix("test.yaml:6:") == true, "\(errors)")
        XCTAssertTrue(errors.first?.message.contains("expand to more than 100000 nodes") == true, "\(errors)")
    }

    func testAliasesWithinTheBudgetStillWork() {
        let text = schemaText(
            types: """
                  Money:
                    fields:
                      amount: &amount { type: decimal, minimum: 0 }
                      currency: &currency { type: string, pattern: "^[A-Z]{3}$" }
                  Refund:
                    fields:
                      amount: *amount
                      currency: *currency
                """)
        let result = SchemaLoader.load(text: text, file: "test.yaml")
        XCTAssertEqual(result.diagnostics.map(\.description), [])
        let refund = result.schema?.type(named: "Refund")
        XCTAssertEqual(refund?.fields.map(\.name), ["amount", "currency"])
        XCTAssertEqual(refund?.fields.first?.constraints.minimum, 0)
    }

    func testAliasJustUnderTheBudgetIsAccepted() {
        // The same aliases as the bomb up to the 7th *a3 (90,107 nodes added; the 8th would pass
        // 100,000): within the budget, so the document loads, and only then fails as a schema.
        var lines = [#"a0: &a0 [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]"#]
        for level in 1...3 {
            lines.append("a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ") + "]")
        }
        lines.append("big: [" + Array(repeating: "*a3", count: 7).joined(separator: ", ") + "]")
        let found = diagnostics(lines.joined(separator: "\n"))
        XCTAssertFalse(found.contains { $0.contains("aliases") }, "\(found)")
        XCTAssertTrue(found.contains { $0.contains("the schema needs 'api'") }, "\(found)")
    }

    // MARK: Document nesting

    func testDeeplyNestedFlowListsAreRejected() {
        let text = "api: Deep\nx: " + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + "\n"
        let errors = SchemaLoader.load(text: text, file: "test.yaml").diagnostics
        XCTAssertEqual(errors.count, 1, "\(errors.prefix(3))")
        XCTAssertEqual(errors.first?.location?.line, 2)
        XCTAssertTrue(errors.first?.message == "the document is nested more than 256 levels deep", "\(errors.prefix(3))")
    }

    func testDeeplyNestedMappingsAreRejected() {
        let text = "api: Deep\nx: " + String(repeating: "{a: ", count: 300) + "1" + String(repeating: "}", count: 300) + "\n"
        let errors = SchemaLoader.load(text: text, file: "test.yaml").diagnostics
        XCTAssertEqual(errors.map(\.message), ["the document is nested more than 256 levels deep"])
        XCTAssertEqual(errors.first?.location?.line, 2)
    }

    func testAliasThatNestsTooDeepIsRejected() {
        let text =
            "x: &deep " + String(repeating: "[", count: 200) + String(repeating: "]", count: 200)
            + "\ny: " + String(repeating: "[", count: 100) + "*deep" + String(repeating: "]", count: 100) + "\n"
        assertSingleError(text, line: 2, column: 104, contains: "alias '*deep' nests the document more than 256 levels deep")
    }

    // MARK: Type expressions

    func testTypeExpressionNestedTwentyThousandLevelsIsRejectedEarly() {
        let deep = String(repeating: "[", count: 20_000) + "int" + String(repeating: "]", count: 20_000)
        assertSingleError(
            schemaText(
                types: """
                      Deep:
                        fields:
                          values: "\(deep)"
                    """), line: 12, column: 15, contains: "nests lists and maps more than \(TypeReference.maximumNesting) levels deep")
    }

    func testTypeNestedAtTheLimitIsAcceptedAndOneDeeperIsNot() {
        func nested(_ depth: Int) -> String {
            String(repeating: "[string: [", count: depth / 2) + String(repeating: "[", count: depth % 2) + "int"
                + String(repeating: "]", count: depth % 2) + String(repeating: "]]", count: depth / 2)
        }
        let limit = TypeReference.maximumNesting
        XCTAssertEqual(diagnostics(schemaText(types: "  Deep:\n    fields:\n      values: \"\(nested(limit))\"")), [])
        assertSingleError(
            schemaText(types: "  Deep:\n    fields:\n      values: \"\(nested(limit + 1))\""),
            line: 12, contains: "nests lists and maps more than \(limit) levels deep")
    }

    func testNestedYAMLListTypeIsRejected() {
        let depth = TypeReference.maximumNesting + 1
        let type = String(repeating: "[", count: depth) + "int" + String(repeating: "]", count: depth)
        assertSingleError(
            schemaText(types: "  Deep:\n    fields:\n      values: \(type)"),
            line: 12, contains: "nests lists more than \(TypeReference.maximumNesting) levels deep")
        // Lists written in YAML and in the expression inside them add up.
        let half = TypeReference.maximumNesting / 2 + 1
        let mixed =
            String(repeating: "[", count: half) + "\"" + String(repeating: "[", count: half) + "int"
            + String(repeating: "]", count: half) + "\"" + String(repeating: "]", count: half)
        assertSingleError(
            schemaText(types: "  Deep:\n    fields:\n      values: \(mixed)"),
            line: 12, contains: "levels deep")
    }

    func testNestingThroughAliasesCounts() {
        let half = TypeReference.maximumNesting / 2 + 1
        let lists = { (inner: String) in String(repeating: "[", count: half) + inner + String(repeating: "]", count: half) }
        assertSingleError(
            schemaText(
                types: """
                      Matrix:
                        type: "\(lists("int"))"
                      Deep:
                        fields:
                          values: "\(lists("Matrix"))"
                    """), line: 14, contains: "nests lists and maps more than \(TypeReference.maximumNesting) levels deep once its aliases are followed")
    }

    func testTypeExpressionParsing() {
        XCTAssertEqual(TypeReference(expression: " [ string : [Item] ] "), .map(key: .string, value: .array(.named("Item"))))
        XCTAssertEqual(TypeReference(expression: "[int: date-time]"), .map(key: .int, value: .primitive(.dateTime)))
        XCTAssertEqual(TypeReference(expression: "[[uuid]]"), .array(.array(.primitive(.uuid))))
        for malformed in ["[int", "int]", "[]", "[string:]", "[[int]: string]", "[int] x", ""] {
            XCTAssertNil(TypeReference(expression: malformed), malformed)
        }
        guard case .failure(let error) = TypeReference.parse(expression: "[foo: int]") else { return XCTFail("parsed") }
        XCTAssertEqual(error.message, "map keys must be string or int, found 'foo' in '[foo: int]'")
        // Far too deep: rejected when the 13th bracket opens, with the text shortened in the message.
        let deep = String(repeating: "[", count: 30_000) + "int" + String(repeating: "]", count: 30_000)
        guard case .failure(let deepError) = TypeReference.parse(expression: deep) else { return XCTFail("parsed") }
        XCTAssertTrue(deepError.message.hasSuffix("…' nests lists and maps more than \(TypeReference.maximumNesting) levels deep"), deepError.message)
        XCTAssertLessThan(deepError.message.count, 200)
    }
}
