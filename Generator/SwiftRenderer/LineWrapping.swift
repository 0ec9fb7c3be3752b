/// Keeps generated lines within the project's formatter width (`lineLength` in .swift-format), so the
/// generated code reads like the rest of the package. `SwiftWriter` runs every line through `wrap`;
/// renderers write each construct on one line and never measure it.
///
/// - A code line is broken inside a bracket pair: `(` or `[` at its top-level commas (one element a
///   line, indented one level more, the closing bracket on its own line, with a trailing comma in a
///   `[` list as swift-format writes them) or a `{ … }` body onto its own line. The shallowest pairs are
///   tried and the one leaving the fewest long lines, then the fewest lines, wins; the pieces are
///   wrapped again. Nothing inside a string literal (with its interpolations, raw or not) or a comment
///   is ever broken, and a line with a multi-line string or a block comment is left alone.
/// - A comment line (`//` or `///`) is broken at single spaces, continuing with the same prefix; a
///   Markdown list item's continuation is indented to the item's text, so it stays in the item, and no
///   continuation starts with something Markdown would read as a new block (`-`, `#`, `1.`, …).
///   Table rows are left alone, and so are the lines of a fenced code block (`SwiftWriter.docs`).
///
/// A line with nothing to break at (one long string literal, one long word) stays as it is.
///
/// A long line is read as its UTF-8 bytes: every character the wrapping looks for is ASCII, which never
/// occurs inside another character's encoding, so a break found in the bytes is a break between
/// characters, and each piece is copied out of the bytes at once (a string built scalar by scalar cost
/// more than the rest of the wrapping together).
enum LineWrapping {
    /// `lineLength` in .swift-format.
    static let width = 160

    /// Whether `line` (with its indentation) fits, counted in characters as the formatter does.
    static func fits(_ line: String) -> Bool {
        line.utf8.count <= width || line.count <= width
    }

    /// `line` (with its indentation) as lines within `width` where it can be broken safely.
    static func wrap(_ line: String) -> [String] {
        if line.utf8.count <= width { return [line] }
        if line.count <= width { return [line] }
        let indentation = String(line.prefix { $0 == " " })
        let text = line.dropFirst(indentation.count)
        if text.hasPrefix("//") { return wrapComment(indentation: indentation, text: String(text)) }
        return wrapCode(indentation: indentation, text: Array(text.utf8))
    }

    // MARK: Code

    /// A bracket pair matched on one line, outside strings and comments.
    private struct Group {
        let open: Int
        let close: Int
        let depth: Int
        let isBrace: Bool
        let commas: [Int]
    }

    private static let indentStep = "    "
    /// Enough for any generated line; bounds the work on a line with very many pairs at one depth.
    private static let maximumCandidates = 8

    private static func wrapCode(indentation: String, text: [UInt8]) -> [String] {
        let whole = [indentation + string(text[...])]
        guard let (groups, colon, assignment) = groups(in: text) else { return whole }
        // `case pattern: statement`: the statement goes below its label first, as a switch writes a long one.
        if text.starts(with: "case ".utf8) || text.starts(with: "default:".utf8), let colon,
            !isBlank(text[(colon + 1)...])
        {
            return wrap(indentation + string(text[...colon])) + wrap(indentation + indentStep + trimmed(string(text[(colon + 1)...])))
        }
        let splittable = groups.filter { $0.isBrace ? !isBlank(text[($0.open + 1)..<$0.close]) : !$0.commas.isEmpty }
        guard let depth = splittable.map(\.depth).min() else {
            // Nothing to break inside: `target =` and the value below it, indented.
            guard let assignment, !isBlank(text[(assignment + 1)...]) else { return whole }
            return [indentation + string(text[...assignment])] + wrap(indentation + indentStep + trimmed(string(text[(assignment + 1)...])))
        }
        let candidates = splittable.filter { $0.depth == depth }.prefix(maximumCandidates).map { split(text, at: $0, indentation: indentation) }
        func score(_ pieces: [(line: String, isElement: Bool)]) -> (Int, Int) {
            (pieces.filter { !fits($0.line) }.count, pieces.count)
        }
        guard let best = candidates.min(by: { score($0) < score($1) }) else { return whole }
        return best.flatMap { wrap($0.line) }
    }

