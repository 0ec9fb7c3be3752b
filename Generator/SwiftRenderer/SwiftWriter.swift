/// Builds Swift source line by line with consistent indentation and within the formatter's width
/// (`LineWrapping`), so renderers never count spaces or columns.
struct SwiftWriter {
    private(set) var lines: [String] = []
    private var depth = 0

    mutating func line(_ text: String = "") {
        guard !text.isEmpty else {
            lines.append("")
            return
        }
        let indented = String(repeating: "    ", count: depth) + text
        // No array and no scan for a line that fits: this runs for every generated line, in the build
        // plugin's debug build.
        if indented.utf8.count <= LineWrapping.width {
            lines.append(indented)
        } else {
            lines.append(contentsOf: LineWrapping.wrap(indented))
        }
    }

    /// `header {` ... `}` with the body indented.
    mutating func block(_ header: String, _ body: (inout SwiftWriter) -> Void) {
        line(header + " {")
        depth += 1
        body(&self)
        depth -= 1
        line("}")
    }

    /// The body one level deeper, without braces (the statements of a `case` in a `switchBlock`).
    mutating func indented(_ body: (inout SwiftWriter) -> Void) {
        depth += 1
        body(&self)
        depth -= 1
    }

    /// `switch subject {` with the cases at the switch's own indentation, as Swift style has it.
    mutating func switchBlock(_ subject: String, _ body: (inout SwiftWriter) -> Void) {
        line("switch \(subject) {")
        body(&self)
        line("}")
    }

    /// `switch subject` over the cases of an enum, `arms` in order, with a type-check time linear in the
    /// number of cases. Swift's check that a switch over an enum with associated values is exhaustive
    /// grows faster than linearly with its patterns and gives up at about 620 ("unable to check that this
    /// switch is exhaustive in reasonable time": a 700-variant union or error catalogue did not compile).
    /// Up to `maximumPatternsPerSwitch` patterns this is one plain switch. Past that the arms are split
    /// into switches of at most that many patterns, each passing what it does not match to the next in
    /// its `default:`; the innermost one's `default:` is reached by no value, as every case was matched
    /// by then.
    mutating func caseSwitch(_ subject: String, _ arms: [SwitchArm]) {
        let patterns = arms.reduce(0) { $0 + $1.patterns.count }
        guard patterns > SwitchArm.maximumPatternsPerSwitch else {
            switchBlock(subject) { writer in
                for arm in arms { writer.arm(arm) }
            }
            return
        }
        // One arm per pattern, then switches of `maximumPatternsPerSwitch` arms; a `default` arm goes last,
        // where the values no switch matched arrive.
        let fallback = arms.first { $0.isDefault }
        let single = arms.filter { !$0.isDefault }.flatMap { arm in arm.patterns.map { SwitchArm([$0], arm.body) } }
        let chunks = stride(from: 0, to: single.count, by: SwitchArm.maximumPatternsPerSwitch).map {
            Array(single[$0..<min($0 + SwitchArm.maximumPatternsPerSwitch, single.count)])
        }
        for (index, chunk) in chunks.enumerated() {
            line("switch \(subject) {")
            for arm in chunk { self.arm(arm) }
            line("default:")
            depth += 1
            if index == chunks.count - 1 {
                for statement in fallback?.body ?? ["fatalError(\"unreachable: a switch above matched every case\")"] { line(statement) }
            }
        }
        for _ in chunks {
            depth -= 1
            line("}")
        }
    }

    /// `case p:` with a one-line body on the same line, a longer one indented below it; four or more
    /// patterns one to a line.
    private mutating func arm(_ arm: SwitchArm) {
        if arm.isDefault {
            line("default:" + (arm.body.count == 1 ? " " + arm.body[0] : ""))
            if arm.body.count == 1 { return }
        } else if arm.patterns.count > 3 {
            for (index, pattern) in arm.patterns.enumerated() {
                line((index == 0 ? "case " : "     ") + pattern + (index == arm.patterns.count - 1 ? ":" : ","))
            }
        } else if arm.body.count == 1 {
            line("case \(arm.patterns.joined(separator: ", ")): \(arm.body[0])")
            return
        } else {
            line("case \(arm.patterns.joined(separator: ", ")):")
        }
        for statement in arm.body { line("    " + statement) }
    }

