/// Recursive types: a struct may contain itself, directly or through other structs, aliases, unions,
/// lists and maps. Two questions follow, each answered here once for every consumer:
///
/// - Which types can hold a finite value at all (`FiniteValues`)? A cycle of fields that must be
///   present and not null (`Node.next: Node`) has no finite JSON; an optional or nullable field, a list
///   or a map (which may be empty) or a union with another way out ends it. The validator rejects the
///   others, the import keeps them from being written, and the sandbox's synthesized values take the
///   shortest way out of every cycle.
/// - Which fields must the generated Swift store out of line (`Schema.indirectFields`)? A Swift struct
///   cannot hold itself inline, not even as an `Optional`; lists, maps and (`indirect`) unions already
///   store their values out of line.
public enum FiniteValues {
    /// One thing a type needs to have a value: a value of `type`. `step` names the field (`Node.next`)
    /// or variant (`Shape | tree`) that needs it, for diagnostics; nil where nothing in the schema could
    /// be changed at that step alone (an alias's target).
    public struct Requirement: Hashable, Sendable {
        public var type: String
        public var step: String?

        public init(type: String, step: String?) {
            (self.type, self.step) = (type, step)
        }
    }

    /// What a type needs: all of its requirements (a struct, an alias), or any one of them (a union).
    public enum Need: Sendable {
        case all([Requirement])
        case any([Requirement])

        var requirements: [Requirement] {
            switch self {
            case .all(let requirements), .any(let requirements): return requirements
            }
        }
    }

    /// The height of the smallest finite value of each type that has one (1: needs no other named
    /// type; a struct: 1 + its tallest requirement; a union: 1 + its lowest variant). Types without a
    /// finite value are absent. A requirement of a type not in `needs` counts as met, so an unknown
    /// name (reported elsewhere) adds no second error; so does a union without variants.
    ///
    /// Linear in the requirements: each type is settled once, in order of height (a breadth-first
    /// sweep, so the first requirement met of a union and the last of a struct give the height).
    public static func heights(of needs: [String: Need]) -> [String: Int] {
        var remaining: [String: Int] = [:]
        var users: [String: [String]] = [:]
        var heights: [String: Int] = [:]
        var queue: [String] = []
        for (name, need) in needs {
            let known = need.requirements.filter { needs[$0.type] != nil }
            for requirement in known { users[requirement.type, default: []].append(name) }
            switch need {
            case .all: remaining[name] = known.count
            case .any: remaining[name] = known.isEmpty ? 0 : 1
            }
            if known.isEmpty {
                heights[name] = 1
                queue.append(name)
            }
        }
        var next = 0
        while next < queue.count {
            let name = queue[next]
            next += 1
            for user in users[name] ?? [] where heights[user] == nil {
                remaining[user, default: 0] -= 1
                if remaining[user]! <= 0 {
                    heights[user] = heights[name]! + 1
                    queue.append(user)
                }
            }
        }
        return heights
    }

    /// The cycles that leave types without a finite value, each once, found from the types in `order`:
    /// every type without a height needs another without one, so following those needs from it reaches
    /// a cycle. A type only leading into a cycle is not reported: the cycle is the cause. Linear: a
    /// type is followed once.
    public static func cycles(in needs: [String: Need], heights: [String: Int], order: [String]) -> [[Requirement]] {
        var visited: Set<String> = []
        var found: [[Requirement]] = []
        for start in order where heights[start] == nil && needs[start] != nil && !visited.contains(start) {
            var path: [Requirement] = []
            var position: [String: Int] = [start: 0]
            var current = start
            visited.insert(start)
            while let requirement = needs[current]?.requirements.first(where: { needs[$0.type] != nil && heights[$0.type] == nil }) {
                path.append(requirement)
                if let index = position[requirement.type] {
                    found.append(Array(path[index...]))
                    break
                }
                guard visited.insert(requirement.type).inserted else { break }
                position[requirement.type] = path.count
                current = requirement.type
            }
        }
        return found
    }
}

extension Schema {
    /// What each named type needs to have a finite value (see `FiniteValues`). A field needs its type
    /// when it must be present and not null; a list needs its element only under `minItems` above 0.
    public var finiteValueNeeds: [String: FiniteValues.Need] {
        func needed(_ reference: TypeReference, minItems: Int?) -> [String] {
            switch reference {
            case .primitive, .map: return []
            case .named(let name): return [name]
            case .array(let element): return (minItems ?? 0) > 0 ? needed(element, minItems: nil) : []
            }
        }
        var needs: [String: FiniteValues.Need] = [:]
        for type in types where needs[type.name] == nil {
            switch type.kind {
            case .structure(let fields):
                needs[type.name] = .all(
                    fields.filter { $0.isRequiredOnWire && !$0.isNullable }.flatMap { field in
                        needed(field.type, minItems: field.constraints.minItems).map { .init(type: $0, step: "\(type.name).\(field.name)") }
                    })
            case .alias(let target, let constraints):
                needs[type.name] = .all(needed(target, minItems: constraints.minItems).map { .init(type: $0, step: nil) })
            case .union(let union):
                // A variant that is not a named type (a primitive, a list, a map) is a way out by itself.
                let named = union.variants.map { variant in
                    needed(variant.type, minItems: nil).map { FiniteValues.Requirement(type: $0, step: "\(type.name) | \(variant.name)") }
                }
                needs[type.name] = named.contains { $0.isEmpty } ? .all([]) : .any(named.flatMap { $0 })
            case .enumeration:
                needs[type.name] = .all([])
            }
        }
        return needs
    }

    /// The fields the generated Swift stores out of line, by struct name: enough of them that no struct
    /// holds itself inline (directly, as an `Optional`, or through other structs and aliases), and only
    /// fields that close such a cycle. A depth-first walk over the structs in schema order, fields in
    /// order, marks each field that leads back to a struct still being walked; with those stored out of
    /// line, what is left of the inline storage has no cycle. The walk keeps its own stack, so a chain of
    /// thousands of structs costs no call stack.
    public var indirectFields: [String: Set<String>] {
        /// The struct a field's value is stored inline as: a named struct, through aliases of names.
        func inlineStruct(_ reference: TypeReference) -> String? {
            var current = reference
            for _ in 0..<64 {
                guard case .named(let name) = current, let type = type(named: name) else { return nil }
                switch type.kind {
                case .structure: return name
                case .alias(let target, _): current = target
                case .enumeration, .union: return nil
                }
            }
            return nil
        }
        enum Mark { case walking, done }
        var marks: [String: Mark] = [:]
        var indirect: [String: Set<String>] = [:]
        var stack: [(name: String, fields: [Field], next: Int)] = []
        for root in types where root.fields.count > 0 && marks[root.name] == nil {
            marks[root.name] = .walking
            stack.append((root.name, root.fields, 0))
            while let top = stack.last {
                guard top.next < top.fields.count else {
                    marks[top.name] = .done
                    stack.removeLast()
                    continue
                }
                stack[stack.count - 1].next += 1
                let field = top.fields[top.next]
                guard let target = inlineStruct(field.type) else { continue }
                switch marks[target] {
                case .walking?: indirect[top.name, default: []].insert(field.name)
                case .done?: continue
                case nil:
                    marks[target] = .walking
                    stack.append((target, type(named: target)?.fields ?? [], 0))
                }
            }
        }
        return indirect
    }
}
