/// `nullable: true` on an alias or a union says the value may be `null` wherever the type is used. The
/// parser spreads it to the uses, so every reader of the model (renderer, validator, exports, sandbox,
/// diff) sees one spelling of "may be null": a field or parameter of the type is nullable, a list element
/// or map value of the type is nullable (`ElementRules.isNullable`).
enum NullableTypes {
    static func resolve(_ schema: inout Schema) {
        let nullable = schema.nullableTypes()
        guard !nullable.isEmpty else { return }
        func spread(_ type: TypeReference, _ constraints: inout Constraints, at location: SourceLocation) {
            let element: TypeReference
            let keyword: String
            switch type {
            case .array(let inner): (element, keyword) = (inner, "items")
            case .map(_, let inner): (element, keyword) = (inner, "values")
            case .primitive, .named: return
            }
            var inner = constraints.elements?.constraints ?? Constraints()
            spread(element, &inner, at: location)
            let elementNullable = (constraints.elements?.isNullable ?? false) || nullable.contains(element)
            let rules = ElementRules(
                isNullable: elementNullable, constraints: inner, location: constraints.elements?.location ?? location,
                keyword: constraints.elements?.keyword ?? keyword)
            constraints.elements = rules.isEmpty ? nil : rules
        }
        func spread(_ field: inout Field) {
            if nullable.contains(field.type) { field.isNullable = true }
            spread(field.type, &field.constraints, at: field.typeLocation)
        }
        // Assigned once: every write to `types` indexes the names again, so a write per type was quadratic.
        schema.types = schema.types.map { declared in
            var definition = declared
            switch definition.kind {
            case .structure(var fields):
                for position in fields.indices { spread(&fields[position]) }
                definition.kind = .structure(fields)
            case .alias(let target, var constraints):
                spread(target, &constraints, at: definition.location)
                definition.kind = .alias(target, constraints)
            case .union(var union):
                for position in union.variants.indices {
                    spread(union.variants[position].type, &union.variants[position].constraints, at: union.variants[position].location)
                }
                definition.kind = .union(union)
            case .enumeration: break
            }
            return definition
        }
        for index in schema.operations.indices {
            for position in schema.operations[index].pathParameters.indices { spread(&schema.operations[index].pathParameters[position]) }
            for position in schema.operations[index].queryParameters.indices { spread(&schema.operations[index].queryParameters[position]) }
            for position in schema.operations[index].headerParameters.indices { spread(&schema.operations[index].headerParameters[position]) }
            for position in schema.operations[index].responseHeaders.indices { spread(&schema.operations[index].responseHeaders[position]) }
        }
    }
}

extension Schema {
    /// The types that may be `null` because they are declared `nullable: true` (an alias or a union), or
    /// are an alias of one through any number of aliases (a cycle of aliases, which lint rejects, is not
    /// nullable). One pass: each alias is followed once, whatever the length of its chain, so a schema
    /// costs linear time (a chain of 20,000 aliases, walked again from each of its aliases, took minutes).
    public func nullableTypes() -> NullableTypeSet {
        var known: [String: Bool] = [:]
        for start in types where known[start.name] == nil {
            var chain: [String] = []
            var onChain: Set<String> = []
            var answer = false
            var current = start.name
            while true {
                if let settled = known[current] {
                    answer = settled
                    break
                }
                guard onChain.insert(current).inserted, let definition = type(named: current) else { break }
                chain.append(current)
                if definition.isNullable {
                    answer = true
                    break
                }
                guard case .alias(.named(let target), _) = definition.kind else { break }
                current = target
            }
            for name in chain { known[name] = answer }
        }
        return NullableTypeSet(names: Set(known.filter(\.value).keys))
    }
}

/// The answer of `Schema.nullableTypes()`: whether a type reference may be `null` by its named type.
public struct NullableTypeSet: Sendable {
    let names: Set<String>

    public var isEmpty: Bool { names.isEmpty }

    /// Whether `type` names a nullable type. A list or a map is never `null` by its element's type.
    public func contains(_ type: TypeReference) -> Bool {
        guard case .named(let name) = type else { return false }
        return names.contains(name)
    }
}
