import Foundation

/// Why a text is not JSON, with the position of the first problem.
public struct JSONSyntaxError: Error, CustomStringConvertible, Sendable, Hashable {
    /// What is wrong, e.g. `expected ',' or '}' after an object member, found 'x'`.
    public let message: String
    /// Byte offset of the problem in the input.
    public let offset: Int
    /// 1-based line (for `JSONParser.parseLines`, the line of the input).
    public let line: Int
    /// 1-based column, counted in Unicode scalars.
    public let column: Int

    public init(message: String, offset: Int, line: Int, column: Int) {
        self.message = message
        self.offset = offset
        self.line = line
        self.column = column
    }

    /// `message at line L, column C`.
    public var description: String { "\(message) at line \(line), column \(column)" }
}

/// A strict RFC 8259 JSON parser that keeps what `JSONSerialization` loses: number text, member
/// order, duplicate keys, and the position of an error.
///
/// - Rejected: trailing commas, comments, leading zeros (`01`), `NaN`/`Infinity`, single quotes,
///   unescaped control characters in strings, invalid UTF-8 (overlong forms, encoded surrogates,
///   code points above U+10FFFF), invalid escapes, and lone surrogates in `\u` escapes (a high
///   surrogate must be followed by a low one: a Swift `String` cannot hold a lone surrogate, and
///   `JSONDecoder` rejects them too).
/// - Accepted: any top-level value; a UTF-8 byte order mark at the very start is skipped (RFC 8259
///   §8.1 allows ignoring it).
/// - Nesting deeper than `maxDepth` arrays and objects is a syntax error. The parser is iterative, so
///   depth never touches the stack; the limit (512 by default, the same as `JSONDecoder`) bounds the
///   recursion of code that walks the result, including `JSON`'s own deinitialisation.
public enum JSONParser {
    /// The nesting `JSONDecoder` accepts: 512 arrays/objects inside each other decode, 513 do not.
    public static let defaultMaxDepth = 512

    /// Parses one JSON text.
    public static func parse(_ data: Data, maxDepth: Int = defaultMaxDepth) throws -> JSON {
        try data.withUnsafeBytes { try parse($0, maxDepth: maxDepth) }
    }

    /// Parses one JSON text.
    public static func parse(_ text: String, maxDepth: Int = defaultMaxDepth) throws -> JSON {
        var text = text
        return try text.withUTF8 { try parse(UnsafeRawBufferPointer($0), maxDepth: maxDepth) }
    }

    /// Parses one JSON text held in `bytes`.
    public static func parse(_ bytes: UnsafeRawBufferPointer, maxDepth: Int = defaultMaxDepth) throws -> JSON {
        try withParser(bytes, maxDepth: maxDepth) { parser throws(JSONSyntaxError) in try parser.parseDocument() }
    }

    /// Parses one JSON text held in `bytes` without keeping it: each element of the array at `path` (object
    /// keys from the top level, the first member of each name) goes to `element` as soon as it is complete
    /// and is not kept; of everything else only the objects on the way to that array are kept, each with
    /// its member on the path alone. Returns that skeleton (`{"log":{"entries":[]}}` for a HAR capture).
    /// Memory is bounded by the largest element rather than by the document: a HAR capture of 67 million
    /// `{}` entries parsed into a tree took 3.45 GB.
    public static func parse(
        _ bytes: UnsafeRawBufferPointer, streamingElementsAt path: [String], maxDepth: Int = defaultMaxDepth,
        element: (JSON) -> Void
    ) throws -> JSON {
        precondition(!path.isEmpty, "the path names the array whose elements are streamed")
        return try withoutActuallyEscaping(element) { element in
            try withParser(bytes, maxDepth: maxDepth) { parser throws(JSONSyntaxError) in
                parser.stream = Parser.Stream(path: path, element: element)
                return try parser.parseDocument()
            }
        }
    }

    /// Where the values and member names of a parsed text start, as byte offsets in document order:
    /// `values` has one entry per value (a container before its contents), `keys` one per member name.
    /// A walk of the parsed value in the same order (each member's name, then its value) meets them
    /// one by one; `client-generator import` turns them into line and column for its diagnostics.
    public struct Offsets: Sendable {
        public var values: [Int] = []
        public var keys: [Int] = []
    }

