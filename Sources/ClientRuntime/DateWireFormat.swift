import Foundation

/// How a `date-time` is written on the wire when an API does not use RFC 3339: seconds or
/// milliseconds since 1970 as a JSON number, or a string in a fixed pattern.
///
/// Generated models decode and encode `Date` fields through it (`format:` in the schema), so the user
/// sees a `Date` and the server gets back exactly the form it sent. A pattern is parsed once, when the
/// format is made; formatting and parsing are hand-written (no `DateFormatter`, which is neither
/// `Sendable` nor cheap) and always in UTC on output.
///
/// Pattern letters (the `DateFormatter` subset documents use): `yyyy` year, `MM` month, `dd` day,
/// `HH` hour (00–23), `mm` minute, `ss` second, `S…` fraction of a second with exactly as many digits as
/// letters (1–9, written back with the same count), `Z` offset `+0000`, `xxx` offset `+00:00`,
/// `'text'` literal text (`''` is a quote). Any other character other than an ASCII letter is literal.
/// `yyyy`, `MM`, `dd`, `HH` and `mm` are required; each letter appears at most once.
///
/// Public, unlike the `@_spi(Generated)` coding helpers below: the generator's schema model hands it to
/// the payload validator and the sandbox (`DateFormat.wireFormat`), so they parse dates as clients do.
public struct DateWireFormat: Sendable, Hashable, CustomStringConvertible {
    enum Kind: Sendable, Hashable {
        case rfc3339, epochSeconds, epochMilliseconds
        case pattern(String, [Token])
    }

    enum Token: Sendable, Hashable {
        case literal(String)
        case year, month, day, hour, minute, second
        case fraction(digits: Int)
        case offset(colon: Bool)
    }

    let kind: Kind

    /// RFC 3339 strings, as `JSONCoding` writes every other date-time.
    public static let rfc3339 = DateWireFormat(kind: .rfc3339)
    /// Whole seconds since 1970-01-01T00:00:00Z, a JSON number (KD Pay's `timestamp: Long`).
    public static let epochSeconds = DateWireFormat(kind: .epochSeconds)
    /// Whole milliseconds since 1970-01-01T00:00:00Z, a JSON number.
    public static let epochMilliseconds = DateWireFormat(kind: .epochMilliseconds)

    /// Why a pattern cannot be used.
    public struct PatternError: Error, CustomStringConvertible, Sendable {
        public let description: String

        public init(description: String) {
            self.description = description
        }
    }

    /// A string format such as `yyyy-MM-dd HH:mm:ss.SSSSSS Z 'UTC'`.
    public init(pattern: String) throws {
        kind = .pattern(pattern, try Self.tokens(of: pattern))
    }

    /// A pattern the generator has already checked (generated code uses this). An invalid pattern
    /// formats and parses as RFC 3339, never a crash. Parsed once per pattern and process: generated
    /// models ask for the format on every decode and encode.
    public static func pattern(_ pattern: String) -> DateWireFormat {
        if let cached = PatternCache.lock.locked({ PatternCache.formats[pattern] }) { return cached }
        let format = (try? DateWireFormat(pattern: pattern)) ?? .rfc3339
        PatternCache.lock.locked { PatternCache.formats[pattern] = format }
        return format
    }

    /// The patterns generated code has used; a schema has few.
    private enum PatternCache {
        static let lock = NSLock()
        nonisolated(unsafe) static var formats: [String: DateWireFormat] = [:]
    }

    private init(kind: Kind) {
        self.kind = kind
    }

    public var description: String {
        switch kind {
        case .rfc3339: return "RFC 3339"
        case .epochSeconds: return "seconds since 1970"
        case .epochMilliseconds: return "milliseconds since 1970"
        case .pattern(let pattern, _): return "pattern \(pattern)"
        }
    }

    /// Whether the wire value is a JSON number (epoch formats) rather than a string.
    public var isNumeric: Bool {
        kind == .epochSeconds || kind == .epochMilliseconds
    }

    // MARK: Strings

