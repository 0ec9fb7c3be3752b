/// Builds Swift source line by line with consistent indentation, so renderers never count spaces.
struct SwiftWriter {
    private(set) var lines: [String] = []
    private var depth = 0

    mutating func line(_ text: String = "") {
        lines.append(text.isEmpty ? "" : String(repeating: "    ", count: depth) + text)
    }

    /// `header {` ... `}` with the body indented.
    mutating func block(_ header: String, _ body: (inout SwiftWriter) -> Void) {
        line(header + " {")
        depth += 1
        body(&self)
        depth -= 1
        line("}")
    }

    /// `switch subject {` with the cases at the switch's own indentation, as Swift style has it.
    mutating func switchBlock(_ subject: String, _ body: (inout SwiftWriter) -> Void) {
        line("switch \(subject) {")
        body(&self)
        line("}")
    }

    /// `///` lines for text that came from a schema; see `SwiftEscaping.docLines`.
    mutating func docs(_ paragraphs: [String?]) {
        let docLines = SwiftEscaping.docLines(paragraphs)
        for text in docLines { line(text.isEmpty ? "///" : "/// " + text) }
    }

    var text: String { lines.joined(separator: "\n") + "\n" }
}

/// Escaping for everything a schema can put into generated code. Names are validated identifiers
/// (see `SwiftNaming`); free text only ever lands in doc comments or string literals, through here.
enum SwiftEscaping {
    /// A Swift string literal whose value is exactly `value`: quotes, backslashes, control and
    /// invisible format characters are escaped, so the text cannot end the literal or interpolate.
    static func stringLiteral(_ value: String) -> String {
        var result = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if needsEscape(scalar) {
                    result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    /// Doc comment lines: each paragraph split at every kind of line break (so text cannot leave the
    /// `///` comment), control and bidirectional-override characters shown as `\u{…}`, paragraphs
    /// separated by an empty line.
    static func docLines(_ paragraphs: [String?]) -> [String] {
        var lines: [String] = []
        // `Character.isWhitespace` (Unicode White_Space: spaces, tabs, every line break) rather than
        // Foundation's trimming, which bridges every paragraph to NSString.
        for paragraph in paragraphs.compactMap({ $0 }) where !paragraph.allSatisfy(\.isWhitespace) {
            if !lines.isEmpty { lines.append("") }
            var current = ""
            var previousWasCR = false
            for scalar in paragraph.unicodeScalars {
                if isLineBreak(scalar) {
                    if !(previousWasCR && scalar == "\n") {
                        lines.append(current)
                        current = ""
                    }
                    previousWasCR = scalar == "\r"
                    continue
                }
                previousWasCR = false
                if scalar == "\t" {
                    current += "    "
                } else if needsEscape(scalar) {
                    current += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
                } else {
                    current.unicodeScalars.append(scalar)
                }
            }
            lines.append(current)
            while lines.last?.allSatisfy(\.isWhitespace) == true { lines.removeLast() }
        }
        return lines.map { line in
            var trimmed = line
            while trimmed.last == " " { trimmed.removeLast() }
            return trimmed
        }
    }

    // Both run for every character of every doc comment and literal, so they decide ASCII without a
    // table or a Unicode property lookup (the generator runs in a debug build, in the build plugin).
    private static func isLineBreak(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}": return true
        default: return false
        }
    }

    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return scalar.value < 0x20 || scalar.value == 0x7F }
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .privateUse, .unassigned:
            return true
        default:
            return false
        }
    }
}
