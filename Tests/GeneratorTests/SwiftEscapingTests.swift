import SchemaModel
@testable import SwiftRenderer
import XCTest

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
        XCTAssertEqual(SwiftNaming.typeName("Error"), "ErrorModel")
        XCTAssertEqual(SwiftNaming.typeName("Result"), "ResultModel")
        XCTAssertEqual(SwiftNaming.typeName("Data"), "DataModel")
        XCTAssertEqual(SwiftNaming.typeName("Type"), "TypeModel")
        XCTAssertEqual(SwiftNaming.typeName("PaymentMean"), "PaymentMean")
        XCTAssertEqual(SwiftNaming.memberName("class"), "`class`")
        XCTAssertEqual(SwiftNaming.memberName("self"), "self_")
        XCTAssertEqual(SwiftNaming.memberName("unknown", reserved: SwiftNaming.Reserved.enumCases), "unknown_")
        XCTAssertEqual(SwiftNaming.memberName("amount"), "amount")
    }
}
