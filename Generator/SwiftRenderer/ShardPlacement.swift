import SchemaModel

/// Which shard file each type and operation goes to. A declaration goes to the file of what uses it,
/// so editing a type rewrites one file, and that file holds the code that depends on the type:
/// the incremental build recompiles one file, in one pass.
///
/// Each declaration has a *home*, a type name or, failing that, its own name, and goes to shard
/// `GeneratedFileNames.shard(of: home)`:
/// - a type used by exactly one other type lives with that type (an item with its page, a line or a
///   status with its order), following such owners up to a type that has none or several;
/// - an operation lives with its answer's type (the response, else its first outcome with a body),
///   else with its request body's type, else by its own name.
///
/// Shared types (used by several types) stay at their own name. A declaration moves only when what
/// uses it changes, for instance when a type gains a second user.
struct ShardPlacement {
    /// Each type's home.
    private var homes: [String: String] = [:]

    init(schema: Schema) {
        var users: [String: Set<String>] = [:]
        for type in schema.types {
            for used in Self.namedTypes(in: type) where used != type.name {
                users[used, default: []].insert(type.name)
            }
        }
        func owner(_ name: String) -> String? {
            guard let named = users[name], named.count == 1 else { return nil }
            return named.first
        }
        // Each walk stops at a type whose home is known, and every type on it gets the same home, so
        // the whole pass is linear in the number of types, however long the chains of owners.
        for type in schema.types where homes[type.name] == nil {
            var path = [type.name]
            var onPath: Set<String> = [type.name]
            var home = type.name
            while true {
                guard let next = owner(path[path.count - 1]) else {
                    home = path[path.count - 1]
                    break
                }
                if let known = homes[next] {
                    home = known
                    break
                }
                if onPath.contains(next), let start = path.firstIndex(of: next) {
                    // Types that own each other in a ring share the ring's smallest name.
                    home = path[start...].min() ?? next
                    break
                }
                path.append(next)
                onPath.insert(next)
            }
            for name in path { homes[name] = home }
        }
    }

    func shard(of type: TypeDefinition) -> Int {
        GeneratedFileNames.shard(of: homes[type.name] ?? type.name)
    }

    func shard(of operation: OperationDefinition) -> Int {
        let answers = [operation.response] + (operation.outcomes ?? []).map(\.body) + [operation.body?.type]
        let home = answers.lazy.compactMap { $0?.namedTypes.first }.first.map { homes[$0] ?? $0 }
        return GeneratedFileNames.shard(of: home ?? operation.name)
    }

    /// The named types a definition refers to directly (through arrays and maps).
    private static func namedTypes(in type: TypeDefinition) -> [String] {
        switch type.kind {
        case .structure(let fields): return fields.flatMap(\.type.namedTypes)
        case .alias(let target, _): return target.namedTypes
        case .union(let union): return union.variants.flatMap(\.type.namedTypes)
        case .enumeration: return []
        }
    }
}
