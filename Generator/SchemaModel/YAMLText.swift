/// Text written as YAML, for every tool that writes schema text (import, the semantic fuzzer).
public enum YAMLText {
    /// A double-quoted YAML scalar whose value is exactly `text`: quotes, backslashes, every character YAML
    /// does not print, and invisible format characters (zero-width and bidirectional marks, which would
    /// hide what a reader sees) are escaped.
    public static func doubleQuoted(_ text: String) -> String {
        var output = "\""
        for scalar in text.unicodeScalars {
            if let escape = JSONText.shortEscape(scalar) {
                output += escape
                continue
            }
            let value = scalar.value
            let printable =
                (value >= 0x20 && value < 0x7F) || (value >= 0xA0 && value <= 0xD7FF && value != 0x2028 && value != 0x2029)
                || (value >= 0xE000 && value <= 0xFFFD && value != 0xFEFF) || value >= 0x10000
            if printable, scalar.properties.generalCategory != .format {
                output.unicodeScalars.append(scalar)
            } else if value <= 0xFFFF {
                let hex = String(value, radix: 16, uppercase: true)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            } else {
                let hex = String(value, radix: 16, uppercase: true)
                output += "\\U" + String(repeating: "0", count: 8 - hex.count) + hex
            }
        }
        return output + "\""
    }
}
