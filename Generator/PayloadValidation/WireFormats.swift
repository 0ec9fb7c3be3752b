import Foundation
@_spi(Generated) @_spi(Shared) import WireFormat

/// What the generated client's decoder (`JSONCoding.makeDecoder()`, a swift-foundation `JSONDecoder`)
/// accepts for each primitive, re-implemented over the exact JSON text so the validator agrees with
/// decoding. Each rule was checked against `JSONDecoder` on Linux (Swift 6.3); see `docs` in
/// `PayloadValidator` and the tests.
enum WireFormats {
    // MARK: Numbers

    /// The integer `JSONDecoder` produces for number `text` (valid JSON number syntax) as `T`, or nil
    /// when decoding fails.
    ///
    /// Mirrors swift-foundation: plain integer text is parsed directly; anything else (`1.0`, `1e2`,
    /// an overflowing integer) goes through `Double` and must be integral and in range (`1.0`, `1e2`,
    /// `100e-2` and even `1e-400`, which underflows to 0, decode; `1.5` does not); at or above 2^53 the
    /// value is re-read as `Decimal` and truncated towards zero, as `JSONDecoder` does.
    static func integer<T: FixedWidthInteger & SignedInteger>(_ text: String, as _: T.Type) -> T? {
        if let small = smallInteger(text) { return T(exactly: small) }
        if isPlainInteger(text), let value = T(text) { return value }
        guard let double = Double(text), let value = T(exactly: double) else { return nil }
        if double.magnitude < 9_007_199_254_740_992 { return value }
        // swift-foundation's Decimal fallback (`FixedWidthInteger.init?(_ decimal: Decimal)`).
        guard let decimal = Decimal(string: text), !decimal.isNaN else { return nil }
        guard var magnitude = UInt64(decimal.significand.magnitude.description) else { return nil }
        let exponent = decimal.exponent
        if exponent < 0 {
            for _ in 0 ..< -exponent { magnitude /= 10 }
        } else {
            for _ in 0..<exponent {
                let (product, overflow) = magnitude.multipliedReportingOverflow(by: 10)
                guard !overflow else { return nil }
                magnitude = product
            }
        }
        guard let sized = T(exactly: magnitude) else { return nil }
        return decimal.isSignMinus ? sized * -1 : sized
    }

    /// Whether `JSONDecoder` decodes number `text` as a `Double`: it must be finite, and a non-zero
    /// number must not underflow to zero (`1e309` and `1e-400` fail; `0e999` is fine).
    static func isDouble(_ text: String) -> Bool {
        guard let double = Double(text), double.isFinite else { return false }
        return double != 0 || isTrueZero(text)
    }

    /// Whether `JSONDecoder` decodes number `text` as a `Decimal` (at most 38-39 significant digits are
    /// kept; the exponent must fit Decimal's range: `1e127` decodes, `1e128` and `1e-129` do not).
    static func isDecimal(_ text: String) -> Bool {
        let utf8 = text.utf8
        // Fast path: no exponent and few enough characters that neither mantissa nor exponent can overflow.
        if utf8.count <= 38, !utf8.contains(UInt8(ascii: "e")), !utf8.contains(UInt8(ascii: "E")) { return true }
        return Decimal(string: text) != nil
    }

    /// Whether a `json` (`JSONValue`) field accepts number `text`: `JSONValue` tries `Int64`, then
    /// `Double`, and fails when neither decodes.
    static func isJSONValueNumber(_ text: String) -> Bool {
        isDouble(text) || integer(text, as: Int64.self) != nil
    }

    /// `-?[0-9]+`
    static func isPlainInteger(_ text: String) -> Bool {
        withBytes(text) { bytes in
            var index = 0
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < bytes.count else { return false }
            while index < bytes.count {
                guard bytes[index] &- UInt8(ascii: "0") < 10 else { return false }
                index += 1
            }
            return true
        }
    }

    /// The value of `-?[0-9]{1,18}` text (which cannot overflow `Int64`), else nil.
    static func smallInteger(_ text: String) -> Int64? {
        withBytes(text) { bytes in
            var index = 0
            let negative = index < bytes.count && bytes[index] == UInt8(ascii: "-")
            if negative { index += 1 }
            let digits = bytes.count - index
            guard digits > 0, digits <= 18 else { return nil }
            var value: Int64 = 0
            while index < bytes.count {
                let digit = bytes[index] &- UInt8(ascii: "0")
                guard digit < 10 else { return nil }
                value = value * 10 + Int64(digit)
                index += 1
            }
            return negative ? -value : value
        }
    }