    /// Parses one JSON text and says where each value and member name starts.
    public static func parseWithOffsets(_ text: String, maxDepth: Int = defaultMaxDepth) throws -> (value: JSON, offsets: Offsets) {
        var text = text
        return try text.withUTF8 { utf8 in
            try withParser(UnsafeRawBufferPointer(utf8), maxDepth: maxDepth) { parser throws(JSONSyntaxError) in
                parser.offsets = Offsets()
                let value = try parser.parseDocument()
                return (value, parser.offsets!)
            }
        }
    }

    /// Parses newline-delimited JSON: calls `body` with the 1-based line number and the value or the
    /// syntax error of every line that is not blank. A bad line does not stop the others; errors carry
    /// the line number and the byte offset in `data`.
    public static func parseLines(
        _ data: Data, maxDepth: Int = defaultMaxDepth,
        body: (Int, Result<JSON, JSONSyntaxError>) throws -> Void
    ) rethrows {
        try data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) throws -> Void in
            try parseLines(raw, maxDepth: maxDepth, body: body)
        }
    }

    /// `parseLines` over bytes in memory.
    public static func parseLines(
        _ bytes: UnsafeRawBufferPointer, maxDepth: Int = defaultMaxDepth,
        body: (Int, Result<JSON, JSONSyntaxError>) throws -> Void
    ) rethrows {
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
        let count = bytes.count
        var lineStart = 0
        var lineNumber = 0
        while lineStart < count {
            lineNumber += 1
            var lineEnd = count
            if let newline = memchr(base + lineStart, 0x0A, count - lineStart) {
                lineEnd = UnsafePointer(newline.assumingMemoryBound(to: UInt8.self)) - base
            }
            let start = lineStart
            lineStart = lineEnd + 1
            var blank = true
            for index in start..<lineEnd where !Parser.isWhitespace(base[index]) {
                blank = false
                break
            }
            if blank { continue }
            try body(lineNumber, parseLine(base + start, count: lineEnd - start, offset: start, line: lineNumber, maxDepth: maxDepth))
        }
    }

    private static func parseLine(
        _ bytes: UnsafePointer<UInt8>, count: Int, offset: Int, line: Int,
        maxDepth: Int
    ) -> Result<JSON, JSONSyntaxError> {
        var parser = Parser(bytes: bytes, count: count, maxDepth: maxDepth)
        do throws(JSONSyntaxError) {
            return .success(try parser.parseDocument())
        } catch {
            return .failure(JSONSyntaxError(message: error.message, offset: error.offset + offset, line: line, column: error.column))
        }
    }

    private static func withParser<T>(
        _ bytes: UnsafeRawBufferPointer, maxDepth: Int,
        _ body: (inout Parser) throws(JSONSyntaxError) -> T
    ) throws(JSONSyntaxError) -> T {
        if let base = bytes.baseAddress, bytes.count > 0 {
            var parser = Parser(bytes: base.assumingMemoryBound(to: UInt8.self), count: bytes.count, maxDepth: maxDepth)
            return try body(&parser)
        }
        var empty: UInt8 = 0
        return try withUnsafePointer(to: &empty) { pointer throws(JSONSyntaxError) -> T in
            var parser = Parser(bytes: pointer, count: 0, maxDepth: maxDepth)
            return try body(&parser)
        }
    }
}

extension UInt8 {
    fileprivate static let quote = UInt8(ascii: "\"")
    fileprivate static let backslash = UInt8(ascii: "\\")
    fileprivate static let comma = UInt8(ascii: ",")
    fileprivate static let colon = UInt8(ascii: ":")
    fileprivate static let openBrace = UInt8(ascii: "{")
    fileprivate static let closeBrace = UInt8(ascii: "}")
    fileprivate static let openBracket = UInt8(ascii: "[")
    fileprivate static let closeBracket = UInt8(ascii: "]")
    fileprivate static let minus = UInt8(ascii: "-")
    fileprivate static let plus = UInt8(ascii: "+")
    fileprivate static let asciiZero = UInt8(ascii: "0")
    fileprivate static let point = UInt8(ascii: ".")
    fileprivate static let newline = UInt8(ascii: "\n")

    fileprivate var isDigit: Bool { self &- UInt8.asciiZero < 10 }
}

/// One parse over a byte buffer. Iterative: open arrays and objects live on `stack`, not the call stack.
struct Parser {
    private let bytes: UnsafePointer<UInt8>
    private let count: Int
    private let maxDepth: Int
    private var index = 0
    /// Collected only when set (`parseWithOffsets`).
    var offsets: JSONParser.Offsets?

