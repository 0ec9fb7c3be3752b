import SchemaModel
import TestSupport
import XCTest

/// The services SchemaModel holds for every tool (issue 26, line 1): the one YAML-to-JSON conversion
/// (`JSONTree`), the one reader of dotted field paths (`FieldPath`) and the one type-reachability walk
/// (`Schema.typesReachable(from:)`). Their callers' own tests (exports, validator, sandbox, diff,
/// schema-check traffic) show they behave as before; these pin the services themselves.
final class SharedModelServicesTests: XCTestCase {
    // MARK: YAML to JSON

    /// A JSON value that records how it was built, so the test sees the conversion's calls.
    private indirect enum Recorded: JSONTree, Equatable {
        case null
        case bool(Bool)
        case number(String)
        case string(String)
        case array([Recorded])
        case object([String], [Recorded])

        static func object(members: [(key: String, value: Recorded)]) -> Recorded {
            .object(members.map(\.key), members.map(\.value))
        }
    }

    private func node(_ yaml: String) throws -> YAMLNode {
        try XCTUnwrap(YAMLDocument.read(yaml, file: "test.yaml").root)
    }

    func testYAMLBecomesJSONWithOrderKeptAndNumbersInJSONSyntax() throws {
        let yaml = """
            zeta: +1
            alpha: [.5, 1., -.5e3, 2.E4, .inf, -.Inf, .nan]
            flag: TRUE
            nothing: ~
            text: "12"
            """
        let value = Recorded(try node(yaml))
        XCTAssertEqual(
            value,
            .object(
                ["zeta", "alpha", "flag", "nothing", "text"],
                [
                    .number("1"),
                    .array([.number("0.5"), .number("1.0"), .number("-0.5e3"), .number("2.0E4"), .string(".inf"), .string("-.Inf"), .string(".nan")]),
                    .bool(true), .null, .string("12"),
                ]))
        // `jsonText` is the same conversion written as text.
        XCTAssertEqual(
            try node(yaml).jsonText,
            #"{"zeta":1,"alpha":[0.5,1.0,-0.5e3,2.0E4,".inf","-.Inf",".nan"],"flag":true,"nothing":null,"text":"12"}"#)
    }

    func testYAMLStringsAreEscapedAsJSONText() throws {
        XCTAssertEqual(try node(#"{ "a\"b": "line\nbreak\u0001" }"#).jsonText, #"{"a\"b":"line\nbreak\u0001"}"#)
    }

    // MARK: Field paths

    private static let schema: Schema = {
        let text = schemaText(
            types: """
                  Page:
                    fields:
                      cursors: Cursors
                      items: "[Item]"
                      label: Label
                      shape: Shape
                  Cursors:
                    fields:
                      next: { type: string, optional: true, wire: next_cursor }
                  Label:
                    type: string
                  Shape:
                    union:
                      variants:
                        circle: Circle
                        square: Square
                  Circle:
                    fields:
                      radius: double
                  Square:
                    fields:
                      side: double
                      owner: Item
                  Secretive:
                    fields:
                      token: { type: string, secret: true }
                  Unused:
                    fields:
                      other: Secretive
                """,
            operations: """
                  listPage:
                    http: GET /pages
                    response: Page
                  login:
                    http: POST /login
                    body: Secretive
                """)
        let result = SchemaLoader.load(text: text, file: "test.yaml")
        guard let schema = result.schema else { fatalError("\(result.diagnostics)") }
        return schema
    }()

    func testFieldPathReadsDottedTextKeepingEmptyKeys() {
        XCTAssertEqual(FieldPath("cursors.next_cursor").keys, ["cursors", "next_cursor"])
        XCTAssertEqual(FieldPath("a..b").keys, ["a", "", "b"])
        XCTAssertEqual(FieldPath("code").description, "code")
        XCTAssertEqual(FieldPath("a.b").appending("c"), ["a", "b", "c"])
        XCTAssertEqual(FieldPath("a.b.c").parent, FieldPath("a.b"))
    }

    func testFieldPathResolvesThroughStructFieldsByWireName() {
        let page = TypeReference.named("Page")
        let types = Self.schema.type(named:)
        guard case .fields(let fields) = FieldPath("cursors.next_cursor").resolve(from: page, types: types) else {
            return XCTFail("cursors.next_cursor does not resolve")
        }
        XCTAssertEqual(fields.map(\.name), ["cursors", "next"])
        guard case .noField(let index, let typeName, let candidates) = FieldPath("cursors.next").resolve(from: page, types: types) else {
            return XCTFail("the Swift name is not the wire name")
        }
        XCTAssertEqual(index, 1)
        XCTAssertEqual(typeName, "Cursors")
        XCTAssertEqual(candidates.map(\.wireName), ["next_cursor"])
        guard case .notAStruct(let type, let at) = FieldPath("items.id").resolve(from: page, types: types) else {
            return XCTFail("a list is not a struct")
        }
        XCTAssertEqual(type.description, "[Item]")
        XCTAssertEqual(at, 1)
        // The generated code reads no field of an alias or a union, so neither resolves...
        XCTAssertNil(FieldPath("label.x").fields(from: page, types: types))
        XCTAssertNil(FieldPath("shape.side").fields(from: page, types: types))
        XCTAssertNil(FieldPath("cursors..next_cursor").fields(from: page, types: types))
        // ...but a body may still carry a field that some union variant has.
        XCTAssertTrue(FieldPath("shape.owner.id").mayLead(from: page, types: types))
        XCTAssertFalse(FieldPath("shape.owner.name").mayLead(from: page, types: types))
    }

    // MARK: Reachable types

    func testTypesReachableFollowFieldsElementsVariantsAndAliases() {
        XCTAssertEqual(
            Self.schema.typesReachable(from: [.named("Page")]),
            ["Page", "Cursors", "Item", "Label", "Shape", "Circle", "Square"])
        XCTAssertEqual(Self.schema.typesReachable(from: [.array(.map(key: .string, value: .named("Unused")))]), ["Unused", "Secretive"])
        XCTAssertEqual(Self.schema.typesReachable(from: [.primitive(.string)]), [])
        // Secret wire names come from the same walk.
        XCTAssertEqual(Self.schema.secretWireNames(reachableFrom: [.named("Unused")]), ["token"])
        XCTAssertEqual(Self.schema.secretWireNames(reachableFrom: [.named("Page")]), [])
    }

    // MARK: Literal rules

    /// The loader and `import` judge a default by the same rules (import leaves out what the loader would reject).
    func testDefaultValueRulesJudgeALiteralByItsType() throws {
        XCTAssertNil(DefaultValueRules.mismatch(try node("42"), .primitive(.int)))
        XCTAssertEqual(DefaultValueRules.mismatch(try node("'512 MB'"), .primitive(.int)), "must be an integer, found a string")
        XCTAssertEqual(DefaultValueRules.mismatch(try node("4294967296"), .primitive(.int32)), "does not fit in int32")
        XCTAssertEqual(DefaultValueRules.mismatch(try node("2024-02-30"), .primitive(.date)), "is not a date (yyyy-MM-dd): '2024-02-30'")
        XCTAssertNil(DefaultValueRules.mismatch(try node("2024-02-29"), .primitive(.date)))
        XCTAssertNil(DefaultValueRules.mismatch(try node("[a, b]"), .list(.enumeration(["a", "b"]))))
        XCTAssertNotNil(DefaultValueRules.mismatch(try node("[a, c]"), .list(.enumeration(["a", "b"]))))
        XCTAssertNil(DefaultValueRules.mismatch(try node("[1, x]"), .list(nil)), "elements of an unknown type are not judged")
        XCTAssertNotNil(DefaultValueRules.mismatch(try node("{}"), .unsupported))
        XCTAssertNil(BaseURLRules.problem("https://api.example.com/v1"))
        XCTAssertEqual(BaseURLRules.problem("ftp://files.example.com"), "must use http or https, found 'ftp'")
    }
}