    /// `date` written in the pattern (or RFC 3339), in UTC. Epoch formats give the number as text.
    public func string(from date: Date) -> String {
        switch kind {
        case .rfc3339: return RFC3339.string(from: date)
        case .epochSeconds: return String(Int64((date.timeIntervalSince1970).rounded(.down)))
        case .epochMilliseconds: return String(Int64((date.timeIntervalSince1970 * 1000).rounded()))
        case .pattern(_, let tokens): return Self.format(date, tokens)
        }
    }

    /// The date a string holds, or nil when it does not have the format's form.
    public func date(from text: String) -> Date? {
        switch kind {
        case .rfc3339: return RFC3339.date(from: text)
        case .epochSeconds, .epochMilliseconds: return Int64(text).flatMap(date(fromNumber:))
        case .pattern(_, let tokens): return Self.parse(Array(text.utf8), tokens)
        }
    }

    /// The date an epoch number holds (nil for string formats or a number out of range).
    public func date(fromNumber number: Int64) -> Date? {
        switch kind {
        case .epochSeconds: return Date(timeIntervalSince1970: Double(number))
        case .epochMilliseconds: return Date(timeIntervalSince1970: Double(number) / 1000)
        default: return nil
        }
    }

    /// The epoch number for `date` (epoch formats only).
    public func number(from date: Date) -> Int64? {
        let seconds = date.timeIntervalSince1970
        switch kind {
        case .epochSeconds: return Int64(exactly: seconds.rounded(.down))
        case .epochMilliseconds: return Int64(exactly: (seconds * 1000).rounded())
        default: return nil
        }
    }

    /// A regular expression (ECMA-262 and Python `re` alike) for the strings of a pattern format, which
    /// checks each part's range but not the calendar; nil for the other formats.
    public var regularExpression: String? {
        guard case .pattern(_, let tokens) = kind else { return nil }
        var expression = "^"
        for token in tokens {
            switch token {
            case .literal(let text):
                expression += text.map { "\\^$.|?*+()[]{}/".contains($0) ? "\\" + String($0) : String($0) }.joined()
            case .year: expression += "[0-9]{4}"
            case .month: expression += "(?:0[1-9]|1[0-2])"
            case .day: expression += "(?:0[1-9]|[12][0-9]|3[01])"
            case .hour: expression += "(?:[01][0-9]|2[0-3])"
            case .minute: expression += "[0-5][0-9]"
            case .second: expression += "(?:[0-5][0-9]|60)"
            case .fraction(let digits): expression += "[0-9]{\(digits)}"
            case .offset(let colon): expression += "[+-](?:[01][0-9]|2[0-3])" + (colon ? ":" : "") + "[0-5][0-9]"
            }
        }
        // "Nothing follows", not `$`, which also matches before a final newline.
        return expression + "(?![\\s\\S])"
    }

    // MARK: Coding

