/// Resolves the structs' `includes:` once every type is parsed: each struct's field list becomes the
/// fields of the structs it includes (transitively, in the order listed) followed by its own, every
/// included field marked with the struct that declares it (`Field.includedFrom`).
///
/// Every consumer (the renderer, validation, the sandbox, the diff, describe) then reads one flat list,
/// so a base's field is one field of each struct that includes it, and a change to it reads as a change
/// of each. Only the export (which writes `allOf`) and the validator (which checks a field where it is
/// written) tell own fields from included ones. Rules (docs/SchemaLanguage.md, "Composition"):
/// - an included name is a struct without `additionalFields` (its extra members would take the
///   including struct's own fields, as `allOf` with `additionalProperties` does);
/// - no struct includes itself, directly or through others, and chains stop at `maximumDepth`;
/// - a field comes from one place: a struct cannot redeclare an included field, and two included
///   structs cannot both declare one (the same base reached twice, a diamond, is one copy).
public enum StructComposition {
    /// How many structs deep `includes:` may go; deeper chains are an error, so resolving is bounded.
    public static let maximumDepth = 32

    static func resolve(_ types: [TypeDefinition], log: DiagnosticLog) -> [TypeDefinition] {
        guard types.contains(where: { !$0.includes.isEmpty }) else { return types }
        var resolver = Resolver(types: types, log: log)
        return types.map { type in
            guard case .structure = type.kind, !type.includes.isEmpty else { return type }
            var resolved = type
            resolved.kind = .structure(resolver.fields(of: type, chain: [type.name]))
            return resolved
        }
    }

    private struct Resolver {
        let byName: [String: TypeDefinition]
        let log: DiagnosticLog
        /// The flat field list of each struct resolved so far.
        var resolved: [String: [Field]] = [:]
        /// Cycles already reported, by their sorted members, so each is reported once.
        var reportedCycles = Set<[String]>()

        init(types: [TypeDefinition], log: DiagnosticLog) {
            byName = Dictionary(types.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
            self.log = log
        }

        /// `type`'s fields with its includes' first; `chain` is the path of includes that led here.
        mutating func fields(of type: TypeDefinition, chain: [String]) -> [Field] {
            if let done = resolved[type.name] { return done }
            var fields: [Field] = []
            var listed = Set<String>()
            for inclusion in type.includes {
                let context = "type '\(type.name)' includes '\(inclusion.name)'"
                guard listed.insert(inclusion.name).inserted else {
                    log.error("\(context) twice", at: inclusion.location)
                    continue
                }
                guard let base = byName[inclusion.name] else {
                    let structs = byName.values.filter { if case .structure = $0.kind { return true } else { return false } }.map(\.name)
                    log.error("\(context), which is not a type\(Suggestion.didYouMean(inclusion.name, in: structs))", at: inclusion.location)
                    continue
                }
                guard case .structure = base.kind else {
                    log.error("\(context), which is not a struct: a struct includes only the fields of other structs", at: inclusion.location)
                    continue
                }
                if let cycleStart = chain.firstIndex(of: base.name) {
                    let cycle = Array(chain[cycleStart...]) + [base.name]
                    if reportedCycles.insert(Set(cycle).sorted()).inserted {
                        log.error(
                            "type '\(type.name)' includes itself (\(cycle.joined(separator: " → "))): a struct cannot include its own fields; hold the other struct in a field instead",
                            at: inclusion.location)
                    }
                    continue
                }
                guard chain.count < StructComposition.maximumDepth else {
                    log.error("\(context), more than \(StructComposition.maximumDepth) structs deep: flatten the chain", at: inclusion.location)
                    continue
                }
                if base.additionalFields != nil {
                    log.error(
                        "\(context), which has 'additionalFields': its extra members would take this struct's own fields; include a struct without them, or move 'additionalFields' here",
                        at: inclusion.location)
                    continue
                }
                for var field in self.fields(of: base, chain: chain + [base.name]) {
                    field.includedFrom = field.includedFrom ?? base.name
                    if let existing = fields.first(where: { $0.name == field.name || $0.wireName == field.wireName }) {
                        // The same base reached through two includes (a diamond) is one copy of its fields.
                        if existing.name == field.name, existing.includedFrom == field.includedFrom { continue }
                        log.error(
                            "\(context), whose field '\(field.name)' (from '\(field.includedFrom!)') is also included from '\(existing.includedFrom ?? type.name)': a field comes from one struct; rename one or include only one of them",
                            at: inclusion.location)
                        continue
                    }
                    fields.append(field)
                }
            }
            for field in type.ownFields {
                if let existing = fields.first(where: { $0.name == field.name || $0.wireName == field.wireName }) {
                    log.error(
                        "field '\(field.name)' of type '\(type.name)' is also included from '\(existing.includedFrom ?? "")' ('\(existing.name)', wire name '\(existing.wireName)'): a struct cannot redeclare an included field; remove it here or rename it",
                        at: field.location)
                    continue
                }
                fields.append(field)
            }
            resolved[type.name] = fields
            return fields
        }
    }
}
