/// Regular expressions for the string forms the generated decoder parses, written so that they mean
/// the same in ECMA-262 (JSON Schema's dialect) and in Python's `re` (what `jsonschema` runs). They end
/// with `(?![\s\S])` ("nothing follows") instead of `$`, because `$` in Python (and ICU) also matches
/// before a final newline, which these decoders reject.
public enum WirePatterns {
    static let end = "(?![\\s\\S])"

    /// `UUID(uuidString:)`: 8-4-4-4-12 hex digits, either case, nothing else (no braces, no `urn:`).
    public static let uuid = "^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}" + end

    /// `CalendarDate(_:)`: `yyyy-MM-dd`, a real Gregorian day in years 0001-9999.
    public static let date = "^" + calendarDay + end

    /// `RFC3339.date(from:)` of the client runtime: a real day, `T`/`t`/space, `HH:mm:ss` with seconds up
    /// to 60, an optional fraction, then `Z`/`z` or a `±HH:mm` offset.
    public static let dateTime =
        "^" + calendarDay
        + "[Tt ](?:[01][0-9]|2[0-3]):[0-5][0-9]:(?:[0-5][0-9]|60)(?:\\.[0-9]+)?(?:[Zz]|[+-](?:[01][0-9]|2[0-3]):[0-5][0-9])" + end

    /// `Data(base64Encoded:)` (swift-foundation, checked exhaustively over short strings): groups of four
    /// alphabet characters; the last group may be `xx=x`, `xxx=`, `xx==` or `====`, and any number of
    /// `=` may follow the last group. Unused bits are not checked (`AR==` decodes). No whitespace.
    public static let base64: String = {
        let c = "[A-Za-z0-9+/]"
        return "^(?:\(c){4})*(?:(?:\(c){4}|\(c){2}=\(c)|\(c){3}=|\(c){2}==|====)=*)?" + end
    }()

    /// `PayloadValidator`'s email check: `local@domain` split at the last `@`; no whitespace or control
    /// characters; a local part of 1-64 characters (the validator counts UTF-8 bytes, so a non-ASCII
    /// local part may be accepted here and rejected there); a domain of non-empty dot-separated labels
    /// of ASCII letters, digits, `-` or non-ASCII characters, or an address literal in brackets.
    public static let email: String = {
        let visible = "[^\\x00-\\x20\\x7f]"
        let label = "(?:[A-Za-z0-9-]|[^\\x00-\\x7f])+"
        return "^\(visible){1,64}@(?:\\[[^\\x00-\\x20\\x7f@]+\\]|\(label)(?:\\.\(label))*)" + end
    }()

    /// A key of an `[int: T]` map: what `Int(_:)` parses (an optional sign, ASCII digits, leading zeros
    /// allowed) within the range of the 64-bit `Int`.
    public static let integerKey: String = {
        let positive = "(?:[0-9]{1,18}|" + atMost("9223372036854775807") + ")"
        let negative = "(?:[0-9]{1,18}|" + atMost("9223372036854775808") + ")"
        return "^(?:\\+?0*\(positive)|-0*\(negative))" + end
    }()

    /// A `yyyy-MM-dd` day that exists (leap years: divisible by 4, not by 100 unless by 400; no year 0).
    static let calendarDay: String = {
        let year = "(?!0000)[0-9]{4}"
        let leapYear = "(?:[0-9]{2}(?:0[48]|[2468][048]|[13579][26])|(?:0[48]|[2468][048]|[13579][26])00)"
        let monthDay = "(?:(?:0[13578]|1[02])-(?:0[1-9]|[12][0-9]|3[01])|(?:0[469]|11)-(?:0[1-9]|[12][0-9]|30)|02-(?:0[1-9]|1[0-9]|2[0-8]))"
        return "(?:\(year)-\(monthDay)|(?!0000)\(leapYear)-02-29)"
    }()

    /// Digit strings of exactly `bound.count` digits that are ≤ `bound`.
    static func atMost(_ bound: String) -> String {
        let digits = Array(bound)
        var alternatives: [String] = []
        for index in digits.indices {
            let digit = Int(String(digits[index]))!
            guard digit > 0 else { continue }
            let prefix = String(digits[..<index])
            let range = digit == 1 ? "0" : "[0-\(digit - 1)]"
            let rest = digits.count - index - 1
            alternatives.append(prefix + range + (rest > 0 ? "[0-9]{\(rest)}" : ""))
        }
        alternatives.append(bound)
        return "(?:" + alternatives.joined(separator: "|") + ")"
    }
}
