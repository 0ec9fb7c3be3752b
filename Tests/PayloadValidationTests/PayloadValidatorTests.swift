import Foundation
import PayloadValidation
import SchemaModel
import XCTest

/// The validator against kitchensink.yaml, whose generated code (Tests/SwiftRendererTests/Golden/kitchensink)
/// defines the decoding the validator mirrors.
final class PayloadValidatorTests: XCTestCase {
    private let validator = PayloadValidator(schema: KitchenSink.schema)
    private let strict = PayloadValidator(schema: KitchenSink.schema, strictEnums: true)

    private func issues(_ json: String, _ type: TypeReference = .named("Item"), strict: Bool = false) -> [ValidationIssue] {
        (strict ? self.strict : validator).validate(data: Data(json.utf8), against: type)
    }

    /// A valid Item with `members` (JSON text) added after its required keys.
    private func item(_ members: String = "") -> String {
        #"{"sku": "A1", "name": "Apple", "discontinuedAt": null"# + (members.isEmpty ? "" : ", " + members) + "}"
    }

    private func line(_ prefix: String, after anchor: String? = nil) -> Int { KitchenSink.line(prefix, after: anchor) }

    // MARK: Examples

    func testSchemaExamplesAreValid() throws {
        for type in KitchenSink.schema.types {
            for example in type.examples {
                let found = validator.validate(data: Data(example.value.jsonText.utf8), against: .named(type.name))
                XCTAssertEqual(found, [], "example '\(example.name)' of \(type.name):\n\(found.map(\.description).joined(separator: "\n"))")
            }
        }
        // The Everything and Item examples in particular (and the Item one read from a file).
        XCTAssertEqual(KitchenSink.schema.type(named: "Everything")?.examples.count, 1)
        XCTAssertEqual(KitchenSink.schema.type(named: "Item")?.examples.map(\.name), ["apple", "fromFile"])
        XCTAssertEqual(issues(item()), [])
    }

