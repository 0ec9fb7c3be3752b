import Foundation
import PayloadValidation
import SchemaModel
import XCTest

/// Path, query and header parameters as the sandbox receives them: text.
final class ParameterValidationTests: XCTestCase {
    private static let text = """
        api: Params
        version: "1"
        environments:
          production: { url: "https://api.example.com" }
        types:
          Color: { enum: [red, green] }
          Level: { type: int32, enum: [1, 2] }
          Code: { type: string, pattern: "^[A-Z]{3}$" }
        operations:
          search:
            http: GET /things/{id}
            path:
              id: uuid
            query:
              flag: { type: bool, optional: true }
              ratio: { type: double, optional: true, minimum: 0, maximum: 1 }
              amount: { type: decimal, optional: true }
              color: { type: Color, optional: true }
              level: { type: Level, optional: true }
              code: { type: Code, optional: true }
              when: { type: date-time, optional: true }
              mail: { type: email, optional: true }
              name: { type: string, optional: true, minLength: 2, maxLength: 4 }
              tags: { type: "[string]", optional: true, maxItems: 2 }
              count: { type: int64, default: 1 }
            headers:
              trace: { type: string, wire: X-Trace }
        """
    private static let schema: Schema = {
        let result = SchemaLoader.load(text: text, file: "params.yaml")
        guard let schema = result.schema else { fatalError("\(result.diagnostics)") }
        return schema
    }()

    private let validator = PayloadValidator(schema: ParameterValidationTests.schema)

    private static func line(_ prefix: String) -> Int {
        let lines = text.components(separatedBy: "\n")
        return (lines.firstIndex { $0.trimmingCharacters(in: .whitespaces).hasPrefix(prefix) } ?? -2) + 1
    }

    private func field(_ name: String) -> Field {
        let operation = Self.schema.operation(named: "search")!
        return operation.parameters.first { $0.field.name == name }!.field
    }

    private func check(_ name: String, _ text: String?, strict: Bool = false) -> [ValidationIssue] {
        (strict ? PayloadValidator(schema: Self.schema, strictEnums: true) : validator).validateParameter(text, as: field(name))
    }

    func testPresence() {
        assertOne(
            check("id", nil), .required, pointer: "id", expected: "UUID string (8-4-4-4-12 hex digits)", found: "missing", ruleLine: Self.line("id: uuid"))
        assertOne(check("trace", nil), .required, pointer: "X-Trace", found: "missing", ruleLine: Self.line("trace:"))
        XCTAssertEqual(check("flag", nil), [])
        XCTAssertEqual(check("count", nil), [], "a default makes it optional")
        XCTAssertEqual(check("trace", ""), [], "an empty header value is present")
    }