    /// Decodes a date in this format from a single value.
    public func decode(from container: any SingleValueDecodingContainer) throws -> Date {
        if isNumeric {
            guard let number = try? container.decode(Int64.self), let date = date(fromNumber: number) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "Expected a date as \(self) (an integer)")
            }
            return date
        }
        let text = try container.decode(String.self)
        guard let date = date(from: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "Expected a date as \(self), got \"\(text)\"")
        }
        return date
    }

    /// Encodes `date` in this format as a single value.
    public func encode(_ date: Date, to container: inout any SingleValueEncodingContainer) throws {
        if isNumeric, let number = number(from: date) {
            try container.encode(number)
        } else {
            try container.encode(string(from: date))
        }
    }

    // MARK: Pattern

    private static func tokens(of pattern: String) throws -> [Token] {
        let characters = Array(pattern)
        var tokens: [Token] = []
        var seen = Set<Character>()
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if character == "'" {
                // Quoted literal; '' inside or outside quotes is one quote.
                var text = ""
                index += 1
                if index < characters.count, characters[index] == "'" {
                    tokens.append(.literal("'"))
                    index += 1
                    continue
                }
                while true {
                    guard index < characters.count else { throw PatternError(description: "unterminated quote in date pattern '\(pattern)'") }
                    if characters[index] == "'" {
                        if index + 1 < characters.count, characters[index + 1] == "'" {
                            text.append("'")
                            index += 2
                            continue
                        }
                        index += 1
                        break
                    }
                    text.append(characters[index])
                    index += 1
                }
                tokens.append(.literal(text))
                continue
            }
            guard character.isASCII, character.isLetter else {
                tokens.append(.literal(String(character)))
                index += 1
                continue
            }
            var count = 0
            while index < characters.count, characters[index] == character {
                count += 1
                index += 1
            }
            guard seen.insert(character).inserted else {
                throw PatternError(description: "'\(character)' appears twice in date pattern '\(pattern)'")
            }
            let token: Token
            switch (character, count) {
            case ("y", 4): token = .year
            case ("M", 2): token = .month
            case ("d", 2): token = .day
            case ("H", 2): token = .hour
            case ("m", 2): token = .minute
            case ("s", 2): token = .second
            case ("S", 1...9): token = .fraction(digits: count)
            case ("Z", 1): token = .offset(colon: false)
            case ("x", 3): token = .offset(colon: true)
            case ("y", _), ("M", _), ("d", _), ("H", _), ("m", _), ("s", _), ("Z", _), ("x", _), ("S", _):
                let expected = ["y": "yyyy", "M": "MM", "d": "dd", "H": "HH", "m": "mm", "s": "ss", "Z": "Z", "x": "xxx", "S": "S to SSSSSSSSS"][
                    String(character)]!
                throw PatternError(description: "'\(String(repeating: character, count: count))' in date pattern '\(pattern)' must be written \(expected)")
            default:
                throw PatternError(
                    description:
                        "unsupported letter '\(character)' in date pattern '\(pattern)'; use yyyy MM dd HH mm ss S… Z xxx, and quote literal text ('UTC')")
            }
            tokens.append(token)
        }
        for (letter, name) in [("y", "yyyy"), ("M", "MM"), ("d", "dd"), ("H", "HH"), ("m", "mm")] where !seen.contains(Character(letter)) {
            throw PatternError(description: "date pattern '\(pattern)' has no \(name); a date-time pattern needs yyyy, MM, dd, HH and mm")
        }
        return tokens
    }

    private static func format(_ date: Date, _ tokens: [Token]) -> String {
        let fractionDigits =
            tokens.lazy.compactMap { token -> Int? in
                if case .fraction(let digits) = token { return digits }
                return nil
            }.first ?? 0
        // Rounded to the precision written, so 0.9999996 s at six digits becomes the next second.
        let scale = (0..<fractionDigits).reduce(Int64(1)) { value, _ in value * 10 }
        let civil = CivilCalendar.split(date, unitsPerSecond: scale)
        let second = civil.secondOfDay
        let fraction = civil.fraction
        var text = ""
        for token in tokens {
            switch token {
            case .literal(let literal): text += literal
            case .year: text += CivilCalendar.padded(civil.year, width: 4)
            case .month: text += CivilCalendar.padded(civil.month, width: 2)
            case .day: text += CivilCalendar.padded(civil.day, width: 2)
            case .hour: text += CivilCalendar.padded(second / 3600, width: 2)
            case .minute: text += CivilCalendar.padded(second / 60 % 60, width: 2)
            case .second: text += CivilCalendar.padded(second % 60, width: 2)
            case .fraction(let digits): text += CivilCalendar.padded(Int(fraction), width: digits)
            case .offset(let colon): text += colon ? "+00:00" : "+0000"
            }
        }
        return text
    }

    private static func parse(_ bytes: [UInt8], _ tokens: [Token]) -> Date? {
        var index = 0
        func number(digits: Int) -> Int? {
            guard index + digits <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[index..<index + digits] {
                guard (48...57).contains(byte) else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            index += digits
            return value
        }
        var year = 0
        var month = 0
        var day = 0
        var hour = 0
        var minute = 0
        var second = 0
        var fraction = 0.0
        var offset = 0
        for token in tokens {
            switch token {
            case .literal(let literal):
                let expected = Array(literal.utf8)
                guard index + expected.count <= bytes.count, Array(bytes[index..<index + expected.count]) == expected else { return nil }
                index += expected.count
            case .year:
                guard let value = number(digits: 4) else { return nil }
                year = value
            case .month:
                guard let value = number(digits: 2) else { return nil }
                month = value
            case .day:
                guard let value = number(digits: 2) else { return nil }
                day = value
            case .hour:
                guard let value = number(digits: 2), value <= 23 else { return nil }
                hour = value
            case .minute:
                guard let value = number(digits: 2), value <= 59 else { return nil }
                minute = value
            case .second:
                guard let value = number(digits: 2), value <= 60 else { return nil }
                second = value
            case .fraction(let digits):
                guard let value = number(digits: digits) else { return nil }
                fraction = Double(value) / pow(10, Double(digits))
            case .offset(let colon):
                guard index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") else { return nil }
                let sign = bytes[index] == UInt8(ascii: "-") ? -1 : 1
                index += 1
                guard let hours = number(digits: 2), !colon || (index < bytes.count && bytes[index] == UInt8(ascii: ":")) else { return nil }
                if colon { index += 1 }
                guard let minutes = number(digits: 2), hours <= 23, minutes <= 59 else { return nil }
                offset = sign * (hours * 3600 + minutes * 60)
            }
        }
        guard index == bytes.count, CivilCalendar.isValid(year: year, month: month, day: day) else { return nil }
        return CivilCalendar.instant(
            year: year, month: month, day: day, hour: hour, minute: minute, second: second,
            fraction: fraction, offsetSeconds: offset)
    }
}