    /// For number text without exponent whose integer part has at most 18 digits: the sign, the
    /// integer part and whether a non-zero fraction follows (enough to compare with an integer
    /// bound without allocating).
    static func simpleDecimal(_ text: String) -> (negative: Bool, integer: Int64, hasFraction: Bool)? {
        withBytes(text) { bytes in
            var index = 0
            let negative = index < bytes.count && bytes[index] == UInt8(ascii: "-")
            if negative { index += 1 }
            var integer: Int64 = 0
            var digits = 0
            while index < bytes.count, bytes[index] &- UInt8(ascii: "0") < 10 {
                guard digits < 18 else { return nil }
                integer = integer * 10 + Int64(bytes[index] &- UInt8(ascii: "0"))
                digits += 1
                index += 1
            }
            guard digits > 0 else { return nil }
            var hasFraction = false
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                index += 1
                while index < bytes.count, bytes[index] &- UInt8(ascii: "0") < 10 {
                    if bytes[index] != UInt8(ascii: "0") { hasFraction = true }
                    index += 1
                }
            }
            return index == bytes.count ? (negative, integer, hasFraction) : nil
        }
    }

    /// Runs `body` over the string's UTF-8 without copying when the string is native.
    @inline(__always)
    static func withBytes<R>(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = text
        return copy.withUTF8(body)
    }

    /// swift-foundation's `isTrueZero`, quirk included: it scans four bytes at a time in order, but
    /// the last one to three bytes from the end backwards, so an exponent digit there can be seen
    /// before the `e` (`0e3` is "not zero" and fails to decode as Double; `0e999` and `0.0e3` decode).
    static func isTrueZero(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        func check(_ index: Int) -> Bool? {
            switch bytes[index] {
            case UInt8(ascii: "1")...UInt8(ascii: "9"): return false
            case UInt8(ascii: "e"), UInt8(ascii: "E"): return true
            default: return nil
            }
        }
        var start = 0
        while bytes.count - start >= 4 {
            for index in start..<start + 4 {
                if let result = check(index) { return result }
            }
            start += 4
        }
        for index in (start..<bytes.count).reversed() {
            if let result = check(index) { return result }
        }
        return true
    }

    /// Whether `text` is JSON number syntax (used for parameters, which arrive as text).
    static func isJSONNumberSyntax(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        var index = 0
        func digits() -> Int {
            let start = index
            while index < bytes.count, bytes[index] &- UInt8(ascii: "0") < 10 { index += 1 }
            return index - start
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count else { return false }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else if digits() == 0 {
            return false
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { return false }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { return false }
        }
        return index == bytes.count
    }

    // MARK: Strings

    /// Exactly what the generated models decode: the clients' own parsers (WireFormat), so the two cannot
    /// drift apart (`yyyy-MM-dd` as a real day, as `CalendarDate` reads it; RFC 3339 date-time as `JSONCoding` does).
    static func isCalendarDate(_ text: String) -> Bool {
        CivilCalendar.day(fromWireText: text) != nil
    }

    static func isDateTime(_ text: String) -> Bool {
        RFC3339.date(from: text) != nil
    }

    /// The canonical 8-4-4-4-12 form (`UUID.isCanonical`, the clients' own, from WireFormat), as the JSON Schema
    /// export says. Foundation's `UUID(uuidString:)`, which `UUID`'s `Decodable` conformance uses, is
    /// more lenient on Linux (it stops at a NUL: `"…\u0000junk"` parses; `"+bac7eea-…"` too); the
    /// validator follows the export, not that leniency.
    static func isUUID(_ text: String) -> Bool {
        UUID.isCanonical(text)
    }

    /// `URL(string:)`, as `JSONDecoder` uses for `URL`.
    static func isURL(_ text: String) -> Bool {
        URL(string: text) != nil
    }

    /// `Data(base64Encoded:)`, which accepts exactly what `JSONDecoder`'s `.base64` strategy does.
    static func isBase64(_ text: String) -> Bool {
        Data(base64Encoded: text) != nil
    }

    /// A pragmatic address check (schema-check is stricter than decoding here: the generated code
    /// takes any string): `local@domain`, no whitespace or control characters, a non-empty local part,
    /// and a domain of non-empty dot-separated labels of letters, digits, `-` (or non-ASCII), or an
    /// address literal in brackets.
    static func isEmail(_ text: String) -> Bool {
        guard let at = text.utf8.lastIndex(of: UInt8(ascii: "@")) else { return false }
        let local = text.utf8[..<at]
        let domain = text.utf8[text.utf8.index(after: at)...]
        guard !local.isEmpty, !domain.isEmpty, local.count <= 64 else { return false }
        for byte in text.utf8 where byte <= 0x20 || byte == 0x7F { return false }
        if domain.first == UInt8(ascii: "["), domain.last == UInt8(ascii: "]") { return domain.count > 2 }
        var labelLength = 0
        for byte in domain {
            if byte == UInt8(ascii: ".") {
                guard labelLength > 0 else { return false }
                labelLength = 0
                continue
            }
            let isLetterOrDigit = (byte | 0x20) &- UInt8(ascii: "a") < 26 || byte &- UInt8(ascii: "0") < 10
            guard isLetterOrDigit || byte == UInt8(ascii: "-") || byte >= 0x80 else { return false }
            labelLength += 1
        }
        return labelLength > 0
    }
}