    /// The line broken inside `group`: the text up to the opening bracket, the elements (or the body),
    /// then the closing bracket with the rest of the line.
    private static func split(_ text: [UInt8], at group: Group, indentation: String) -> [(line: String, isElement: Bool)] {
        let head = indentation + trimmedTrailing(string(text[...group.open]))
        let tail = indentation + string(text[group.close...])
        let inner = indentation + indentStep
        var elements: [String]
        if group.isBrace {
            elements = [trimmed(string(text[(group.open + 1)..<group.close]))]
        } else {
            let bounds = [group.open] + group.commas + [group.close]
            elements = zip(bounds, bounds.dropFirst()).map { trimmed(string(text[($0 + 1)..<$1])) }
            if elements.last?.isEmpty == true { elements.removeLast() }  // a trailing comma
            let isList = text[group.open] == ascii("[")
            elements = elements.enumerated().map { index, element in
                element + (isList || index < elements.count - 1 ? "," : "")
            }
        }
        return [(head, false)] + elements.map { (inner + $0, true) } + [(tail, false)]
    }

    /// The bracket pairs of a line's code, its first colon and its first assignment's `=` outside them,
    /// or nil when the line holds something that must not be broken or cannot be read on its own (a
    /// multi-line string literal, a block comment).
    private static func groups(in text: [UInt8]) -> (groups: [Group], colon: Int?, assignment: Int?)? {
        struct Open {
            let index: Int
            let byte: UInt8
            var commas: [Int] = []
            /// Generic angle brackets open inside this pair: their commas are not the pair's.
            var angles = 0
        }
        var groups: [Group] = []
        var colon: Int?
        var assignment: Int?
        var stack: [Open] = []
        var index = 0
        func at(_ offset: Int) -> UInt8? { offset >= 0 && offset < text.count ? text[offset] : nil }
        while index < text.count {
            let byte = text[index]
            switch byte {
            case ascii("\""), ascii("#"):
                var hashes = 0
                while at(index + hashes) == ascii("#") { hashes += 1 }
                guard at(index + hashes) == ascii("\"") else {
                    index += max(hashes, 1)
                    continue
                }
                if at(index + hashes + 1) == ascii("\"") && at(index + hashes + 2) == ascii("\"") { return nil }
                guard let end = endOfString(text, from: index + hashes + 1, hashes: hashes) else { return nil }
                index = end
                continue
            case ascii("/"):
                if at(index + 1) == ascii("*") { return nil }
                if at(index + 1) == ascii("/") { return (groups, colon, assignment) }  // a comment: the rest of the line
            case ascii("("), ascii("["), ascii("{"):
                stack.append(Open(index: index, byte: byte))
            case ascii(")"), ascii("]"), ascii("}"):
                let opener = byte == ascii(")") ? ascii("(") : byte == ascii("]") ? ascii("[") : ascii("{")
                guard let match = stack.lastIndex(where: { $0.byte == opener }) else { break }  // opened on an earlier line
                let open = stack[match]
                stack.removeSubrange(match...)
                groups.append(Group(open: open.index, close: index, depth: match, isBrace: opener == ascii("{"), commas: open.commas))
            case ascii(":"):
                if stack.isEmpty && colon == nil { colon = index }
            case ascii("="):
                if stack.isEmpty && assignment == nil && at(index - 1) == ascii(" ") && at(index + 1) == ascii(" ") { assignment = index }
            case ascii(","):
                if var top = stack.popLast() {
                    if top.angles == 0 && top.byte != ascii("{") { top.commas.append(index) }
                    stack.append(top)
                }
            case ascii("<"):
                // `Set<Code>`: generated code writes the operator with spaces around it.
                if index > 0, isIdentifier(endingAt: index - 1, in: text), let next = at(index + 1), next != ascii(" "), next != ascii("="),
                    !stack.isEmpty
                {
                    stack[stack.count - 1].angles += 1
                }
            case ascii(">"):
                if at(index - 1) != ascii("-"), !stack.isEmpty, stack[stack.count - 1].angles > 0 { stack[stack.count - 1].angles -= 1 }
            default:
                break
            }
            index += 1
        }
        return (groups, colon, assignment)
    }

