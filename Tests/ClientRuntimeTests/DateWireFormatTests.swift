@_spi(Generated) import ClientRuntime
import Foundation
import XCTest

/// `DateWireFormat`: epoch numbers and fixed patterns, parsed and written without `DateFormatter`.
final class DateWireFormatTests: XCTestCase {
    private let finaptic = "yyyy-MM-dd HH:mm:ss.SSSSSS Z 'UTC'"

    func testFinapticPatternRoundTripsItsMicroseconds() throws {
        let format = try DateWireFormat(pattern: finaptic)
        let date = try XCTUnwrap(format.date(from: "2021-12-17 12:34:56.793213 +0000 UTC"))
        XCTAssertEqual(date.timeIntervalSince1970, 1_639_744_496.793213, accuracy: 0.000_001)
        XCTAssertEqual(format.string(from: date), "2021-12-17 12:34:56.793213 +0000 UTC")
        // Rounding to the digits written carries into the second.
        XCTAssertEqual(format.string(from: Date(timeIntervalSince1970: 1_639_744_496.999_999_7)), "2021-12-17 12:34:57.000000 +0000 UTC")
    }

    func testPatternsRejectTextOfAnotherShape() throws {
        let format = try DateWireFormat(pattern: finaptic)
        for text in [
            "2021-12-17 12:34:56.79321 +0000 UTC", "2021-12-17 12:34:56.793213 +0000", "2021-02-30 12:34:56.793213 +0000 UTC",
            "2021-12-17 24:00:00.000000 +0000 UTC", "2021-12-17T12:34:56.793213 +0000 UTC", "2021-12-17 12:34:56.793213 +0000 UTC ",
        ] {
            XCTAssertNil(format.date(from: text), text)
        }
    }

    func testOffsetsWithAndWithoutColon() throws {
        let plain = try DateWireFormat(pattern: "yyyy-MM-dd'T'HH:mmZ")
        XCTAssertEqual(plain.date(from: "2024-01-01T02:00+0200")?.timeIntervalSince1970, 1_704_067_200)
        let colon = try DateWireFormat(pattern: "dd.MM.yyyy HH:mm xxx")
        XCTAssertEqual(colon.date(from: "31.12.2023 19:00 -05:00")?.timeIntervalSince1970, 1_704_067_200)
        XCTAssertEqual(colon.string(from: Date(timeIntervalSince1970: 1_704_067_200)), "01.01.2024 00:00 +00:00")
    }

    func testEpochFormats() {
        let date = Date(timeIntervalSince1970: 1_639_744_496.793)
        XCTAssertEqual(DateWireFormat.epochSeconds.number(from: date), 1_639_744_496)
        XCTAssertEqual(DateWireFormat.epochMilliseconds.number(from: date), 1_639_744_496_793)
        XCTAssertEqual(DateWireFormat.epochMilliseconds.date(fromNumber: 1_639_744_496_793)?.timeIntervalSince1970 ?? 0, 1_639_744_496.793, accuracy: 0.000_001)
        XCTAssertTrue(DateWireFormat.epochSeconds.isNumeric)
        XCTAssertNil(DateWireFormat.epochSeconds.regularExpression)
    }

    func testInvalidPatternsSayWhy() {
        for (pattern, reason) in [
            ("yyyy-MM-dd", "has no HH"), ("yyyy-MM-dd HH:mm EEE", "unsupported letter 'E'"),
            ("yyyy-MM-dd HH:mm 'x", "unterminated quote"), ("yyyy-MM-dd HH:mm yyyy", "appears twice"),
            ("yyyy-M-dd HH:mm", "must be written MM"),
        ] {
            XCTAssertThrowsError(try DateWireFormat(pattern: pattern), pattern) { error in
                XCTAssertTrue("\(error)".contains(reason), "\(error)")
            }
        }
        // Generated code cannot crash on a pattern: an invalid one falls back to RFC 3339.
        XCTAssertEqual(DateWireFormat.pattern("nonsense"), .rfc3339)
        XCTAssertEqual(DateWireFormat.pattern("nonsense"), .rfc3339, "the cached answer is the same")
        XCTAssertEqual(DateWireFormat.pattern(finaptic), try DateWireFormat(pattern: finaptic))
    }

    func testRegularExpressionMatchesWhatTheParserAccepts() throws {
        let format = try DateWireFormat(pattern: finaptic)
        let expression = try NSRegularExpression(pattern: try XCTUnwrap(format.regularExpression))
        func matches(_ text: String) -> Bool {
            expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
        }
        XCTAssertTrue(matches("2021-12-17 12:34:56.793213 +0000 UTC"))
        XCTAssertFalse(matches("2021-12-17 12:34:56.793213 +0000 UTC\n"))
        XCTAssertFalse(matches("2021-12-17 12:34:56.7932 +0000 UTC"))
        XCTAssertFalse(matches("2021-13-17 12:34:56.793213 +0000 UTC"))
    }
}