    /// An array or object being filled.
    private struct Frame {
        var isObject: Bool
        var elements: [JSON] = []
        var members: [JSON.Member] = []
        /// The key of the member whose value is being parsed.
        var key: String = ""
        /// What happens to the values completed inside it; `.keep` unless streaming.
        var mode = Mode.keep
        /// `.onPath` objects: whether the member being parsed is the next step of the path, and whether
        /// a member of that name was seen already (only the first counts, as `JSON`'s subscript reads it).
        var memberOnPath = false
        var pathKeySeen = false
    }

    /// What a frame does with a completed value when streaming (`JSONParser.parse(_:streamingElementsAt:)`).
    private enum Mode {
        /// Stores it: not streaming, or inside an element being streamed.
        case keep
        /// An object on the way to the streamed array: stores only the member on the path.
        case onPath
        /// The streamed array: hands each element over.
        case target
        /// Off the path: drops it.
        case discard
    }

    /// Where streamed elements go.
    struct Stream {
        let path: [String]
        let element: (JSON) -> Void
    }

    var stream: Stream?

    /// The mode of a container opened now, inside `stack.last`.
    private func mode(ofNew isObject: Bool, in stack: [Frame]) -> Mode {
        guard let stream else { return .keep }
        guard let parent = stack.last else { return isObject ? .onPath : .discard }
        switch parent.mode {
        case .keep, .target: return .keep
        case .discard: return .discard
        case .onPath:
            guard parent.memberOnPath else { return .discard }
            if stack.count == stream.path.count { return isObject ? .discard : .target }
            return isObject ? .onPath : .discard
        }
    }

    /// After the key of a member of `frame` (at `depth` in the stack) was read.
    private func notePathKey(_ frame: inout Frame, depth: Int) {
        guard frame.mode == .onPath, let stream else { return }
        frame.memberOnPath = !frame.pathKeySeen && depth < stream.path.count && frame.key == stream.path[depth]
        if frame.memberOnPath { frame.pathKeySeen = true }
    }

    init(bytes: UnsafePointer<UInt8>, count: Int, maxDepth: Int) {
        self.bytes = bytes
        self.count = count
        self.maxDepth = maxDepth
    }

    @inline(__always)
    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    @inline(__always)
    private mutating func skipWhitespace() {
        while index < count, Parser.isWhitespace(bytes[index]) { index += 1 }
    }

    mutating func parseDocument() throws(JSONSyntaxError) -> JSON {
        if count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
        var stack: [Frame] = []
        var afterComma = false
        parseValue: while true {
            skipWhitespace()
            var value: JSON
            guard index < count else {
                throw error(
                    afterComma
                        ? "expected a value after ',', found \(found(at: index))"
                        : "expected a JSON value, found \(found(at: index))", at: index)
            }
            offsets?.values.append(index)
            switch bytes[index] {
            case .quote:
                value = .string(try parseString())
            case .openBrace:
                guard stack.count < maxDepth else { throw depthError() }
                index += 1
                skipWhitespace()
                if index < count, bytes[index] == .closeBrace {
                    index += 1
                    value = .object([])
                } else {
                    var frame = Frame(isObject: true)
                    frame.mode = mode(ofNew: true, in: stack)
                    if frame.mode == .keep { frame.members.reserveCapacity(8) }
                    frame.key = try parseKey(after: "'{'")
                    notePathKey(&frame, depth: stack.count)
                    stack.append(frame)
                    afterComma = false
                    continue parseValue
                }
            case .openBracket:
                guard stack.count < maxDepth else { throw depthError() }
                index += 1
                skipWhitespace()
                if index < count, bytes[index] == .closeBracket {
                    index += 1
                    value = .array([])
                } else {
                    var frame = Frame(isObject: false)
                    frame.mode = mode(ofNew: false, in: stack)
                    if frame.mode == .keep { frame.elements.reserveCapacity(4) }
                    stack.append(frame)
                    afterComma = false
                    continue parseValue
                }
            case UInt8(ascii: "t"):
                try literal("true")
                value = .bool(true)
            case UInt8(ascii: "f"):
                try literal("false")
                value = .bool(false)
            case UInt8(ascii: "n"):
                try literal("null")
                value = .null
            case .minus, .asciiZero...UInt8(ascii: "9"):
                value = .number(try parseNumber())
            case .closeBracket where afterComma:
                throw error("expected a value after ',', found ']' (trailing commas are not allowed)", at: index)
            default:
                throw error("expected a JSON value, found \(found(at: index))", at: index)
            }

            // Attach the finished value to the open containers, closing those that end here.
            while true {
                let top = stack.count - 1
                guard top >= 0 else {
                    skipWhitespace()
                    if index < count {
                        throw error("unexpected \(found(at: index)) after the JSON value", at: index)
                    }
                    return value
                }
                skipWhitespace()
                if stack[top].isObject {
                    if stack[top].mode == .keep || stack[top].memberOnPath {
                        stack[top].members.append(JSON.Member(key: stack[top].key, value: value))
                    }
                    if index < count {
                        if bytes[index] == .comma {
                            index += 1
                            stack[top].key = try parseKey(after: "','")
                            notePathKey(&stack[top], depth: top)
                            afterComma = false
                            continue parseValue
                        }
                        if bytes[index] == .closeBrace {
                            index += 1
                            value = .object(stack.removeLast().members)
                            continue
                        }
                    }
                    throw error("expected ',' or '}' after an object member, found \(found(at: index))", at: index)
                } else {
                    switch stack[top].mode {
                    case .keep: stack[top].elements.append(value)
                    case .target: stream?.element(value)
                    case .onPath, .discard: break
                    }
                    if index < count {
                        if bytes[index] == .comma {
                            index += 1
                            afterComma = true
                            continue parseValue
                        }
                        if bytes[index] == .closeBracket {
                            index += 1
                            value = .array(stack.removeLast().elements)
                            continue
                        }
                    }
                    throw error("expected ',' or ']' after an array element, found \(found(at: index))", at: index)
                }
            }
        }
    }

