/// Inline schemas that say the same thing become one type.
///
/// An OpenAPI document often writes one object inline in several places (discourse's user appears in
/// three responses, field for field), and the importer names each where it appears. As separate Swift
/// types they cost the compile what a type costs (85 of discourse's 280 structs, a quarter of its
/// module: Benchmarks/README.md, "Compile cost of type-heavy code") and make values that are the same
/// on the wire incompatible in Swift. So each later one becomes an alias of the first with the same
/// definition: every name the importer gave stays, and only one type is generated.
///
/// "The same definition" is the translated body, every field, wire name, constraint, doc and default,
/// but for the `modelled:` note that says where the schema was read; the types it refers to are compared
/// as merged, so two objects whose nested inline objects merge merge too. Component schemas are never
/// merged: their names are the document's own.
extension TypeTranslator {
    func mergeSameInlineTypes() {
        var merged: [String: String] = [:]
        // A merge can make two referring definitions the same: repeat until nothing merges (each round
        // merges at least one of finitely many types).
        var changed = true
        while changed {
            changed = false
            var firstByDefinition: [String: String] = [:]
            for name in inlineNames where merged[name] == nil {
                guard let body = bodies[name], Self.isMergeable(body) else { continue }
                let key = YAMLRenderer.render(Self.comparable(body, merged: merged))
                if let first = firstByDefinition[key] {
                    merged[name] = first
                    changed = true
                } else {
                    firstByDefinition[key] = name
                }
            }
        }
        for (name, first) in merged {
            var root = first
            while let next = merged[root] { root = next }
            let place = sources[name].map { "the schema at \($0.pointer)" } ?? "this schema"
            let note = "Named by the importer: \(place) is inline in the OpenAPI document and says what \(root)'s does, so it is an alias of it."
            bodies[name] = .map([("type", .string(root)), ("modelled", .string(note))])
        }
    }

    /// Structs, enums and unions; an alias is cheap already.
    private static func isMergeable(_ body: YAMLValue) -> Bool {
        guard case .map(let members) = body else { return false }
        return members.contains { ["fields", "values", "union"].contains($0.0) }
    }

    /// `body` without its own `modelled:` note, the type names it uses replaced by the type they merged into.
    private static func comparable(_ body: YAMLValue, merged: [String: String]) -> YAMLValue {
        guard case .map(let members) = body else { return body }
        return .map(members.filter { $0.0 != "modelled" }.map { ($0.0, renaming($0.1, key: $0.0, merged: merged)) })
    }

    /// Renames type names where the language writes a type: a `type:`, `additionalFields:` or `includes:`
    /// value, and a field or variant written as its type alone.
    private static func renaming(_ value: YAMLValue, key: String, merged: [String: String]) -> YAMLValue {
        switch value {
        case .string(let text) where ["type", "additionalFields", "includes", "fields", "variants"].contains(key):
            return .string(renamingTypes(in: text, merged: merged))
        case .list(let items):
            return .list(items.map { renaming($0, key: key, merged: merged) })
        case .map(let members):
            // A member of `fields:`/`variants:` is a name whose value is a type or a mapping with `type:`.
            let listsTypes = key == "fields" || key == "variants"
            return .map(
                members.map { member in
                    (member.0, renaming(member.1, key: listsTypes && member.1.isString ? key : member.0, merged: merged))
                })
        default:
            return value
        }
    }

    /// `[string: A]` with A merged into B is `[string: B]`.
    private static func renamingTypes(in expression: String, merged: [String: String]) -> String {
        var result = ""
        var word = ""
        func flush() {
            var name = word
            while let next = merged[name] { name = next }
            result += name
            word = ""
        }
        for character in expression {
            if character.isLetter || character.isNumber || character == "_" {
                word.append(character)
            } else {
                flush()
                result.append(character)
            }
        }
        flush()
        return result
    }
}

extension YAMLValue {
    fileprivate var isString: Bool {
        if case .string = self { return true }
        return false
    }
}