    /// `///` lines for text that came from a schema; see `SwiftEscaping.docLines`.
    /// Lines of a fenced code block are code and stay as they are, however long.
    mutating func docs(_ paragraphs: [String?]) {
        var inFence = false
        for text in SwiftEscaping.docLines(paragraphs) {
            let isFence = Self.isFence(text)
            if isFence || inFence {
                lines.append(String(repeating: "    ", count: depth) + (text.isEmpty ? "///" : "/// " + text))
            } else {
                line(text.isEmpty ? "///" : "/// " + text)
            }
            if isFence { inFence.toggle() }
        }
    }

    var text: String { lines.joined(separator: "\n") + "\n" }

    /// Whether a doc line opens or closes a fenced code block: ``` or ~~~ after spaces, compared as
    /// characters, read from the bytes (most lines start with a letter and are ruled out by their first).
    private static func isFence(_ line: String) -> Bool {
        let space = UInt8(ascii: " ")
        let backtick = UInt8(ascii: "`")
        let tilde = UInt8(ascii: "~")
        guard let first = line.utf8.first, first == space || first == backtick || first == tilde else { return false }
        let bytes = Array(line.utf8)
        var start = 0
        while start < bytes.count && bytes[start] == space { start += 1 }
        guard start + 3 <= bytes.count, bytes[start] == backtick || bytes[start] == tilde, bytes[start + 1] == bytes[start],
            bytes[start + 2] == bytes[start]
        else { return false }
        // A combining mark after the third makes it one character with it, which is not a backtick or tilde.
        guard start + 3 < bytes.count, bytes[start + 3] >= 0x80 else { return true }
        let content = line.drop { $0 == " " }
        return content.hasPrefix("```") || content.hasPrefix("~~~")
    }
}

/// One arm of a `switch` over an enum's cases (`SwiftWriter.caseSwitch`): its patterns (`.name(let value)`,
/// or `default`) and the statements they run.
struct SwitchArm {
    /// The most patterns one generated switch lists. Measured on a 700-case enum with payloads: switches
    /// of 100 to 256 patterns type-check in 0.3-0.4 s; one switch of 600 takes 0.5 s, of 640 fails.
    static let maximumPatternsPerSwitch = 128

    let patterns: [String]
    let body: [String]

    var isDefault: Bool { patterns == ["default"] }

    init(_ patterns: [String], _ body: [String]) {
        self.patterns = patterns
        self.body = body
    }
}

