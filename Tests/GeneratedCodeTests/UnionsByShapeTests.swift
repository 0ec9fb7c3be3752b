import Foundation
import KitchenSink
import XCTest

/// Untagged unions whose variants are not only structs (kitchensink.yaml, "v3 types"): openai's
/// `stop: string | [string]`, and `SettingValue`, a variant for every JSON kind. The payload's kind picks
/// the candidates; within one kind a checked string format goes before plain text, integers before other
/// numbers, a struct before a map; a value of no variant's kind is `.undocumented`, never a failure.
final class UnionsByShapeTests: XCTestCase {
    private let device = UUID(uuidString: "6bac7eea-c120-428d-beb6-910c6f290434")!

    func testStopIsOneSequenceOrSeveral() throws {
        XCTAssertEqual(try decodeJSON(StopSequences.self, #""END""#), .single("END"))
        XCTAssertEqual(try decodeJSON(StopSequences.self, #"["\n","END"]"#), .several(["\n", "END"]))
        XCTAssertEqual(try decodeJSON(StopSequences.self, "[]"), .several([]))
        XCTAssertEqual(try encodedText(StopSequences.single("END")), #""END""#)
        XCTAssertEqual(try encodedText(StopSequences.several(["a", "b"])), #"["a","b"]"#)
    }

    func testEachShapeDecodesAsItsVariantAndEncodesBackUnchanged() throws {
        // UUIDs and date-times are written as struct fields write them: upper case, with milliseconds.
        let rewritten = [
            #""6bac7eea-c120-428d-beb6-910c6f290434""#: #""6BAC7EEA-C120-428D-BEB6-910C6F290434""#,
            #""2024-02-29T12:00:00Z""#: #""2024-02-29T12:00:00.000Z""#,
        ]
        let cases: [(json: String, expected: SettingValue)] = [
            (#""plain""#, .text("plain")),
            (#""6bac7eea-c120-428d-beb6-910c6f290434""#, .device(device)),
            (#""2024-02-29""#, .day(try decodeJSON(CalendarDate.self, #""2024-02-29""#))),
            (#""2024-02-29T12:00:00Z""#, .changedAt(Date(timeIntervalSince1970: 1_709_208_000))),
            ("3", .count(3)),
            ("9.5", .amount(Decimal(string: "9.5")!)),
            ("true", .enabled(true)),
            ("[1,10]", .priorities([.low, .high])),
            (#"[["a","b"],[]]"#, .rows([["a", "b"], []])),
            (#"{"en":"Hello"}"#, .labels(["en": "Hello"])),
            (#"{"radius":2.5}"#, .circle(Circle(radius: 2.5))),
        ]
        for (json, expected) in cases {
            let value = try decodeJSON(SettingValue.self, json)
            XCTAssertEqual(value, expected, json)
            XCTAssertEqual(try encodedJSON(value), try parseJSON(rewritten[json] ?? json), json)
            XCTAssertEqual(try decodeJSON(SettingValue.self, try encodedText(value)), expected, "round trip of \(json)")
        }
    }

    func testWithinAKindTheOrderDecides() throws {
        // Text that is no UUID, date or date-time is plain text; a UUID in another form is too (only the
        // canonical form is a UUID, as in struct fields).
        XCTAssertEqual(try decodeJSON(SettingValue.self, #""2024-02-30""#), .text("2024-02-30"))
        XCTAssertEqual(try decodeJSON(SettingValue.self, #""{6bac7eea-c120-428d-beb6-910c6f290434}""#), .text("{6bac7eea-c120-428d-beb6-910c6f290434}"))
        // A whole number is an integer; one too large for Int or with a fraction is the decimal.
        XCTAssertEqual(try decodeJSON(SettingValue.self, "-7"), .count(-7))
        XCTAssertEqual(try decodeJSON(SettingValue.self, "1e30"), .amount(Decimal(string: "1e30")!))
        // A list of integers is the priorities (unknown ones kept by the enum), any other list of lists of text the rows.
        XCTAssertEqual(try decodeJSON(SettingValue.self, "[7]"), .priorities([.undocumented(7)]))
        XCTAssertEqual(try decodeJSON(SettingValue.self, "[]"), .priorities([]), "an empty list is the first list variant")
        // An object with the circle's key whose radius is not a number falls through to the map, if it fits.
        XCTAssertEqual(try decodeJSON(SettingValue.self, #"{"radius":"big"}"#), .labels(["radius": "big"]))
    }

    func testAValueOfNoVariantThatFitsIsKeptVerbatim() throws {
        // null has no variant; a list of objects, an object of numbers without a radius fit no variant of their kind.
        for json in ["null", #"[{"a":1}]"#, #"{"a":1}"#, #"[["a"],[1]]"#] {
            let value = try decodeJSON(SettingValue.self, json)
            XCTAssertEqual(value, .undocumented(try parseJSON(json)), json)
            XCTAssertEqual(try encodedJSON(value), try parseJSON(json), json)
        }
        XCTAssertEqual(try decodeJSON(StopSequences.self, "4"), .undocumented(.int(4)))
        XCTAssertEqual(try decodeJSON(StopSequences.self, "[4]"), .undocumented(.array([.int(4)])))
    }

    func testUnionsDecodeInsideStructsAndMaps() throws {
        let json = #"{"prompt":"Hi","stop":"END","settings":{"n":2,"on":false,"tag":"x","odd":[{}]}}"#
        let request = try decodeJSON(CompletionRequest.self, json)
        XCTAssertEqual(request.stop, .single("END"))
        XCTAssertEqual(request.settings?["n"], .count(2))
        XCTAssertEqual(request.settings?["on"], .enabled(false))
        XCTAssertEqual(request.settings?["tag"], .text("x"))
        XCTAssertEqual(request.settings?["odd"], .undocumented(.array([.object([:])])))
        XCTAssertEqual(try encodedJSON(request), try parseJSON(json))
    }

    /// openai's assistant tools (`AssistantTool`): both variants require only `type`, and the constant each
    /// holds there chooses; the key stays a field of the variant, and a tool of another type is kept.
    func testStructsRequiringTheSameKeysAreToldApartByTheirConstants() throws {
        XCTAssertEqual(try decodeJSON(AssistantTool.self, #"{"type":"code_interpreter"}"#), .codeInterpreter(CodeInterpreterTool(type: .codeInterpreter)))
        XCTAssertEqual(
            try decodeJSON(AssistantTool.self, #"{"type":"retrieval","maxResults":5}"#), .retrieval(RetrievalTool(type: .retrieval, maxResults: 5)))
        for json in [#"{"type":"function","name":"f"}"#, #"{"type":1}"#, #"{"maxResults":5}"#, #""retrieval""#] {
            let value = try decodeJSON(AssistantTool.self, json)
            XCTAssertEqual(value, .undocumented(try parseJSON(json)), json)
            XCTAssertEqual(try encodedJSON(value), try parseJSON(json), json)
        }
        let tools = #"[{"type":"retrieval"},{"type":"code_interpreter"}]"#
        let request = try decodeJSON(CompletionRequest.self, #"{"prompt":"Hi","tools":\#(tools)}"#)
        XCTAssertEqual(request.tools, [.retrieval(RetrievalTool(type: .retrieval)), .codeInterpreter(CodeInterpreterTool(type: .codeInterpreter))])
        XCTAssertEqual(try encodedJSON(request.tools), try parseJSON(tools))
    }

    /// GitHub's validation errors (`InputProblem`): both variants require only `message` and hold no
    /// constant; errors that are strings fail the first variant (a list of objects) and decode as the
    /// second. Without errors, or with an empty list, the first takes the payload, as its declaration says.
    func testStructsRequiringTheSameKeysAreToldApartByTheKindsOfTheirValues() throws {
        XCTAssertEqual(
            try decodeJSON(InputProblem.self, #"{"message":"m","errors":["Name is too long"]}"#),
            .simple(SimpleInputProblem(message: "m", errors: ["Name is too long"])))
        XCTAssertEqual(
            try decodeJSON(InputProblem.self, #"{"message":"m","errors":[{"code":"missing","field":"name"}]}"#),
            .detailed(DetailedInputProblem(message: "m", errors: [InputProblemDetail(code: "missing", field: "name")])))
        XCTAssertEqual(try decodeJSON(InputProblem.self, #"{"message":"m"}"#), .detailed(DetailedInputProblem(message: "m")))
        XCTAssertEqual(try decodeJSON(InputProblem.self, #"{"message":"m","errors":[]}"#), .detailed(DetailedInputProblem(message: "m", errors: [])))
        let neither = #"{"message":"m","errors":[1]}"#
        XCTAssertEqual(try decodeJSON(InputProblem.self, neither), .undocumented(try parseJSON(neither)))
        let simple = InputProblem.simple(SimpleInputProblem(message: "m", errors: ["a"]))
        XCTAssertEqual(try encodedJSON(simple), try parseJSON(#"{"message":"m","errors":["a"]}"#), "the variant's own JSON, no wrapper")
    }
}
