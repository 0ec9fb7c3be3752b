import Foundation

extension UUID {
    /// The UUID of `text` in its canonical form only: 8-4-4-4-12 hexadecimal digits (either case),
    /// nothing before or after. This is what the JSON Schema and OpenAPI exports describe.
    ///
    /// `UUID(uuidString:)` is more lenient on Linux: it stops reading at a NUL, so
    /// `"6bac7eea-c120-428d-beb6-910c6f290434\u{0}junk"` parses, and it lets a sign precede a hex
    /// pair (`"+bac7eea-…"`). Code that must agree with a JSON Schema validator checks this first.
    @_spi(Generated) public init?(canonicalString text: String) {
        // Reads the digits while checking the form: `UUID(uuidString:)` would parse the text a second
        // time, with `sscanf` on Linux (about twice the cost of this whole initializer).
        var bytes: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        let isCanonical = withUnsafeMutableBytes(of: &bytes) { bytes in
            var count = 0
            var digits = 0
            for byte in text.utf8 {
                guard count < 36 else { return false }
                if count == 8 || count == 13 || count == 18 || count == 23 {
                    guard byte == UInt8(ascii: "-") else { return false }
                } else {
                    let value: UInt8
                    if byte &- UInt8(ascii: "0") < 10 {
                        value = byte &- UInt8(ascii: "0")
                    } else if (byte | 0x20) &- UInt8(ascii: "a") < 6 {
                        value = (byte | 0x20) &- UInt8(ascii: "a") + 10
                    } else {
                        return false
                    }
                    bytes[digits / 2] |= digits % 2 == 0 ? value << 4 : value
                    digits += 1
                }
                count += 1
            }
            return count == 36
        }
        guard isCanonical else { return nil }
        self.init(uuid: bytes)
    }

    /// Whether `text` is a UUID in canonical 8-4-4-4-12 form (hex digits in either case).
    @_spi(Generated) public static func isCanonical(_ text: String) -> Bool {
        var count = 0
        for byte in text.utf8 {
            if count == 8 || count == 13 || count == 18 || count == 23 {
                guard byte == UInt8(ascii: "-") else { return false }
            } else {
                let isHex = byte &- UInt8(ascii: "0") < 10 || (byte | 0x20) &- UInt8(ascii: "a") < 6
                guard isHex else { return false }
            }
            count += 1
            if count > 36 { return false }
        }
        return count == 36
    }
}
