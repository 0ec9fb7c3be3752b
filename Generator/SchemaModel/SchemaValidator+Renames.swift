/// `renamedFrom:` (docs/SchemaLanguage.md, "Renames"): a construct's name in the previous version of
/// the schema. It is only useful when it names something that no longer exists beside it, so these
/// checks reject a rename from itself, from a sibling that is still declared, and two constructs
/// claiming the same old name.
extension SchemaValidator {
    func checkRenames() {
        checkRenames(in: schema.operations.map { ($0.name, $0.notes) }, what: "operation")
        checkRenames(in: schema.types.map { ($0.name, $0.notes) }, what: "type")
        checkRenames(in: (schema.errors?.cases ?? []).map { ($0.name, $0.notes) }, what: "error case")
        for type in schema.types {
            switch type.kind {
            case .structure(let fields):
                checkRenames(in: fields.map { ($0.name, $0.notes) }, what: "field", scope: " of type '\(type.name)'")
            case .enumeration(let enumeration):
                checkRenames(in: enumeration.cases.map { ($0.name, $0.notes) }, what: "case", scope: " of type '\(type.name)'")
            case .union(let union):
                checkRenames(in: union.variants.map { ($0.name, $0.notes) }, what: "variant", scope: " of type '\(type.name)'")
            case .alias: break
            }
        }
        for operation in schema.operations {
            checkRenames(in: operation.parameters.map { ($0.field.name, $0.field.notes) }, what: "parameter", scope: " of operation '\(operation.name)'")
        }
    }

    /// `siblings`: the names and notes of one kind of construct in one scope.
    private func checkRenames(in siblings: [(name: String, notes: Notes)], what: String, scope: String = "") {
        let names = Set(siblings.map(\.name))
        var claimed: [String: String] = [:]
        for sibling in siblings {
            guard let old = sibling.notes.renamedFrom else { continue }
            let location = sibling.notes.renamedFromLocation
            if old == sibling.name {
                log.error(
                    "'renamedFrom' of \(what) '\(sibling.name)'\(scope) names the \(what) itself; write the name it had in the previous version", at: location)
            } else if names.contains(old) {
                log.error(
                    "'renamedFrom' of \(what) '\(sibling.name)'\(scope) names '\(old)', which is still declared; a renamed \(what) replaces the old one",
                    at: location)
            } else if let earlier = claimed[old] {
                log.error(
                    "\(what)s '\(earlier)' and '\(sibling.name)'\(scope) are both 'renamedFrom' '\(old)'; only one can take over an old name", at: location)
            } else {
                claimed[old] = sibling.name
            }
        }
    }
}
