import Foundation
import KitchenSink
import XCTest

/// `date-time` fields with a wire `format:` (kitchensink.yaml `PushEvent`, `EpochMillis`): a `Date` to
/// the user, the same wire form back to the server.
final class DateFormatTests: XCTestCase {
    private let wire = #"""
        {"eventType":"TransactionCreatedEvent","transactionId":"00c660a0-c03d-401d-bf77-99df3e6a157f","amount":"12.30",
         "transactionTime":"2021-12-17 12:34:56.793213 +0000 UTC","timestamp":1639744496793,"createdAt":1639744496,
         "readAt":1639744500,"cancelledAt":null,"sentAt":"2021-12-17T12:34:56Z"}
        """#

    func testEachFormatDecodesToTheSameInstant() throws {
        let event = try decodeJSON(PushEvent.self, wire)
        let instant = 1_639_744_496.793213
        XCTAssertEqual(event.transactionTime.timeIntervalSince1970, instant, accuracy: 0.000_001)
        XCTAssertEqual(event.timestamp.timeIntervalSince1970, 1_639_744_496.793, accuracy: 0.000_001)
        XCTAssertEqual(event.createdAt.timeIntervalSince1970, 1_639_744_496)
        XCTAssertEqual(event.readAt?.timeIntervalSince1970, 1_639_744_500)
        XCTAssertNil(event.cancelledAt)
        XCTAssertEqual(event.sentAt.timeIntervalSince1970, 1_639_744_496)
    }

    func testEncodingWritesEachFieldBackInItsWireForm() throws {
        let event = try decodeJSON(PushEvent.self, wire)
        let encoded = try encodedJSON(event)
        // Plain date-times are written as RFC 3339 with milliseconds, UUIDs upper-case, as everywhere.
        let expected = try parseJSON(wire).replacing("sentAt", with: .string("2021-12-17T12:34:56.000Z"))
            .replacing("transactionId", with: .string("00C660A0-C03D-401D-BF77-99DF3E6A157F"))
        XCTAssertEqual(encoded, expected)
        // The document's fractional digits survive the round trip exactly.
        XCTAssertTrue(try encodedText(event).contains(#""transactionTime":"2021-12-17 12:34:56.793213 +0000 UTC""#))
    }

    func testOptionalAndNullableFormattedDates() throws {
        var event = try decodeJSON(PushEvent.self, wire)
        event.readAt = nil
        event.cancelledAt = Date(timeIntervalSince1970: 1_700_000_000.25)
        let encoded = try encodedJSON(event)
        XCTAssertNil(encoded[member: "readAt"], "an absent optional date is left out")
        XCTAssertEqual(encoded[member: "cancelledAt"], .int(1_700_000_000_250))
        let required = try parseJSON(wire).removing("cancelledAt")
        XCTAssertThrowsError(
            try JSONCoding.makeDecoder().decode(PushEvent.self, from: JSONCoding.makeEncoder().encode(required)),
            "a nullable required key must still be present")
    }

    func testOtherOffsetsAreReadAndWrittenBackInUTC() throws {
        let shifted = wire.replacingOccurrences(of: "12:34:56.793213 +0000", with: "14:34:56.793213 +0200")
        let event = try decodeJSON(PushEvent.self, shifted)
        XCTAssertEqual(event.transactionTime.timeIntervalSince1970, 1_639_744_496.793213, accuracy: 0.000_001)
        XCTAssertTrue(try encodedText(event).contains("2021-12-17 12:34:56.793213 +0000 UTC"))
    }

    func testWrongWireFormsFailDecoding() throws {
        for (field, value) in [
            ("transactionTime", #""2021-12-17T12:34:56Z""#), ("transactionTime", #""2021-12-17 12:34:56.79 +0000 UTC""#),
            ("timestamp", #""1639744496793""#), ("createdAt", "1.5"), ("readAt", #""soon""#),
        ] {
            let payload = try JSONCoding.makeEncoder().encode(parseJSON(wire).replacing(field, with: parseJSON(value)))
            XCTAssertThrowsError(try JSONCoding.makeDecoder().decode(PushEvent.self, from: payload), "\(field): \(value)")
        }
    }
}

extension JSONValue {
    fileprivate func replacing(_ key: String, with value: JSONValue) -> JSONValue {
        guard case .object(var members) = self else { return self }
        members[key] = value
        return .object(members)
    }

    fileprivate func removing(_ key: String) -> JSONValue {
        guard case .object(var members) = self else { return self }
        members[key] = nil
        return .object(members)
    }
}
