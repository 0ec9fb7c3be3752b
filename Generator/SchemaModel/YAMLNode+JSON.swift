extension YAMLNode {
    /// The node as JSON text, for example payloads (the sandbox serves them, tests send them).
    /// Mapping order is kept; numbers are written as in the schema, normalised to JSON syntax.
    public var jsonText: String {
        var output = ""
        write(to: &output)
        return output
    }

    private func write(to output: inout String) {
        switch value {
        case .mapping(let pairs):
            output += "{"
            for (index, pair) in pairs.enumerated() {
                if index > 0 { output += "," }
                output += JSONText.quoted(pair.key) + ":"
                pair.value.write(to: &output)
            }
            output += "}"
        case .sequence(let elements):
            output += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { output += "," }
                element.write(to: &output)
            }
            output += "]"
        case .scalar(let scalar):
            switch scalar.kind {
            case .null: output += "null"
            case .bool: output += scalar.text
            case .int, .float: output += Self.jsonNumber(scalar.text)
            case .string: output += JSONText.quoted(scalar.text)
            }
        }
    }

    /// YAML allows `+1`, `.5`, `1.` and `.inf`; JSON does not. Infinity and NaN become strings.
    private static func jsonNumber(_ text: String) -> String {
        var number = text.hasPrefix("+") ? String(text.dropFirst()) : text
        if number.lowercased().contains("inf") || number.lowercased().contains("nan") { return JSONText.quoted(text) }
        let negative = number.hasPrefix("-")
        if negative { number.removeFirst() }
        if number.hasPrefix(".") { number = "0" + number }
        number = number.replacingOccurrences(of: ".e", with: ".0e").replacingOccurrences(of: ".E", with: ".0E")
        if number.hasSuffix(".") { number += "0" }
        return (negative ? "-" : "") + number
    }
}

/// JSON string literals, written the same way by every tool that emits JSON (examples, the sandbox,
/// schema-check): quotes, backslashes and control characters escaped, everything else as is.
public enum JSONText {
    public static func quoted(_ text: String) -> String {
        var output = ""
        appendQuoted(text, to: &output)
        return output
    }

    public static func appendQuoted(_ text: String, to output: inout String) {
        output += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        output += "\""
    }
}
