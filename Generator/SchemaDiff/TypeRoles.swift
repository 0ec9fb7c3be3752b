import SchemaModel

/// Which types travel in requests and which in responses, following fields, elements, union
/// variants and aliases from each operation's parameters and body (requests) and its response,
/// outcome bodies and the error body (responses).
enum TypeRoles {
    static func of(_ schema: Schema) -> [String: Set<Role>] {
        var roles: [String: Set<Role>] = [:]
        let requestRoots = schema.operations.flatMap { operation in
            operation.parameters.map(\.field.type) + [operation.body?.type].compactMap { $0 }
        }
        let responseRoots =
            schema.operations.flatMap { operation in
                [operation.response].compactMap { $0 } + (operation.outcomes ?? []).compactMap(\.body)
            } + [schema.errors?.body].compactMap { $0 }
        for name in reachable(from: requestRoots, in: schema) { roles[name, default: []].insert(.request) }
        for name in reachable(from: responseRoots, in: schema) { roles[name, default: []].insert(.response) }
        return roles
    }

    private static func reachable(from roots: [TypeReference], in schema: Schema) -> Set<String> {
        var visited = Set<String>()
        var pending = roots
        while let reference = pending.popLast() {
            switch reference {
            case .primitive: continue
            case .array(let element): pending.append(element)
            case .map(_, let value): pending.append(value)
            case .named(let name):
                guard visited.insert(name).inserted, let type = schema.type(named: name) else { continue }
                switch type.kind {
                case .structure(let fields): pending += fields.map(\.type)
                case .union(let union): pending += union.variants.map { .named($0.type) }
                case .alias(let target, _): pending.append(target)
                case .enumeration: continue
                }
            }
        }
        return visited
    }
}
