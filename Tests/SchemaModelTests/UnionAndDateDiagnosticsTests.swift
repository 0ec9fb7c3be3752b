import SchemaModel
import TestSupport
import XCTest

/// Bad uses of untagged and integer-tagged unions and of date-time `format:`: one error each, at its
/// place, never a second error for the same mistake.
final class UnionAndDateDiagnosticsTests: XCTestCase {
    private let variants = """
          A:
            fields:
              id: int
              name: { type: string, optional: true }
          B:
            fields:
              id: int
              size: { type: int, default: 1 }
        """

    func testUntaggedVariantsRequiringTheSameKeysAreRejectedAtTheLaterVariant() {
        let text = schemaText(
            types: variants + """

                  Either:
                    union:
                      variants:
                        a: A
                        b: B
                """)
        // A requires {id}; B requires {id} too (size has a default): nothing tells them apart.
        assertSingleError(text, line: 22, column: 9, contains: "variants 'a' and 'b' of type 'Either' require the same keys (id)")
        XCTAssertTrue(diagnostics(text).joined().contains("add a 'discriminator'"))
    }

    func testUntaggedVariantsWithDifferentRequiredKeysLoad() throws {
        let text = schemaText(
            types: """
                  A:
                    fields: { id: int }
                  B:
                    fields: { id: int, size: int }
                  Either:
                    union:
                      variants: { a: A, b: B }
                """)
        let schema = try XCTUnwrap(SchemaLoader.load(text: text, file: "test.yaml").schema, "\(diagnostics(text))")
        guard case .union(let union)? = schema.type(named: "Either")?.kind else { return XCTFail("not a union") }
        XCTAssertNil(union.discriminator)
        // The variant requiring more keys is tried first.
        XCTAssertEqual(schema.untaggedCandidates(of: union).map(\.name), ["b", "a"])
        XCTAssertEqual(schema.commonFields(of: union).map(\.name), ["id"])
    }

    func testTagValueWithoutDiscriminatorIsRejected() {
        let text = schemaText(
            types: """
                  A:
                    fields: { id: int }
                  Either:
                    union:
                      variants:
                        a: { type: A, value: 1 }
                """)
        assertSingleError(text, line: 15, column: 30, contains: "'value' of variant 'a' of type 'Either' is a tag, but the union has no 'discriminator'")
    }

    func testMixedIntegerAndStringTagsAreOneError() {
        let text = schemaText(
            types: """
                  A:
                    fields: { id: int }
                  B:
                    fields: { id: int }
                  C:
                    fields: { id: int }
                  Notice:
                    union:
                      discriminator: level
                      variants:
                        a: { type: A, value: 1 }
                        b: { type: B, value: "1" }
                        c: { type: C, value: "three" }
                """)
        assertSingleError(text, line: 21, column: 30, contains: "tag of variant 'b' of type 'Notice' is a string, but variant 'a' has the integer tag 1")
    }

    func testShorthandVariantInAnIntegerTaggedUnionIsReported() {
        let text = schemaText(
            types: """
                  A:
                    fields: { id: int }
                  B:
                    fields: { id: int }
                  Notice:
                    union:
                      discriminator: level
                      variants:
                        a: { type: A, value: 1 }
                        b: B
                """)
        assertSingleError(text, line: 19, column: 9, contains: "tag of variant 'b' of type 'Notice' is a string")
    }

    func testDuplicateIntegerTagsAreRejected() {
        let text = schemaText(
            types: """
                  A:
                    fields: { id: int }
                  B:
                    fields: { id: int }
                  Notice:
                    union:
                      discriminator: level
                      variants:
                        a: { type: A, value: 1 }
                        b: { type: B, value: 01 }
                """)
        assertSingleError(text, line: 19, column: 9, contains: "variants 'a' and 'b' of type 'Notice' have the same tag '1'")
    }

    func testUnknownDateFormatIsRejectedAtTheFormat() {
        let text = schemaText(
            types: """
                  Event:
                    fields:
                      at: { type: date-time, format: epochMinutes }
                """)
        assertSingleError(
            text, line: 12, column: 38, contains: "'format' must be rfc3339, epochSeconds, epochMilliseconds or a date pattern: unsupported letter 'e'")
    }

    func testBadDatePatternsSayWhatIsWrong() {
        for (pattern, message) in [
            ("yyyy-MM-dd HH", "has no mm"),
            ("yy-MM-dd HH:mm", "'yy' in date pattern 'yy-MM-dd HH:mm' must be written yyyy"),
            ("yyyy-MM-dd HH:mm 'UTC", "unterminated quote"),
            ("yyyy-MM-dd HH:mm:ss EEE", "unsupported letter 'E'"),
            ("yyyy-MM-dd HH:mm:ss.SSSSSSSSSS", "must be written S to SSSSSSSSS"),
        ] {
            let text = schemaText(
                types: """
                      Event:
                        fields:
                          at: { type: date-time, format: "\(pattern)" }
                    """)
            assertSingleError(text, line: 12, contains: message)
        }
    }

    func testFormatOnlyAppliesToDateTime() {
        let text = schemaText(
            types: """
                  Event:
                    fields:
                      at: { type: string, format: epochSeconds }
                """)
        assertSingleError(text, line: 12, column: 7, contains: "'format' of 'at' of type 'Event' applies to date-time, not to 'string'")
    }

    func testFormattedAliasInAListIsRejectedOnce() {
        let text = schemaText(
            types: """
                  Millis: { type: date-time, format: epochMilliseconds }
                  Event:
                    fields:
                      at: Millis
                      history: "[Millis]"
                """)
        assertSingleError(
            text, line: 14, column: 16, contains: "'Millis' has the date format 'epochMilliseconds', which only a struct field of that type applies")
    }

    func testFormattedParameterIsRejected() {
        let text = schemaText(
            operations: """
                  since:
                    http: GET /since
                    query:
                      from: { type: date-time, format: epochSeconds }
                """)
        let found = diagnostics(text)
        XCTAssertEqual(found.count, 1, "\(found)")
        XCTAssertTrue(found.first?.contains("query parameter 'from' of operation 'since' has a date 'format'") ?? false, "\(found)")
    }

    func testFormatOnANonDateParameterIsOneError() {
        let text = schemaText(
            operations: """
                  since:
                    http: GET /since
                    query:
                      from: { type: string, format: epochSeconds }
                """)
        let found = diagnostics(text)
        XCTAssertEqual(found.count, 1, "\(found)")
        XCTAssertTrue(found.first?.contains("'format' of 'from' of the query of operation 'since' applies to date-time, not to 'string'") ?? false, "\(found)")
    }

    func testValidFormatsLoad() throws {
        let text = schemaText(
            types: """
                  Millis: { type: date-time, format: epochMilliseconds }
                  Event:
                    fields:
                      seconds: { type: date-time, format: epochSeconds }
                      millis: Millis
                      custom: { type: date-time, format: "yyyy-MM-dd HH:mm:ss.SSSSSS Z 'UTC'" }
                      plain: { type: date-time, format: rfc3339 }
                """)
        let schema = try XCTUnwrap(SchemaLoader.load(text: text, file: "test.yaml").schema, "\(diagnostics(text))")
        let fields = try XCTUnwrap(schema.type(named: "Event")).fields
        XCTAssertEqual(
            fields.map { schema.effectiveDateFormat(of: $0) },
            [.epochSeconds, .epochMilliseconds, .pattern("yyyy-MM-dd HH:mm:ss.SSSSSS Z 'UTC'"), nil])
    }
}
