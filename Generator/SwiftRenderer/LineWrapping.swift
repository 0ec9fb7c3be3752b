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
/// more than the rest of the wrapping together). The build plugin runs the generator's debug build, where
/// nothing is inlined or specialized: the scans are index loops over `[UInt8]` comparing bytes, with
/// neither slices, closures nor `switch` patterns per byte (each costs a generic call there), and bytes
/// that cannot matter (letters, digits, spaces, text beyond ASCII) are skipped first.
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
        let bytes = Array(line.utf8)
        var spaces = 0
        while spaces < bytes.count && bytes[spaces] == space { spaces += 1 }
        // A space followed by a combining mark is one character, and not a space: count characters then.
        if spaces > 0 && spaces < bytes.count && bytes[spaces] >= 0x80 { spaces = line.prefix { $0 == " " }.count }
        let indentation = String(repeating: " ", count: spaces)
        let text = Array(bytes[spaces...])
        // `//` followed by a combining mark is not a comment marker to `hasPrefix`, but either way such a line
        // stays whole: the comment wrapping wants a space after the marker, the code wrapping stops at `//`.
        if text.count >= 2 && text[0] == slash && text[1] == slash { return wrapComment(indentation: indentation, text: text) }
        return wrapCode(indentation: indentation, text: text)
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
            !isBlank(text, from: colon + 1, to: text.count)
        {
            return wrap(indentation + string(text[...colon])) + wrap(indentation + indentStep + trimmed(text, from: colon + 1, to: text.count))
        }
        let splittable = groups.filter { $0.isBrace ? !isBlank(text, from: $0.open + 1, to: $0.close) : !$0.commas.isEmpty }
        guard let depth = splittable.map(\.depth).min() else {
            // Nothing to break inside: `target =` and the value below it, indented.
            guard let assignment, !isBlank(text, from: assignment + 1, to: text.count) else { return whole }
            return [indentation + string(text[...assignment])]
                + wrap(indentation + indentStep + trimmed(text, from: assignment + 1, to: text.count))
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
        // The head ends with the opening bracket, so it has no trailing space to trim.
        let head = indentation + string(text[...group.open])
        let tail = indentation + string(text[group.close...])
        let inner = indentation + indentStep
        var elements: [String] = []
        if group.isBrace {
            elements = [trimmed(text, from: group.open + 1, to: group.close)]
        } else {
            var start = group.open + 1
            for comma in group.commas {
                elements.append(trimmed(text, from: start, to: comma))
                start = comma + 1
            }
            elements.append(trimmed(text, from: start, to: group.close))
            if elements[elements.count - 1].isEmpty { elements.removeLast() }  // a trailing comma
            let isList = text[group.open] == ascii("[")
            for index in 0..<elements.count where isList || index < elements.count - 1 { elements[index] += "," }
        }
        var pieces = [(line: head, isElement: false)]
        for element in elements { pieces.append((inner + element, true)) }
        pieces.append((tail, false))
        return pieces
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
        let count = text.count
        while index < count {
            let byte = text[index]
            if isPlain(byte) {
                index += 1
                continue
            }
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
            guard offset + hashes <= text.count else { return false }
            var index = offset
            while index < offset + hashes && text[index] == hash { index += 1 }
            return index == offset + hashes
        }
        let count = text.count
        while index < count {
            // Only a quote or a backslash can end the literal or start an interpolation.
            let byte = text[index]
            if byte != quote && byte != backslash {
                index += 1
                continue
            }
            switch byte {
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
        let count = text.count
        while index < count {
            if isPlain(text[index]) {
                index += 1
                continue
            }
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

    /// `text` starts with `//`.
    private static func wrapComment(indentation: String, text: [UInt8]) -> [String] {
        let isDocComment = text.count > 2 && text[2] == slash
        let marker = isDocComment ? "///" : "//"
        guard text.count > marker.utf8.count, text[marker.utf8.count] == space else { return [indentation + string(text[...])] }
        let content = Array(text[(marker.utf8.count + 1)...])
        let count = content.count
        var isASCII = true
        var scanned = 0
        while isASCII && scanned < count {
            isASCII = content[scanned] < 0x80
            scanned += 1
        }
        // Characters (what the width counts) before each byte, and where a character starts: only text
        // beyond ASCII (one byte a character) needs the grapheme breaking.
        var before: [Int]?
        var startsCharacter: [Bool]?
        if !isASCII {
            var counts = [Int](repeating: 0, count: count + 1)
            var starts = [Bool](repeating: false, count: count + 1)
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
            counts[count] = characters
            starts[count] = true
            before = counts
            startsCharacter = starts
        }
        var lead = 0
        while lead < count && content[lead] == space { lead += 1 }
        // A table row continued on the next line would become two rows.
        if lead < count && content[lead] == ascii("|") { return [indentation + string(text[...])] }
        let item = listMarkerWidth(content, from: lead)
        let firstPrefix = indentation + marker + " "
        let nextPrefix = firstPrefix + String(repeating: " ", count: lead + item)
        // Break at single spaces after the list marker's first word, before a word that starts no block.
        var breaks: [Int] = []
        var index = lead + item + 1
        while index + 1 < count {
            if content[index] == space, content[index - 1] != space, content[index - 1] != backslash, content[index + 1] != space,
                startsCharacter?[index + 1] ?? true, startsNoBlock(content, at: index + 1)
            {
                breaks.append(index)
            }
            index += 1
        }
        var lines: [String] = []
        var start = 0
        var prefix = firstPrefix
        // The prefixes are spaces and the marker: as many characters as bytes.
        var prefixWidth = firstPrefix.utf8.count
        var next = 0
        func fitsFrom(_ start: Int, to end: Int) -> Bool {
            if let before { return prefixWidth + before[end] - before[start] <= width }
            return prefixWidth + end - start <= width
        }
        while !fitsFrom(start, to: count) {
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
            prefixWidth = nextPrefix.utf8.count
        }
        lines.append(prefix + string(content[start...]))
        return lines
    }

    /// `- `, `* `, `+ `, `12. `, `3) `: the width of a Markdown list marker starting at `start`, else 0.
    private static func listMarkerWidth(_ text: [UInt8], from start: Int) -> Int {
        guard start < text.count else { return 0 }
        let first = text[start]
        if first == ascii("-") || first == ascii("*") || first == ascii("+") { return start + 1 < text.count && text[start + 1] == space ? 2 : 0 }
        var end = start
        while end < text.count && isDigit(text[end]) { end += 1 }
        guard end > start, end < text.count, text[end] == ascii(".") || text[end] == ascii(")") else { return 0 }
        return end + 1 < text.count && text[end + 1] == space ? end - start + 2 : 0
    }

    /// Whether a line starting with the word at `start` continues the paragraph: no list item, heading,
    /// quote, table row, thematic break, setext underline, HTML block or code fence starts with it.
    private static func startsNoBlock(_ text: [UInt8], at start: Int) -> Bool {
        guard start < text.count else { return false }
        let first = text[start]
        // Most words start with a letter, which starts no block.
        if first >= 0x80 || isLetter(first) { return true }
        for blockStart in blockStarts where first == blockStart { return false }
        if first == ascii("`") && start + 2 < text.count && text[start + 1] == first && text[start + 2] == first { return false }
        var end = start
        while end < text.count && isDigit(text[end]) { end += 1 }
        if end > start, end < text.count, text[end] == ascii(".") || text[end] == ascii(")") { return false }
        return true
    }

    /// First characters of a Markdown block (`startsNoBlock`).
    private static let blockStarts: [UInt8] = Array("-+*#>=|~<_".utf8)

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    private static func isLetter(_ byte: UInt8) -> Bool { byte >= 0x61 && byte <= 0x7A || byte >= 0x41 && byte <= 0x5A }

    /// A byte the code scans pass over: a letter, a digit, a space, a dot or part of a character beyond
    /// ASCII (none is a bracket, quote, comma or operator they look for).
    private static func isPlain(_ byte: UInt8) -> Bool {
        byte >= 0x80 || isLetter(byte) || isDigit(byte) || byte == space || byte == ascii(".")
    }

    // MARK: Text

    private static func ascii(_ scalar: Unicode.Scalar) -> UInt8 { UInt8(ascii: scalar) }
    private static let space = UInt8(ascii: " ")
    private static let slash = UInt8(ascii: "/")
    private static let backslash = UInt8(ascii: "\\")
    private static let quote = UInt8(ascii: "\"")
    private static let hash = UInt8(ascii: "#")

    /// The text of `bytes`, which start and end between characters (at an ASCII byte or the line's ends).
    private static func string(_ bytes: ArraySlice<UInt8>) -> String { String(decoding: bytes, as: UTF8.self) }

    private static func isBlank(_ text: [UInt8], from start: Int, to end: Int) -> Bool {
        var index = start
        while index < end && text[index] == space { index += 1 }
        return index >= end
    }

    /// Whether the character whose encoding ends at `end` is a letter, a digit or `_`.
    private static func isIdentifier(endingAt end: Int, in text: [UInt8]) -> Bool {
        var start = end
        while start > 0 && text[start] & 0xC0 == 0x80 { start -= 1 }  // back over continuation bytes
        guard let scalar = string(text[start...end]).unicodeScalars.first else { return false }
        return scalar == "_" || scalar.properties.isAlphabetic || scalar.properties.numericType != nil
    }

    /// The text of `text[start..<end]` without the spaces (the character " ") it starts or ends with.
    private static func trimmed(_ text: [UInt8], from start: Int, to end: Int) -> String {
        var first = start
        var last = end
        while first < last && text[first] == space { first += 1 }
        while last > first && text[last - 1] == space { last -= 1 }
        // A space before a combining mark, or after a prepended mark (U+0600), is part of a larger
        // character, which is not a space: next to text beyond ASCII, trim characters instead.
        guard first > start && first < end && text[first] >= 0x80 || last < end && last > start && text[last - 1] >= 0x80 else {
            return string(text[first..<last])
        }
        var result = String(string(text[start..<end]).drop { $0 == " " })
        while result.last == " " { result.removeLast() }
        return result
    }
}