    /// The index just past the string literal whose text starts at `start`, skipping escapes and
    /// interpolations (which may hold string literals of their own); nil if it does not end on this line.
    private static func endOfString(_ text: [UInt8], from start: Int, hashes: Int) -> Int? {
        var index = start
        func hashesFollow(_ offset: Int) -> Bool {
            offset + hashes <= text.count && text[offset..<(offset + hashes)].allSatisfy { $0 == ascii("#") }
        }
        while index < text.count {
            switch text[index] {
            case ascii("\"") where hashesFollow(index + 1):
                return index + 1 + hashes
            case ascii("\\") where hashesFollow(index + 1):
                let after = index + 1 + hashes
                guard after < text.count else { return nil }
                if text[after] == ascii("(") {
                    guard let end = endOfInterpolation(text, from: after + 1) else { return nil }
                    index = end
                } else {
                    index = after + 1
                }
            default:
                index += 1
            }
        }
        return nil
    }

    /// The index just past the `)` that closes an interpolation whose code starts at `start`.
    private static func endOfInterpolation(_ text: [UInt8], from start: Int) -> Int? {
        var index = start
        var depth = 0
        while index < text.count {
            switch text[index] {
            case ascii("("): depth += 1
            case ascii(")"):
                if depth == 0 { return index + 1 }
                depth -= 1
            case ascii("\""), ascii("#"):
                var hashes = 0
                while index + hashes < text.count && text[index + hashes] == ascii("#") { hashes += 1 }
                guard index + hashes < text.count, text[index + hashes] == ascii("\"") else {
                    index += max(hashes, 1)
                    continue
                }
                guard let end = endOfString(text, from: index + hashes + 1, hashes: hashes) else { return nil }
                index = end
                continue
            default: break
            }
            index += 1
        }
        return nil
    }

    // MARK: Comments

    private static func wrapComment(indentation: String, text: String) -> [String] {
        let marker = text.hasPrefix("///") ? "///" : "//"
        // The marker is ASCII characters (`hasPrefix` compared characters), so it is as many bytes.
        let body = Array(text.utf8.dropFirst(marker.count))
        guard body.first == ascii(" ") else { return [indentation + text] }
        let content = Array(body.dropFirst())
        // Characters (what the width counts) before each byte, and where a character starts: only text
        // beyond ASCII (one byte a character) needs the grapheme breaking.
        var before: [Int]?
        var startsCharacter: [Bool]?
        if !content.allSatisfy({ $0 < 0x80 }) {
            var counts = [Int](repeating: 0, count: content.count + 1)
            var starts = [Bool](repeating: false, count: content.count + 1)
            var offset = 0
            var characters = 0
            for character in string(content[...]) {
                starts[offset] = true
                for _ in 0..<character.utf8.count {
                    counts[offset] = characters
                    offset += 1
                }
                characters += 1
            }
            counts[content.count] = characters
            starts[content.count] = true
            before = counts
            startsCharacter = starts
        }
        let lead = content.prefix { $0 == ascii(" ") }.count
        // A table row continued on the next line would become two rows.
        if content.dropFirst(lead).first == ascii("|") { return [indentation + text] }
        let item = listMarkerWidth(content[lead...])
        let firstPrefix = indentation + marker + " "
        let nextPrefix = firstPrefix + String(repeating: " ", count: lead + item)
        // Break at single spaces after the list marker's first word, before a word that starts no block.
        var breaks: [Int] = []
        for index in (lead + item)..<content.count where content[index] == ascii(" ") && index > lead + item {
            if content[index - 1] != ascii(" "), content[index - 1] != ascii("\\"), index + 1 < content.count, content[index + 1] != ascii(" "),
                startsCharacter?[index + 1] ?? true, startsNoBlock(content[(index + 1)...])
            {
                breaks.append(index)
            }
        }
        var lines: [String] = []
        var start = 0
        var prefix = firstPrefix
        var next = 0
        func fitsFrom(_ start: Int, to end: Int) -> Bool {
            prefix.count + (before.map { $0[end] - $0[start] } ?? end - start) <= width
        }
        while !fitsFrom(start, to: content.count) {
            // The last break that fits, else the first one (a word longer than a line stays whole).
            var chosen: Int?
            while next < breaks.count, fitsFrom(start, to: breaks[next]) {
                chosen = breaks[next]
                next += 1
            }
            if chosen == nil, next < breaks.count {
                chosen = breaks[next]
                next += 1
            }
            guard let end = chosen else { break }
            lines.append(prefix + string(content[start..<end]))
            start = end + 1
            prefix = nextPrefix
        }
        lines.append(prefix + string(content[start...]))
        return lines
    }

