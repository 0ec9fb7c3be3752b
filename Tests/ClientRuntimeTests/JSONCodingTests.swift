@_spi(Generated) import ClientRuntime
import XCTest

final class JSONCodingTests: XCTestCase {
    private struct Event: Codable, Equatable {
        let at: Date
    }

    private func decodeDate(_ text: String) throws -> Date {
        try JSONCoding.makeDecoder().decode(Event.self, from: json(#"{"at":"\#(text)"}"#)).at
    }

    private let noon = Date(timeIntervalSince1970: 1_714_566_600)  // 2024-05-01T12:30:00Z

    func testDecodesDateTimeWithoutFraction() throws {
        XCTAssertEqual(try decodeDate("2024-05-01T12:30:00Z"), noon)
        XCTAssertEqual(try decodeDate("2024-05-01t12:30:00z"), noon)
    }

    func testDecodesDateTimeWithFractionOfAnyPrecision() throws {
        XCTAssertEqual(try decodeDate("2024-05-01T12:30:00.5Z").timeIntervalSince1970, 1_714_566_600.5, accuracy: 1e-6)
        XCTAssertEqual(try decodeDate("2024-05-01T12:30:00.123Z").timeIntervalSince1970, 1_714_566_600.123, accuracy: 1e-6)
        XCTAssertEqual(try decodeDate("2024-05-01T12:30:00.123456789Z").timeIntervalSince1970, 1_714_566_600.123457, accuracy: 1e-5)
    }

    func testDecodesDateTimeWithOffsets() throws {
        XCTAssertEqual(try decodeDate("2024-05-01T14:30:00+02:00"), noon)
        XCTAssertEqual(try decodeDate("2024-05-01T07:00:00-05:30"), noon)
        XCTAssertEqual(try decodeDate("2024-05-01T12:30:00+00:00"), noon)
        XCTAssertEqual(try decodeDate("2024-05-02T00:30:00.250+12:00").timeIntervalSince1970, 1_714_566_600.25, accuracy: 1e-6)
    }

    func testRejectsInvalidDateTimes() {
        for text in [
            "2024-05-01", "2024-05-01T12:30:00", "2024-05-01T12:30Z", "2024-02-30T00:00:00Z",
            "2024-05-01T24:00:00Z", "2024-05-01T12:30:00.Z", "2024-05-01T12:30:00+0200", "yesterday",
        ] {
            XCTAssertThrowsError(try decodeDate(text), text) { error in
                guard case DecodingError.dataCorrupted(let context) = error else {
                    return XCTFail("Expected dataCorrupted for \(text), got \(error)")
                }
                XCTAssertTrue(context.debugDescription.contains(text), context.debugDescription)
            }
        }
    }

    func testEncodesUTCWithMilliseconds() throws {
        let encoder = JSONCoding.makeEncoder()
        XCTAssertEqual(String(decoding: try encoder.encode(Event(at: noon)), as: UTF8.self), #"{"at":"2024-05-01T12:30:00.000Z"}"#)
        let fractional = Date(timeIntervalSince1970: 1_714_566_600.1239)
        XCTAssertEqual(String(decoding: try encoder.encode(Event(at: fractional)), as: UTF8.self), #"{"at":"2024-05-01T12:30:00.124Z"}"#)
        XCTAssertEqual(RFC3339.string(from: Date(timeIntervalSince1970: 59.9996)), "1970-01-01T00:01:00.000Z")
        XCTAssertEqual(RFC3339.string(from: Date(timeIntervalSince1970: -0.5)), "1969-12-31T23:59:59.500Z")
        XCTAssertEqual(RFC3339.string(from: Date(timeIntervalSince1970: 951_782_400)), "2000-02-29T00:00:00.000Z")
    }

    func testDateRoundTripKeepsMilliseconds() throws {
        let original = Event(at: Date(timeIntervalSince1970: 1_700_000_000.987))
        let decoded = try JSONCoding.makeDecoder().decode(Event.self, from: JSONCoding.makeEncoder().encode(original))
        XCTAssertEqual(decoded.at.timeIntervalSince1970, original.at.timeIntervalSince1970, accuracy: 1e-6)
    }

    func testSortedKeysUnescapedSlashesAndBase64Data() throws {
        struct Blob: Codable, Equatable {
            let zeta: String
            let alpha: Data
            let mid: Int
        }
        let blob = Blob(zeta: "a/b", alpha: Data([0, 1, 2, 250]), mid: 1)
        let data = try JSONCoding.makeEncoder().encode(blob)
        XCTAssertEqual(String(decoding: data, as: UTF8.self), #"{"alpha":"AAEC+g==","mid":1,"zeta":"a/b"}"#)
        XCTAssertEqual(try JSONCoding.makeDecoder().decode(Blob.self, from: data), blob)
    }

    func testKeysAreNotConverted() throws {
        // swift-format-ignore: AlwaysUseLowerCamelCase
        // A snake_case Swift name is the point: it must reach the wire unchanged.
        struct Keys: Codable, Equatable {
            let camelCase: Int
            let snake_case: Int
        }
        let data = try JSONCoding.makeEncoder().encode(Keys(camelCase: 1, snake_case: 2))
        XCTAssertEqual(String(decoding: data, as: UTF8.self), #"{"camelCase":1,"snake_case":2}"#)
    }
}
