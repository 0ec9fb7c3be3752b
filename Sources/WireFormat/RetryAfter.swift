import Foundation

/// Parses the `Retry-After` header (RFC 9110 §10.2.3): either delay-seconds or an HTTP-date.
@_spi(Generated) public enum RetryAfter {
    /// The wait in seconds that `value` asks for, measured from `now`; a date in the past gives 0.
    /// `nil` when the value is neither a non-negative integer nor an HTTP-date.
    ///
    /// All three HTTP-date forms are accepted: IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`), the obsolete
    /// RFC 850 form (`Sunday, 06-Nov-94 08:49:37 GMT`) and asctime (`Sun Nov  6 08:49:37 1994`).
    public static func delay(from value: String, now: Date = Date()) -> TimeInterval? {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        if !trimmed.isEmpty, trimmed.allSatisfy(\.isASCIIDigit) {
            // Absurdly long digit strings saturate rather than fail; the caller caps the wait anyway.
            return TimeInterval(trimmed) ?? .greatestFiniteMagnitude
        }
        guard let date = httpDate(trimmed) else { return nil }
        return max(0, date.timeIntervalSince(now))
    }

    /// Parses an HTTP-date in any of its three forms.
    public static func httpDate(_ text: String) -> Date? {
        let words = text.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        var parts: (day: Int, month: Int, year: Int, time: String)?
        if words.count == 6, words[0].hasSuffix(","), words[5] == "GMT" {
            // IMF-fixdate: Sun, 06 Nov 1994 08:49:37 GMT
            if let day = Int(words[1]), let month = month(words[2]), let year = Int(words[3]) {
                parts = (day, month, year, words[4])
            }
        } else if words.count == 4, words[0].hasSuffix(","), words[3] == "GMT" {
            // RFC 850: Sunday, 06-Nov-94 08:49:37 GMT
            let date = words[1].split(separator: "-").map(String.init)
            if date.count == 3, let day = Int(date[0]), let month = month(date[1]), let shortYear = Int(date[2]) {
                let year = shortYear < 100 ? (shortYear < 70 ? 2000 + shortYear : 1900 + shortYear) : shortYear
                parts = (day, month, year, words[2])
            }
        } else if words.count == 5 {
            // asctime: Sun Nov  6 08:49:37 1994
            if let month = month(words[1]), let day = Int(words[2]), let year = Int(words[4]) {
                parts = (day, month, year, words[3])
            }
        }
        guard let parts else { return nil }
        let clock = parts.time.split(separator: ":").compactMap { Int($0) }
        guard clock.count == 3, (1...31).contains(parts.day), (0...23).contains(clock[0]),
            (0...59).contains(clock[1]), (0...60).contains(clock[2])
        else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "GMT")!
        let components = DateComponents(
            year: parts.year, month: parts.month, day: parts.day,
            hour: clock[0], minute: clock[1], second: clock[2]
        )
        return calendar.date(from: components)
    }

    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    private static func month(_ name: String) -> Int? {
        months.firstIndex(of: name.lowercased()).map { $0 + 1 }
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