    /// A member name and its colon, after `{` or `,`.
    private mutating func parseKey(after what: String) throws(JSONSyntaxError) -> String {
        skipWhitespace()
        guard index < count, bytes[index] == .quote else {
            if index < count, bytes[index] == .closeBrace, what == "','" {
                throw error("expected a member name after ',', found '}' (trailing commas are not allowed)", at: index)
            }
            throw error("expected a member name in double quotes after \(what), found \(found(at: index))", at: index)
        }
        offsets?.keys.append(index)
        let key = try parseString()
        skipWhitespace()
        guard index < count, bytes[index] == .colon else {
            throw error("expected ':' after the member name, found \(found(at: index))", at: index)
        }
        index += 1
        return key
    }

    private mutating func literal(_ word: StaticString) throws(JSONSyntaxError) {
        let length = word.utf8CodeUnitCount
        if count - index >= length, memcmp(bytes + index, word.utf8Start, length) == 0 {
            index += length
            return
        }
        throw error("expected '\(word)', found \(found(at: index))", at: index)
    }

    private mutating func parseNumber() throws(JSONSyntaxError) -> String {
        let start = index
        if bytes[index] == .minus { index += 1 }
        guard index < count, bytes[index].isDigit else {
            throw error("expected a digit after '-', found \(found(at: index))", at: index)
        }
        if bytes[index] == .asciiZero {
            index += 1
            if index < count, bytes[index].isDigit {
                throw error("leading zeros are not allowed in numbers", at: start)
            }
        } else {
            while index < count, bytes[index].isDigit { index += 1 }
        }
        if index < count, bytes[index] == .point {
            index += 1
            guard index < count, bytes[index].isDigit else {
                throw error("expected a digit after the decimal point, found \(found(at: index))", at: index)
            }
            while index < count, bytes[index].isDigit { index += 1 }
        }
        if index < count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < count, bytes[index] == .plus || bytes[index] == .minus { index += 1 }
            guard index < count, bytes[index].isDigit else {
                throw error("expected a digit in the exponent, found \(found(at: index))", at: index)
            }
            while index < count, bytes[index].isDigit { index += 1 }
        }
        return String(decoding: UnsafeBufferPointer(start: bytes + start, count: index - start), as: UTF8.self)
    }

    /// A string starting at the opening quote. Without escapes the text is made straight from the
    /// input bytes (validated as UTF-8 here).
    private mutating func parseString() throws(JSONSyntaxError) -> String {
        let quote = index
        index += 1
        let start = index
        // Eight bytes at a time while none is a quote, a backslash, a control character or non-ASCII.
        while index + 8 <= count {
            let word = UnsafeRawPointer(bytes + index).loadUnaligned(as: UInt64.self)
            let ones: UInt64 = 0x0101_0101_0101_0101
            let highs: UInt64 = 0x8080_8080_8080_8080
            func hasZeroByte(_ value: UInt64) -> Bool { (value &- ones) & ~value & highs != 0 }
            if word & highs != 0 || hasZeroByte(word ^ (ones &* 0x22)) || hasZeroByte(word ^ (ones &* 0x5C))
                || (word &- ones &* 0x20) & ~word & highs != 0
            {
                break
            }
            index += 8
        }
        while index < count {
            let byte = bytes[index]
            if byte == .quote {
                let text = String(decoding: UnsafeBufferPointer(start: bytes + start, count: index - start), as: UTF8.self)
                index += 1
                return text
            }
            if byte == .backslash { return try parseEscapedString(from: start, quote: quote) }
            if byte < 0x20 { throw controlCharacterError(byte) }
            index += byte < 0x80 ? 1 : try utf8SequenceLength()
        }
        throw unterminatedString(quote)
    }

    private mutating func parseEscapedString(from start: Int, quote: Int) throws(JSONSyntaxError) -> String {
        var buffer: [UInt8] = []
        buffer.reserveCapacity(index - start + 16)
        buffer.append(contentsOf: UnsafeBufferPointer(start: bytes + start, count: index - start))
        while index < count {
            let byte = bytes[index]
            switch byte {
            case .quote:
                index += 1
                return String(decoding: buffer, as: UTF8.self)
            case .backslash:
                let escape = index
                index += 1
                guard index < count else { throw unterminatedString(quote) }
                switch bytes[index] {
                case .quote, .backslash, UInt8(ascii: "/"): buffer.append(bytes[index])
                case UInt8(ascii: "b"): buffer.append(0x08)
                case UInt8(ascii: "f"): buffer.append(0x0C)
                case UInt8(ascii: "n"): buffer.append(0x0A)
                case UInt8(ascii: "r"): buffer.append(0x0D)
                case UInt8(ascii: "t"): buffer.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try hex4(at: index + 1, escape: escape)
                    index += 4
                    if (0xD800...0xDBFF).contains(scalar) {
                        guard index + 2 < count, bytes[index + 1] == .backslash, bytes[index + 2] == UInt8(ascii: "u"),
                            case let low = try hex4(at: index + 3, escape: index + 1), (0xDC00...0xDFFF).contains(low)
                        else {
                            throw error(
                                "lone surrogate \\u\(hex(scalar)): a high surrogate must be followed by a low surrogate escape (\\uDC00-\\uDFFF)", at: escape)
                        }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                        index += 6
                    } else if (0xDC00...0xDFFF).contains(scalar) {
                        throw error("lone surrogate \\u\(hex(scalar)): a low surrogate must follow a high surrogate escape", at: escape)
                    }
                    appendUTF8(scalar, to: &buffer)
                default:
                    throw error(
                        "invalid escape '\\\(found(at: index, quoted: false))' in a string; valid escapes are \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX",
                        at: escape)
                }
                index += 1
            default:
                if byte < 0x20 { throw controlCharacterError(byte) }
                if byte < 0x80 {
                    buffer.append(byte)
                    index += 1
                } else {
                    let length = try utf8SequenceLength()
                    buffer.append(contentsOf: UnsafeBufferPointer(start: bytes + index, count: length))
                    index += length
                }
            }
        }
        throw unterminatedString(quote)
    }

    private func hex4(at position: Int, escape: Int) throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for offset in 0..<4 {
            let at = position + offset
            guard at < count else {
                throw error("expected 4 hexadecimal digits after '\\u', found \(found(at: at))", at: escape)
            }
            let byte = bytes[at]
            let digit: UInt8
            switch byte {
            case .asciiZero...UInt8(ascii: "9"): digit = byte - .asciiZero
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error("expected 4 hexadecimal digits after '\\u', found \(found(at: at))", at: escape)
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    private func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    private func appendUTF8(_ scalar: UInt32, to buffer: inout [UInt8]) {
        switch scalar {
        case ..<0x80:
            buffer.append(UInt8(scalar))
        case ..<0x800:
            buffer.append(UInt8(0xC0 | scalar >> 6))
            buffer.append(UInt8(0x80 | scalar & 0x3F))
        case ..<0x10000:
            buffer.append(UInt8(0xE0 | scalar >> 12))
            buffer.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            buffer.append(UInt8(0x80 | scalar & 0x3F))
        default:
            buffer.append(UInt8(0xF0 | scalar >> 18))
            buffer.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            buffer.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            buffer.append(UInt8(0x80 | scalar & 0x3F))
        }
    }

    /// The length of the well-formed UTF-8 sequence at `index` (RFC 3629: no overlong forms, no
    /// encoded surrogates, nothing above U+10FFFF).
    private func utf8SequenceLength() throws(JSONSyntaxError) -> Int {
        if let length = Parser.sequenceLength(bytes, count, at: index) { return length }
        throw error("invalid UTF-8 in a string: \(found(at: index))", at: index)
    }

    static func sequenceLength(_ bytes: UnsafePointer<UInt8>, _ count: Int, at index: Int) -> Int? {
        @inline(__always)
        func continuation(_ offset: Int, _ low: UInt8 = 0x80, _ high: UInt8 = 0xBF) -> Bool {
            index + offset < count && bytes[index + offset] >= low && bytes[index + offset] <= high
        }
        switch bytes[index] {
        case 0xC2...0xDF:
            if continuation(1) { return 2 }
        case 0xE0:
            if continuation(1, 0xA0), continuation(2) { return 3 }
        case 0xE1...0xEC, 0xEE...0xEF:
            if continuation(1), continuation(2) { return 3 }
        case 0xED:
            if continuation(1, 0x80, 0x9F), continuation(2) { return 3 }
        case 0xF0:
            if continuation(1, 0x90), continuation(2), continuation(3) { return 4 }
        case 0xF1...0xF3:
            if continuation(1), continuation(2), continuation(3) { return 4 }
        case 0xF4:
            if continuation(1, 0x80, 0x8F), continuation(2), continuation(3) { return 4 }
        default:
            break
        }
        return nil
    }

    // MARK: Errors

    private func error(_ message: String, at offset: Int) -> JSONSyntaxError {
        let end = min(offset, count)
        var line = 1
        var lineStart = 0
        for position in 0..<end where bytes[position] == .newline {
            line += 1
            lineStart = position + 1
        }
        var column = 1
        for position in lineStart..<end where bytes[position] & 0xC0 != 0x80 { column += 1 }
        return JSONSyntaxError(message: message, offset: offset, line: line, column: column)
    }

    private func depthError() -> JSONSyntaxError {
        error("the JSON is nested too deeply: more than \(maxDepth) arrays and objects inside each other", at: index)
    }

    private func controlCharacterError(_ byte: UInt8) -> JSONSyntaxError {
        error("control character U+\(hex(UInt32(byte))) must be escaped in a string", at: index)
    }

    private func unterminatedString(_ quote: Int) -> JSONSyntaxError {
        let start = error("", at: quote)
        return error("unterminated string (it starts at line \(start.line), column \(start.column)): expected '\"', found the end of the input", at: count)
    }

    /// What is at `offset`, for messages: `'x'`, `'NaN'` (a run of letters), `a line break`,
    /// `control character U+0001`, `invalid UTF-8 byte 0xFF`, `the end of the input`.
    private func found(at offset: Int, quoted: Bool = true) -> String {
        guard offset < count else { return "the end of the input" }
        let byte = bytes[offset]
        func quote(_ text: String) -> String { quoted ? "'\(text)'" : text }
        switch byte {
        case 0x0A: return "a line break"
        case 0x0D: return "a carriage return"
        case 0x09: return "a tab"
        case 0x20: return "a space"
        case UInt8(ascii: "'"): return "a single quote"
        case 0x21..<0x7F:
            var end = offset
            func isWordByte(_ byte: UInt8) -> Bool {
                (byte | 0x20) &- UInt8(ascii: "a") < 26 || byte.isDigit || byte == UInt8(ascii: "_")
            }
            if isWordByte(byte) {
                while end < count, end - offset < 20, isWordByte(bytes[end]) { end += 1 }
            } else {
                end += 1
            }
            return quote(String(decoding: UnsafeBufferPointer(start: bytes + offset, count: end - offset), as: UTF8.self))
        case ..<0x20, 0x7F:
            return "control character U+\(hex(UInt32(byte)))"
        default:
            if let length = Parser.sequenceLength(bytes, count, at: offset) {
                let text = String(decoding: UnsafeBufferPointer(start: bytes + offset, count: length), as: UTF8.self)
                let scalar = text.unicodeScalars.first!.value
                return quote(text) + " (U+\(hex(scalar)))"
            }
            return "invalid UTF-8 byte 0x\(String(byte, radix: 16, uppercase: true))"
        }
    }
}
