import Foundation
import KitchenSink
import XCTest

/// Null where the schema allows it beyond a field (kitchensink.yaml, `Nullables`): a nullable alias
/// (`Expiry`) and union (`StopOrNone`) are Optionals wherever they are used, and `items:`/`values:`
/// with `nullable: true` make list elements and map values Optionals (`[Int32?]`, `[String: Circle?]`).
final class NullableElementsTests: XCTestCase {
    private let withNulls = #"""
        {"expiry":null,"history":["2024-05-31T10:00:00Z",null],"scores":[100,null,0],
         "files":{"a":{"radius":1},"b":null},"stop":null,"codes":["AB"],"grid":[[1,null]]}
        """#

    func testNullElementsValuesAndNamedTypesDecodeAsNil() throws {
        let value = try decodeJSON(Nullables.self, withNulls)
        XCTAssertNil(value.expiry)
        XCTAssertEqual(value.history, [Date(timeIntervalSince1970: 1_717_149_600), nil])
        XCTAssertEqual(value.scores, [100, nil, 0])
        XCTAssertEqual(value.files, ["a": Circle(radius: 1), "b": nil])
        XCTAssertNil(value.stop)
        XCTAssertEqual(value.grid, [[1, nil]])
    }

    func testTheGeneratedTypesAreOptionalsWhereNullIsAllowed() {
        // The declarations an app developer reads: the same types as written by hand.
        let value = Nullables(
            expiry: nil, history: [nil], scores: [nil], files: ["b": nil], stop: nil, codes: nil, grid: [[nil]])
        let expiry: Date? = value.expiry
        let history: [Date?] = value.history
        let scores: [Int32?] = value.scores
        let files: [String: Circle?] = value.files
        let stop: StopOrNone? = value.stop
        let grid: [[Int32?]]? = value.grid
        XCTAssertEqual([expiry == nil, history == [nil], scores == [nil], files == ["b": nil], stop == nil, grid == [[nil]]], Array(repeating: true, count: 6))
    }

    func testNullsAreEncodedBackAsNull() throws {
        let value = try decodeJSON(Nullables.self, withNulls)
        // The same JSON back (dates as the encoder writes them, with milliseconds).
        XCTAssertEqual(try encodedJSON(value), try parseJSON(withNulls.replacingOccurrences(of: "10:00:00Z", with: "10:00:00.000Z")))
    }

    func testANullableUnionStillDecodesItsVariants() throws {
        let single = try decodeJSON(Nullables.self, #"{"expiry":"2024-05-31T10:00:00Z","history":[],"scores":[],"files":{},"stop":"END"}"#)
        XCTAssertEqual(single.stop, .single("END"))
        XCTAssertEqual(single.expiry, Date(timeIntervalSince1970: 1_717_149_600))
        let several = try decodeJSON(Nullables.self, #"{"expiry":null,"history":[],"scores":[],"files":{},"stop":["\n","END"]}"#)
        XCTAssertEqual(several.stop, .several(["\n", "END"]))
    }

    func testAListWhoseElementsAreNotNullableStillRefusesNull() {
        // `codes` says nothing about null: a null element is a decoding error, as before.
        XCTAssertThrowsError(
            try decodeJSON(Nullables.self, #"{"expiry":null,"history":[],"scores":[],"files":{},"stop":null,"codes":[null]}"#))
        // A nullable key is still required (null is a value; absence is not).
        XCTAssertThrowsError(try decodeJSON(Nullables.self, #"{"history":[],"scores":[],"files":{},"stop":null}"#))
    }
}
