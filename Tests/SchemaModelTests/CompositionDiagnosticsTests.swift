import SchemaModel
import TestSupport
import XCTest

/// `includes:` (a struct has the fields of others, OpenAPI's `allOf`) and `additionalFields: T` (members
/// beyond the fields, `additionalProperties` beside `properties`), issue 27 line 3: what the model holds
/// and every rule lint enforces.
final class CompositionDiagnosticsTests: XCTestCase {
    private func errors(_ types: String) -> [String] {
        diagnostics(schemaText(types: types)).map { $0.components(separatedBy: "error: ").last ?? $0 }
    }

    private func load(_ types: String) throws -> Schema {
        let result = SchemaLoader.load(text: schemaText(types: types), file: "test.yaml")
        return try XCTUnwrap(result.schema, result.diagnostics.map(\.description).joined(separator: "\n"))
    }

    func testIncludedFieldsComeFirstTransitivelyAndKnowWhereTheyWereDeclared() throws {
        let schema = try load(
            """
              Stamp:
                fields:
                  at: date
              Audited:
                includes: [Stamp]
                fields:
                  author: string
                  revision: { type: int, optional: true }
              Note:
                includes: Audited
                fields:
                  text: string
            """)
        let note = try XCTUnwrap(schema.type(named: "Note"))
        XCTAssertEqual(note.fields.map(\.name), ["at", "author", "revision", "text"])
        XCTAssertEqual(note.fields.map(\.includedFrom), ["Stamp", "Audited", "Audited", nil])
        XCTAssertEqual(note.ownFields.map(\.name), ["text"])
        XCTAssertEqual(note.includes.map(\.name), ["Audited"])
        // Required keys of every part are kept: `at` and `author` are required in Note too.
        XCTAssertEqual(note.fields.filter(\.isRequiredOnWire).map(\.wireName), ["at", "author", "text"])
        XCTAssertEqual(try XCTUnwrap(schema.type(named: "Audited")).fields.map(\.name), ["at", "author", "revision"])
    }

    func testADiamondIsOneCopyAndAStructMayHaveOnlyIncludedFields() throws {
        let schema = try load(
            """
              Id:
                fields:
                  id: uuid
              Named:
                includes: [Id]
                fields:
                  name: string
              Dated:
                includes: [Id]
                fields:
                  at: date
              Both:
                includes: [Named, Dated]
            """)
        XCTAssertEqual(try XCTUnwrap(schema.type(named: "Both")).fields.map(\.name), ["id", "name", "at"])
    }

    func testAnUnknownOrNonStructIncludeIsAnErrorWithASuggestion() {
        XCTAssertEqual(
            errors(
                """
                  Base:
                    fields:
                      id: string
                  Size:
                    enum: [S, M]
                  Thing:
                    includes: [Bsae, Size]
                    fields:
                      name: string
                """),
            [
                "type 'Thing' includes 'Bsae', which is not a type; did you mean 'Base'?",
                "type 'Thing' includes 'Size', which is not a struct: a struct includes only the fields of other structs",
            ])
    }

    func testACycleOfIncludesIsReportedOnceWithItsPath() {
        assertSingleError(
            schemaText(
                types: """
                      A:
                        includes: [B]
                        fields:
                          a: string
                      B:
                        includes: [A]
                        fields:
                          b: string
                    """), line: 15,
            contains: "type 'B' includes itself (A → B → A): a struct cannot include its own fields; hold the other struct in a field instead")
    }

    func testARedeclaredOrDoublyIncludedFieldIsAnError() {
        XCTAssertEqual(
            errors(
                """
                  Base:
                    fields:
                      id: string
                  Other:
                    fields:
                      id: { type: int, wire: ident }
                      key: { type: string, wire: id }
                  Thing:
                    includes: [Base]
                    fields:
                      id: int
                  Mixed:
                    includes: [Base, Other]
                """),
            [
                "field 'id' of type 'Thing' is also included from 'Base' ('id', wire name 'id'): a struct cannot redeclare an included field; remove it here or rename it",
                "type 'Mixed' includes 'Other', whose field 'id' (from 'Other') is also included from 'Base': a field comes from one struct; rename one or include only one of them",
                "type 'Mixed' includes 'Other', whose field 'key' (from 'Other') is also included from 'Base': a field comes from one struct; rename one or include only one of them",
            ])
    }

    func testAStructWithAdditionalFieldsCannotBeIncludedAndTheirPropertyNameIsTaken() {
        XCTAssertEqual(
            errors(
                """
                  Labels:
                    fields:
                      id: string
                    additionalFields: string
                  Thing:
                    includes: [Labels]
                    fields:
                      additionalFields: { type: int, wire: extra }
                    additionalFields: Missing
                """),
            [
                "type 'Thing' includes 'Labels', which has 'additionalFields': its extra members would take this struct's own fields; include a struct without them, or move 'additionalFields' here",
                "field 'additionalFields' of type 'Thing' becomes the Swift property 'additionalFields', which holds the struct's 'additionalFields': rename the field (its 'wire' name can stay)",
                "unknown type 'Missing'",
            ])
    }

    func testATaggedVariantCannotHaveAdditionalFields() {
        XCTAssertEqual(
            errors(
                """
                  Labelled:
                    fields:
                      id: string
                    additionalFields: int
                  Choice:
                    union:
                      discriminator: kind
                      variants:
                        labelled: Labelled
                """),
            [
                "variant 'labelled' of type 'Choice' is 'Labelled', which has 'additionalFields': the tag 'kind' would be one of its extra members; use a struct without them as a tagged variant"
            ])
    }

    func testAdditionalFieldsHoldAType() throws {
        let schema = try load(
            """
              Tags:
                fields:
                  id: string
                additionalFields: "[int]"
            """)
        XCTAssertEqual(try XCTUnwrap(schema.type(named: "Tags")?.additionalFields).type, .array(.primitive(.int)))
    }
}
