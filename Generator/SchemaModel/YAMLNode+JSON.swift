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
                output += Self.jsonString(pair.key) + ":"
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
            case .string: output += Self.jsonString(scalar.text)
            }
        }
    }

    /// YAML allows `+1`, `.5`, `1.` and `.inf`; JSON does not. Infinity and NaN become strings.
    private static func jsonNumber(_ text: String) -> String {
        var number = text.hasPrefix("+") ? String(text.dropFirst()) : text
        if number.lowercased().contains("inf") || number.lowercased().contains("nan") { return jsonString(text) }
        let negative = number.hasPrefix("-")
        if negative { number.removeFirst() }
        if number.hasPrefix(".") { number = "0" + number }
        number = number.replacingOccurrences(of: ".e", with: ".0e").replacingOccurrences(of: ".E", with: ".0E")
        if number.hasSuffix(".") { number += "0" }
        return (negative ? "-" : "") + number
    }

    static func jsonString(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
