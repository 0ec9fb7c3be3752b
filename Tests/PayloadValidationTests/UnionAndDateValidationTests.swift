import Foundation
import PayloadValidation
import SchemaModel
import XCTest

/// schema-check on untagged and integer-tagged unions and formatted dates (kitchensink.yaml, "v2 types").
final class UnionAndDateValidationTests: XCTestCase {
    private let validator = PayloadValidator(schema: KitchenSink.schema)
    private let strict = PayloadValidator(schema: KitchenSink.schema, strictEnums: true)

    private func issues(_ json: String, _ type: String, strict useStrict: Bool = false) throws -> [ValidationIssue] {
        (useStrict ? strict : validator).validate(try JSONParser.parse(Data(json.utf8)), against: .named(type))
    }

    func testEachShapeValidatesAsItsVariant() throws {
        XCTAssertEqual(try issues(#"{"id":1,"isRequired":true,"inputType":"text","hideSymbols":false}"#, "ProcessingFormField"), [])
        XCTAssertEqual(try issues(#"{"id":1,"isRequired":true,"choices":{}}"#, "ProcessingFormField"), [])
        // The chosen variant's own rules apply: an unknown enum value is still only a warning.
        let unknownInput = try issues(#"{"id":1,"isRequired":true,"inputType":"slider","hideSymbols":false}"#, "ProcessingFormField")
        XCTAssertEqual(unknownInput.map(\.kind), [.enumValue])
        XCTAssertEqual(unknownInput.first?.pointer, "/inputType")
    }

    func testAPayloadThatFitsNoVariantIsReportedWithEachReason() throws {
        let found = try issues(#"{"id":1,"isRequired":"yes","choices":{}}"#, "ProcessingFormField")
        XCTAssertEqual(found.count, 1, "\(found)")
        let issue = try XCTUnwrap(found.first)
        XCTAssertEqual(issue.kind, .union)
        XCTAssertEqual(issue.severity, .warning)
        XCTAssertEqual(issue.rule?.line, KitchenSink.line("ProcessingFormField:"))
        XCTAssertTrue(issue.message.contains("the ProcessingFormField object matches no variant"), issue.message)
        XCTAssertTrue(issue.message.contains("editText: no 'hideSymbols', 'inputType'"), issue.message)
        XCTAssertTrue(issue.message.contains("radioGroup: /isRequired expected boolean"), issue.message)
        XCTAssertTrue(issue.message.contains("generated code keeps it as .undocumented"), issue.message)
        XCTAssertEqual(try issues(#"{"id":1}"#, "ProcessingFormField", strict: true).map(\.severity), [.error])
    }

    /// `includes:` and `additionalFields:` (kitchensink.yaml's `Note`): the fields of included structs
    /// are checked as the struct's own, and every other member against `additionalFields`' type.
    func testIncludedFieldsAndExtraMembersAreChecked() throws {
        XCTAssertEqual(try issues(#"{"at":"2024-05-31","author":"ann","text":"Fragile","shelf":"B2"}"#, "Note"), [])
        let missing = try issues(#"{"author":"ann","text":"Fragile"}"#, "Note")
        XCTAssertEqual(missing.map(\.kind), [.required])
        XCTAssertEqual(missing.first?.rule?.line, KitchenSink.line("at: date", after: "  Stamp:"), "the rule is Stamp's field, where it is written")
        let label = try issues(#"{"at":"2024-05-31","author":"ann","text":"Fragile","shelf":2,"colour":"red"}"#, "Note")
        XCTAssertEqual(label.map(\.kind), [.type])
        XCTAssertEqual(label.first?.pointer, "/shelf")
        XCTAssertEqual(label.first?.rule?.line, KitchenSink.line("additionalFields: string", after: "  Note:"))
        // A struct without additionalFields still ignores unknown keys.
        XCTAssertEqual(try issues(#"{"at":"2024-05-31","author":"ann","extra":2}"#, "Audited"), [])
    }

    /// Untagged unions of any type (kitchensink.yaml, "v3 types"): the payload's JSON kind picks the
    /// variants tried, as the generated decoder does (UnionsByShapeTests decodes the same payloads).
    func testAUnionOfAnyTypeValidatesByTheValuesKind() throws {
        for json in [#""END""#, #"["\n","END"]"#, "[]"] {
            XCTAssertEqual(try issues(json, "StopSequences"), [], json)
        }
        for json in [#""plain""#, #""2024-02-29""#, "3", "9.5", "true", "[1,10]", #"[["a"],[]]"#, #"{"en":"Hello"}"#, #"{"radius":2.5}"#] {
            XCTAssertEqual(try issues(json, "SettingValue"), [], json)
        }
        // A constraint does not choose the variant (the decoder checks none) but applies to the one chosen:
        // -1 is the integer variant, and 9.5 below the decimal's minimum 0 is a constraint error.
        XCTAssertEqual(try issues("-1", "SettingValue"), [])
        XCTAssertEqual(try issues("-9.5", "SettingValue").map(\.kind), [.constraint])
        // The chosen variant's own rules still apply: an unknown integer enum value is a warning.
        let unknownPriority = try issues("[7]", "SettingValue")
        XCTAssertEqual(unknownPriority.map(\.kind), [.enumValue])
        XCTAssertEqual(unknownPriority.first?.pointer, "/0")
    }

    func testAValueOfNoVariantsKindIsAWarningNamingTheVariantsOfItsKind() throws {
        let number = try issues("4", "StopSequences")
        XCTAssertEqual(number.map(\.kind), [.union], "\(number)")
        XCTAssertEqual(number.first?.severity, .warning)
        let message = number.first?.message ?? ""
        XCTAssertTrue(message.contains("the StopSequences value matches no variant; generated code keeps it as .undocumented"), message)
        let list = try issues("[4]", "StopSequences")
        XCTAssertTrue(list.first?.message.contains("(several: /0 expected string)") ?? false, "\(list)")
        XCTAssertEqual(try issues("null", "SettingValue").map(\.kind), [.union])
        XCTAssertEqual(try issues(#"{"a":1}"#, "SettingValue", strict: true).map(\.severity), [.error])
        let object = try issues(#"{"a":1}"#, "SettingValue")
        XCTAssertTrue(object.first?.message.contains("circle: no 'radius'; labels: /a expected string") ?? false, "\(object)")
    }

    /// `AssistantTool` (openai's tools): both variants require only `type`, and the constant each holds
    /// there chooses, as the generated decoder does (UnionsByShapeTests decodes the same payloads). Keys
    /// alone would take the first variant and report its `type` as an unknown enum value.
    func testStructsRequiringTheSameKeysAreChosenByTheirConstants() throws {
        XCTAssertEqual(try issues(#"{"type":"retrieval","maxResults":5}"#, "AssistantTool"), [])
        XCTAssertEqual(try issues(#"{"type":"code_interpreter"}"#, "AssistantTool"), [])
        let wrongField = try issues(#"{"type":"retrieval","maxResults":"five"}"#, "AssistantTool")
        XCTAssertEqual(wrongField.map(\.kind), [.union], "\(wrongField)")
        let message = wrongField.first?.message ?? ""
        XCTAssertTrue(message.contains(#"(codeInterpreter: 'type' is not "code_interpreter"; retrieval: /maxResults expected integer"#), message)
        let unknown = try issues(#"{"type":"function"}"#, "AssistantTool")
        XCTAssertEqual(unknown.map(\.severity), [.warning], "\(unknown)")
        XCTAssertTrue(
            unknown.first?.message.contains(#"codeInterpreter: 'type' is not "code_interpreter"; retrieval: 'type' is not "retrieval""#) ?? false,
            "\(unknown)")
        XCTAssertTrue(unknown.first?.expected.contains(#"codeInterpreter (type: "code_interpreter")"#) ?? false, "\(unknown)")
    }

    /// `InputProblem` (GitHub's validation errors): both variants require only `message`; errors that are
    /// strings fail the first variant's decoding (a list of objects) and are the second, as the generated
    /// decoder does (UnionsByShapeTests decodes the same payloads). Errors of neither kind match no variant.
    func testStructsRequiringTheSameKeysAreChosenByTheKindsOfTheirValues() throws {
        XCTAssertEqual(try issues(#"{"message":"m","errors":[{"code":"missing"}]}"#, "InputProblem"), [])
        XCTAssertEqual(try issues(#"{"message":"m","errors":["Name is too long"]}"#, "InputProblem"), [])
        XCTAssertEqual(try issues(#"{"message":"m"}"#, "InputProblem"), [])
        let neither = try issues(#"{"message":"m","errors":[1]}"#, "InputProblem")
        XCTAssertEqual(neither.map(\.kind), [.union], "\(neither)")
        let message = neither.first?.message ?? ""
        XCTAssertTrue(message.contains("detailed: /errors/0 expected object (InputProblemDetail); simple: /errors/0 expected string"), message)
    }

    func testIntegerTagsMustBeNumbers() throws {
        XCTAssertEqual(try issues(#"{"level":1,"id":1,"text":"a"}"#, "Notice"), [])
        XCTAssertEqual(try issues(#"{"level":2,"id":1,"text":"a","until":1700000000000}"#, "Notice"), [])
        let asString = try issues(#"{"level":"1","id":1,"text":"a"}"#, "Notice")
        XCTAssertEqual(asString.map(\.kind), [.union])
        XCTAssertTrue(asString.first?.message.contains("has a discriminator that is not an integer") ?? false, "\(asString)")
        let unknown = try issues(#"{"level":7,"id":1,"text":"a"}"#, "Notice")
        XCTAssertTrue(unknown.first?.message.contains("has an unknown variant tag number 7") ?? false, "\(unknown)")
    }

    func testFormattedDatesAreCheckedInTheirWireForm() throws {
        let valid =
            #"{"eventType":"e","transactionId":"00c660a0-c03d-401d-bf77-99df3e6a157f","amount":"1","transactionTime":"2021-12-17 12:34:56.793213 +0000 UTC","timestamp":1639744496793,"createdAt":1639744496,"cancelledAt":null,"sentAt":"2021-12-17T12:34:56Z"}"#
        XCTAssertEqual(try issues(valid, "PushEvent"), [])
        let rfc = valid.replacingOccurrences(of: "2021-12-17 12:34:56.793213 +0000 UTC", with: "2021-12-17T12:34:56Z")
        let rfcIssues = try issues(rfc, "PushEvent")
        XCTAssertEqual(rfcIssues.map(\.pointer), ["/transactionTime"])
        XCTAssertEqual(rfcIssues.first?.expected, "date-time string (pattern yyyy-MM-dd HH:mm:ss.SSSSSS Z 'UTC')")
        let millisAsString = valid.replacingOccurrences(of: "1639744496793", with: "\"1639744496793\"")
        let millisIssues = try issues(millisAsString, "PushEvent")
        XCTAssertEqual(millisIssues.map(\.pointer), ["/timestamp"])
        XCTAssertEqual(millisIssues.first?.expected, "date-time as an integer (milliseconds since 1970)")
        XCTAssertEqual(try issues(valid.replacingOccurrences(of: "1639744496,", with: "1639744496.5,"), "PushEvent").map(\.pointer), ["/createdAt"])
    }

    func testLintChecksEveryExampleAgainstTypeAndFormat() throws {
        let text = """
            api: Bad
            version: "1"
            environments:
              prod: { url: "https://example.com" }
            types:
              Event:
                fields:
                  at: { type: date-time, example: "2024-05-31 10:00" }
                  ms: { type: date-time, format: epochMilliseconds, example: 1700000000000 }
                example: { at: "2024-05-31T10:00:00", ms: "soon" }
            operations:
              send:
                http: POST /events
                query:
                  since: { type: date, example: "yesterday" }
                body: Event
                response: Event
                examples:
                  ok:
                    request: { at: "2024-05-31T10:00:00Z", ms: 1 }
                    response: { at: "2024-05-31T10:00:00Z" }
            """
        let schema = try XCTUnwrap(SchemaLoader.load(text: text, file: "bad.yaml").schema)
        let found = ExampleCheck.diagnostics(for: schema).map(\.description)
        XCTAssertEqual(
            found,
            [
                #"bad.yaml:10:20: error: example 'example' of type 'Event' does not match its type at /at: expected date-time string (RFC 3339, e.g. 2024-05-31T10:00:00Z), found string "2024-05-31T10:00:00""#,
                #"bad.yaml:10:47: error: example 'example' of type 'Event' does not match its type at /ms: expected date-time as an integer (milliseconds since 1970), found string "soon""#,
                #"bad.yaml:8:39: error: the example of field 'at' of type 'Event' does not match its type: expected date-time string (RFC 3339, e.g. 2024-05-31T10:00:00Z), found string "2024-05-31 10:00""#,
                #"bad.yaml:15:37: error: the example of parameter 'since' of operation 'send' does not match its type at since: expected date string (yyyy-MM-dd, a real day), found value "yesterday""#,
                #"bad.yaml:21:19: error: the response of example 'ok' of operation 'send' does not match its type at /ms: required key 'ms' of Event is missing (expected date-time as an integer (milliseconds since 1970))"#,
            ], "\(found)")
    }

    func testBundledSchemasHaveValidExamples() throws {
        for path in ["Schemas/whitelabelpay.yaml", "Tests/GeneratedModules/KitchenSink/kitchensink.yaml"] {
            let schema = try SchemaLoader.loadOrThrow(path: repositoryRoot.appendingPathComponent(path).path)
            XCTAssertEqual(ExampleCheck.diagnostics(for: schema).map(\.description), [], path)
        }
    }
}
