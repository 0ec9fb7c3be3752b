import Foundation

/// RFC 3339 `date-time` formatting and parsing, shared by the JSON coders and parameter encoding.
///
/// Hand-written instead of `ISO8601DateFormatter` so it is locale-independent, `Sendable` without
/// caveats, accepts any fractional precision, and behaves the same on Apple platforms and Linux.
@_spi(Generated) public enum RFC3339 {
    /// `date` in UTC with millisecond precision, e.g. `2024-05-01T12:30:00.250Z`.
    public static func string(from date: Date) -> String {
        let civil = CivilCalendar.split(date, unitsPerSecond: 1000)
        let second = civil.secondOfDay
        return CivilCalendar.padded(civil.year, width: 4) + "-"
            + CivilCalendar.padded(civil.month, width: 2) + "-"
            + CivilCalendar.padded(civil.day, width: 2) + "T"
            + CivilCalendar.padded(second / 3600, width: 2) + ":"
            + CivilCalendar.padded(second / 60 % 60, width: 2) + ":"
            + CivilCalendar.padded(second % 60, width: 2) + "."
            + CivilCalendar.padded(Int(civil.fraction), width: 3) + "Z"
    }

    /// Parses `yyyy-MM-ddTHH:mm:ss[.fraction](Z|±HH:mm)`; `nil` when the text is not a valid date-time.
    ///
    /// Accepts any number of fractional digits, any offset, lowercase `t`/`z`, and a space instead of `T`
    /// (all permitted by RFC 3339). A leap second (`:60`) is read as the first instant of the next minute.
    public static func date(from string: String) -> Date? {
        var scanner = DigitScanner(Array(string.utf8))
        guard let year = scanner.number(digits: 4), scanner.take("-"),
            let month = scanner.number(digits: 2), scanner.take("-"),
            let day = scanner.number(digits: 2),
            scanner.take("T") || scanner.take("t") || scanner.take(" "),
            let hour = scanner.number(digits: 2), scanner.take(":"),
            let minute = scanner.number(digits: 2), scanner.take(":"),
            let second = scanner.number(digits: 2),
            CivilCalendar.isValid(year: year, month: month, day: day),
            hour <= 23, minute <= 59, second <= 60
        else { return nil }

        var fraction = 0.0
        if scanner.take(".") {
            var scale = 0.1
            var sawDigit = false
            while let digit = scanner.digit() {
                fraction += Double(digit) * scale
                scale /= 10
                sawDigit = true
            }
            guard sawDigit else { return nil }
        }

        let offsetSeconds: Int
        if scanner.take("Z") || scanner.take("z") {
            offsetSeconds = 0
        } else {
            let sign: Int
            if scanner.take("+") { sign = 1 } else if scanner.take("-") { sign = -1 } else { return nil }
            guard let offsetHour = scanner.number(digits: 2), scanner.take(":"),
                let offsetMinute = scanner.number(digits: 2), offsetHour <= 23, offsetMinute <= 59
            else { return nil }
            offsetSeconds = sign * (offsetHour * 3600 + offsetMinute * 60)
        }
        guard scanner.isAtEnd else { return nil }

        return CivilCalendar.instant(
            year: year, month: month, day: day, hour: hour, minute: minute, second: second,
            fraction: fraction, offsetSeconds: offsetSeconds)
    }
}

/// A cursor over ASCII bytes for the fixed-width formats in this module.
struct DigitScanner {
    private let bytes: [UInt8]
    private var index = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    var isAtEnd: Bool { index == bytes.count }

    /// Consumes `character` if it is next.
    mutating func take(_ character: Unicode.Scalar) -> Bool {
        guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
        index += 1
        return true
    }

    /// Consumes one ASCII digit, if next.
    mutating func digit() -> Int? {
        guard index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) else { return nil }
        defer { index += 1 }
        return Int(bytes[index] - UInt8(ascii: "0"))
    }

    /// Consumes exactly `digits` ASCII digits as a number; consumes nothing on failure.
    mutating func number(digits: Int) -> Int? {
        let start = index
        var value = 0
        for _ in 0..<digits {
            guard let digit = digit() else {
                index = start
                return nil
            }
            value = value * 10 + digit
        }
        return value
    }
}
