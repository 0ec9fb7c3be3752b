/// `nullable: true` on an alias or a union says the value may be `null` wherever the type is used. The
/// parser spreads it to the uses, so every reader of the model (renderer, validator, exports, sandbox,
/// diff) sees one spelling of "may be null": a field or parameter of the type is nullable, a list element
/// or map value of the type is nullable (`ElementRules.isNullable`).
enum NullableTypes {
    static func resolve(_ schema: inout Schema) {
        let nullable = Set(schema.types.filter { schema.isNullable(.named($0.name)) }.map(\.name))
        guard !nullable.isEmpty else { return }
        func isNullable(_ type: TypeReference) -> Bool {
            if case .named(let name) = type { return nullable.contains(name) }
            return false
        }
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
            let elementNullable = (constraints.elements?.isNullable ?? false) || isNullable(element)
            let rules = ElementRules(
                isNullable: elementNullable, constraints: inner, location: constraints.elements?.location ?? location,
                keyword: constraints.elements?.keyword ?? keyword)
            constraints.elements = rules.isEmpty ? nil : rules
        }
        func spread(_ field: inout Field) {
            if isNullable(field.type) { field.isNullable = true }
            spread(field.type, &field.constraints, at: field.typeLocation)
        }
        for index in schema.types.indices {
            var definition = schema.types[index]
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
            case .enumeration: continue
            }
            schema.types[index] = definition
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
    /// Whether `type` itself may be `null` because it names an alias or union declared `nullable: true`,
    /// directly or through aliases (a cycle of aliases, which lint rejects, is not nullable).
    public func isNullable(_ type: TypeReference) -> Bool {
        var seen = Set<String>()
        var current = type
        while case .named(let name) = current, seen.insert(name).inserted, let definition = self.type(named: name) {
            if definition.isNullable { return true }
            guard case .alias(let target, _) = definition.kind else { return false }
            current = target
        }
        return false
    }
}
