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
        for paragraph in paragraphs.compactMap({ $0 }) where !paragraph.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
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
            while lines.last?.trimmingCharacters(in: .whitespaces).isEmpty == true { lines.removeLast() }
        }
        return lines.map { line in
            var trimmed = line
            while trimmed.last == " " { trimmed.removeLast() }
            return trimmed
        }
    }

    private static func isLineBreak(_ scalar: Unicode.Scalar) -> Bool {
        ["\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}"].contains(scalar)
    }

    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .privateUse, .unassigned:
            return true
        default:
            return false
        }
    }
}
