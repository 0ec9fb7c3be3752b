import SchemaModel

/// Doc comment paragraphs built from a construct's notes. The text is escaped by `SwiftWriter.docs`.
enum Docs {
    static func paragraphs(_ notes: Notes, extra: [String?] = []) -> [String?] {
        var paragraphs: [String?] = [notes.docs]
        paragraphs += extra
        if let modelled = notes.modelled {
            paragraphs.append("- Note: Modelled: \(modelled)")
        }
        if let deprecated = notes.deprecated {
            paragraphs.append("- Important: Deprecated.\(deprecated.isEmpty ? "" : " " + deprecated)")
        }
        return paragraphs
    }

    /// For a type whose name is taken in Swift (see `SwiftNaming.typeName`): which schema name it has.
    /// "Has the fields of `Base`": a struct's `includes:`, whose fields it declares as its own properties.
    static func includes(_ type: TypeDefinition, api: String) -> String? {
        guard !type.includes.isEmpty else { return nil }
        let names = type.includes.map { "`\(inline(SwiftNaming.typeName($0.name, api: api)))`" }
        return "Has the fields of \(names.joined(separator: ", ")) (`includes:` in the schema) as well as its own."
    }

    static func renamed(_ type: TypeDefinition, api: String) -> String? {
        let swiftName = SwiftNaming.typeName(type.name, api: api)
        guard swiftName != type.name else { return nil }
        return
            "`\(inline(type.name))` in the schema; `\(swiftName)` in Swift because `\(inline(type.name))` names a Swift, Foundation or runtime type, or one generated for the API."
    }

    static func wire(_ field: Field) -> String? {
        field.wireName == field.name ? nil : "JSON key `\(inline(field.wireName))`."
    }

    /// The given texts joined into one paragraph, or nil when there are none.
    static func sentences(_ texts: [String?]) -> String? {
        let present = texts.compactMap { $0 }
        return present.isEmpty ? nil : present.joined(separator: " ")
    }

    static func secret(_ field: Field) -> String? {
        field.isSecret ? "Secret: hidden in logs, descriptions and validation reports." : nil
    }

    static func constraints(_ constraints: Constraints) -> String? {
        var parts: [String] = []
        if let value = constraints.minLength { parts.append("minLength \(value)") }
        if let value = constraints.maxLength { parts.append("maxLength \(value)") }
        if let value = constraints.pattern { parts.append("pattern `\(inline(value))`") }
        if let value = constraints.minimum { parts.append("minimum \(number(value))") }
        if let value = constraints.maximum { parts.append("maximum \(number(value))") }
        if let value = constraints.minItems { parts.append("minItems \(value)") }
        if let value = constraints.maxItems { parts.append("maxItems \(value)") }
        if let value = constraints.dateFormat { parts.append("wire format `\(inline(value.description))`") }
        if let values = constraints.excluded { parts.append("never " + values.map { "`\(inline($0.text))`" }.joined(separator: ", ")) }
        if let elements = constraints.elements, let inner = self.constraints(elements.constraints) {
            // "Constraints: maxLength 20." of the elements reads "each element: maxLength 20".
            parts.append("each \(elements.keyword == "values" ? "value" : "element"): " + inner.dropFirst("Constraints: ".count).dropLast())
        }
        return parts.isEmpty ? nil : "Constraints: " + parts.joined(separator: ", ") + "."
    }

    /// The line a nullable alias or union gets: why every use of it is an Optional.
    static func nullable(_ type: TypeDefinition) -> String? {
        type.isNullable ? "May be `null`: every field, list element and map value of this type is an Optional, `nil` for `null`." : nil
    }

    /// One entry of a `- Parameters:` list: continuation lines of a several-line text are indented
    /// and blank lines dropped, so the text stays inside its entry (DocC and Xcode end the list at an
    /// unindented line).
    static func parameter(_ label: String, _ text: String?) -> String {
        let text = text ?? ""
        // One line of ASCII (most texts): the only whitespace to trim is spaces and tabs, and Foundation's
        // trimming, which bridges every text, is not needed. Index loops over the bytes: the generator's
        // debug build (the build plugin's) makes a closure per byte a generic call.
        let bytes = Array(text.utf8)
        var index = 0
        while index < bytes.count && (bytes[index] >= 0x20 && bytes[index] < 0x7F || bytes[index] == tab) { index += 1 }
        if index == bytes.count {
            var first = 0
            var end = bytes.count
            while first < end && (bytes[first] == space || bytes[first] == tab) { first += 1 }
            while end > first && (bytes[end - 1] == space || bytes[end - 1] == tab) { end -= 1 }
            return "  - \(label): " + String(decoding: bytes[first..<end], as: UTF8.self)
        }
        let lines = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        return "  - \(label): " + lines.joined(separator: "\n    ")
    }

    /// Text shown in inline code; a backtick would end the code span early.
    static func inline(_ text: String) -> String {
        // Foundation's replacement compares canonically equivalent text (it replaces U+1FEF, which
        // decomposes to a backtick) and bridges every text; ASCII text needs neither.
        var bytes = Array(text.utf8)
        var hasBacktick = false
        var index = 0
        while index < bytes.count {
            guard bytes[index] < 0x80 else { return text.replacingOccurrences(of: "`", with: "'") }
            if bytes[index] == backtick {
                bytes[index] = apostrophe
                hasBacktick = true
            }
            index += 1
        }
        return hasBacktick ? String(decoding: bytes, as: UTF8.self) : text
    }

    private static let space = UInt8(ascii: " ")
    private static let tab = UInt8(ascii: "\t")
    private static let backtick = UInt8(ascii: "`")
    private static let apostrophe = UInt8(ascii: "'")

    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }

    static func availability(_ deprecation: String) -> String {
        deprecation.isEmpty ? "@available(*, deprecated)" : "@available(*, deprecated, message: \(SwiftEscaping.stringLiteral(deprecation)))"
    }
}
