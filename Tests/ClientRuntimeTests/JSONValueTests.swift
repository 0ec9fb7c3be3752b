import ClientRuntime
import XCTest

final class JSONValueTests: XCTestCase {
    private let document = #"{"error":{"code":"CARD_DECLINED","details":[{"field":"pan"},{"field":"cvv"}],"retry":false},"count":3,"ratio":0.5,"none":null,"big":12345678901234}"#

    func testDecodesEveryKind() throws {
        let value = try JSONCoding.makeDecoder().decode(JSONValue.self, from: json(document))
        XCTAssertEqual(value, [
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
}