/// Escaping for everything a schema can put into generated code. Names are validated identifiers
/// (see `SwiftNaming`); free text only ever lands in doc comments or string literals, through here.
enum SwiftEscaping {
    /// A Swift string literal whose value is exactly `value`: quotes, backslashes, control and
    /// invisible format characters are escaped, so the text cannot end the literal or interpolate.
    ///
    /// Printable ASCII other than the quote and the backslash is copied a run at a time (see `docLines`).
    static func stringLiteral(_ value: String) -> String {
        var result = "\""
        let bytes = Array(value.utf8)
        let quote = UInt8(ascii: "\"")
        let backslash = UInt8(ascii: "\\")
        var run = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte >= 0x20 && byte < 0x7F && byte != quote && byte != backslash {
                index += 1
                continue
            }
            let (scalar, length) = decodeScalar(bytes, at: index)
            let escaped: String?
            switch scalar {
            case "\"": escaped = "\\\""
            case "\\": escaped = "\\\\"
            case "\n": escaped = "\\n"
            case "\r": escaped = "\\r"
            case "\t": escaped = "\\t"
            default: escaped = needsEscape(scalar) ? "\\u{\(String(scalar.value, radix: 16, uppercase: true))}" : nil
            }
            if let escaped {
                result += String(decoding: bytes[run..<index], as: UTF8.self) + escaped
                run = index + length
            }
            index += length
        }
        return result + String(decoding: bytes[run..<index], as: UTF8.self) + "\""
    }

    /// Doc comment lines: each paragraph split at every kind of line break (so text cannot leave the
    /// `///` comment), control and bidirectional-override characters shown as `\u{…}`, paragraphs
    /// separated by an empty line.
    ///
    /// Read as UTF-8 bytes: printable ASCII (most of any text) stays as it is and is copied a run at a
    /// time, up to the next scalar that changes or ends a line; only the scalars beyond ASCII are decoded
    /// and looked up. Walking the text's Unicode scalars instead cost more than the rest of the rendering
    /// in the generator's debug build, which the build plugin runs.
    static func docLines(_ paragraphs: [String?]) -> [String] {
        var lines: [String] = []
        for case let paragraph? in paragraphs {
            let bytes = Array(paragraph.utf8)
            if isBlank(paragraph, bytes) { continue }
            if !lines.isEmpty { lines.append("") }
            var current = ""
            var previousWasCR = false
            var run = 0
            var index = 0
            let count = bytes.count
            while index < count {
                let byte = bytes[index]
                if byte >= 0x20 && byte < 0x7F {
                    previousWasCR = false
                    index += 1
                    continue
                }
                let (scalar, length) = decodeScalar(bytes, at: index)
                let breaksLine = isLineBreak(scalar)
                guard breaksLine || scalar == "\t" || needsEscape(scalar) else {
                    previousWasCR = false
                    index += length
                    continue
                }
                current += String(decoding: bytes[run..<index], as: UTF8.self)
                index += length
                run = index
                if breaksLine {
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
                } else {
                    current += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
                }
            }
            current += String(decoding: bytes[run..<index], as: UTF8.self)
            lines.append(current)
            while let last = lines.last, isBlank(last, Array(last.utf8)) { lines.removeLast() }
        }
        return lines.map { line in
            // Only a line whose last byte is a space can end in the character " ".
            guard line.utf8.last == UInt8(ascii: " ") else { return line }
            var trimmed = line
            while trimmed.last == " " { trimmed.removeLast() }
            return trimmed
        }
    }

    /// Whether every character of `text` (whose UTF-8 is `bytes`) is whitespace, as `Character.isWhitespace`
    /// says (by its first scalar). An ASCII byte other than a space, a tab or a line break is a character
    /// of its own or follows a prepended mark, which is no whitespace either, so it settles the answer;
    /// only text of whitespace and characters beyond ASCII needs the characters.
    private static func isBlank(_ text: String, _ bytes: [UInt8]) -> Bool {
        var isASCII = true
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte >= 0x80 {
                isASCII = false
            } else if byte != 0x20 && (byte < 0x09 || byte > 0x0D) {
                return false
            }
            index += 1
        }
        return isASCII || text.allSatisfy(\.isWhitespace)
    }

    /// The scalar whose UTF-8 encoding starts at `bytes[index]` (the bytes are a `String`'s, so valid), and
    /// how many bytes it takes.
    private static func decodeScalar(_ bytes: [UInt8], at index: Int) -> (Unicode.Scalar, Int) {
        let lead = UInt32(bytes[index])
        func continuation(_ offset: Int) -> UInt32 { UInt32(bytes[index + offset]) & 0x3F }
        let value: UInt32
        let length: Int
        if lead < 0x80 {
            (value, length) = (lead, 1)
        } else if lead < 0xE0 {
            (value, length) = ((lead & 0x1F) << 6 | continuation(1), 2)
        } else if lead < 0xF0 {
            (value, length) = ((lead & 0x0F) << 12 | continuation(1) << 6 | continuation(2), 3)
        } else {
            (value, length) = ((lead & 0x07) << 18 | continuation(1) << 12 | continuation(2) << 6 | continuation(3), 4)
        }
        return (Unicode.Scalar(value) ?? "\u{FFFD}", length)
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
