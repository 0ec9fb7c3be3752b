@_spi(Generated) import ClientRuntime
import Foundation
import KitchenSink
import XCTest

/// Enums: raw values, derived names, unknown values, deprecated cases, known cases, parameter values.
final class EnumTests: XCTestCase {
    func testStatusMapsNonIdentifierRawValues() throws {
        XCTAssertEqual(Status(rawValue: "KYC In Progress"), .kycInProgress)
        XCTAssertEqual(Status(rawValue: "not_exists"), .notExists)
        XCTAssertEqual(Status(rawValue: "CMMASC001"), .code)
        XCTAssertEqual(Status.kycInProgress.rawValue, "KYC In Progress")
        XCTAssertEqual(Status.notExists.rawValue, "not_exists")
        XCTAssertEqual(Status.code.rawValue, "CMMASC001")

        XCTAssertEqual(
            try decodeJSON([Status].self, #"["KYC In Progress","not_exists","CMMASC001"]"#),
            [.kycInProgress, .notExists, .code])
        XCTAssertEqual(
            try encodedText([Status.kycInProgress, .notExists, .code]),
            #"["KYC In Progress","not_exists","CMMASC001"]"#)
    }

    func testRawValuesAreCaseSensitive() {
        XCTAssertEqual(Status(rawValue: "kyc in progress"), .undocumented("kyc in progress"))
        XCTAssertEqual(Size(rawValue: "m"), .undocumented("m"))
        XCTAssertEqual(Size(rawValue: "M"), .m)
    }

    func testDerivedNames() {
        XCTAssertEqual(Derived(rawValue: "KYC In Progress"), .kycInProgress)
        XCTAssertEqual(Derived(rawValue: "not_exists"), .notExists)
        XCTAssertEqual(Derived(rawValue: "CMMASC001"), .cmmasc001)
        XCTAssertEqual(Derived(rawValue: "enrolment-succeeded.v1"), .enrolmentSucceededV1)
        XCTAssertEqual(Derived(rawValue: "2006"), ._2006)
        XCTAssertEqual(Derived.knownCases, [.kycInProgress, .notExists, .cmmasc001, .enrolmentSucceededV1, ._2006])
        XCTAssertEqual(
            Derived.knownCases.map(\.rawValue),
            ["KYC In Progress", "not_exists", "CMMASC001", "enrolment-succeeded.v1", "2006"])
        XCTAssertEqual(Size.knownCases, [.s, .m, .l, .xl])
        XCTAssertEqual(Size.knownCases.map(\.rawValue), ["S", "M", "L", "XL"])
    }

    func testUnknownStringValueDecodesAndReEncodesUnchanged() throws {
        let status = try decodeJSON(Status.self, #""SOMETHING NEW""#)
        XCTAssertEqual(status, .undocumented("SOMETHING NEW"))
        XCTAssertEqual(status.rawValue, "SOMETHING NEW")
        XCTAssertEqual(try encodedText(status), #""SOMETHING NEW""#)

        let item = try decodeJSON(Item.self, #"{"sku":"A1","name":"Apple","discontinuedAt":null,"size":"XXL","status":"Frozen"}"#)
        XCTAssertEqual(item.size, .undocumented("XXL"))
        XCTAssertEqual(item.status, .undocumented("Frozen"))
        let encoded = try encodedJSON(item)
        XCTAssertEqual(encoded[member: "size"], "XXL")
        XCTAssertEqual(encoded[member: "status"], "Frozen")

        // An unknown value that spells a known one is the known one.
        XCTAssertEqual(Status.undocumented("not_exists").rawValue, "not_exists")
        XCTAssertEqual(Status(rawValue: Status.undocumented("not_exists").rawValue), .notExists)
    }

    func testIntEnumKnownAndUnknownValues() throws {
        XCTAssertEqual(Priority(rawValue: 1), .low)
        XCTAssertEqual(Priority(rawValue: 10), .high)
        XCTAssertEqual(Priority.high.rawValue, Int32(10))
        XCTAssertEqual(try decodeJSON([Priority].self, "[1,10,42,-7]"), [.low, .high, .undocumented(42), .undocumented(-7)])
        XCTAssertEqual(try encodedText([Priority.low, .high, .undocumented(42), .undocumented(-7)]), "[1,10,42,-7]")
        XCTAssertThrowsError(try decodeJSON(Priority.self, #""1""#), "a string is not an int enum value")
        XCTAssertThrowsError(try decodeJSON(Priority.self, "3000000000"), "does not fit Int32")
    }

    func testInt64EnumHoldsValuesBeyondInt32() throws {
        XCTAssertEqual(BigCode(rawValue: 1), ._1)
        XCTAssertEqual(BigCode(rawValue: 9_000_000_000), ._9000000000)
        XCTAssertEqual(BigCode._9000000000.rawValue, Int64(9_000_000_000))
        XCTAssertEqual(try decodeJSON([BigCode].self, "[1,9000000000,9000000001]"), [._1, ._9000000000, .undocumented(9_000_000_001)])
        XCTAssertEqual(try encodedText([BigCode._1, ._9000000000, .undocumented(9_000_000_001)]), "[1,9000000000,9000000001]")
        XCTAssertEqual(BigCode.knownCases, [._1, ._9000000000])
    }

    func testDeprecatedCasesStillDecodeAndEncode() throws {
        // Deprecated cases are reached through raw values so the test names no deprecated symbol.
        let legacy = try decodeJSON(Status.self, #""LEGACY""#)
        XCTAssertEqual(legacy, Status(rawValue: "LEGACY"))
        XCTAssertEqual(legacy.rawValue, "LEGACY")
        if case .undocumented = legacy { XCTFail("a deprecated value is still a known case, not .unknown") }
        XCTAssertTrue(Status.knownCases.contains(legacy))
        XCTAssertEqual(try encodedText(legacy), #""LEGACY""#)
        XCTAssertEqual(legacy.parameterValue, "LEGACY")

        let ancient = try decodeJSON(Priority.self, "0")
        XCTAssertEqual(ancient, Priority(rawValue: 0))
        XCTAssertEqual(ancient.rawValue, 0)
        if case .undocumented = ancient { XCTFail("a deprecated value is still a known case, not .unknown") }
        XCTAssertTrue(Priority.knownCases.contains(ancient))
        XCTAssertEqual(try encodedText(ancient), "0")
    }

    func testKnownCasesIncludeDeprecatedOnesInSchemaOrder() {
        XCTAssertEqual(Status.knownCases.count, 4)
        XCTAssertEqual(Status.knownCases.map(\.rawValue), ["KYC In Progress", "not_exists", "CMMASC001", "LEGACY"])
        XCTAssertEqual(Array(Status.knownCases.prefix(3)), [.kycInProgress, .notExists, .code])
        XCTAssertEqual(Priority.knownCases.map(\.rawValue), [1, 10, 0])
        XCTAssertEqual(Array(Priority.knownCases.prefix(2)), [.low, .high])
        XCTAssertFalse(Status.knownCases.contains { if case .undocumented = $0 { true } else { false } })
    }

    func testParameterValueIsTheRawValue() {
        XCTAssertEqual(Status.kycInProgress.parameterValue, "KYC In Progress")
        XCTAssertEqual(Status.undocumented("x y").parameterValue, "x y")
        XCTAssertEqual(Priority.high.parameterValue, "10")
        XCTAssertEqual(Priority.undocumented(-3).parameterValue, "-3")
        XCTAssertEqual(BigCode._9000000000.parameterValue, "9000000000")
        XCTAssertEqual(Derived._2006.parameterValue, "2006")
        XCTAssertEqual(Size.xl.parameterValue, "XL")
    }

    func testEnumParameterValuesInARequestQuery() throws {
        var builder = RequestBuilder(
            operation: KitchenSinkClient.Operations.listItems,
            baseURL: URL(string: "https://api.example/v2")!)
        builder.addQuery("status", [Status.kycInProgress, .notExists, .undocumented("a&b")])
        builder.addQuery("priority", Priority.high)
        let request = try builder.build()
        XCTAssertEqual(
            request.url.absoluteString,
            "https://api.example/v2/items?status=KYC%20In%20Progress&status=not_exists&status=a%26b&priority=10")
    }

    func testEnumsAreHashableAcrossUnknownValues() {
        let set: Set<Status> = [.kycInProgress, .undocumented("x"), .undocumented("x"), Status(rawValue: "KYC In Progress")]
        XCTAssertEqual(set.count, 2)
    }
}
