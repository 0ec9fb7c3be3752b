import SchemaModel
import XCTest

@testable import SwiftRenderer

final class SwiftEscapingTests: XCTestCase {
    func testStringLiteralsEscapeEverythingThatCouldEndThem() {
        XCTAssertEqual(SwiftEscaping.stringLiteral(#"a"b\c"#), #""a\"b\\c""#)
        XCTAssertEqual(SwiftEscaping.stringLiteral("line\nbreak\r\t"), #""line\nbreak\r\t""#)
        XCTAssertEqual(SwiftEscaping.stringLiteral(#"\(evil)"#), #""\\(evil)""#)
        XCTAssertEqual(SwiftEscaping.stringLiteral("\u{202E}x\u{0}"), #""\u{202E}x\u{0}""#)
        XCTAssertEqual(SwiftEscaping.stringLiteral("Ожидание ✓"), "\"Ожидание ✓\"")
    }

    func testDocLinesSplitAtEveryLineBreak() {
        XCTAssertEqual(SwiftEscaping.docLines(["a\nb\r\nc\rd\u{2028}e\u{2029}f\u{85}g"]), ["a", "b", "c", "d", "e", "f", "g"])
        XCTAssertEqual(SwiftEscaping.docLines(["first", nil, "  ", "second"]), ["first", "", "second"])
        XCTAssertEqual(SwiftEscaping.docLines(["*/ fatalError() /*"]), ["*/ fatalError() /*"])
        XCTAssertEqual(SwiftEscaping.docLines(["tab\there  "]), ["tab    here"])
    }

    /// The escapers read UTF-8 bytes and decode only what lies beyond ASCII: scalars of two, three and four
    /// bytes are copied or escaped whole, and whether a line is blank is still judged by its characters.
    func testTextBeyondASCIIIsEscapedScalarByScalar() {
        XCTAssertEqual(SwiftEscaping.stringLiteral("ü\"e\u{301}\\\u{85}😀\u{E000}"), "\"ü\\\"e\u{301}\\\\\\u{85}😀\\u{E000}\"")
        XCTAssertEqual(
            SwiftEscaping.docLines(["ünï 日本 👩\u{200D}👧\u{200B}\u{85}next\u{2029}\u{E000}"]),
            ["ünï 日本 👩\\u{200D}👧\\u{200B}", "next", "\\u{E000}"])
        // A paragraph of whitespace beyond ASCII is none, a last line of it is dropped, and so is a last line
        // whose tab became spaces the next combining mark joins (each character starts with whitespace).
        XCTAssertEqual(SwiftEscaping.docLines(["\u{3000} \u{A0}", "text\n\u{2003}", "more\n\t\u{301}"]), ["text", "", "more"])
    }

    func testDerivedCaseNames() {
        XCTAssertEqual(SwiftNaming.derivedCaseName(fromRawValue: "KYC In Progress"), "kycInProgress")
        XCTAssertEqual(SwiftNaming.derivedCaseName(fromRawValue: "not_exists"), "notExists")
        XCTAssertEqual(SwiftNaming.derivedCaseName(fromRawValue: "CMMASC001"), "cmmasc001")
        XCTAssertEqual(SwiftNaming.derivedCaseName(fromRawValue: "enrolment-succeeded.v1"), "enrolmentSucceededV1")
        XCTAssertEqual(SwiftNaming.derivedCaseName(fromRawValue: "fromLocalFirst"), "fromLocalFirst")
        XCTAssertEqual(SwiftNaming.derivedCaseName(fromRawValue: "RADIO_GROUP"), "radioGroup")
        XCTAssertEqual(SwiftNaming.derivedCaseName(fromRawValue: "2006"), "_2006")
        XCTAssertNil(SwiftNaming.derivedCaseName(fromRawValue: "Ожидание"))
        XCTAssertNil(SwiftNaming.derivedCaseName(fromRawValue: "--"))
    }

    func testNamesThatWouldShadowSwiftOrFoundationAreRenamed() {
        XCTAssertEqual(SwiftNaming.typeName("Error", api: "Pay"), "ErrorModel")
        XCTAssertEqual(SwiftNaming.typeName("Result", api: "Pay"), "ResultModel")
        XCTAssertEqual(SwiftNaming.typeName("Data", api: "Pay"), "DataModel")
        XCTAssertEqual(SwiftNaming.typeName("Type", api: "Pay"), "TypeModel")
        XCTAssertEqual(SwiftNaming.typeName("PaymentMean", api: "Pay"), "PaymentMean")
        // The types generated for the API are taken the same way.
        XCTAssertEqual(SwiftNaming.typeName("PayError", api: "Pay"), "PayErrorModel")
        XCTAssertEqual(SwiftNaming.typeName("PayErrorCode", api: "Pay"), "PayErrorCodeModel")
        XCTAssertEqual(SwiftNaming.typeName("PayClient", api: "Pay"), "PayClientModel")
        XCTAssertEqual(SwiftNaming.typeName("Operations", api: "Pay"), "OperationsModel")
        XCTAssertEqual(SwiftNaming.typeName("WhitelabelPayError", api: "Pay"), "WhitelabelPayError")
        XCTAssertEqual(SwiftNaming.memberName("class"), "`class`")
        XCTAssertEqual(SwiftNaming.memberName("self"), "self_")
        XCTAssertEqual(SwiftNaming.memberName("unknown", reserved: SwiftNaming.Reserved.enumCases), "unknown")
        XCTAssertEqual(SwiftNaming.memberName("undocumented", reserved: SwiftNaming.Reserved.enumCases), "undocumented_")
        XCTAssertEqual(SwiftNaming.memberName("amount"), "amount")
    }
}
