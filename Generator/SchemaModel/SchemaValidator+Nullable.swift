extension SchemaValidator {
    /// A nullable named type (`nullable: true` on an alias or union) is nullable where a field, parameter,
    /// list element or map value uses it. Where nothing can be null in Swift (a union variant, which would
    /// make a second `nil`; a body or response, which is the value itself; a struct's additional fields) it
    /// is an error that says what to write instead.
    func checkNullableUses() {
        let nullable = schema.nullableTypes()
        for type in schema.types {
            switch type.kind {
            case .union(let union):
                for variant in union.variants where nullable.contains(variant.type) {
                    log.error(
                        "variant '\(variant.name)' of type '\(type.name)' is '\(variant.type)', which may be null; declare the union 'nullable: true' instead (a null payload is then nil where the union is used)",
                        at: variant.location)
                }
            case .structure, .enumeration, .alias: break
            }
            if let additional = type.additionalFields, nullable.contains(additional.type) {
                log.error(
                    "'additionalFields' of type '\(type.name)' is '\(additional.type)', which may be null; use a type that is not nullable",
                    at: additional.location)
            }
        }
        for operation in schema.operations {
            // A parameter is text on the wire (`ids=1&ids=2`): an element has no null to be.
            for (location, field) in operation.parameters where Self.hasNullableElements(field.constraints) {
                log.error(
                    "\(location.rawValue) parameter '\(field.name)' of operation '\(operation.name)' is '\(field.type)' with elements that may be null, but a parameter is sent as text, which has no null: use elements that are not nullable",
                    at: field.location)
            }
            if let body = operation.body, nullable.contains(body.type) {
                log.error(
                    "the body of operation '\(operation.name)' is '\(body.type)', which may be null; a body is a value: use a type that is not nullable",
                    at: body.typeLocation)
            }
            if let response = operation.response, nullable.contains(response) {
                log.error(
                    "the response of operation '\(operation.name)' is '\(response)', which may be null; a response is a value: use a type that is not nullable",
                    at: operation.responseLocation ?? operation.location)
            }
        }
    }

    /// `items:` of a list or `values:` of a map written in place (`[string]`, not an alias of one, whose
    /// own `items:` says it once for every use): the keyword matches the container, and the element rules
    /// are checked against the element type like a field's.
    func checkElements(
        _ elements: ElementRules, of type: TypeReference, in context: String, at location: SourceLocation, types: [String: TypeDefinition]
    ) {
        let container: (isMap: Bool, element: TypeReference)
        switch type {
        case .array(let element): container = (false, element)
        case .map(_, let value): container = (true, value)
        case .primitive, .named:
            log.error(
                "'\(elements.keyword)' of \(context) applies to a list ('items') or a map ('values') written in place, not to '\(type)' (an alias of a list says it on the alias)",
                at: elements.location)
            return
        }
        let expected = container.isMap ? "values" : "items"
        guard elements.keyword == expected else {
            log.error(
                "'\(elements.keyword)' of \(context) is for a \(container.isMap ? "list" : "map"); '\(type)' is a \(container.isMap ? "map: write 'values'" : "list: write 'items'")",
                at: elements.location)
            return
        }
        checkConstraints(elements.constraints, for: container.element, in: "the \(expected) of \(context)", at: elements.location, types: types)
    }

    /// Whether list elements or map values may be null at any depth.
    static func hasNullableElements(_ constraints: Constraints) -> Bool {
        guard let elements = constraints.elements else { return false }
        return elements.isNullable || hasNullableElements(elements.constraints)
    }
}
