@_spi(Generated) import ClientRuntime
import XCTest

final class CalendarDateTests: XCTestCase {
    func testParsesAndFormats() throws {
        let date = try XCTUnwrap(CalendarDate("2024-02-29"))
        XCTAssertEqual(date.year, 2024)
        XCTAssertEqual(date.month, 2)
        XCTAssertEqual(date.day, 29)
        XCTAssertEqual(date.description, "2024-02-29")
        XCTAssertEqual(CalendarDate(year: 5, month: 1, day: 2).description, "0005-01-02")
        XCTAssertEqual(CalendarDate(year: 2000, month: 12, day: 31).parameterValue, "2000-12-31")
    }

    func testRejectsDaysThatDoNotExist() {
        for text in [
            "2023-02-29", "2024-02-30", "1900-02-29", "2024-04-31", "2024-13-01", "2024-00-10",
            "2024-01-00", "0000-01-01",
        ] {
            XCTAssertNil(CalendarDate(text), text)
        }
        XCTAssertNotNil(CalendarDate("2000-02-29"))
        XCTAssertNil(CalendarDate(validatingYear: 2023, month: 2, day: 29))
        XCTAssertEqual(CalendarDate(validatingYear: 2024, month: 2, day: 29), CalendarDate(year: 2024, month: 2, day: 29))
    }

    func testRejectsOtherFormats() {
        for text in [
            "2024-1-01", "24-01-01", " 2024-01-01", "2024-01-01 ", "2024/01/01", "2024-01-01T00:00:00Z",
            "", "２０２４-01-01", "+2024-01-01", "2024-01-1x",
        ] {
            XCTAssertNil(CalendarDate(text), text)
        }
    }

    func testCodableAsString() throws {
        struct Booking: Codable, Equatable {
            let day: CalendarDate
        }
        let data = try JSONCoding.makeEncoder().encode(Booking(day: CalendarDate(year: 2024, month: 3, day: 1)))
        XCTAssertEqual(String(decoding: data, as: UTF8.self), #"{"day":"2024-03-01"}"#)
        XCTAssertEqual(try JSONCoding.makeDecoder().decode(Booking.self, from: data).day, CalendarDate(year: 2024, month: 3, day: 1))
    }

    func testDecodingInvalidTextFailsClearly() {
        struct Booking: Decodable {
            let day: CalendarDate
        }
        XCTAssertThrowsError(try JSONCoding.makeDecoder().decode(Booking.self, from: json(#"{"day":"2024-02-30"}"#))) { error in
            guard case DecodingError.dataCorrupted(let context) = error else {
                return XCTFail("Expected dataCorrupted, got \(error)")
            }
            XCTAssertTrue(context.debugDescription.contains("yyyy-MM-dd"), context.debugDescription)
            XCTAssertTrue(context.debugDescription.contains("2024-02-30"), context.debugDescription)
            XCTAssertEqual(context.codingPath.map(\.stringValue), ["day"])
        }
        XCTAssertThrowsError(try JSONCoding.makeDecoder().decode(Booking.self, from: json(#"{"day":20240101}"#)))
    }

    func testOrdering() {
        let dates = ["2024-01-02", "2023-12-31", "2024-01-01", "2024-02-01"].compactMap(CalendarDate.init)
        XCTAssertEqual(dates.sorted().map(\.description), ["2023-12-31", "2024-01-01", "2024-01-02", "2024-02-01"])
    }

    func testDayOfAnInstantDependsOnTimeZone() throws {
        let instant = try XCTUnwrap(RFC3339.date(from: "2024-03-01T02:00:00Z"))
        XCTAssertEqual(CalendarDate(instant, in: TimeZone(identifier: "UTC")!).description, "2024-03-01")
        XCTAssertEqual(CalendarDate(instant, in: TimeZone(secondsFromGMT: -5 * 3600)!).description, "2024-02-29")
        XCTAssertEqual(CalendarDate(Date(timeIntervalSince1970: -1), in: TimeZone(identifier: "UTC")!).description, "1969-12-31")
    }
}
