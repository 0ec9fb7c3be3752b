@_spi(Generated) import ClientRuntime
import XCTest

final class JSONValueTests: XCTestCase {
    private let document =
        #"{"error":{"code":"CARD_DECLINED","details":[{"field":"pan"},{"field":"cvv"}],"retry":false},"count":3,"ratio":0.5,"none":null,"big":12345678901234}"#

    func testDecodesEveryKind() throws {
        let value = try JSONCoding.makeDecoder().decode(JSONValue.self, from: json(document))
        XCTAssertEqual(
            value,
            [
                "error": ["code": "CARD_DECLINED", "details": [["field": "pan"], ["field": "cvv"]], "retry": false],
                "count": 3,
                "ratio": 0.5,
                "none": nil,
                "big": .int(12_345_678_901_234),
            ])
    }

    func testRoundTripIsStable() throws {
        let value = try JSONCoding.makeDecoder().decode(JSONValue.self, from: json(document))
        let encoded = try JSONCoding.makeEncoder().encode(value)
        XCTAssertEqual(
            String(decoding: encoded, as: UTF8.self),
            #"{"big":12345678901234,"count":3,"error":{"code":"CARD_DECLINED","details":[{"field":"pan"},{"field":"cvv"}],"retry":false},"none":null,"ratio":0.5}"#
        )
        XCTAssertEqual(try JSONCoding.makeDecoder().decode(JSONValue.self, from: encoded), value)
    }

    func testTopLevelScalarsAndArrays() throws {
        let decoder = JSONCoding.makeDecoder()
        XCTAssertEqual(try decoder.decode(JSONValue.self, from: json("true")), .bool(true))
        XCTAssertEqual(try decoder.decode(JSONValue.self, from: json("-7")), .int(-7))
        XCTAssertEqual(try decoder.decode(JSONValue.self, from: json("1.25")), .double(1.25))
        XCTAssertEqual(try decoder.decode(JSONValue.self, from: json("\"x\"")), .string("x"))
        XCTAssertEqual(try decoder.decode(JSONValue.self, from: json("null")), .null)
        XCTAssertEqual(try decoder.decode(JSONValue.self, from: json("[1,\"a\",null]")), [1, "a", nil])
    }

    func testPathLookup() throws {
        let value = try JSONCoding.makeDecoder().decode(JSONValue.self, from: json(document))
        XCTAssertEqual(value[path: "error.code"], .string("CARD_DECLINED"))
        XCTAssertEqual(value[path: "error.details.1.field"], .string("cvv"))
        XCTAssertEqual(value[path: "error.retry"], .bool(false))
        XCTAssertEqual(value[path: "none"], .null)
        XCTAssertEqual(value[path: ""], value)
        XCTAssertNil(value[path: "error.missing"])
        XCTAssertNil(value[path: "error.details.2"])
        XCTAssertNil(value[path: "error.details.x"])
        XCTAssertNil(value[path: "count.more"])
    }

    func testScalarText() {
        XCTAssertEqual(JSONValue.string("E42").scalarText, "E42")
        XCTAssertEqual(JSONValue.int(42).scalarText, "42")
        XCTAssertEqual(JSONValue.double(1.5).scalarText, "1.5")
        XCTAssertEqual(JSONValue.bool(true).scalarText, "true")
        XCTAssertNil(JSONValue.null.scalarText)
        XCTAssertNil(JSONValue.array([1]).scalarText)
        XCTAssertNil(JSONValue.object([:]).scalarText)
    }

    /// Strings are tried first when decoding (the cheapest order for the generated models' uuid
    /// checks); text that looks like another kind must still stay a string, and the other kinds unchanged.
    func testStringsThatLookLikeOtherKindsStayStrings() throws {
        let decoder = JSONCoding.makeDecoder()
        let value = try decoder.decode(JSONValue.self, from: json(#"["true","1","1.5","null",true,1,1.5,null,{"a":"b"}]"#))
        XCTAssertEqual(value, ["true", "1", "1.5", "null", true, 1, 1.5, nil, ["a": "b"]])
    }

    func testStringsAreCanonicalUUIDs() {
        let uuid = "6bac7eea-c120-428d-beb6-910c6f290434"
        XCTAssertTrue(JSONValue.string(uuid).stringsAreCanonicalUUIDs)
        XCTAssertTrue(JSONValue.string(uuid.uppercased()).stringsAreCanonicalUUIDs)
        XCTAssertFalse(JSONValue.string(uuid + "\u{0}junk").stringsAreCanonicalUUIDs)
        XCTAssertFalse(JSONValue.string("+" + uuid.dropFirst()).stringsAreCanonicalUUIDs)
        XCTAssertTrue(JSONValue.array([.string(uuid), .null]).stringsAreCanonicalUUIDs)
        XCTAssertFalse(JSONValue.object(["a": .string(uuid), "b": .array([.string("x")])]).stringsAreCanonicalUUIDs)
        XCTAssertTrue(JSONValue.int(1).stringsAreCanonicalUUIDs)
    }
}