    /// `- `, `* `, `+ `, `12. `, `3) `: the width of a Markdown list marker starting `text`, else 0.
    private static func listMarkerWidth(_ text: ArraySlice<UInt8>) -> Int {
        guard let first = text.first else { return 0 }
        if first == ascii("-") || first == ascii("*") || first == ascii("+") { return text.dropFirst().first == ascii(" ") ? 2 : 0 }
        let digits = text.prefix(while: isDigit).count
        guard digits > 0, let after = text.dropFirst(digits).first, after == ascii(".") || after == ascii(")") else { return 0 }
        return text.dropFirst(digits + 1).first == ascii(" ") ? digits + 2 : 0
    }

    /// Whether a line starting with `word` continues the paragraph: no list item, heading, quote,
    /// table row, thematic break, setext underline, HTML block or code fence starts with it.
    private static func startsNoBlock(_ word: ArraySlice<UInt8>) -> Bool {
        guard let first = word.first else { return false }
        switch first {
        case ascii("-"), ascii("+"), ascii("*"), ascii("#"), ascii(">"), ascii("="), ascii("|"), ascii("~"), ascii("<"), ascii("_"):
            return false
        case ascii("`"): if word.starts(with: "```".utf8) { return false }
        default: break
        }
        let digits = word.prefix(while: isDigit).count
        if digits > 0, let after = word.dropFirst(digits).first, after == ascii(".") || after == ascii(")") { return false }
        return true
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    // MARK: Text

    private static func ascii(_ scalar: Unicode.Scalar) -> UInt8 { UInt8(ascii: scalar) }

    /// The text of `bytes`, which start and end between characters (at an ASCII byte or the line's ends).
    private static func string(_ bytes: ArraySlice<UInt8>) -> String { String(decoding: bytes, as: UTF8.self) }

    private static func isBlank(_ bytes: ArraySlice<UInt8>) -> Bool { bytes.allSatisfy { $0 == ascii(" ") } }

    /// Whether the character whose encoding ends at `end` is a letter, a digit or `_`.
    private static func isIdentifier(endingAt end: Int, in text: [UInt8]) -> Bool {
        var start = end
        while start > 0 && text[start] & 0xC0 == 0x80 { start -= 1 }  // back over continuation bytes
        guard let scalar = string(text[start...end]).unicodeScalars.first else { return false }
        return scalar == "_" || scalar.properties.isAlphabetic || scalar.properties.numericType != nil
    }

    private static func trimmed(_ text: String) -> String { trimmedTrailing(String(text.drop { $0 == " " })) }

    private static func trimmedTrailing(_ text: String) -> String {
        var result = text
        while result.last == " " { result.removeLast() }
        return result
    }
}