// Generated models decode and encode formatted `Date` fields through these.
@_spi(Generated) extension KeyedDecodingContainer {
    /// A required, non-null date in `format`.
    public func decodeDate(forKey key: Key, format: DateWireFormat) throws -> Date {
        try format.decode(from: superDecoder(forKey: key).singleValueContainer())
    }

    /// A date in `format`, or nil when the key is absent or null.
    public func decodeDateIfPresent(forKey key: Key, format: DateWireFormat) throws -> Date? {
        guard contains(key), !(try decodeNil(forKey: key)) else { return nil }
        return try decodeDate(forKey: key, format: format)
    }

    /// A date in `format` whose key must be present but may be null.
    public func decodeNullableDate(forKey key: Key, format: DateWireFormat) throws -> Date? {
        guard contains(key) else {
            throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "No value for key \(key.stringValue)"))
        }
        return try decodeDateIfPresent(forKey: key, format: format)
    }
}

@_spi(Generated) extension KeyedEncodingContainer {
    /// Writes `date` in `format`; a nil date is written as null.
    public mutating func encodeDate(_ date: Date?, forKey key: Key, format: DateWireFormat) throws {
        guard let date else { return try encodeNil(forKey: key) }
        var container: any SingleValueEncodingContainer = superEncoder(forKey: key).singleValueContainer()
        try format.encode(date, to: &container)
    }

    /// Writes `date` in `format`, leaving the key out when it is nil.
    public mutating func encodeDateIfPresent(_ date: Date?, forKey key: Key, format: DateWireFormat) throws {
        guard let date else { return }
        try encodeDate(date, forKey: key, format: format)
    }
}

@_spi(Generated) extension JSONValue {
    /// The member `key` of an object decoded as `Value` with the JSON coders every client uses, or nil
    /// when this is not an object, the key is absent or the value does not decode. Generated unions
    /// read fields shared by every variant from an `unknown` payload through this.
    public func member<Value: Decodable>(_ key: String) -> Value? {
        guard case .object(let members) = self, let value = members[key],
            let data = try? JSONCoding.makeEncoder().encode(value)
        else { return nil }
        return try? JSONCoding.makeDecoder().decode(Value.self, from: data)
    }

    /// The member `key` of an object read as a date in `format`, or nil.
    public func dateMember(_ key: String, format: DateWireFormat) -> Date? {
        guard case .object(let members) = self else { return nil }
        switch members[key] {
        case .int(let number)?: return format.date(fromNumber: number)
        case .string(let text)? where !format.isNumeric: return format.date(from: text)
        default: return nil
        }
    }
}

@_spi(Generated) extension Decoder {
    /// The keys of the JSON object being decoded (an error when it is not an object). Untagged
    /// unions choose their variant by them.
    public func objectKeys() throws -> Set<String> {
        Set(try container(keyedBy: AnyObjectKey.self).allKeys.map(\.stringValue))
    }
}

/// A coding key for any string, to list an object's keys.
struct AnyObjectKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }

    init(stringValue: String) {
        self.stringValue = stringValue
    }

    init?(intValue: Int) {
        nil
    }
}
