import SchemaModel

/// How schema types are spelled in Swift.
enum SwiftTypes {
    static func name(_ reference: TypeReference, in schema: Schema) -> String {
        switch reference {
        case .primitive(let primitive): return name(primitive)
        case .named(let type): return SwiftNaming.typeName(type, api: schema.api)
        case .array(let element): return "[\(name(element, in: schema))]"
        case .map(let key, let value): return "[\(key == .string ? "String" : "Int"): \(name(value, in: schema))]"
        }
    }

    /// `reference` with its elements' rules (`items:`/`values:`): `[String?]` where list elements may be null.
    static func name(_ reference: TypeReference, in schema: Schema, elements: ElementRules?) -> String {
        guard let elements else { return name(reference, in: schema) }
        func element(_ type: TypeReference) -> String {
            let base = name(type, in: schema, elements: elements.constraints.elements)
            return elements.isNullable ? optional(base) : base
        }
        switch reference {
        case .array(let type): return "[\(element(type))]"
        case .map(let key, let value): return "[\(key == .string ? "String" : "Int"): \(element(value))]"
        case .primitive, .named: return name(reference, in: schema)
        }
    }

    static func name(_ primitive: Primitive) -> String {
        switch primitive {
        case .string, .email: return "String"
        case .bool: return "Bool"
        case .int: return "Int"
        case .int32: return "Int32"
        case .int64: return "Int64"
        case .double: return "Double"
        case .decimal: return "Decimal"
        case .date: return "CalendarDate"
        case .dateTime: return "Date"
        case .uuid: return "UUID"
        case .uri: return "URL"
        case .base64, .binary: return "Data"
        case .json: return "JSONValue"
        }
    }

    static func name(_ rawType: Enumeration.RawType) -> String {
        switch rawType {
        case .string: return "String"
        case .int: return "Int"
        case .int32: return "Int32"
        case .int64: return "Int64"
        }
    }

    /// The Swift type of a field or parameter, Optional where the value can be missing or null.
    static func name(of field: Field, in schema: Schema) -> String {
        let base = name(field.type, in: schema, elements: field.constraints.elements)
        return field.isSwiftOptional ? optional(base) : base
    }

    /// `["a", "b"]` for a `Set<String>` argument, or nil when `names` is empty (the argument is left out).
    static func stringSetLiteral(_ names: [String]) -> String? {
        names.isEmpty ? nil : "[" + names.map(SwiftEscaping.stringLiteral).joined(separator: ", ") + "]"
    }

    static func optional(_ type: String) -> String {
        type + "?"
    }

    /// A Swift expression for a (validated) default value of `type`; it names no type, so it needs
    /// `type` from its context.
    static func literal(_ value: YAMLNode, type: TypeReference, in schema: Schema) -> String {
        switch type {
        case .array(let element):
            return "[" + (value.elements ?? []).map { literal($0, type: element, in: schema) }.joined(separator: ", ") + "]"
        case .map:
            return "[:]"
        case .named(let name):
            guard let definition = schema.type(named: name) else { return "nil" }
            switch definition.kind {
            case .enumeration(let enumeration):
                let text = value.scalar?.text ?? ""
                if let match = enumeration.cases.first(where: { $0.value == text }) {
                    return "." + SwiftNaming.memberName(match.name, reserved: SwiftNaming.Reserved.enumCases)
                }
                return ".undocumented(\(enumeration.rawType == .string ? SwiftEscaping.stringLiteral(text) : text))"
            case .alias(let target, _):
                return literal(value, type: target, in: schema)
            case .structure, .union:
                return "nil"
            }
        case .primitive(let primitive):
            let text = value.scalar?.text ?? ""
            switch primitive {
            case .bool, .int, .int32, .int64: return text
            case .double: return text.contains(".") || text.contains("e") || text.contains("E") ? text : text + ".0"
            // `.init`: the type comes from the context, as a field or parameter may share its name.
            case .decimal: return ".init(string: \(SwiftEscaping.stringLiteral(text)))!"
            case .uuid: return ".init(uuidString: \(SwiftEscaping.stringLiteral(text)))!"
            case .uri: return ".init(string: \(SwiftEscaping.stringLiteral(text)))!"
            case .date: return ".init(\(SwiftEscaping.stringLiteral(text)))!"
            case .string, .email, .dateTime, .base64, .binary, .json: return SwiftEscaping.stringLiteral(text)
            }
        }
    }
}
