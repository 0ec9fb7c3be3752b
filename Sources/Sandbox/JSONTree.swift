import Foundation
import SchemaModel

/// A JSON value that keeps object keys in order and numbers as written, so an example from the schema
/// is served byte for byte as the schema gives it, and pagination can edit it at a path.
indirect enum JSONTree: Sendable, Equatable {
    struct Member: Sendable, Equatable {
        var key: String
        var value: JSONTree
    }

    case null
    case bool(Bool)
    /// JSON number text.
    case number(String)
    case string(String)
    case array([JSONTree])
    case object([Member])

    // MARK: Building

    init(_ node: YAMLNode) {
        switch node.value {
        case .mapping(let pairs):
            self = .object(pairs.map { Member(key: $0.key, value: JSONTree($0.value)) })
        case .sequence(let elements):
            self = .array(elements.map(JSONTree.init))
        case .scalar(let scalar):
            switch scalar.kind {
            case .null: self = .null
            case .bool: self = .bool(scalar.text == "true")
            case .string: self = .string(scalar.text)
            case .int, .float:
                // YAMLNode.jsonText normalises YAML number syntax to JSON (and non-finite numbers to strings).
                let text = node.jsonText
                self = text.hasPrefix("\"") ? .string(scalar.text) : .number(text)
            }
        }
    }

    /// Parses JSON text (RFC 8259); nil when it is not valid JSON or nests deeper than `maxDepth`.
    static func parse(_ data: Data, maxDepth: Int = 256) -> JSONTree? {
        var parser = JSONTreeParser(bytes: Array(data), maxDepth: maxDepth)
        return parser.parseDocument()
    }

    // MARK: Reading

    var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    var intValue: Int? {
        switch self {
        case .number(let text): return Int(text) ?? Double(text).flatMap { $0.rounded() == $0 ? Int(exactly: $0) : nil }
        case .string(let text): return Int(text)
        default: return nil
        }
    }

    var arrayValue: [JSONTree]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    subscript(key: String) -> JSONTree? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    func value(at path: [String]) -> JSONTree? {
        var current = self
        for key in path {
            guard let next = current[key] else { return nil }
            current = next
        }
        return current
    }

    // MARK: Editing

    /// Sets `value` at `path`, creating objects on the way (a non-object on the way is replaced).
    mutating func set(_ value: JSONTree, at path: [String]) {
        guard let key = path.first else {
            self = value
            return
        }
        var members: [Member]
        if case .object(let existing) = self { members = existing } else { members = [] }
        if let index = members.firstIndex(where: { $0.key == key }) {
            members[index].value.set(value, at: Array(path.dropFirst()))
        } else {
            var child = JSONTree.object([])
            child.set(value, at: Array(path.dropFirst()))
            members.append(Member(key: key, value: child))
        }
        self = .object(members)
    }

    /// Removes the key at `path`; nothing happens when it is not there.
    mutating func remove(at path: [String]) {
        guard let key = path.first, case .object(var members) = self else { return }
        if path.count == 1 {
            members.removeAll { $0.key == key }
        } else if let index = members.firstIndex(where: { $0.key == key }) {
            members[index].value.remove(at: Array(path.dropFirst()))
        }
        self = .object(members)
    }

    /// Whether `path` leads to a value (possibly null).
    func contains(_ path: [String]) -> Bool { value(at: path) != nil }

    // MARK: Writing

    var text: String {
        var output = ""
        write(to: &output)
        return output
    }

    var data: Data { Data(text.utf8) }

    private func write(to output: inout String) {
        switch self {
        case .null: output += "null"
        case .bool(let flag): output += flag ? "true" : "false"
        case .number(let text): output += text
        case .string(let text): output += JSONTree.quoted(text)
        case .array(let elements):
            output += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { output += "," }
                element.write(to: &output)
            }
            output += "]"
        case .object(let members):
            output += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { output += "," }
                output += JSONTree.quoted(member.key)
                output += ":"
                member.value.write(to: &output)
            }
            output += "}"
        }
    }

    static func quoted(_ text: String) -> String {
        JSONText.quoted(text)
    }
}

extension String {
    /// A dotted schema path (`cursors.next`) as keys.
    var pathComponents: [String] {
        split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    }
}

/// A small recursive-descent JSON parser that keeps key order and number text.
private struct JSONTreeParser {
    let bytes: [UInt8]
    let maxDepth: Int
    var index = 0

