import Foundation

/// Proleptic Gregorian calendar arithmetic on plain integers.
///
/// Hand-written (after Howard Hinnant's `days_from_civil`) rather than using `Calendar` or date formatters
/// because wire formats must not depend on the device's locale, calendar or time zone, and because these
/// pure functions are trivially thread-safe.
///
/// ClientRuntime's `CalendarDate` and schema-check read the schema's `date` (`yyyy-MM-dd`) with the same
/// `day(fromWireText:)`, so a day one accepts the other does too. `@_spi(Shared)`, not `Generated`:
/// generated code never names it, so it stays out of what `@_spi(Generated) import ClientRuntime` shows
/// (every name there is one a schema type may not take).
@_spi(Shared) public enum CivilCalendar {
    // MARK: The schema's `date` on the wire

    /// The day of exactly `yyyy-MM-dd` (ASCII digits) text, or nil for any other text or a day that
    /// does not exist (`2023-02-29`, year 0000).
    public static func day(fromWireText text: String) -> (year: Int, month: Int, day: Int)? {
        var scanner = DigitScanner(Array(text.utf8))
        guard let year = scanner.number(digits: 4), scanner.take("-"),
            let month = scanner.number(digits: 2), scanner.take("-"),
            let day = scanner.number(digits: 2), scanner.isAtEnd,
            isWritableDay(year: year, month: month, day: day)
        else { return nil }
        return (year, month, day)
    }

    /// `yyyy-MM-dd` of a day `isWritableDay` accepts.
    public static func wireText(year: Int, month: Int, day: Int) -> String {
        padded(year, width: 4) + "-" + padded(month, width: 2) + "-" + padded(day, width: 2)
    }

    /// Whether the components name a real day in years 1...9999 (the wire form has four year digits).
    public static func isWritableDay(year: Int, month: Int, day: Int) -> Bool {
        (1...9999).contains(year) && isValid(year: year, month: month, day: day)
    }

    // MARK: Arithmetic

    static func isLeapYear(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    static func isValid(year: Int, month: Int, day: Int) -> Bool {
        (1...12).contains(month) && day >= 1 && day <= daysInMonth(year: year, month: month)
    }

    /// Days since 1970-01-01 of a valid date.
    static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date `days` after 1970-01-01.
    public static func date(daysSinceEpoch days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// `value` as decimal digits, zero-padded on the left to `width`.
    static func padded(_ value: Int, width: Int) -> String {
        let digits = String(value.magnitude)
        let padding = String(repeating: "0", count: max(0, width - digits.count))
        return (value < 0 ? "-" : "") + padding + digits
    }

    /// `date` in UTC as its civil date, its second of the day and the fraction of that second in units
    /// of `1 / unitsPerSecond` (1000: milliseconds), rounded to that precision first so 0.9996 s at
    /// milliseconds becomes the next second, not "…:00.1000".
    static func split(_ date: Date, unitsPerSecond: Int64) -> (year: Int, month: Int, day: Int, secondOfDay: Int, fraction: Int64) {
        let units = Int64((date.timeIntervalSince1970 * Double(unitsPerSecond)).rounded())
        let (seconds, fraction) = floorDivision(units, unitsPerSecond)
        let (days, secondOfDay) = floorDivision(seconds, 86_400)
        let civil = Self.date(daysSinceEpoch: Int(days))
        return (civil.year, civil.month, civil.day, Int(secondOfDay), fraction)
    }

    /// The instant of a valid civil date and time written `offsetSeconds` east of UTC.
    static func instant(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, fraction: Double, offsetSeconds: Int) -> Date {
        let days = daysSinceEpoch(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }

    private static func floorDivision(_ value: Int64, _ divisor: Int64) -> (Int64, Int64) {
        let remainder = value % divisor
        return remainder < 0 ? (value / divisor - 1, remainder + divisor) : (value / divisor, remainder)
    }
}