    func testFullyPopulatedItemIsValid() {
        let json = item(
            #"""
            "display_name": "Apples", "note": "fresh", "quantity": 1000, "price": 0, "weight": 0.0, "available": false,
            "size": "XL", "tags": ["a", "b"], "status": "KYC In Progress", "origin": "6BAC7EEA-C120-428D-BEB6-910C6F290434",
            "since": "2024-02-29", "homepage": "https://example.com/apple", "legacyCode": "X", "unknownExtra": {"anything": [1e999]}
            """#)
        XCTAssertEqual(issues(json), [])
    }

    // MARK: Structs: required, null, types

    func testMissingRequiredKey() {
        let found = issues(#"{"sku": "A1", "discontinuedAt": null}"#)
        assertOne(found, .required, pointer: "/name", expected: "string", found: "missing", ruleLine: line("name: string", after: "  Item:"))
        XCTAssertEqual(found.first?.message, "required key 'name' of Item is missing (expected string)")
    }

    func testNullableButNotOptionalKeyIsRequired() {
        // discontinuedAt: nullable, not optional -> `decode(Date?.self)` needs the key.
        let found = issues(#"{"sku": "A1", "name": "Apple"}"#)
        assertOne(
            found, .required, pointer: "/discontinuedAt", expected: "date-time string (RFC 3339, e.g. 2024-05-31T10:00:00Z) or null",
            found: "missing", ruleLine: line("discontinuedAt:", after: "  Item:"))
        XCTAssertEqual(issues(item()), [], "null is fine for it")
        XCTAssertEqual(issues(#"{"sku": "A1", "name": "Apple", "discontinuedAt": "2024-01-01T00:00:00Z"}"#), [])
    }

    func testNullIsAcceptedWhereDecodeIfPresentOrOptionalDecodingReadsIt() {
        // Optional only (displayName), optional + nullable (note), defaults (quantity, size, tags): decodeIfPresent reads null as absent.
        XCTAssertEqual(issues(item(#""display_name": null, "note": null, "quantity": null, "size": null, "tags": null, "status": null"#)), [])
        // json fields take null even when required and not nullable (JSONValue.null).
        XCTAssertEqual(issues(#"{"error": {"code": null}}"#, .named("ErrorBody")), [])
        // But not a required, non-nullable field.
        let found = issues(#"{"sku": "A1", "name": null, "discontinuedAt": null}"#)
        assertOne(found, .type, pointer: "/name", expected: "string", found: "null", ruleLine: line("name: string", after: "  Item:"))
        XCTAssertEqual(found.first?.message, "expected string, found null ('name' is not nullable)")
    }

    func testWrongTypeReportsExpectedAndFound() {
        assertOne(
            issues(item(#""display_name": 5"#)), .type, pointer: "/display_name", expected: "string", found: "number 5",
            ruleLine: line("displayName:"))
        assertOne(
            issues(item(#""available": "yes""#)), .type, pointer: "/available", expected: "boolean", found: #"string "yes""#,
            ruleLine: line("available:"))
        assertOne(
            issues(item(#""tags": "new""#)), .type, pointer: "/tags", expected: "array of string", found: #"string "new""#,
            ruleLine: line("tags:"))
        assertOne(issues(item(#""tags": ["a", 1]"#)), .type, pointer: "/tags/1", expected: "string", found: "number 1", ruleLine: line("tags:"))
        assertOne(issues("[]"), .type, pointer: "", expected: "object (Item)", found: "array (0 items)", ruleLine: line("Item:"))
        // Long strings are cut in `found`.
        let long = String(repeating: "x", count: 100)
        assertOne(issues(item(#""quantity": "\#(long)""#)), .type, pointer: "/quantity", found: "string \"\(String(repeating: "x", count: 40))\"…")
    }

    func testIntegersFollowJSONDecoder() {
        // JSONDecoder decodes 1.0, 1e2 and 100e-2 as integers (checked on Linux); not 1.5, not out of range.
        XCTAssertEqual(issues(item(#""quantity": 1.0"#)), [])
        XCTAssertEqual(issues(item(#""quantity": 1e2"#)), [])
        XCTAssertEqual(issues(item(#""quantity": 100e-2"#)), [])
        assertOne(
            issues(item(#""quantity": 1.5"#)), .type, pointer: "/quantity", expected: "integer in int32 range", found: "number 1.5",
            ruleLine: line("quantity:"))
        assertOne(
            issues(item(#""quantity": 2147483648"#)), .type, pointer: "/quantity", expected: "integer in int32 range",
            found: "number 2147483648", ruleLine: line("quantity:"))
        // int is 64-bit, int64 too.
        let everything = KitchenSink.schema.type(named: "Everything")!.examples[0].value.jsonText
        func withField(_ key: String, _ value: String) -> String {
            everything.replacingOccurrences(of: "\"\(key)\":", with: "\"\(key)\":\(value),\"_was_\(key)\":")
        }
        XCTAssertEqual(issues(withField("count", "9223372036854775807"), .named("Everything")), [])
        XCTAssertEqual(issues(withField("big", "-9223372036854775808"), .named("Everything")), [])
        assertOne(
            issues(withField("big", "9223372036854775808"), .named("Everything")), .type, pointer: "/big",
            expected: "integer in int64 range", found: "number 9223372036854775808", ruleLine: line("big: int64"))
        assertOne(
            issues(withField("count", "1e19"), .named("Everything")), .type, pointer: "/count", expected: "integer (64-bit)",
            found: "number 1e19", ruleLine: line("count: int"))
        assertOne(
            issues(withField("small", "-2147483649"), .named("Everything")), .type, pointer: "/small",
            expected: "integer in int32 range", ruleLine: line("small: int32"))
        // Numbers too large for any Swift type stay text and are reported, not crashed on.
        let huge = String(repeating: "9", count: 5000)
        assertOne(issues(withField("count", huge), .named("Everything")), .type, pointer: "/count", found: "number " + String(repeating: "9", count: 40) + "…")
    }

    func testDoublesAndDecimalsFollowJSONDecoder() {
        let everything = KitchenSink.schema.type(named: "Everything")!.examples[0].value.jsonText
        func withField(_ key: String, _ value: String) -> [ValidationIssue] {
            issues(everything.replacingOccurrences(of: "\"\(key)\":", with: "\"\(key)\":\(value),\"_was_\(key)\":"), .named("Everything"))
        }
        XCTAssertEqual(withField("ratio", "123456789012345678901234567890"), [])
        XCTAssertEqual(withField("ratio", "1.7976931348623157e308"), [])
        assertOne(withField("ratio", "1e309"), .type, pointer: "/ratio", expected: "number (finite double)", found: "number 1e309")
        assertOne(withField("ratio", "1e-400"), .type, pointer: "/ratio", found: "number 1e-400")  // underflow: JSONDecoder rejects
        XCTAssertEqual(withField("price", "1e127"), [])
        XCTAssertEqual(withField("price", "12345678901234567890123456789012345678901234567890"), [])
        assertOne(withField("price", "1e128"), .type, pointer: "/price", expected: "number (decimal)", found: "number 1e128")
        assertOne(withField("price", "\"12.34\""), .type, pointer: "/price", found: #"string "12.34""#)
    }

    func testStringFormatsThatDecodingParses() {
        assertOne(
            issues(item(#""since": "2023-02-29""#)), .type, pointer: "/since", expected: "date string (yyyy-MM-dd, a real day)",
            found: #"string "2023-02-29""#, ruleLine: line("since:"))
        XCTAssertEqual(issues(item(#""since": "2024-02-29""#)), [])
        assertOne(issues(item(#""since": "2024-2-29""#)), .type, pointer: "/since")
        assertOne(issues(item(#""since": "0000-01-01""#)), .type, pointer: "/since")
        assertOne(
            issues(item(#""origin": "not-a-uuid""#)), .type, pointer: "/origin", expected: "UUID string (8-4-4-4-12 hex digits)",
            found: #"string "not-a-uuid""#, ruleLine: line("origin:"))
        assertOne(issues(item(#""origin": "6bac7eeac120428dbeb6910c6f290434""#)), .type, pointer: "/origin")
        assertOne(issues(item(#""homepage": """#)), .type, pointer: "/homepage", expected: "URI string", found: #"string """#)
        assertOne(issues(item(#""homepage": "http://ex ample.com""#)), .type, pointer: "/homepage")
        XCTAssertEqual(issues(item(#""homepage": "relative/path""#)), [])
        for good in ["2024-05-31T10:00:00Z", "2024-05-31t10:00:00.123456789z", "2024-05-31 10:00:00+05:30", "2016-12-31T23:59:60Z"] {
            XCTAssertEqual(issues(item(#""discontinuedAt": "\#(good)""#).replacingOccurrences(of: #""discontinuedAt": null, "#, with: "")), [], good)
        }
        for bad in ["2024-05-31T10:00:00", "2024-05-31T24:00:00Z", "2024-05-31T10:00:00.Z", "2024-02-30T10:00:00Z", "2024-05-31T10:00Z"] {
            let found = issues(item(#""discontinuedAt": "\#(bad)""#).replacingOccurrences(of: #""discontinuedAt": null, "#, with: ""))
            assertOne(
                found, .type, pointer: "/discontinuedAt", expected: "date-time string (RFC 3339, e.g. 2024-05-31T10:00:00Z)",
                ruleLine: line("discontinuedAt:", after: "  Item:"))
        }
    }

    func testEverythingFieldFormats() {
        let everything = KitchenSink.schema.type(named: "Everything")!.examples[0].value.jsonText
        func withField(_ key: String, _ value: String) -> [ValidationIssue] {
            issues(everything.replacingOccurrences(of: "\"\(key)\":", with: "\"\(key)\":\(value),\"_was_\(key)\":"), .named("Everything"))
        }
        assertOne(withField("blob", "\"aGVsbG8\""), .type, pointer: "/blob", expected: "base64 string", ruleLine: line("blob: base64"))
        XCTAssertEqual(withField("raw", "\"\""), [])
        // email: decoding takes any string; schema-check reports a format error.
        assertOne(
            withField("mail", "\"not an email\""), .format, pointer: "/mail", expected: "email address (local@domain)",
            found: #"string "not an email""#, ruleLine: line("mail: email"))
        XCTAssertEqual(withField("mail", "\"first.last+tag@sub.example.co.uk\""), [])
        // json: anything whose numbers fit Int64 or Double (JSONValue's decoding).
        XCTAssertEqual(withField("anything", #"{"a": [null, true, {"b": "c"}], "d": 1.5e300}"#), [])
        assertOne(withField("anything", #"{"a": [1, 1e400]}"#), .type, pointer: "/anything/a/1", found: "number 1e400", ruleLine: line("anything: json"))
        assertOne(withField("nested", "[[1], [2, \"x\"]]"), .type, pointer: "/nested/1/1", expected: "integer in int32 range")
    }

    // MARK: Maps

    func testMaps() {
        let everything = KitchenSink.schema.type(named: "Everything")!.examples[0].value.jsonText
        func withField(_ key: String, _ value: String) -> [ValidationIssue] {
            issues(everything.replacingOccurrences(of: "\"\(key)\":", with: "\"\(key)\":\(value),\"_was_\(key)\":"), .named("Everything"))
        }
        // [int: T]: keys parse with Int(_:), as Dictionary's decoding does ("+1", "-0" and "01" included).
        XCTAssertEqual(withField("byNumber", #"{"1": "a", "-2": "b", "+3": "c"}"#), [])
        assertOne(
            withField("byNumber", #"{"1.0": "a"}"#), .type, pointer: "/byNumber/1.0", expected: "integer key", found: #"key "1.0""#,
            ruleLine: line("byNumber:"))
        assertOne(withField("byNumber", #"{"1": "a", "01": "b"}"#), .duplicateKey, pointer: "/byNumber/01")
        assertOne(withField("byNumber", #"{"1": 1}"#), .type, pointer: "/byNumber/1", expected: "string", found: "number 1")
        // [string: Item]: values are checked; keys are escaped in pointers (RFC 6901).
        assertOne(withField("byName", #"{"a/b~c": {"sku": "A1", "name": "x"}}"#), .required, pointer: "/byName/a~1b~0c/discontinuedAt")
        assertOne(
            withField("byName", #"{"k": {"sku": "a", "name": "x", "discontinuedAt": null}}"#), .constraint, pointer: "/byName/k/sku",
            expected: "a string matching ^[A-Z0-9]+$", found: #"string "a""#, ruleLine: line("sku:"))
        assertOne(withField("byName", "[]"), .type, pointer: "/byName", expected: "object", found: "array (0 items)")
    }

    // MARK: Enums

    func testUnknownEnumValueIsAWarningOrAnErrorWhenStrict() {
        let json = item(#""size": "XXL""#)
        assertOne(
            issues(json), .enumValue, severity: .warning, pointer: "/size", expected: "one of: S, M, L, XL", found: #"string "XXL""#,
            ruleLine: line("Size:", after: "    examples:"))
        XCTAssertEqual(
            issues(json).first?.message, #"string "XXL" is not a value of enum Size (expected one of: S, M, L, XL); generated code keeps it as .undocumented"#)
        assertOne(issues(json, strict: true), .enumValue, severity: .error, pointer: "/size")
        // Enum values are case-sensitive; the raw type must match.
        assertOne(issues(item(#""size": "m""#)), .enumValue, severity: .warning, pointer: "/size")
        assertOne(
            issues(item(#""size": 1"#)), .type, pointer: "/size", expected: "string, one of: S, M, L, XL", found: "number 1",
            ruleLine: line("Size:", after: "    examples:"))
    }

    func testIntegerEnums() {
        XCTAssertEqual(validator.validate(.number("10"), against: .named("Priority")), [])
        XCTAssertEqual(validator.validate(.number("1.0"), against: .named("Priority")), [], "decodes as Int32 1, a known case")
        assertOne(
            validator.validate(.number("7"), against: .named("Priority")), .enumValue, severity: .warning, pointer: "",
            expected: "one of: 1, 10, 0", found: "number 7", ruleLine: line("Priority:"))
        assertOne(
            validator.validate(.number("3000000000"), against: .named("Priority")), .type, pointer: "",
            expected: "integer in int32 range, one of: 1, 10, 0")
        assertOne(validator.validate(.string("1"), against: .named("Priority")), .type, pointer: "", found: #"string "1""#)
        XCTAssertEqual(validator.validate(.number("9000000000"), against: .named("BigCode")), [])
    }

    // MARK: Unions

    func testUnionVariants() {
        let shape = TypeReference.named("Shape")
        XCTAssertEqual(issues(#"{"kind": "CIRCLE", "radius": 1}"#, shape), [])
        XCTAssertEqual(issues(#"{"kind": "square", "side": 2, "label": null}"#, shape), [])
        assertOne(
            issues(#"{"kind": "CIRCLE"}"#, shape), .required, pointer: "/radius", expected: "number (finite double)",
            ruleLine: line("radius: double"))
        assertOne(issues(#"{"kind": "CIRCLE", "radius": "big"}"#, shape), .type, pointer: "/radius", found: #"string "big""#)
        assertOne(
            issues(#"[1]"#, shape), .type, pointer: "", expected: "object (Shape) with 'kind' one of: CIRCLE, square, GROUP",
            found: "array (1 item)", ruleLine: line("Shape:", after: "  Skus:"))
        // Nested through arrays of the union.
        let group = #"{"kind": "GROUP", "members": [{"kind": "CIRCLE", "radius": 1}, {"kind": "square"}], "main": {"kind": "CIRCLE", "radius": 2}}"#
        assertOne(issues(group, shape), .required, pointer: "/members/1/side", ruleLine: line("side: double"))
    }

    func testUnknownUnionVariantIsAWarningOrAnErrorWhenStrict() {
        let shape = TypeReference.named("Shape")
        let unionLine = line("Shape:", after: "  Skus:")
        assertOne(
            issues(#"{"kind": "TRIANGLE", "sides": 3}"#, shape), .union, severity: .warning, pointer: "/kind",
            expected: "'kind' one of: CIRCLE, square, GROUP", found: #"string "TRIANGLE""#, ruleLine: unionLine)
        assertOne(issues(#"{"kind": "TRIANGLE"}"#, shape, strict: true), .union, severity: .error, pointer: "/kind")
        assertOne(issues(#"{"radius": 1}"#, shape), .union, severity: .warning, pointer: "/kind", found: "missing", ruleLine: unionLine)
        assertOne(issues(#"{"kind": 5}"#, shape), .union, severity: .warning, pointer: "/kind", found: "number 5")
        assertOne(issues(#"{"kind": "circle", "radius": 1}"#, shape), .union, severity: .warning, pointer: "/kind", found: #"string "circle""#)
        // An unknown variant is kept as JSONValue, which fails on numbers no Swift type holds.
        let found = issues(#"{"kind": "BLOB", "size": 1e999}"#, shape)
        XCTAssertEqual(found.map(\.kind), [.union, .type])
        XCTAssertEqual(found.last?.pointer, "/size")
    }

    // MARK: Constraints

    func testStringConstraints() {
        let skuLine = line("sku:")
        // Every broken constraint is reported: "" is too short and does not match the pattern either.
        let empty = issues(#"{"sku": "", "name": "x", "discontinuedAt": null}"#)
        XCTAssertEqual(empty.count, 2)
        assertIssue(empty[0], .constraint, pointer: "/sku", expected: "at least 1 character", found: #"string "" (0 characters)"#, ruleLine: skuLine)
        assertIssue(empty[1], .constraint, pointer: "/sku", expected: "a string matching ^[A-Z0-9]+$", found: #"string """#, ruleLine: skuLine)
        let found = issues(#"{"sku": "ABCDEFGHIJKLMNOPQ", "name": "x", "discontinuedAt": null}"#)
        assertOne(
            found, .constraint, pointer: "/sku", expected: "at most 16 characters", found: #"string "ABCDEFGHIJKLMNOPQ" (17 characters)"#, ruleLine: skuLine)
        // pattern is searched for (JSON Schema semantics); this one is anchored.
        assertOne(
            issues(#"{"sku": "AB-1", "name": "x", "discontinuedAt": null}"#), .constraint, pointer: "/sku",
            expected: "a string matching ^[A-Z0-9]+$", found: #"string "AB-1""#, ruleLine: skuLine)
        // Lengths count code points: "ÉÉ" is 2 even when decomposed.
        let credentials = TypeReference.named("Credentials")
        XCTAssertEqual(issues(#"{"phone": "+4912345678", "code": "1234"}"#, credentials), [])
        XCTAssertEqual(issues(#"{"phone": "+4912345678", "code": "😀😀😀😀"}"#, credentials), [])
        // Two characters but four code points: long enough.
        XCTAssertEqual(issues(#"{"phone": "+4912345678", "code": "e\u0301e\u0301"}"#, credentials), [])
        assertOne(
            issues(#"{"phone": "+4912345678", "code": "123"}"#, credentials), .constraint, pointer: "/code",
            expected: "at least 4 characters", found: "string <redacted>", ruleLine: line("code: { type: string"))  // secret: true
        assertOne(
            issues(#"{"phone": "4912345678", "code": "1234"}"#, credentials), .constraint, pointer: "/phone",
            expected: #"a string matching ^\+[0-9]{6,15}$"#)
    }

    func testNumberConstraintsCompareExactly() {
        let quantityLine = line("quantity:")
        assertOne(issues(item(#""quantity": 0"#)), .constraint, pointer: "/quantity", expected: "a number ≥ 1", found: "number 0", ruleLine: quantityLine)
        assertOne(issues(item(#""quantity": 1001"#)), .constraint, pointer: "/quantity", expected: "a number ≤ 1000", found: "number 1001")
        XCTAssertEqual(issues(item(#""quantity": 1000"#)), [])
        assertOne(
            issues(item(#""price": -0.000000000000000000000000001"#)), .constraint, pointer: "/price", expected: "a number ≥ 0",
            ruleLine: line("price: { type: decimal"))
        XCTAssertEqual(issues(item(#""price": -0"#)), [])
        assertOne(issues(item(#""weight": -1e-300"#)), .constraint, pointer: "/weight", expected: "a number ≥ 0")
        // Aliases carry constraints; the rule is the alias.
        assertOne(
            validator.validate(.number("-1"), against: .named("Amount")), .constraint, pointer: "", expected: "a number ≥ 0",
            found: "number -1", ruleLine: line("Amount:"))
        assertOne(validator.validate(.string("1"), against: .named("Amount")), .type, pointer: "", expected: "number (decimal)", ruleLine: line("Amount:"))
        XCTAssertEqual(validator.validate(.number("0"), against: .named("Amount")), [])
    }

    func testCollectionConstraints() {
        let tags = (0...10).map { "\"t\($0)\"" }.joined(separator: ", ")
        assertOne(
            issues(item(#""tags": [\#(tags)]"#)), .constraint, pointer: "/tags", expected: "at most 10 items", found: "array of 11 items",
            ruleLine: line("tags:"))
        assertOne(
            validator.validate(.array([]), against: .named("Skus")), .constraint, pointer: "", expected: "at least 1 item",
            found: "array of 0 items", ruleLine: line("Skus:"))
        XCTAssertEqual(validator.validate(.array([.string("A")]), against: .named("Skus")), [])
    }

    // MARK: Duplicates, multiple issues, limits

    func testDuplicateKeysAreErrorsAndTheFirstOccurrenceIsChecked() {
        // JSONDecoder uses the first occurrence (checked on Linux), so that is the one validated.
        let found = issues(#"{"sku": 1, "name": "x", "sku": "A1", "discontinuedAt": null}"#)
        XCTAssertEqual(found.count, 2, found.map(\.description).joined(separator: "\n"))
        assertIssue(found[0], .type, pointer: "/sku", found: "number 1")
        assertIssue(found[1], .duplicateKey, pointer: "/sku", expected: "unique keys", found: #"key "sku" again"#, ruleLine: line("sku:"))
        // Unknown keys and keys inside json values too.
        assertOne(issues(item(#""extra": 1, "extra": 2"#)), .duplicateKey, pointer: "/extra")
        assertOne(issues(#"{"error": {"code": {"a": 1, "a": 2}}}"#, .named("ErrorBody")), .duplicateKey, pointer: "/error/code/a")
    }

    func testReportsEveryViolationInDocumentOrder() {
        let json = #"""
            {"sku": "a", "name": 3, "quantity": 0, "size": "XXL", "since": "2023-02-29", "tags": [1, 2], "display_name": null}
            """#
        let found = issues(json)
        XCTAssertEqual(found.map(\.pointer), ["/sku", "/name", "/quantity", "/size", "/since", "/tags/0", "/tags/1", "/discontinuedAt"])
        XCTAssertEqual(found.map(\.kind), [.constraint, .type, .constraint, .enumValue, .type, .type, .type, .required])
        XCTAssertEqual(found.filter { $0.severity == .warning }.map(\.pointer), ["/size"])
    }

    func testIssuesAreCapped() {
        let many = "[" + Array(repeating: #"{"sku": 1}"#, count: 1000).joined(separator: ",") + "]"
        let capped = PayloadValidator(schema: KitchenSink.schema, maxIssues: 10)
        XCTAssertEqual(capped.validate(data: Data(many.utf8), against: .array(.named("Item"))).count, 10)
        XCTAssertEqual(validator.validate(data: Data(many.utf8), against: .array(.named("Item"))).count, 1000)
    }

    func testSyntaxErrorsAndUnknownTypes() {
        let found = issues("{\"sku\": \"A1\",\n  \"name\" \"x\"}")
        assertOne(found, .syntax, pointer: "", expected: "JSON", found: "invalid JSON at line 2, column 10")
        XCTAssertEqual(found.first?.message, "invalid JSON at line 2, column 10: expected ':' after the member name, found '\"'")
        XCTAssertEqual(issues("").map(\.kind), [.syntax])
        XCTAssertEqual(issues(String(repeating: "[", count: 100_000)).map(\.kind), [.syntax])
        XCTAssertEqual(validator.validate(data: Data([0xFF, 0xFE, 0x00]), against: .named("Item")).map(\.kind), [.syntax])
        assertOne(validator.validate(.null, against: .named("Nope")), .type, pointer: "", expected: "Nope")
    }

    func testTopLevelCollectionsAndPrimitives() {
        XCTAssertEqual(issues("[\(item()), \(item())]", .array(.named("Item"))), [])
        XCTAssertEqual(issues("[\(item()), {}]", .array(.named("Item"))).map(\.pointer), ["/1/sku", "/1/name", "/1/discontinuedAt"])
        XCTAssertEqual(issues(#""2024-01-01""#, .primitive(.date)), [])
        assertOne(issues("null", .primitive(.string)), .type, pointer: "", expected: "string", found: "null")
        XCTAssertEqual(issues("null", .primitive(.json)), [])
        XCTAssertEqual(issues(#"{"a": {"sku": "A1", "name": "x", "discontinuedAt": null}}"#, .map(key: .string, value: .named("Item"))), [])
    }

    func testDeepRecursiveStructuresAreBounded() {
        // Group -> [Shape] -> Group …: 200 levels (400 of JSON nesting) validate.
        var json = #"{"kind": "CIRCLE", "radius": 1}"#
        for _ in 0..<200 { json = #"{"kind": "GROUP", "members": [\#(json)]}"# }
        XCTAssertEqual(issues(json, .named("Shape")), [])
        // Validation does not recurse: a value built in code can be deeper than any parse.
        var value = JSON.number("1e400")
        for _ in 0..<2000 { value = .array([value]) }
        let found = validator.validate(value, against: .primitive(.json))
        assertOne(found, .type, pointer: String(repeating: "/0", count: 2000), found: "number 1e400")
    }

    func testAStructThatContainsItselfIsCheckedAtEveryLevelAndHostileNestingIsRefused() {
        // Category.parent is a Category: each level is checked, and a missing name deep down is found.
        let three = #"{"name": "A", "featured": null, "parent": {"name": "B", "featured": null, "parent": {"name": "C", "featured": null}}}"#
        XCTAssertEqual(issues(three, .named("Category")), [])
        assertOne(
            issues(#"{"name": "A", "featured": null, "parent": {"name": "B", "featured": null, "parent": {"featured": null}}}"#, .named("Category")),
            .required, pointer: "/parent/parent/name")
        // Through the other struct and the alias: Category.featured -> Highlight.category -> CategoryRef.
        assertOne(
            issues(#"{"name": "A", "featured": {"title": "t", "category": {"name": 1, "featured": null}}}"#, .named("Category")), .type,
            pointer: "/featured/category/name", expected: "string")
        // 511 levels (the parser's limit of 512) validate; 100,000 are refused as too deep, not a crash.
        var deep = #"{"name": "x", "featured": null}"#
        for _ in 0..<510 { deep = #"{"name": "x", "featured": null, "parent": \#(deep)}"# }
        XCTAssertEqual(issues(deep, .named("Category")), [])
        let hostile = String(repeating: #"{"name": "x", "featured": null, "parent": "#, count: 100_000) + "{}" + String(repeating: "}", count: 100_000)
        let found = issues(hostile, .named("Category"))
        XCTAssertEqual(found.count, 1)
        XCTAssertEqual(found.first?.kind, .syntax)
        XCTAssertTrue(found.first?.description.contains("nested too deeply") ?? false, "\(found)")
    }

    func testMaximallyNestedPayloadsFitASmallThreadStack() {
        // 512 levels (the parser's limit) through structs, unions and arrays, and through json, on a
        // 256 KB stack (macOS gives secondary threads 512 KB): validation must not recurse per level.
        var text = #"{"kind": "CIRCLE", "radius": 1}"#
        for _ in 0..<255 { text = #"{"kind": "GROUP", "members": [\#(text)]}"# }
        let shape = Data(text.utf8)
        let deepJSON = Data((String(repeating: "[", count: 511) + "1e400" + String(repeating: "]", count: 511)).utf8)
        let validator = self.validator
        let done = expectation(description: "validated")
        let thread = Thread {
            let shapeIssues = validator.validate(data: shape, against: .named("Shape"))
            let jsonIssues = validator.validate(data: deepJSON, against: .primitive(.json))
            XCTAssertEqual(shapeIssues, [])
            XCTAssertEqual(jsonIssues.map(\.kind), [.type])
            done.fulfill()
        }
        thread.stackSize = 256 * 1024
        thread.start()
        wait(for: [done], timeout: 60)
    }

    func testDescriptionIsOneReadableLine() {
        let issue = issues(item(#""quantity": 0"#))[0]
        XCTAssertEqual(issue.description, "/quantity: error: expected a number ≥ 1, found number 0 [\(KitchenSink.path):\(line("quantity:")):7]")
        XCTAssertEqual(JSONPointer.string(["a/b", "c~d", ""]), "/a~1b/c~0d/")
    }

    func testPreparedTypesGiveTheSameResults() {
        let prepared = validator.prepare(.named("Item"))
        XCTAssertEqual(prepared.reference, .named("Item"))
        for json in [item(), item(#""size": "XXL", "quantity": 0"#), "[]", "{"] {
            XCTAssertEqual(validator.validate(data: Data(json.utf8), against: prepared), issues(json), json)
        }
        let unknown = validator.prepare(.array(.named("Nope")))
        XCTAssertEqual(validator.validate(.array([.null]), against: unknown).map(\.pointer), ["/0"])
    }

    func testValidatorIsUsableFromManyThreads() {
        let validator = self.validator
        let json = Data(item(#""size": "XXL""#).utf8)
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<200 {
                XCTAssertEqual(validator.validate(data: json, against: .named("Item")).map(\.kind), [.enumValue])
            }
        }
    }
}