    init(bytes: [UInt8], maxDepth: Int) {
        self.bytes = bytes
        self.maxDepth = maxDepth
    }

    mutating func parseDocument() -> JSONTree? {
        skipWhitespace()
        guard let value = parseValue(depth: 0) else { return nil }
        skipWhitespace()
        return index == bytes.count ? value : nil
    }

    private mutating func skipWhitespace() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    private mutating func parseValue(depth: Int) -> JSONTree? {
        guard depth <= maxDepth, index < bytes.count else { return nil }
        switch bytes[index] {
        case UInt8(ascii: "{"): return parseObject(depth: depth + 1)
        case UInt8(ascii: "["): return parseArray(depth: depth + 1)
        case UInt8(ascii: "\""): return parseString().map(JSONTree.string)
        case UInt8(ascii: "t"): return literal("true", .bool(true))
        case UInt8(ascii: "f"): return literal("false", .bool(false))
        case UInt8(ascii: "n"): return literal("null", .null)
        default: return parseNumber()
        }
    }

    private mutating func literal(_ word: String, _ value: JSONTree) -> JSONTree? {
        let expected = Array(word.utf8)
        guard index + expected.count <= bytes.count, Array(bytes[index..<index + expected.count]) == expected else { return nil }
        index += expected.count
        return value
    }

    private mutating func parseObject(depth: Int) -> JSONTree? {
        index += 1
        var members: [JSONTree.Member] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), let key = parseString() else { return nil }
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
            index += 1
            skipWhitespace()
            guard let value = parseValue(depth: depth) else { return nil }
            members.append(JSONTree.Member(key: key, value: value))
            skipWhitespace()
            guard index < bytes.count else { return nil }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            guard bytes[index] == UInt8(ascii: "}") else { return nil }
            index += 1
            return .object(members)
        }
    }

    private mutating func parseArray(depth: Int) -> JSONTree? {
        index += 1
        var elements: [JSONTree] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            guard let value = parseValue(depth: depth) else { return nil }
            elements.append(value)
            skipWhitespace()
            guard index < bytes.count else { return nil }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            guard bytes[index] == UInt8(ascii: "]") else { return nil }
            index += 1
            return .array(elements)
        }
    }

    private mutating func parseString() -> String? {
        index += 1
        var scalars = String.UnicodeScalarView()
        var run: [UInt8] = []
        func flush() -> Bool {
            guard !run.isEmpty else { return true }
            guard let text = String(bytes: run, encoding: .utf8) else { return false }
            scalars.append(contentsOf: text.unicodeScalars)
            run.removeAll(keepingCapacity: true)
            return true
        }
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                guard flush() else { return nil }
                return String(scalars)
            case UInt8(ascii: "\\"):
                guard flush(), index + 1 < bytes.count else { return nil }
                let escape = bytes[index + 1]
                index += 2
                switch escape {
                case UInt8(ascii: "\""): scalars.append("\"")
                case UInt8(ascii: "\\"): scalars.append("\\")
                case UInt8(ascii: "/"): scalars.append("/")
                case UInt8(ascii: "b"): scalars.append("\u{08}")
                case UInt8(ascii: "f"): scalars.append("\u{0C}")
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "u"):
                    guard var code = hex4() else { return nil }
                    if (0xD800..<0xDC00).contains(code) {
                        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else { return nil }
                        index += 2
                        guard let low = hex4(), (0xDC00..<0xE000).contains(low) else { return nil }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let scalar = Unicode.Scalar(code) else { return nil }
                    scalars.append(scalar)
                default:
                    return nil
                }
            default:
                guard byte >= 0x20 else { return nil }
                run.append(byte)
                index += 1
            }
        }
        return nil
    }

    private mutating func hex4() -> UInt32? {
        guard index + 4 <= bytes.count, let text = String(bytes: bytes[index..<index + 4], encoding: .ascii),
              let value = UInt32(text, radix: 16) else { return nil }
        index += 4
        return value
    }

    private mutating func parseNumber() -> JSONTree? {
        let start = index
        func digits() -> Int {
            let from = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            return index - from
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        let integerStart = index
        let integerDigits = digits()
        guard integerDigits > 0 else { return nil }
        if integerDigits > 1, bytes[integerStart] == UInt8(ascii: "0") { return nil }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { return nil }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { return nil }
        }
        return .number(String(decoding: bytes[start..<index], as: UTF8.self))
    }
}
