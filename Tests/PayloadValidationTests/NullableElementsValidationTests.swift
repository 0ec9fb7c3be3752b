import Foundation
import PayloadValidation
import SchemaModel
import XCTest

/// schema-check on null list elements, map values and named types, and on constraints of list elements
/// and union variants (kitchensink.yaml, `Nullables`; issue 27 line 3): what the generated decoder takes
/// passes, and each rule is reported at its element, pointing at the `items:` or variant that says it.
final class NullableElementsValidationTests: XCTestCase {
    private let validator = PayloadValidator(schema: KitchenSink.schema)
    private let base = #""expiry":null,"history":[],"files":{}"#

    private func issues(_ members: String) throws -> [ValidationIssue] {
        validator.validate(try JSONParser.parse(Data("{\(base),\(members)}".utf8)), against: .named("Nullables"))
    }

    func testNullsWhereTheSchemaAllowsThemPass() throws {
        let json = #"""
            {"expiry":null,"history":["2024-05-31T10:00:00Z",null],"scores":[100,null,0],"files":{"a":{"radius":1},"b":null},
             "stop":null,"codes":["AB"],"grid":[[1,null]]}
            """#
        XCTAssertEqual(validator.validate(try JSONParser.parse(Data(json.utf8)), against: .named("Nullables")), [])
    }

    func testNullWhereTheElementsAreNotNullableIsATypeError() throws {
        let found = try issues(#""scores":[],"stop":null,"codes":[null]"#)
        XCTAssertEqual(found.map(\.kind), [.type], "\(found)")
        XCTAssertEqual(found.first?.pointer, "/codes/0")
        // A nested list's inner elements are nullable (`items: { items: { nullable: true } }`), its lists are not.
        XCTAssertEqual(try issues(#""scores":[],"stop":null,"grid":[null]"#).map(\.pointer), ["/grid/0"])
    }

    func testElementConstraintsApplyToEachElement() throws {
        let bound = try issues(#""stop":null,"scores":[1,null,101]"#)
        XCTAssertEqual(bound.map(\.kind), [.constraint], "\(bound)")
        XCTAssertEqual(bound.first?.pointer, "/scores/2")
        XCTAssertEqual(bound.first?.rule?.line, KitchenSink.line("scores:", after: "  Nullables:"), "the rule is the field's items:")
        XCTAssertEqual(try issues(#""scores":[],"stop":null,"codes":["AB","ab"]"#).map(\.pointer), ["/codes/1"])
        // `items: { maxItems: 3 }` of a list of lists counts each inner list.
        XCTAssertEqual(try issues(#""scores":[],"stop":null,"grid":[[1,2,3,4]]"#).map(\.pointer), ["/grid/0"])
    }

    func testAVariantsConstraintsApplyOnceItIsChosen() throws {
        XCTAssertEqual(try issues(#""scores":[],"stop":"END""#), [])
        let long = try issues(#""scores":[],"stop":"\#(String(repeating: "x", count: 21))""#)
        XCTAssertEqual(long.map(\.kind), [.constraint], "\(long)")
        XCTAssertEqual(long.first?.pointer, "/stop")
        XCTAssertEqual(try issues(#""scores":[],"stop":[]"#).map(\.kind), [.constraint], "the several variant's minItems")
        XCTAssertEqual(try issues(#""scores":[],"stop":["\#(String(repeating: "x", count: 21))"]"#).map(\.pointer), ["/stop/0"])
    }
}
