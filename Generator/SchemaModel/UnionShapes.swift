/// How untagged unions choose a variant and which fields every variant shares. One place, so the
/// generated decoder, schema-check, the exports and the sandbox apply the same rule.
extension Schema {
    /// The JSON keys a variant's struct requires (fields neither optional nor defaulted).
    public func requiredWireKeys(of variant: Union.Variant) -> Set<String> {
        Set(type(named: variant.type)?.fields.filter(\.isRequiredOnWire).map(\.wireName) ?? [])
    }

    /// The order in which an untagged union tries its variants: the variant requiring the most keys
    /// first, ties in declaration order. A payload becomes the first variant whose required keys are
    /// all present and which decodes; when none does, it is kept as `unknown`. So a payload is never
    /// taken by a variant that requires fewer of its keys than another that fits.
    public func untaggedCandidates(of union: Union) -> [Union.Variant] {
        union.variants.enumerated()
            .map { (index: $0.offset, variant: $0.element, required: requiredWireKeys(of: $0.element).count) }
            .sorted { $0.required != $1.required ? $0.required > $1.required : $0.index < $1.index }
            .map(\.variant)
    }

    /// Fields every variant of `union` declares with the same name, wire name, type and date format,
    /// in the first variant's order: the union gets a property for each, readable without a `switch`.
    /// Such a field is optional in the result when it is optional or nullable in any variant.
    public func commonFields(of union: Union) -> [Field] {
        let structs = union.variants.map { type(named: $0.type)?.fields ?? [] }
        guard let first = structs.first, !union.variants.isEmpty else { return [] }
        return first.compactMap { field in
            var isOptionalSomewhere = field.isSwiftOptional
            for fields in structs.dropFirst() {
                guard let other = fields.first(where: { $0.name == field.name }),
                    other.wireName == field.wireName, other.type == field.type,
                    effectiveDateFormat(of: other) == effectiveDateFormat(of: field)
                else { return nil }
                isOptionalSomewhere = isOptionalSomewhere || other.isSwiftOptional
            }
            // Only the property's Swift type matters: optional when any variant may lack the value.
            var common = field
            common.defaultValue = nil
            common.isOptional = isOptionalSomewhere
            common.isNullable = false
            return common
        }
    }
}

extension Schema {
    /// The wire format of a `date-time` field: its own `format:`, or that of the alias it names.
    public func effectiveDateFormat(of field: Field) -> DateFormat? {
        field.constraints.dateFormat ?? dateFormat(of: field.type)
    }

    /// The `format:` of the alias `reference` names (through aliases of aliases), if any.
    public func dateFormat(of reference: TypeReference) -> DateFormat? {
        var current = reference
        for _ in 0..<32 {
            guard case .named(let name) = current, case .alias(let target, let constraints)? = type(named: name)?.kind else { return nil }
            if let format = constraints.dateFormat { return format }
            current = target
        }
        return nil
    }
}
