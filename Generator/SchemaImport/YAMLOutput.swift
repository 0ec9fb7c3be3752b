import SchemaModel

/// The schema being written, as an ordered YAML value: mappings keep the order keys were added, so
/// the same OpenAPI document always gives the same bytes.
indirect enum YAMLValue: Equatable {
    case string(String)
    /// Number text as written in the input (`1`, `0.5`, `-3`).
    case number(String)
    case bool(Bool)
    case null
    case list([YAMLValue])
    case map([(String, YAMLValue)])

    static func == (lhs: YAMLValue, rhs: YAMLValue) -> Bool {
        YAMLRenderer.render(lhs) == YAMLRenderer.render(rhs)
    }

    /// A value of the input (a default or an example) as written, kinds preserved.
    init(_ node: YAMLNode) {
        switch node.value {
        case .mapping(let pairs): self = .map(pairs.map { ($0.key, YAMLValue($0.value)) })
        case .sequence(let elements): self = .list(elements.map(YAMLValue.init))
        case .scalar(let scalar):
            switch scalar.kind {
            case .null: self = .null
            case .bool: self = .bool(scalar.text == "true")
            case .int, .float: self = .number(scalar.text)
            case .string: self = .string(scalar.text)
            }
        }
    }

    var isEmptyMap: Bool {
        if case .map(let members) = self { return members.isEmpty }
        return false
    }
}

/// Builds a mapping in order, skipping absent values (the exports' `OrderedMembers`, over YAML values).
typealias MapBuilder = OrderedMembers<YAMLValue>

extension OrderedMembers where Value == YAMLValue {
    mutating func set(_ key: String, _ text: String?) {
        set(key, text.map(YAMLValue.string))
    }

    var value: YAMLValue { .map(members) }
}

/// Writes a `YAMLValue` as block YAML: two-space indent, lists of scalars in flow style, strings
/// plain where YAML reads them back as the same string and double-quoted otherwise.
enum YAMLRenderer {
    /// Keys longer than this (in UTF-8 bytes, so never more characters than libYAML's 1,024) are
    /// written as explicit keys.
    static let maximumImplicitKey = 1000

    static func render(_ value: YAMLValue) -> String {
        var output = ""
        switch value {
        case .map(let members) where !members.isEmpty: writeMembers(members, indent: 0, to: &output)
        case .list(let elements) where !elements.isEmpty && !isFlat(elements): writeElements(elements, indent: 0, to: &output)
        default: output += inline(value) + "\n"
        }
        return output
    }

    private static func writeMembers(_ members: [(String, YAMLValue)], indent: Int, to output: inout String) {
        let pad = String(repeating: "  ", count: indent)
        for (key, value) in members {
            let written = scalar(key, flow: false)
            // YAML limits an implicit key to 1,024 characters; a longer one (a JSON document's long
            // property name) is written as an explicit key, which has no limit.
            output += written.utf8.count > maximumImplicitKey ? pad + "? " + written + "\n" + pad + ":" : pad + written + ":"
            writeNested(value, indent: indent, to: &output)
        }
    }

    private static func writeElements(_ elements: [YAMLValue], indent: Int, to output: inout String) {
        let pad = String(repeating: "  ", count: indent)
        for element in elements {
            switch element {
            case .map(let members) where !members.isEmpty:
                // `- key: value` with the other keys aligned under the first.
                var nested = ""
                writeMembers(members, indent: indent + 1, to: &nested)
                output += pad + "- " + nested.dropFirst(pad.count + 2)
            case .list(let inner) where !inner.isEmpty && !isFlat(inner):
                output += pad + "-\n"
                writeElements(inner, indent: indent + 1, to: &output)
            default:
                output += pad + "- " + inline(element) + "\n"
            }
        }
    }

    private static func writeNested(_ value: YAMLValue, indent: Int, to output: inout String) {
        switch value {
        case .map(let members) where !members.isEmpty:
            output += "\n"
            writeMembers(members, indent: indent + 1, to: &output)
        case .list(let elements) where !elements.isEmpty && !isFlat(elements):
            output += "\n"
            writeElements(elements, indent: indent + 1, to: &output)
        default:
            output += " " + inline(value) + "\n"
        }
    }

    private static func isFlat(_ elements: [YAMLValue]) -> Bool {
        elements.allSatisfy { element in
            switch element {
            case .list, .map: return false
            default: return true
            }
        }
    }

    /// Scalars, empty collections and lists of scalars on one line.
    private static func inline(_ value: YAMLValue) -> String {
        switch value {
        case .string(let text): return scalar(text, flow: false)
        case .number(let text): return text
        case .bool(let flag): return flag ? "true" : "false"
        case .null: return "null"
        case .list(let elements): return "[" + elements.map(flowInline).joined(separator: ", ") + "]"
        case .map(let members): return "{" + members.map { scalar($0.0, flow: true) + ": " + flowInline($0.1) }.joined(separator: ", ") + "}"
        }
    }

    private static func flowInline(_ value: YAMLValue) -> String {
        if case .string(let text) = value { return scalar(text, flow: true) }
        return inline(value)
    }

    /// Plain when YAML's core schema reads the text back as this same string, quoted otherwise.
    static func scalar(_ text: String, flow: Bool) -> String {
        isPlainSafe(text, flow: flow) ? text : YAMLText.doubleQuoted(text)
    }

    private static let reservedWords: Set<String> = ["true", "false", "null", "yes", "no", "on", "off", "y", "n", "~"]

    private static func isPlainSafe(_ text: String, flow: Bool) -> Bool {
        guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last else { return false }
        guard first.properties.isAlphabetic || first == "_" || first == "/", last != " ", first.isASCII else { return false }
        guard !reservedWords.contains(text.lowercased()) else { return false }
        let allowed: (Unicode.Scalar) -> Bool = { scalar in
            if scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)) { return true }
            return (flow ? "_-./ " : "_-./ ()'+=?!").unicodeScalars.contains(scalar)
        }
        guard text.unicodeScalars.allSatisfy(allowed) else { return false }
        return !text.contains(" #") && !text.contains(": ")
    }

}
