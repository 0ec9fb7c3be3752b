import SchemaModel
import TestSupport
import XCTest

/// `exclude:` (enum values a field, parameter or alias never takes; Finaptic's request-side
/// `orderUnspecified`): one error per mistake, at its place.
final class ExcludeDiagnosticsTests: XCTestCase {
    private let order = """
          Order:
            enum: [orderUnspecified, descending, ascending]
        """

    func testExcludeLoadsOnFieldsParametersAndAliases() throws {
        let text = schemaText(
            types: order + """

                  Requested:
                    type: Order
                    exclude: [orderUnspecified]
                  Query:
                    fields:
                      order: { type: Order, exclude: [orderUnspecified], default: descending }
                      requested: { type: Requested, optional: true }
                """,
            operations: """
                  listItems:
                    http: GET /items
                    query:
                      sortOrder: { type: Order, optional: true, exclude: [orderUnspecified] }
                    response: "[Item]"
                """)
        let schema = try XCTUnwrap(SchemaLoader.load(text: text, file: "test.yaml").schema, "\(diagnostics(text))")
        let field = try XCTUnwrap(schema.type(named: "Query")?.fields.first)
        XCTAssertEqual(field.constraints.excluded?.map(\.text), ["orderUnspecified"])
        XCTAssertTrue(field.constraints.excludes("orderUnspecified"))
        XCTAssertFalse(field.constraints.excludes("descending"))
        let parameter = try XCTUnwrap(schema.operations.first { $0.name == "listItems" }?.queryParameters.first)
        XCTAssertEqual(parameter.constraints.excluded?.map(\.text), ["orderUnspecified"])
    }

    func testExcludeOnATypeThatIsNotAnEnumIsRejected() {
        let text = schemaText(
            types: """
                  Query:
                    fields:
                      name: { type: string, exclude: [admin] }
                """)
        assertSingleError(text, line: 12, column: 39, contains: "'exclude' of 'name' of type 'Query' applies to enums, not to 'string'")
    }

    func testAValueTheEnumDoesNotHaveIsRejectedWithASuggestion() {
        let text = schemaText(
            types: order + """

                  Query:
                    fields:
                      order: { type: Order, exclude: [orderUnspecifed] }
                """)
        assertSingleError(
            text, line: 14, column: 39,
            contains: "'exclude' of 'order' of type 'Query' lists 'orderUnspecifed', which is not a value of enum 'Order'; did you mean 'orderUnspecified'?")
    }

    func testAValueListedTwiceIsRejectedAtTheSecond() {
        let text = schemaText(
            types: order + """

                  Query:
                    fields:
                      order: { type: Order, exclude: [ascending, ascending] }
                """)
        assertSingleError(text, line: 14, column: 50, contains: "'exclude' of 'order' of type 'Query' lists 'ascending' twice")
    }

    func testExcludingEveryValueIsRejected() {
        let text = schemaText(
            types: order + """

                  Query:
                    fields:
                      order: { type: Order, exclude: [orderUnspecified, descending, ascending] }
                """)
        assertSingleError(text, line: 14, column: 39, contains: "rules out every value of enum 'Order', so nothing could be sent")
    }

    func testADefaultThatIsExcludedIsRejected() {
        let text = schemaText(
            types: order + """

                  Query:
                    fields:
                      order: { type: Order, exclude: [orderUnspecified], default: orderUnspecified }
                """)
        assertSingleError(text, line: 14, column: 67, contains: "the default of 'order' of type 'Query' is 'orderUnspecified', a value its 'exclude' rules out")
    }

    func testExcludeMustBeAListOfValues() {
        let notAList = schemaText(
            types: order + """

                  Query:
                    fields:
                      order: { type: Order, exclude: orderUnspecified }
                """)
        assertSingleError(
            notAList, line: 14, column: 38,
            contains: "'exclude' in field 'order' of type 'Query' must be a non-empty list of the enum's values, found a string 'orderUnspecified'")
        let nested = schemaText(
            types: order + """

                  Query:
                    fields:
                      order: { type: Order, exclude: [[orderUnspecified]] }
                """)
        assertSingleError(nested, line: 14, column: 39, contains: "'exclude' in field 'order' of type 'Query' lists enum values, found a list")
    }

    func testExcludeOnAnIntegerEnumTakesItsNumbers() throws {
        let text = schemaText(
            types: """
                  Priority:
                    type: int32
                    enum: { low: 1, high: 10, ancient: 0 }
                  Query:
                    fields:
                      priority: { type: Priority, exclude: [0] }
                """)
        let schema = try XCTUnwrap(SchemaLoader.load(text: text, file: "test.yaml").schema, "\(diagnostics(text))")
        XCTAssertEqual(schema.type(named: "Query")?.fields.first?.constraints.excluded?.map(\.text), ["0"])
    }
}
