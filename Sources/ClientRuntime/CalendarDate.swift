import Foundation
@_spi(Shared) import WireFormat

/// A calendar day without time of day or time zone (schema type `date`), on the wire as `yyyy-MM-dd`.
///
/// A separate type rather than `Date` because a birthday or a booking day is not an instant: converting it
/// through a time zone is how "2024-03-01" silently becomes "2024-02-29".
public struct CalendarDate: Codable, Hashable, Sendable, Comparable, LosslessStringConvertible, ParameterEncodable {
    /// The year, 1...9999 (the wire format has four digits).
    public let year: Int
    /// The month, 1...12.
    public let month: Int
    /// The day of the month, 1...28/29/30/31.
    public let day: Int

    /// Creates a date from components that are known to be valid.
    ///
    /// - Precondition: the components name a real day in years 1...9999 (no February 30). Use
    ///   `init?(validatingYear:month:day:)` for input that may be invalid.
    public init(year: Int, month: Int, day: Int) {
        precondition(
            CivilCalendar.isWritableDay(year: year, month: month, day: day),
            "CalendarDate(year: \(year), month: \(month), day: \(day)) is not a valid date"
        )
        self.year = year
        self.month = month
        self.day = day
    }

    /// Creates a date, or `nil` when the components do not name a real day in years 1...9999.
    public init?(validatingYear year: Int, month: Int, day: Int) {
        guard CivilCalendar.isWritableDay(year: year, month: month, day: day) else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses exactly `yyyy-MM-dd` (ASCII digits); `nil` for any other text or a day that does not exist.
    public init?(_ description: String) {
        guard let parsed = CivilCalendar.day(fromWireText: description) else { return nil }
        self.init(year: parsed.year, month: parsed.month, day: parsed.day)
    }

    /// The day on which `date` falls in `timeZone` (e.g. "today" for the user: `CalendarDate(Date(), in: .current)`).
    public init(_ date: Date, in timeZone: TimeZone) {
        let seconds = Int((date.timeIntervalSince1970 + Double(timeZone.secondsFromGMT(for: date))).rounded(.down))
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let civil = CivilCalendar.date(daysSinceEpoch: days)
        self.init(year: civil.year, month: civil.month, day: civil.day)
    }

    /// The `yyyy-MM-dd` wire form.
    public var description: String {
        CivilCalendar.wireText(year: year, month: month, day: day)
    }

    /// The `yyyy-MM-dd` wire form, for paths, queries and headers.
    @_spi(Generated) public var parameterValue: String { description }

    /// Decodes from a `yyyy-MM-dd` string; anything else is a `DecodingError.dataCorrupted` naming the text.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let date = CalendarDate(text) else {
            throw DecodingError.dataCorruptedError(
                in: container,
                debugDescription: "Expected a calendar date in the form yyyy-MM-dd, got \"\(text)\""
            )
        }
        self = date
    }

    /// Encodes as a `yyyy-MM-dd` string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    /// Chronological order.
    public static func < (lhs: CalendarDate, rhs: CalendarDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }
}