    func testScalarsParse() {
        XCTAssertEqual(check("id", "6bac7eea-c120-428d-beb6-910c6f290434"), [])
        assertOne(
            check("id", "nope"), .type, pointer: "id", expected: "UUID string (8-4-4-4-12 hex digits)", found: #"value "nope""#,
            ruleLine: Self.line("id: uuid"))
        XCTAssertEqual(check("flag", "true"), [])
        XCTAssertEqual(check("flag", "false"), [])
        assertOne(check("flag", "1"), .type, pointer: "flag", expected: "true or false", found: #"value "1""#)
        XCTAssertEqual(check("count", "-9223372036854775808"), [])
        assertOne(check("count", "9223372036854775808"), .type, pointer: "count", expected: "integer in int64 range")
        assertOne(check("count", "1.0"), .type, pointer: "count")
        XCTAssertEqual(check("ratio", "0.5"), [])
        XCTAssertEqual(check("ratio", "1e-1"), [])
        for bad in ["abc", "NaN", "inf", "1e999", "0x1p-2", " 0.5", ""] {
            assertOne(check("ratio", bad), .type, pointer: "ratio", expected: "number (finite double)")
        }
        XCTAssertEqual(check("amount", "12.34"), [])
        assertOne(check("amount", "1,5"), .type, pointer: "amount", expected: "number (decimal)")
        XCTAssertEqual(check("when", "2024-05-31T10:00:00.250Z"), [])
        assertOne(check("when", "yesterday"), .type, pointer: "when")
    }

    func testEnums() {
        XCTAssertEqual(check("color", "red"), [])
        assertOne(
            check("color", "blue"), .enumValue, severity: .warning, pointer: "color", expected: "one of: red, green",
            found: #"value "blue""#, ruleLine: Self.line("Color:"))
        assertOne(check("color", "blue", strict: true), .enumValue, severity: .error, pointer: "color")
        XCTAssertEqual(check("level", "2"), [])
        assertOne(check("level", "3"), .enumValue, severity: .warning, pointer: "level", expected: "one of: 1, 2")
        assertOne(check("level", "x"), .type, pointer: "level", expected: "integer in int32 range, one of: 1, 2", ruleLine: Self.line("Level:"))
    }

    func testConstraintsAndFormats() {
        assertOne(
            check("ratio", "1.5"), .constraint, pointer: "ratio", expected: "a number ≤ 1", found: "number 1.5",
            ruleLine: Self.line("ratio:"))
        assertOne(check("ratio", "-0.1"), .constraint, pointer: "ratio", expected: "a number ≥ 0")
        XCTAssertEqual(check("code", "ABC"), [])
        assertOne(check("code", "AB"), .constraint, pointer: "code", expected: "a string matching ^[A-Z]{3}$", ruleLine: Self.line("Code:"))
        assertOne(check("name", "a"), .constraint, pointer: "name", expected: "at least 2 characters", ruleLine: Self.line("name:"))
        assertOne(check("name", "abcde"), .constraint, pointer: "name", expected: "at most 4 characters")
        assertOne(check("mail", "nobody"), .format, pointer: "mail", expected: "email address (local@domain)")
        XCTAssertEqual(check("mail", "a@b.example"), [])
    }

    func testRepeatedAndListParameters() {
        XCTAssertEqual(validator.validateParameter(values: ["a", "b"], as: field("tags")), [])
        XCTAssertEqual(validator.validateParameter(values: [], as: field("tags")), [])
        assertOne(
            validator.validateParameter(values: ["a", "b", "c"], as: field("tags")), .constraint, pointer: "tags",
            expected: "at most 2 items", found: "array of 3 items")
        XCTAssertEqual(validator.validateParameter("a", as: field("tags")), [], "one text is one element")
        assertOne(
            validator.validateParameter(values: ["true", "false"], as: field("flag")), .type, pointer: "flag",
            expected: "one value", found: "2 values")
    }

    func testKitchenSinkOperations() {
        let schema = KitchenSink.schema
        let validator = PayloadValidator(schema: schema)
        let getItem = schema.operation(named: "getItem")!
        let storeId = getItem.pathParameters.first { $0.name == "storeId" }!
        let requestId = getItem.headerParameters.first { $0.name == "requestId" }!
        XCTAssertEqual(validator.validateParameter("42", as: storeId), [])
        assertOne(validator.validateParameter("4.2", as: storeId), .type, pointer: "storeId", expected: "integer in int64 range")
        assertOne(validator.validateParameter(nil, as: storeId), .required, pointer: "storeId")
        XCTAssertEqual(validator.validateParameter(nil, as: requestId), [])
        assertOne(
            validator.validateParameter("nope", as: requestId), .type, pointer: "X-Request-Id",
            ruleLine: KitchenSink.line("requestId:"))

        let listItems = schema.operation(named: "listItems")!
        func query(_ name: String) -> Field { listItems.queryParameters.first { $0.name == name }! }
        assertOne(
            validator.validateParameter("0", as: query("page")), .constraint, pointer: "page", expected: "a number ≥ 1",
            ruleLine: KitchenSink.line("page: { type: int32"))
        let statuses = validator.validateParameter(values: ["LEGACY", "BOGUS"], as: query("status"))
        assertOne(statuses, .enumValue, severity: .warning, pointer: "status/1", found: #"value "BOGUS""#)
        assertOne(validator.validateParameter("2023-02-29", as: query("since")), .type, pointer: "since")
        XCTAssertEqual(validator.validateParameter(values: ["name,asc", "sku"], as: query("sort")), [])
    }
}