/// An exact decimal number read from JSON number text (or a constraint), for comparisons that do
/// not go through `Double` (so `1000.0000000000001` is above a maximum of 1000, and `1e400` compares
/// correctly).
struct ExactDecimal: Comparable {
    /// `value = 0.d₁d₂d₃… × 10^exponent`; no leading or trailing zeros; empty for zero.
    let digits: [UInt8]
    let exponent: Int
    let isNegative: Bool

    /// Reads number text: an optional sign, digits with an optional `.`, an optional exponent.
    init?(_ text: String) {
        var digits: [UInt8] = []
        var negative = false
        var exponent = 0
        var sawPoint = false
        var sawDigit = false
        var leadingZeros = true
        var integerDigits = 0
        var fractionLeadingZeros = 0
        var iterator = text.utf8.makeIterator()
        var byte = iterator.next()
        if byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") {
            negative = byte == UInt8(ascii: "-")
            byte = iterator.next()
        }
        while let current = byte {
            if current &- UInt8(ascii: "0") < 10 {
                sawDigit = true
                let digit = current &- UInt8(ascii: "0")
                if leadingZeros && digit == 0 {
                    if sawPoint { fractionLeadingZeros += 1 }
                } else {
                    leadingZeros = false
                    digits.append(digit)
                    if !sawPoint { integerDigits += 1 }
                }
            } else if current == UInt8(ascii: ".") && !sawPoint {
                sawPoint = true
            } else if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
                var exponentNegative = false
                byte = iterator.next()
                if byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") {
                    exponentNegative = byte == UInt8(ascii: "-")
                    byte = iterator.next()
                }
                var value = 0
                var sawExponentDigit = false
                while let exponentByte = byte {
                    guard exponentByte &- UInt8(ascii: "0") < 10 else { return nil }
                    sawExponentDigit = true
                    // Saturate: beyond this no comparison with a finite constraint changes.
                    value = min(value * 10 + Int(exponentByte &- UInt8(ascii: "0")), 1 << 40)
                    byte = iterator.next()
                }
                guard sawExponentDigit else { return nil }
                exponent = exponentNegative ? -value : value
                break
            } else {
                return nil
            }
            byte = iterator.next()
        }
        guard sawDigit else { return nil }
        while digits.last == 0 { digits.removeLast() }
        self.digits = digits
        self.isNegative = negative && !digits.isEmpty
        self.exponent = digits.isEmpty ? 0 : exponent + (integerDigits > 0 ? integerDigits : -fractionLeadingZeros)
    }

    /// A constraint bound: the shortest text that round-trips the `Double` (`9.99`, not 9.9900000000000002).
    init(_ value: Double) {
        self = ExactDecimal(value.description) ?? ExactDecimal("0")!
    }

    static func < (lhs: ExactDecimal, rhs: ExactDecimal) -> Bool {
        if lhs.isNegative != rhs.isNegative { return lhs.isNegative }
        return lhs.isNegative ? lessInMagnitude(rhs, lhs) : lessInMagnitude(lhs, rhs)
    }

    private static func lessInMagnitude(_ lhs: ExactDecimal, _ rhs: ExactDecimal) -> Bool {
        if lhs.digits.isEmpty { return !rhs.digits.isEmpty }
        if rhs.digits.isEmpty { return false }
        if lhs.exponent != rhs.exponent { return lhs.exponent < rhs.exponent }
        for (left, right) in zip(lhs.digits, rhs.digits) where left != right {
            return left < right
        }
        return lhs.digits.count < rhs.digits.count
    }
}
