/// Strict percent-encoding for values placed into URLs.
///
/// Everything except RFC 3986 unreserved characters is encoded, including sub-delimiters Foundation would
/// leave alone (`&`, `=`, `+`, `;`), because a parameter value must never change the URL's structure.
enum PercentEncoding {
    /// `value` with every byte outside `A-Z a-z 0-9 - . _ ~` as `%XX` (UTF-8, uppercase hex).
    static func encode(_ value: String) -> String {
        encode(Substring(value), keeping: isUnreserved)
    }

    /// `value` encoded as exactly one path segment: also encodes `.` and `..` (which would otherwise be
    /// dot-segments that URL normalisation resolves, walking up the path).
    static func encodePathSegment(_ value: String) -> String {
        switch value {
        case ".": "%2E"
        case "..": "%2E%2E"
        default: encode(value)
        }
    }

    /// The literal text of a path template (between placeholders): characters a URL path allows
    /// as they are (`/`, sub-delimiters, `:`, `@`), everything else encoded, so a schema's literal
    /// `"x"` reaches the server as `%22x%22` and Foundation has nothing left to re-encode.
    static func encodePathLiteral(_ literal: Substring) -> String {
        encode(literal, keeping: { isUnreserved($0) || "/!$&'()*+,;=:@".utf8.contains($0) })
    }

    private static func encode(_ value: Substring, keeping keep: (UInt8) -> Bool) -> String {
        var encoded = ""
        encoded.reserveCapacity(value.utf8.count)
        for byte in value.utf8 {
            if keep(byte) {
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                encoded += "%"
                encoded.unicodeScalars.append(hexDigit(byte >> 4))
                encoded.unicodeScalars.append(hexDigit(byte & 0x0F))
            }
        }
        return encoded
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            true
        default:
            false
        }
    }

    private static func hexDigit(_ nibble: UInt8) -> Unicode.Scalar {
        Unicode.Scalar(nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "A") + nibble - 10)
    }
}
