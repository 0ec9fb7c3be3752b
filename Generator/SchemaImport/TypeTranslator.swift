import SchemaModel

/// What a schema is at the place it is used (a field, a parameter, a body): a type expression of
/// the language, the constraints that travel with it, and whether null is allowed.
struct TypeUsage {
    var expression: String
    var constraints: [(String, YAMLValue)] = []
    var nullable = false
    /// Where each constraint was read, so one the language rejects is reported at its keyword.
    var origins: [String: Origin] = [:]
}

/// A node of the document and its JSON Pointer: where a warning about a translated piece points.
struct Origin {
    let node: YAMLNode?
    let pointer: JSONPointer
}

/// Translates `components.schemas` (and inline schemas, which become named types) into the
/// language's `types:`. Component keys that are not identifiers are renamed in camel case;
/// inline objects, enums and unions are named after where they are used, with a `modelled:` note.
final class TypeTranslator {
    private let document: OpenAPIDocument
    var log: ImportLog { document.log }
    private var scope = NameScope()
    /// Component key → type name.
    private(set) var componentNames: [String: String] = [:]
    private(set) var order: [String] = []
    /// Type name → definition; `LanguageRules` adjusts them once every type is translated.
    var bodies: [String: YAMLValue] = [:]
    /// Inline schemas already named, by pointer: one schema reached twice is one type.
    private var hoisted: [String: String] = [:]
    /// The types named after an inline schema (not a component), in the order they were named.
    private(set) var inlineNames: [String] = []
    /// Examples are not imported (they would need checking against the translated types); counted
    /// so one warning says so.
    private(set) var skippedExamples: [(YAMLNode, JSONPointer)] = []
    private var depth = 0
    /// Where each definition was read, for diagnostics found after translation.
    private(set) var sources: [String: SchemaNode] = [:]
    /// Where each struct field was read, by type and field name, for `LanguageRules`.
    var fieldSources: [String: [String: UseSource]] = [:]
    /// Nullable fields written as a copy of an alias's or closed enum's schema.
    private let inlinedComponents: InlinedComponents

    init(document: OpenAPIDocument) {
        self.document = document
        inlinedComponents = InlinedComponents(components: document.root["components"]?["schemas"]?.pairs ?? [])
        for pair in document.root["components"]?["schemas"]?.pairs ?? [] {
            componentNames[pair.key] = scope.claim(ImportNames.upperCamel(pair.key))
        }
    }

    var definitions: [(String, YAMLValue)] { order.compactMap { name in bodies[name].map { (name, $0) } } }

    func translateComponents() {
        let base = JSONPointer.root.appending("components").appending("schemas")
        for pair in document.root["components"]?["schemas"]?.pairs ?? [] {
            guard let name = componentNames[pair.key] else { continue }
            order.append(name)
            bodies[name] = definition(SchemaNode(pair.value, base.appending(pair.key)), name: name, modelled: nil)
        }
    }

    /// The type name of a `#/components/schemas/…` reference, nil for other references.
    func componentName(reference: String) -> String? {
        guard let pointer = JSONPointer(reference: reference), pointer.tokens.count == 3,
            pointer.tokens[0] == "components", pointer.tokens[1] == "schemas"
        else { return nil }
        return componentNames[pointer.tokens[2]]
    }

    // MARK: Named definitions

    private func definition(_ node: SchemaNode, name: String, modelled: String?) -> YAMLValue {
        sources[name] = node
        var builder = MapBuilder()
        let stripped = StrippedSchema(node)
        ImportNotes.read(stripped, into: &builder, extraModelled: modelled)
        noteExamples(node)
        let schema = stripped.schema
        switch classify(schema) {
        case .structure:
            let parts = self.fields(of: schema, typeName: name)
            if !parts.flattened.isEmpty {
                ImportNotes.appendModelled(
                    "Flattened from allOf (\(parts.flattened.joined(separator: ", "))): their fields are declared here, as includes: cannot say them (a field declared again or made required, or a part that is not a plain struct).",
                    into: &builder)
            }
            if !parts.includes.isEmpty { builder.set("includes", .list(parts.includes.map { .string($0) })) }
            builder.set("fields", parts.fields)
            if let additional = parts.additional { builder.set("additionalFields", .string(additional)) }
        case .enumeration(let enumeration):
            if let value = enumDefinition(enumeration, schema: schema) {
                for (key, member) in value { builder.set(key, member) }
            } else {
                builder.set("type", "json")
            }
        case .taggedUnion(let discriminator, let variants):
            builder.set("union", .map([("discriminator", .string(discriminator)), ("variants", taggedVariants(variants, union: name))]))
            // This project's export says it as `x-nullable` (a null branch would hide the union from generators).
            if stripped.nullable || schema["x-nullable"]?.scalar?.text == "true" { builder.set("nullable", .bool(true)) }
        case .untaggedUnion(let branches):
            // Each branch is a variant of any type (a component, a primitive, a list, a map, an inline
            // object named after the union); which variants the language can tell apart is checked once
            // every type is known (`checkUntaggedUnions`).
            var names = NameScope()
            // This project's export names the variants (`x-variant-names`, in the branches' order).
            let written = schema["x-variant-names"]?.elements?.compactMap(\.scalar?.text)
            // A variant that allows null makes the union nullable (a null payload is nil where it is used);
            // a variant's constraints stay on the variant.
            var nullVariant = false
            let variants = branches.enumerated().map { index, branch -> (String, YAMLValue) in
                let element = elementUsage(branch, hint: name + "Variant")
                nullVariant = nullVariant || element.nullable
                let given = written.flatMap { $0.count == branches.count ? ImportNames.lowerCamel($0[index], fallback: "variant") : nil }
                let variant: YAMLValue =
                    element.constraints.isEmpty ? .string(element.expression) : .map([("type", .string(element.expression))] + element.constraints)
                return (names.claim(given ?? ImportNames.variant(expression: element.expression, in: name)), variant)
            }
            builder.set("union", .map([("variants", .map(variants))]))
            if stripped.nullable || nullVariant || schema["x-nullable"]?.scalar?.text == "true" { builder.set("nullable", .bool(true)) }
        default:
            let usage = use(node, hint: name + "Value")
            builder.set("type", usage.expression)
            for (key, value) in usage.constraints { builder.set(key, value) }
            // Every field, list element and map value of the alias is then nullable.
            if stripped.nullable && usage.expression != "json" { builder.set("nullable", .bool(true)) }
        }
        return builder.value
    }

    /// `enum:` (list form when every case name derives from its value), with the raw type.
    private func enumDefinition(_ enumeration: EnumShape, schema: SchemaNode) -> [(String, YAMLValue)]? {
        let values = enumeration.values.filter { $0.scalar?.kind != .null }
        let integral = values.allSatisfy { $0.scalar?.kind == .int }
        let textual = values.allSatisfy { $0.scalar?.kind == .string }
        guard !values.isEmpty, integral || textual || enumeration.rawType == "string" else {
            log.warning(
                "an enum of \(values.first?.kindDescription ?? "no") values cannot be a schema enum (string or integer raw values): imported as json",
                at: schema.node, schema.pointer)
            return nil
        }
        let rawType = integral && enumeration.rawType != "string" ? enumeration.rawType : "string"
        var names = NameScope(reserved: [])
        var derivedOnly = true
        var cases: [(String, YAMLValue)] = []
        for (index, value) in values.enumerated() {
            let text = value.scalar?.text ?? ""
            let given = enumeration.varNames.flatMap { index < $0.count ? $0[index] : nil }
            let derived = SwiftNaming.derivedCaseName(fromRawValue: text)
            let name = names.claim(given.flatMap { SwiftNaming.isValidName($0) ? $0 : nil } ?? derived ?? "value\(index + 1)")
            if name != derived { derivedOnly = false }
            let raw: YAMLValue = rawType == "string" ? .string(text) : .number(text)
            if enumeration.deprecated.contains(text) {
                derivedOnly = false
                cases.append((name, .map([("value", raw), ("deprecated", .bool(true))])))
            } else {
                cases.append((name, raw))
            }
        }
        var members: [(String, YAMLValue)] = []
        if rawType != "string" { members.append(("type", .string(rawType))) }
        members.append(("enum", derivedOnly ? .list(cases.map(\.1)) : .map(cases)))
        return members
    }

    /// A tag that reads as a member name (`circle`) is the variant's name and tag at once; other tags
    /// (`CIRCLE`, `1`) are written as `value:` of a variant named after its type.
    private func taggedVariants(_ variants: [(tag: String, type: String, integer: Bool)], union: String) -> YAMLValue {
        var names = NameScope()
        return .map(
            variants.map { variant in
                if !variant.integer, SwiftNaming.isValidName(variant.tag), variant.tag.first?.isLowercase ?? false {
                    return (names.claim(variant.tag), .string(variant.type))
                }
                let name = names.claim(ImportNames.variant(variant.type, in: union))
                return (name, .map([("type", .string(variant.type)), ("value", variant.integer ? .number(variant.tag) : .string(variant.tag))]))
            })
    }

    // MARK: Defaults

    /// The `default` of a use and where it was read; null says nothing. Whether the language can
    /// hold it for the use's type is decided by `LanguageRules` once every type is known.
    static func defaultValue(of stripped: StrippedSchema) -> (node: YAMLNode, origin: Origin)? {
        let holder = stripped.outer["default"] != nil ? stripped.outer : stripped.schema
        guard let node = holder["default"], node.scalar?.kind != .null else { return nil }
        return (node, Origin(node: node, pointer: holder.pointer.appending("default")))
    }

    // MARK: Untagged unions

    /// An untagged union whose variants the language cannot tell apart (`VariantShape.shadowed`: two
    /// structs requiring the same keys, two plain strings, ...) or with a variant that takes any value
    /// (`json`, another union) is imported as `json` instead, with a warning: the document allows any
    /// value there, as far as a shape can say.
    func checkUntaggedUnions() {
        for name in order {
            guard case .map(let members)? = bodies[name], case .map(let union)? = members.first(where: { $0.0 == "union" })?.1,
                !union.contains(where: { $0.0 == "discriminator" }), case .map(let variants)? = union.first(where: { $0.0 == "variants" })?.1
            else { continue }
            let expressions = variants.map { Self.fieldType($0.1) ?? "json" }
            let shapes = expressions.map { variantShape($0) }
            let problem: String?
            if let index = shapes.firstIndex(where: { $0 == nil }) {
                problem = "variant '\(variants[index].0)' of '\(name)' is \(expressions[index]), which is json or a union, so no shape chooses it"
            } else if let (earlier, later) = VariantShape.shadowed(shapes).first {
                if case .structure(let keys, let constants, _)? = shapes[earlier], case .structure? = shapes[later] {
                    let shared = constants.isEmpty ? "" : " and constants (" + constants.keys.sorted().joined(separator: ", ") + ")"
                    problem =
                        "variants '\(variants[earlier].0)' and '\(variants[later].0)' of '\(name)' require the same keys (\(keys.sorted().joined(separator: ", ")))\(shared), so no payload tells them apart without a discriminator"
                } else {
                    problem =
                        "variants '\(variants[earlier].0)' (\(expressions[earlier])) and '\(variants[later].0)' (\(expressions[later])) of '\(name)' have the same JSON shape, so no payload tells them apart without a discriminator"
                }
            } else {
                problem = nil
            }
            guard let problem else { continue }
            let source = sources[name]
            log.warning("\(problem): imported as json", at: source?.node, source?.pointer ?? .root)
            bodies[name] = .map(members.filter { ["docs", "deprecated", "modelled"].contains($0.0) } + [("type", .string("json"))])
        }
    }

    /// What a variant of this type expression looks like on the wire (`Schema.variantShape(of:)` for the
    /// types being written); nil for `json`, a union or an unknown name.
    private func variantShape(_ expression: String, depth: Int = 0) -> VariantShape? {
        guard depth <= 64 else { return nil }  // alias chains and nesting are bounded far below this
        if let collection = Self.collection(expression) {
            if collection.isMap {
                let value = collection.inner.split(separator: ":", maxSplits: 1).last.map { String($0.drop(while: { $0 == " " })) } ?? "json"
                return .map(variantShape(value, depth: depth + 1))
            }
            return .list(variantShape(String(collection.inner), depth: depth + 1))
        }
        if let primitive = Primitive(rawValue: expression) { return VariantShape(primitive) }
        guard case .map(let members)? = bodies[expression] else { return nil }
        if members.contains(where: { $0.0 == "fields" }) { return structureShape(of: expression) }
        if members.contains(where: { $0.0 == "union" }) { return nil }
        if members.contains(where: { $0.0 == "enum" }) {
            if case .string(let raw)? = members.first(where: { $0.0 == "type" })?.1, raw != "string" { return .integer }
            return .string(.any)
        }
        guard case .string(let target)? = members.first(where: { $0.0 == "type" })?.1 else { return nil }
        return variantShape(target, depth: depth + 1)
    }

    /// A struct's required keys and its constants (`Schema.constant(of:)`: a required, non-null field of
    /// a one-case enum, such as box's `type: file`), which tell variants requiring the same keys apart:
    /// its own and those of the structs it includes (`includes:`, bounded as the language bounds it).
    private func structureShape(of type: String, depth: Int = 0) -> VariantShape {
        guard depth <= StructComposition.maximumDepth, case .map(let members)? = bodies[type],
            case .map(let fields)? = members.first(where: { $0.0 == "fields" })?.1
        else {
            return .structure(requiredKeys: [])
        }
        var keys = Set<String>()
        var constants: [String: VariantShape.Constant] = [:]
        var kinds: [String: VariantShape.ValueKinds] = [:]
        if case .list(let included)? = members.first(where: { $0.0 == "includes" })?.1 {
            for case .string(let base) in included {
                guard case .structure(let baseKeys, let baseConstants, let baseKinds) = structureShape(of: base, depth: depth + 1) else { continue }
                keys.formUnion(baseKeys)
                constants.merge(baseConstants) { own, _ in own }
                kinds.merge(baseKinds) { own, _ in own }
            }
        }
        for (fieldName, field) in fields {
            guard case .map(let attributes) = field else {
                kinds[fieldName] = Self.fieldType(field).map { valueKinds(of: $0) } ?? []
                keys.insert(fieldName)
                if let constant = Self.fieldType(field).flatMap({ constant(of: $0) }) { constants[fieldName] = constant }
                continue
            }
            var wire = fieldName
            if case .string(let written)? = attributes.first(where: { $0.0 == "wire" })?.1 { wire = written }
            kinds[wire] = Self.fieldType(field).map { valueKinds(of: $0) } ?? []
            if attributes.contains(where: { ($0.0 == "optional" && $0.1 == .bool(true)) || $0.0 == "default" }) { continue }
            keys.insert(wire)
            if Self.isRequiredAndNotNull(field), let constant = Self.fieldType(field).flatMap({ constant(of: $0) }) { constants[wire] = constant }
        }
        return .structure(requiredKeys: keys, constants: constants, valueKinds: kinds)
    }

    /// The JSON kinds of a value of this type expression being written (`Schema.valueKinds(of:)` for
    /// the types being written).
    private func valueKinds(of expression: String) -> VariantShape.ValueKinds {
        var kinds: VariantShape.ValueKinds = []
        var current = expression
        for _ in 0..<64 {  // alias chains and nesting are bounded far below this
            if let collection = Self.collection(current) {
                kinds.append(collection.isMap ? .object : .array)
                current =
                    collection.isMap
                    ? collection.inner.split(separator: ":", maxSplits: 1).last.map { String($0.drop(while: { $0 == " " })) } ?? "json"
                    : String(collection.inner)
                continue
            }
            if let primitive = Primitive(rawValue: current) { return kinds + (VariantShape(primitive).map { [$0.kind] } ?? []) }
            guard case .map(let members)? = bodies[current] else { return kinds }
            if members.contains(where: { $0.0 == "fields" }) { return kinds + [.object] }
            if members.contains(where: { $0.0 == "union" }) { return kinds }
            if members.contains(where: { $0.0 == "enum" }) {
                if case .string(let raw)? = members.first(where: { $0.0 == "type" })?.1, raw != "string" { return kinds + [.number] }
                return kinds + [.string]
            }
            guard case .string(let target)? = members.first(where: { $0.0 == "type" })?.1 else { return kinds }
            current = target
        }
        return kinds
    }

    /// The one value of an enum of one case (or an alias of one) being written; nil for anything else.
    private func constant(of expression: String, depth: Int = 0) -> VariantShape.Constant? {
        guard depth <= 64, case .map(let members)? = bodies[expression] else { return nil }
        if let values = members.first(where: { $0.0 == "enum" })?.1 {
            let cases: [YAMLValue]
            switch values {
            case .list(let list): cases = list
            case .map(let named): cases = named.map(\.1)
            default: return nil
            }
            guard cases.count == 1, var value = cases.first else { return nil }
            if case .map(let attributes) = value, let raw = attributes.first(where: { $0.0 == "value" })?.1 { value = raw }
            switch value {
            case .string(let text): return .string(text)
            case .number(let text): return Int64(text).map { .integer($0) }
            default: return nil
            }
        }
        guard !members.contains(where: { $0.0 == "fields" || $0.0 == "union" }),
            case .string(let target)? = members.first(where: { $0.0 == "type" })?.1
        else { return nil }
        return constant(of: target, depth: depth + 1)
    }

    // MARK: Cycles

    /// A struct may contain itself (`parent: {$ref: Pet}`): the language has recursive types. A cycle of
    /// plain `$ref`s (aliases) names nothing, though: an error, and so is a chain of more than
    /// `maximumReferenceChain` of them (see `checkAliasChains`). Each alias is followed once, so a
    /// document of 20,000 components that each name the next costs linear time and no call stack.
    func breakCycles() {
        enum Mark { case visiting, done }
        var marks: [String: Mark] = [:]
        for root in order where marks[root] == nil {
            var chain: [String] = []
            var current = root
            while true {
                marks[current] = .visiting
                chain.append(current)
                guard case .map(let members)? = bodies[current],
                    let target = Self.aliasTarget(members).flatMap({ bodies[$0] != nil ? $0 : nil }), marks[target] != .done
                else { break }
                if marks[target] == .visiting {
                    let source = sources[current]
                    log.error(
                        "$ref cycle: \(Self.chainText(Array(chain.drop { $0 != target }) + [target])) never reaches a definition",
                        at: source?.node, source?.pointer ?? .root)
                    break
                }
                current = target
            }
            for name in chain { marks[name] = .done }
        }
        checkAliasChains()
    }

    /// A cycle of required, non-null properties (`next: {$ref: Node}` in `required`) has no finite JSON,
    /// and the language rejects it (`FiniteValues`, the validator's rule): the property that closes each
    /// such cycle is imported as `json`, with a warning. Run last, once defaults, variants and unions
    /// are what the schema will hold. Each round reads the types afresh and opens every cycle it
    /// finds; another round runs only where opening one left another.
    func keepValuesFinite() {
        while true {
            var closingFields: [String: (type: String, field: String)] = [:]
            var needs: [String: FiniteValues.Need] = [:]
            for name in order {
                guard case .map(let members)? = bodies[name] else { continue }
                if case .map(let fields)? = members.first(where: { $0.0 == "fields" })?.1 {
                    needs[name] = .all(
                        fields.filter { Self.isRequiredAndNotNull($0.1) }.flatMap { field in
                            let step = "\(name).\(field.0)"
                            closingFields[step] = (name, field.0)
                            return neededTypes(Self.fieldType(field.1), minItems: Self.minItems(field.1)).map { FiniteValues.Requirement(type: $0, step: step) }
                        })
                } else if case .map(let union)? = members.first(where: { $0.0 == "union" })?.1 {
                    guard case .map(let variants)? = union.first(where: { $0.0 == "variants" })?.1 else { continue }
                    needs[name] = .any(variants.compactMap { variant in Self.fieldType(variant.1).map { .init(type: $0, step: "\(name) | \(variant.0)") } })
                } else if members.contains(where: { $0.0 == "enum" }) {
                    needs[name] = .all([])
                } else if let target = Self.aliasTarget(members) {
                    needs[name] = .all(neededTypes(target, minItems: Self.minItems(.map(members))).map { .init(type: $0, step: nil) })
                }
            }
            var opened = false
            for cycle in FiniteValues.cycles(in: needs, heights: FiniteValues.heights(of: needs), order: order) {
                guard let closing = cycle.last(where: { $0.step.flatMap { closingFields[$0] } != nil }), let step = closing.step,
                    let (type, field) = closingFields[step], case .map(var members)? = bodies[type],
                    let index = members.firstIndex(where: { $0.0 == "fields" }), case .map(var fields) = members[index].1,
                    let fieldIndex = fields.firstIndex(where: { $0.0 == field })
                else { continue }
                let source = sources[type]
                log.warning(
                    "field '\(field)' of '\(type)' closes a cycle of required, non-null fields (\(Self.chainText(cycle.compactMap(\.step)))), which no finite JSON satisfies: imported as json",
                    at: source?.node, source?.pointer ?? .root)
                fields[fieldIndex].1 = Self.replacingFieldType(fields[fieldIndex].1, with: "json")
                members[index].1 = .map(fields)
                bodies[type] = .map(members)
                opened = true
            }
            if !opened { return }
        }
    }

    /// The named types a value of `expression` needs: the type itself, or a list's element under
    /// `minItems` above 0; nothing for maps, primitives and unknown names.
    private func neededTypes(_ expression: String?, minItems: Int) -> [String] {
        guard let expression else { return [] }
        if let collection = Self.collection(expression) {
            return !collection.isMap && minItems > 0 ? neededTypes(String(collection.inner), minItems: 0) : []
        }
        return bodies[expression] != nil ? [expression] : []
    }

    /// Whether a field's key must be there and not null: not `optional`, no `default`, not `nullable`.
    private static func isRequiredAndNotNull(_ field: YAMLValue) -> Bool {
        guard case .map(let attributes) = field else { return true }
        return !attributes.contains { ($0.0 == "optional" || $0.0 == "nullable") && $0.1 == .bool(true) || $0.0 == "default" }
    }

    private static func minItems(_ value: YAMLValue) -> Int {
        guard case .map(let attributes) = value, case .number(let text)? = attributes.first(where: { $0.0 == "minItems" })?.1 else { return 0 }
        return Int(text) ?? 0
    }

    /// The longest run of `$ref`s in a row the import accepts. The schema loader follows an alias of an
    /// alias this far (its shape, date format and request checks stop after 32), so a longer run would
    /// load but be checked only in part; like `OpenAPIDocument.resolve`, the import refuses it.
    static let maximumReferenceChain = 32

    /// Reports each chain of more than `maximumReferenceChain` aliases in a row (`A: {$ref: B}`,
    /// `B: {$ref: C}` …) once, at its first alias. Each alias's length is computed once, from the
    /// end of its chain back, so a long chain costs linear time.
    private func checkAliasChains() {
        var length: [String: Int] = [:]
        var targets: [String: String] = [:]
        for name in order {
            guard case .map(let members)? = bodies[name], let target = Self.aliasTarget(members), bodies[target] != nil else { continue }
            targets[name] = target
        }
        for name in order where targets[name] != nil && length[name] == nil {
            var chain: [String] = []
            var seen: Set<String> = []
            var current = name
            while let target = targets[current], length[current] == nil, seen.insert(current).inserted {
                chain.append(current)
                current = target
            }
            // A cycle (already reported) counts as its own length; a chain ends where lengths are known.
            var count = length[current] ?? 0
            for alias in chain.reversed() {
                count += 1
                length[alias] = count
            }
        }
        let users = Set(targets.values)
        for name in order where (length[name] ?? 0) > Self.maximumReferenceChain && !users.contains(name) {
            var chain = [name]
            while let target = targets[chain.last!], chain.count <= length[name]! { chain.append(target) }
            let source = sources[name]
            log.error(
                "$ref chain of \(length[name]!) references in a row (\(Self.chainText(chain))): import follows at most \(Self.maximumReferenceChain)",
                at: source?.node, source?.pointer ?? .root)
        }
    }

    /// The target of an alias's body (`type: Name` without `enum:`), named or not.
    private static func aliasTarget(_ members: [(String, YAMLValue)]) -> String? {
        guard !members.contains(where: { $0.0 == "enum" || $0.0 == "fields" || $0.0 == "union" }),
            case .string(let expression)? = members.first(where: { $0.0 == "type" })?.1
        else { return nil }
        return expression
    }

    /// `A -> B -> C`, with the middle of a long chain left out so a message stays short.
    private static func chainText(_ names: [String]) -> String {
        guard names.count > 9 else { return names.joined(separator: " -> ") }
        return chainText(head: names.prefix(4), omitted: names.count - 8, tail: names.suffix(4))
    }

    private static func chainText(head: ArraySlice<String>, omitted: Int, tail: ArraySlice<String>) -> String {
        (head + ["… \(omitted) more …"] + tail).joined(separator: " -> ")
    }

    static func fieldType(_ field: YAMLValue) -> String? {
        switch field {
        case .string(let expression): return expression
        case .map(let members):
            if case .string(let expression)? = members.first(where: { $0.0 == "type" })?.1 { return expression }
            return nil
        default: return nil
        }
    }

    private static func replacingFieldType(_ field: YAMLValue, with expression: String) -> YAMLValue {
        guard case .map(var members) = field, let index = members.firstIndex(where: { $0.0 == "type" }) else { return .string(expression) }
        members[index].1 = .string(expression)
        // Constraints of the old type no longer apply to json.
        members.removeAll {
            ["minLength", "maxLength", "pattern", "minimum", "maximum", "minItems", "maxItems", "exclude", "format", "nullable"].contains($0.0)
        }
        return .map(members)
    }

    // MARK: Flat types

    private static let scalarPrimitives: Set<String> = [
        "string", "bool", "int", "int32", "int64", "double", "decimal", "date", "date-time",
        "uuid", "email", "uri", "base64", "binary",
    ]

    /// A primitive or an enum (directly or through aliases): what headers, query items and form
    /// members hold.
    func isScalar(_ expression: String) -> Bool {
        var current = expression
        for _ in 0..<32 {
            if Self.scalarPrimitives.contains(current) { return true }
            guard case .map(let members)? = bodies[current] else { return false }
            if members.contains(where: { $0.0 == "enum" }) { return true }
            guard !members.contains(where: { $0.0 == "fields" || $0.0 == "union" }),
                case .string(let target)? = members.first(where: { $0.0 == "type" })?.1
            else { return false }
            current = target
        }
        return false
    }

    /// A scalar or a list of scalars.
    func isScalarOrList(_ expression: String) -> Bool {
        if expression.hasPrefix("["), expression.hasSuffix("]"), !expression.contains(":") {
            return isScalar(String(expression.dropFirst().dropLast()))
        }
        return isScalar(expression)
    }

    /// A struct whose fields are scalars or lists of scalars: what form and multipart bodies and
    /// query objects hold.
    func isFlatStruct(_ expression: String) -> Bool {
        guard case .map(let members)? = bodies[expression], case .map(let fields)? = members.first(where: { $0.0 == "fields" })?.1 else { return false }
        return fields.allSatisfy { field in Self.fieldType(field.1).map(isScalarOrList) ?? false }
    }

    /// What a nested form or a `deepObject` query parameter holds (docs/SchemaLanguage.md, "Nested
    /// forms"): a struct whose fields are scalars, string-keyed maps, lists and structs of the same, to
    /// a finite depth; never `json`, a union, a struct with `additionalFields` or one holding itself.
    func isNestableStruct(_ expression: String) -> Bool {
        guard case .map(let members)? = bodies[expression], members.contains(where: { $0.0 == "fields" }) else { return false }
        var visiting: [String] = []
        return isNestable(expression, visiting: &visiting)
    }

    /// A `[string: T]` map whose values nest (`isNestableStruct`).
    func isNestableMap(_ expression: String) -> Bool {
        guard let (key, value) = Self.mapParts(expression), key == "string" else { return false }
        var visiting: [String] = []
        return isNestable(value, visiting: &visiting)
    }

    private func isNestable(_ expression: String, visiting: inout [String]) -> Bool {
        if expression.hasPrefix("["), expression.hasSuffix("]") {
            if let (key, value) = Self.mapParts(expression) { return key == "string" && isNestable(value, visiting: &visiting) }
            return isNestable(String(expression.dropFirst().dropLast()), visiting: &visiting)
        }
        if isScalar(expression) { return true }
        guard !visiting.contains(expression), visiting.count < 32, case .map(let members)? = bodies[expression] else { return false }
        if members.contains(where: { $0.0 == "union" || $0.0 == "additionalFields" }) { return false }
        visiting.append(expression)
        defer { visiting.removeLast() }
        if case .string(let target)? = members.first(where: { $0.0 == "type" })?.1 { return isNestable(target, visiting: &visiting) }
        if case .list(let included)? = members.first(where: { $0.0 == "includes" })?.1 {
            for base in included {
                guard case .string(let name) = base, isNestable(name, visiting: &visiting) else { return false }
            }
        }
        guard case .map(let fields)? = members.first(where: { $0.0 == "fields" })?.1 else { return false }
        return fields.allSatisfy { field in Self.fieldType(field.1).map { isNestable($0, visiting: &visiting) } ?? false }
    }

    /// `[K: V]` as (K, V), split at the top-level `: `; nil for a list or anything else.
    private static func mapParts(_ expression: String) -> (String, String)? {
        guard expression.hasPrefix("["), expression.hasSuffix("]") else { return nil }
        let inner = expression.dropFirst().dropLast()
        var depth = 0
        for index in inner.indices {
            switch inner[index] {
            case "[": depth += 1
            case "]": depth -= 1
            case ":" where depth == 0:
                let key = String(inner[..<index]).trimmingCharacters(in: .whitespaces)
                return (key, String(inner[inner.index(after: index)...]).trimmingCharacters(in: .whitespaces))
            default: continue
            }
        }
        return nil
    }

    /// A struct (fields of any type): what a multipart body holds, its non-scalar fields as JSON parts.
    func isStruct(_ expression: String) -> Bool {
        guard case .map(let members)? = bodies[expression] else { return false }
        return members.contains { $0.0 == "fields" }
    }

    /// The wire names of a struct's `binary` fields: a multipart body's file parts.
    func binaryFieldWireNames(_ expression: String) -> [String] {
        guard case .map(let members)? = bodies[expression], case .map(let fields)? = members.first(where: { $0.0 == "fields" })?.1 else { return [] }
        return fields.compactMap { field in
            guard Self.fieldType(field.1) == "binary" else { return nil }
            if case .map(let keys) = field.1, case .string(let wire)? = keys.first(where: { $0.0 == "wire" })?.1 { return wire }
            return field.0
        }
    }

    /// A `[string: scalar]` map.
    func isScalarMap(_ expression: String) -> Bool {
        guard expression.hasPrefix("[string: "), expression.hasSuffix("]") else { return false }
        return isScalar(String(expression.dropFirst("[string: ".count).dropLast()))
    }

    // MARK: Structs

    /// What a struct's definition says: its own fields, the structs it includes, the type of its
    /// extra members, and the `allOf` parts merged into its own fields (named in a `modelled:` note).
    struct StructParts {
        var fields: YAMLValue
        var includes: [String]
        var additional: String?
        var flattened: [String]
    }

    /// The parts of an object schema. `allOf: [{$ref: Base}, {properties…}]` is `includes: [Base]` beside
    /// the own fields (the struct's own part, and inline parts, are its fields); a referenced part is
    /// merged into the fields instead only where `includes:` cannot say it: a field it has is declared
    /// again or made required, or another part has it too. `additionalProperties: T` beside
    /// `properties` is `additionalFields: T`.
    private func fields(of schema: SchemaNode, typeName: String) -> StructParts {
        var properties: [(String, SchemaNode)] = []
        var required = Set<String>()
        var flattened: [String] = []
        var includes: [String] = []
        let parts = schema.restrictingParts
        if parts.count > 1 || (parts.count == 1 && schema["properties"] != nil) {
            // The own fields first (the struct's own part and inline parts), then each referenced part:
            // included where nothing of the above redeclares or requires its fields.
            var own: [(String, SchemaNode)] = []
            var ownRequired = Set<String>()
            var ownFlattened: [String] = []
            for pair in schema["properties"]?.pairs ?? [] {
                own.append((pair.key, SchemaNode(pair.value, schema.pointer.appending("properties").appending(pair.key))))
            }
            for value in schema["required"]?.elements ?? [] { if let text = value.scalar?.text { ownRequired.insert(text) } }
            var candidates: [(name: String, part: SchemaNode)] = []
            for part in parts {
                if let reference = part["$ref"]?.scalar?.text, let name = componentName(reference: reference).flatMap(includableStruct) {
                    candidates.append((name, part))
                } else {
                    let reference = part["$ref"]?.scalar?.text
                    if let name = reference.flatMap(componentName(reference:)) { flattened.append(name) }
                    collectProperties(
                        resolveComponent(part), into: &own, required: &ownRequired, flattened: &ownFlattened, visited: Set([reference].compactMap { $0 }))
                }
            }
            var includedWires = Set<String>()
            let ownWires = Set(own.filter { !$0.1.isEmptySchema }.map(\.0))
            for candidate in candidates {
                var baseProperties: [(String, SchemaNode)] = []
                var baseRequired = Set<String>()
                var ignored: [String] = []
                collectProperties(
                    resolveComponent(candidate.part), into: &baseProperties, required: &baseRequired, flattened: &ignored,
                    visited: [candidate.part["$ref"]?.scalar?.text ?? ""])
                let wires = Set(baseProperties.map(\.0))
                let clash =
                    !wires.isDisjoint(with: ownWires) || !wires.isDisjoint(with: includedWires)
                    || !ownRequired.intersection(wires).isSubset(of: baseRequired)
                if clash {
                    flattened.append(candidate.name)
                    properties += baseProperties
                    required.formUnion(baseRequired)
                } else {
                    includes.append(candidate.name)
                    includedWires.formUnion(wires)
                }
            }
            // An included field listed as `{}` in the own part is this project's export (so that
            // `additionalProperties` there does not take it): it is the included field.
            properties += own.filter { !(includedWires.contains($0.0) && $0.1.isEmptySchema) }
            required.formUnion(ownRequired)
            properties.removeAll { includedWires.contains($0.0) }
        } else {
            collectProperties(schema, into: &properties, required: &required, flattened: &flattened, visited: [])
        }
        // A property declared twice (a flattened part's, then the own part's narrower one) keeps its
        // first place and its last schema.
        var lastSchema: [String: SchemaNode] = [:]
        for (wire, property) in properties { lastSchema[wire] = property }
        var names = NameScope()
        var fields: [(String, YAMLValue)] = []
        var seenWire = Set<String>()
        for (wire, _) in properties where seenWire.insert(wire).inserted {
            let property = lastSchema[wire]!
            let name = names.claim(ImportNames.member(wire, fallback: "field"))
            fields.append((name, field(property, wire: wire, name: name, required: required.contains(wire), typeName: typeName)))
        }
        var additional: String?
        let extra = schema.child("additionalProperties") ?? parts.lazy.compactMap { $0.child("additionalProperties") }.first
        if let extra, let pairs = extra.node.pairs, !pairs.isEmpty {
            if fields.contains(where: { $0.0 == SwiftNaming.additionalFieldsProperty }) {
                log.warning(
                    "additionalProperties beside a property named '\(SwiftNaming.additionalFieldsProperty)': the extra members are accepted but not kept in the struct '\(typeName)'",
                    at: extra.node, extra.pointer)
            } else {
                additional = nested(extra, hint: typeName + "Extra", context: "additionalProperties")
            }
        }
        return StructParts(fields: .map(fields), includes: includes, additional: additional, flattened: flattened)
    }

    /// The struct a component's type is, when another can include it: an object with properties and
    /// no typed `additionalProperties` (a struct with `additionalFields` cannot be included), or an
    /// alias of one (`allOf` of one reference), which is its target.
    private func includableStruct(_ typeName: String) -> String? {
        var name = typeName
        for _ in 0..<16 {
            guard let key = componentNames.first(where: { $0.value == name })?.key,
                let node = document.root["components"]?["schemas"]?[key]
            else { return nil }
            let schema = SchemaNode(node, .root)
            let parts = schema.restrictingParts
            if schema["properties"] == nil, schema["additionalProperties"] == nil, parts.count == 1,
                let reference = parts[0]["$ref"]?.scalar?.text, let target = componentName(reference: reference)
            {
                name = target
                continue
            }
            return isIncludable(name) ? name : nil
        }
        return nil
    }

    private func isIncludable(_ typeName: String) -> Bool {
        guard isObjectComponent(typeName),
            let key = componentNames.first(where: { $0.value == typeName })?.key,
            let node = document.root["components"]?["schemas"]?[key]
        else { return false }
        let schema = SchemaNode(node, .root)
        guard enumShape(schema) == nil, schema["oneOf"] == nil, schema["anyOf"] == nil, schema["discriminator"] == nil,
            schema["x-discriminator"] == nil, schema["x-untagged-variants"] == nil
        else { return false }
        if let extra = schema["additionalProperties"]?.pairs, !extra.isEmpty { return false }
        for part in schema.restrictingParts {
            if let extra = part["additionalProperties"]?.pairs, !extra.isEmpty { return false }
        }
        return true
    }

    private func collectProperties(
        _ schema: SchemaNode, into properties: inout [(String, SchemaNode)], required: inout Set<String>,
        flattened: inout [String], visited: Set<String>
    ) {
        guard visited.count < 32 else { return }
        for pair in schema["properties"]?.pairs ?? [] {
            properties.append((pair.key, SchemaNode(pair.value, schema.pointer.appending("properties").appending(pair.key))))
        }
        for value in schema["required"]?.elements ?? [] { if let text = value.scalar?.text { required.insert(text) } }
        let parts = schema.restrictingParts
        guard parts.count > 1 || (parts.count == 1 && schema["properties"] != nil) else {
            if let part = parts.first {
                collectProperties(resolveComponent(part), into: &properties, required: &required, flattened: &flattened, visited: visited)
            }
            return
        }
        for part in parts {
            let reference = part["$ref"]?.scalar?.text
            if let reference, visited.contains(reference) { continue }
            // Inline parts are the struct's own fields; a referenced one is named in the note.
            if let name = reference.flatMap(componentName(reference:)) { flattened.append(name) }
            collectProperties(
                resolveComponent(part), into: &properties, required: &required, flattened: &flattened,
                visited: reference.map { visited.union([$0]) } ?? visited)
        }
    }

    private func field(_ property: SchemaNode, wire: String, name: String, required: Bool, typeName: String) -> YAMLValue {
        let stripped = StrippedSchema(property)
        var builder = MapBuilder()
        ImportNotes.read(stripped, into: &builder, extraModelled: nil)
        noteExamples(property)
        let usage: TypeUsage
        if let key = inlinedComponents.component(copiedAs: stripped), let component = componentNames[key] {
            // The copy's constraints are the component's own.
            usage = TypeUsage(expression: component, nullable: true)
        } else if let key = inlinedComponents.component(copiedAs: stripped, excluding: true), let component = componentNames[key],
            let excluded = stripped.schema["not"]?["enum"]?.elements
        {
            // The copy with the field's own `exclude:` (a `not`) added.
            usage = TypeUsage(
                expression: component, constraints: [("exclude", .list(excluded.filter { $0.scalar?.kind != .null }.map(YAMLValue.init)))], nullable: true)
        } else {
            usage = use(property, hint: typeName + ImportNames.upperCamel(wire, fallback: "Field"))
        }
        builder.set("type", usage.expression)
        if name != wire { builder.set("wire", wire) }
        let defaultValue = Self.defaultValue(of: stripped)
        if !required && defaultValue == nil { builder.set("optional", .bool(true)) }
        if required && usage.nullable && usage.expression != "json" { builder.set("nullable", .bool(true)) }
        if let defaultValue { builder.set("default", YAMLValue(defaultValue.node)) }
        for (key, value) in usage.constraints { builder.set(key, value) }
        if stripped["x-secret"]?.scalar?.text == "true" { builder.set("secret", .bool(true)) }
        fieldSources[typeName, default: [:]][name] = UseSource(
            required: required, origin: Origin(node: property.node, pointer: property.pointer), defaultOrigin: defaultValue?.origin,
            constraintOrigins: usage.origins)
        if builder.members.count == 1 { return .string(usage.expression) }
        return builder.value
    }

    // MARK: Uses

    /// The type expression for a schema where it is used; inline objects, enums and unions become
    /// named types called `hint` (with a number when taken).
    func use(_ node: SchemaNode, hint: String) -> TypeUsage {
        depth += 1
        defer { depth -= 1 }
        guard depth < 64 else {
            log.error("schemas nest more than 64 levels deep here", at: node.node, node.pointer)
            return TypeUsage(expression: "json")
        }
        let stripped = StrippedSchema(node)
        let schema = stripped.schema
        var usage = TypeUsage(expression: "json", nullable: stripped.nullable)
        var elementRules: (String, YAMLValue)?
        let shape = classify(schema)
        switch shape {
        case .reference(let name): usage.expression = name
        case .structure, .enumeration, .taggedUnion, .untaggedUnion:
            let key = schema.pointer.description
            if let name = hoisted[key] {
                usage.expression = name
            } else {
                let name = scope.claim(ImportNames.upperCamel(hint))
                hoisted[key] = name
                order.append(name)
                inlineNames.append(name)
                bodies[name] = .null
                bodies[name] = definition(
                    schema, name: name, modelled: "Named by the importer: the schema at \(schema.pointer) is inline in the OpenAPI document.")
                usage.expression = name
            }
            if case .enumeration = shape, bodies[usage.expression].map({ $0 == .map([("type", .string("json"))]) }) ?? false {
                usage.expression = "json"
            }
        case .map(let value, let integerKeys):
            let element = value.map { elementUsage($0, hint: hint + "Value") } ?? ElementUsage(expression: "json")
            usage.expression = "[\(integerKeys ? "int" : "string"): \(element.expression)]"
            elementRules = element.rules.map { ("values", $0) }
        case .array(let items):
            let element = items.map { elementUsage($0, hint: hint + "Item") } ?? ElementUsage(expression: "json")
            usage.expression = "[\(element.expression)]"
            elementRules = element.rules.map { ("items", $0) }
        case .primitive(let primitive): usage.expression = primitive
        case .json: usage.expression = "json"
        }
        (usage.constraints, usage.origins) = constraints(stripped, expression: usage.expression)
        if let elementRules { usage.constraints.append(elementRules) }
        return usage
    }

    /// A list element, map value or union variant: its type expression, and what `items:`/`values:` (or
    /// a variant's mapping) says beside it: `nullable` (not for `json`, which takes null anyway) and its
    /// constraints.
    struct ElementUsage {
        var expression: String
        var constraints: [(String, YAMLValue)] = []
        var nullable = false

        /// The `items:`/`values:` mapping, nil when it would say nothing.
        var rules: YAMLValue? {
            let members = (nullable ? [("nullable", YAMLValue.bool(true))] : []) + constraints
            return members.isEmpty ? nil : .map(members)
        }
    }

    private func elementUsage(_ node: SchemaNode, hint: String) -> ElementUsage {
        let usage = use(node, hint: hint)
        return ElementUsage(expression: usage.expression, constraints: usage.constraints, nullable: usage.nullable && usage.expression != "json")
    }

    /// A declared type for `expression`: itself when it names a type, else a new alias of it called
    /// `hint` (a stream's events must be a declared type).
    func declaredType(_ expression: String, hint: String, modelled: String) -> String {
        if bodies[expression] != nil || expression.first?.isUppercase == true { return expression }
        let name = scope.claim(ImportNames.upperCamel(hint))
        order.append(name)
        bodies[name] = .map([("type", .string(expression)), ("modelled", .string(modelled))])
        return name
    }

    /// A struct's additionalProperties: constraints and null cannot be said there.
    private func nested(_ node: SchemaNode, hint: String, context: String) -> String {
        let usage = use(node, hint: hint)
        if !usage.constraints.isEmpty {
            log.warning(
                "constraints on \(context) (\(usage.constraints.map(\.0).joined(separator: ", "))) cannot be written in the schema language: not imported",
                at: node.node, node.pointer)
        }
        if usage.nullable && usage.expression != "json" {
            log.warning("null \(context) cannot be written in the schema language: imported as not nullable", at: node.node, node.pointer)
        }
        return usage.expression
    }

    // MARK: Shapes

    struct EnumShape {
        var values: [YAMLNode]
        var rawType: String
        var varNames: [String]?
        var deprecated: Set<String>
    }

    enum Shape {
        case reference(String)
        case structure
        case enumeration(EnumShape)
        case taggedUnion(discriminator: String, variants: [(tag: String, type: String, integer: Bool)])
        case untaggedUnion([SchemaNode])
        case map(SchemaNode?, integerKeys: Bool)
        case array(SchemaNode?)
        case primitive(String)
        case json
    }

    /// Follows a `$ref` that is not a component schema (one to another place in the document).
    private func resolveLocal(_ node: SchemaNode) -> SchemaNode {
        guard let reference = node["$ref"]?.scalar?.text, componentName(reference: reference) == nil,
            let resolved = document.resolve(node.node, at: node.pointer)
        else { return node }
        return SchemaNode(resolved.node, resolved.pointer)
    }

    /// Follows any `$ref`, to a component schema too: what an `allOf` part's properties are read from.
    private func resolveComponent(_ node: SchemaNode) -> SchemaNode {
        guard node["$ref"] != nil, let resolved = document.resolve(node.node, at: node.pointer) else { return node }
        return SchemaNode(resolved.node, resolved.pointer)
    }

    private func classify(_ schema: SchemaNode) -> Shape {
        if let reference = schema["$ref"] {
            let text = reference.scalar?.text ?? ""
            if let name = componentName(reference: text) { return .reference(name) }
            guard let resolved = document.resolve(schema.node, at: schema.pointer) else { return .json }
            depth += 1
            defer { depth -= 1 }
            guard depth < 64 else { return .json }
            return classify(SchemaNode(resolved.node, resolved.pointer))
        }
        if schema["x-date-format"] != nil { return .primitive("date-time") }
        if let shape = enumShape(schema) {
            if let pattern = schema.wordPatternValues, !pattern.anchored {
                // One message for every such pattern, so a document full of them is one line with its count.
                log.warning(
                    "a pattern without regex syntax is read as the values it names, an enum ('sqs' is the value 'sqs'); unanchored, the document also allows any string containing them",
                    at: schema["pattern"], schema.pointer.appending("pattern"))
            }
            return .enumeration(shape)
        }
        if let shape = unionShape(schema) { return shape }
        // Parts that only annotate (a `description` beside a `$ref`) leave the value as the other part says.
        let parts = schema.restrictingParts
        if parts.count == 1, schema["properties"] == nil { return classify(parts[0]) }
        if parts.count > 1 {
            if parts.contains(where: isObjectLike) || schema["properties"] != nil { return .structure }
            // Every part must hold; without objects to merge, the first part says what the value is.
            log.warning(
                "allOf of \(parts.count) schemas that are not objects cannot be merged: imported as its first part", at: schema.node,
                schema.pointer.appending("allOf"))
            return classify(parts[0])
        }
        for keyword in ["anyOf", "oneOf"] {
            let branches = schema.branches(keyword)
            // One choice is that choice, as `allOf` of one part is that part.
            if branches.count == 1, schema["properties"] == nil { return classify(branches[0]) }
            guard !branches.isEmpty else { continue }
            if schema.onlyRequiresProperties(keyword) {
                // The object is what its properties say; the branches only say which of them come
                // together (GitHub's gist update: a description or files), which no type expresses.
                log.warning(
                    "\(keyword) beside properties only says which of the properties must be present together, which the schema language cannot check: imported as the object, those properties optional",
                    at: schema.node, schema.pointer.appending(keyword))
                continue
            }
            log.warning(
                "\(keyword) of \(branches.count) schemas beside properties, or with a branch that is only null, cannot be a union in the schema language: imported as json",
                at: schema.node, schema.pointer.appending(keyword))
            return .json
        }
        if schema["not"] != nil && schema["$ref"] == nil && schema.types.isEmpty {
            log.warning("'not' without a type cannot be written in the schema language: imported as json", at: schema.node, schema.pointer.appending("not"))
        }
        let types = schema.types
        guard types.count <= 1 else {
            log.warning(
                "a value of several types (\(types.joined(separator: ", "))) cannot be written in the schema language: imported as json", at: schema.node,
                schema.pointer.appending("type"))
            return .json
        }
        let type = types.first ?? (schema["properties"] != nil || schema["additionalProperties"] != nil ? "object" : schema["items"] != nil ? "array" : nil)
        switch type {
        case "object":
            if schema["properties"] != nil { return .structure }
            if let additional = schema.child("additionalProperties"), additional.node.pairs != nil {
                let integerKeys = schema["propertyNames"]?["pattern"]?.scalar?.text == WirePatterns.integerKey
                return .map(additional.node.pairs!.isEmpty ? nil : additional, integerKeys: integerKeys)
            }
            if schema["additionalProperties"]?.scalar?.text == "false" { return .structure }
            return .map(nil, integerKeys: false)
        case "array":
            return .array(schema.child("items"))
        case "string":
            // The export writes `binary` and `base64` fields alike (a base64 string, Data in Swift).
            if schema["contentEncoding"]?.scalar?.text == "base64" { return .primitive("binary") }
            switch schema["format"]?.scalar?.text {
            case "uuid": return .primitive("uuid")
            case "date": return .primitive("date")
            case "date-time": return .primitive("date-time")
            case "email": return .primitive("email")
            case "uri", "url": return .primitive("uri")
            case "binary": return .primitive("binary")
            case "byte", "base64": return .primitive("base64")
            default: return .primitive("string")
            }
        case "integer":
            switch schema["format"]?.scalar?.text {
            // int64 is Swift's Int on every platform the clients support (the export writes int as int64).
            case "int32": return .primitive("int32")
            default: return .primitive("int")
            }
        case "number":
            return .primitive(schema["format"]?.scalar?.text == "decimal" ? "decimal" : "double")
        case "boolean":
            return .primitive("bool")
        case nil:
            return .json
        default:
            log.warning("unknown type '\(type ?? "")': imported as json", at: schema["type"], schema.pointer.appending("type"))
            return .json
        }
    }

    /// `enum: [...]`, `const`, and the open enum `anyOf: [{enum: [...]}, {type: string}]` (with or
    /// without a `type` in the enum branch).
    private func enumShape(_ schema: SchemaNode) -> EnumShape? {
        let varNames = schema["x-enum-varnames"]?.elements?.compactMap(\.scalar?.text)
        let deprecated = Set(schema["x-deprecated-enum-values"]?.elements?.compactMap(\.scalar?.text) ?? [])
        func rawType(_ node: SchemaNode) -> String {
            guard node.types.first == "integer" else { return "string" }
            switch node["format"]?.scalar?.text {
            case "int32": return "int32"
            default: return "int"
            }
        }
        if let values = schema["enum"]?.elements {
            let integral = values.contains { $0.scalar?.kind == .int }
            return EnumShape(values: values, rawType: schema.types.isEmpty && integral ? "int" : rawType(schema), varNames: varNames, deprecated: deprecated)
        }
        if let constant = schema["const"], constant.scalar != nil {
            return EnumShape(values: [constant], rawType: constant.scalar?.kind == .int ? "int" : rawType(schema), varNames: varNames, deprecated: deprecated)
        }
        for keyword in ["anyOf", "oneOf"] {
            let branches = schema.branches(keyword)
            guard branches.count == 2 else { continue }
            guard let enumIndex = branches.firstIndex(where: { $0["enum"] != nil }), branches[1 - enumIndex]["enum"] == nil,
                let values = branches[enumIndex]["enum"]?.elements
            else { continue }
            let open = branches[1 - enumIndex]
            guard open["$ref"] == nil else { continue }
            if ["string", "integer"].contains(open.types.first ?? "") {
                return EnumShape(values: values, rawType: rawType(open), varNames: varNames, deprecated: deprecated)
            }
            // This project's export since issue 13: the open branch has no `type` (references state
            // it), only a keyword of the raw type (`{"minLength": 0}`, `{"format": "int64"}`); the
            // enum branch says which type.
            let known = branches[enumIndex]
            guard open.types.isEmpty, ["string", "integer"].contains(known.types.first ?? "") else { continue }
            let format = open["format"] ?? known["format"]
            let raw = known.types.first == "integer" && format?.scalar?.text == "int32" ? "int32" : known.types.first == "integer" ? "int" : "string"
            return EnumShape(values: values, rawType: raw, varNames: varNames, deprecated: deprecated)
        }
        if let pattern = schema.wordPatternValues, let node = schema["pattern"] {
            let values = pattern.words.map { YAMLNode(value: .scalar(.init(text: $0, kind: .string)), location: node.location) }
            return EnumShape(values: values, rawType: "string", varNames: varNames, deprecated: deprecated)
        }
        return nil
    }

    /// Tagged unions: this project's `x-discriminator` or OpenAPI's `discriminator` with `oneOf`/`anyOf`;
    /// untagged: `x-untagged-variants`, or `oneOf`/`anyOf` of two or more schemas of any type.
    private func unionShape(_ schema: SchemaNode) -> Shape? {
        // `anyOf: [{oneOf: [...], discriminator: ...}, {}]` (this project's export since issue 13, for
        // code generators): the `oneOf` with its discriminator is the union; `{}` admits other tags.
        if schema["x-discriminator"] == nil, schema["discriminator"] == nil {
            let branches = schema.branches("anyOf")
            let typed = branches.filter { !$0.isEmptySchema }
            if typed.count == 1, branches.count > 1, typed[0]["discriminator"] != nil, let shape = unionShape(typed[0]) {
                return shape
            }
        }
        if let discriminator = schema["x-discriminator"] ?? schema["discriminator"], let property = discriminator["propertyName"]?.scalar?.text,
            !implicitTagsContradictVariants(schema, discriminator: discriminator, property: property)
        {
            var variants: [(tag: String, type: String, integer: Bool)] = []
            // Integer tags show in the conditions: `allOf` of `if`/`then` (before issue 13) or the
            // `if`/`then`/`else` chain at the top (since), whose first condition is one tag (`const`) or,
            // for a long chain split in halves, the first half's (`enum`).
            let conditions = schema.branches("allOf").compactMap { $0["if"] } + [schema["if"]].compactMap { $0 }
            let integerTags = conditions.contains {
                let tag = $0["properties"]?[property]
                return (tag?["const"] ?? tag?["enum"]?.elements?.first)?.scalar?.kind == .int
            }
            for pair in discriminator["mapping"]?.pairs ?? [] {
                guard let reference = pair.value.scalar?.text, let name = componentName(reference: reference) else {
                    log.warning(
                        "discriminator mapping '\(pair.key)' does not name a component schema: variant not imported", at: pair.value,
                        schema.pointer.appending("discriminator").appending("mapping").appending(pair.key))
                    continue
                }
                variants.append((pair.key, name, integerTags))
            }
            // OpenAPI's implicit mapping: each branch's component key is its tag.
            for keyword in ["oneOf", "anyOf"] {
                for branch in schema.branches(keyword) {
                    guard let reference = branch["$ref"]?.scalar?.text, let name = componentName(reference: reference),
                        !variants.contains(where: { $0.type == name })
                    else { continue }
                    variants.append((JSONPointer(reference: reference)?.tokens.last ?? name, name, false))
                }
            }
            guard !variants.isEmpty else { return nil }
            return .taggedUnion(discriminator: property, variants: variants)
        }
        if schema["x-untagged-variants"]?.elements != nil {
            let listed = schema.branches("x-untagged-variants")
            return listed.isEmpty ? nil : .untaggedUnion(listed)
        }
        for keyword in ["oneOf", "anyOf"] {
            // `{}` beside the variants (this project's export since issue 13) admits other values. Any
            // branches are variants (objects, primitives, lists, maps), chosen by shape; a branch that
            // is only null, or a union beside properties, is not a union the language can write.
            let branches = schema.branches(keyword).filter { !$0.isEmptySchema }
            guard branches.count >= 2, !branches.contains(where: \.isNullOnly), schema["properties"] == nil else { continue }
            return .untaggedUnion(branches)
        }
        return nil
    }

    /// Whether a `discriminator` without a mapping cannot be read as OpenAPI's implicit mapping (each
    /// branch's component key is its tag) because a branch does not declare the property, or declares
    /// values for it that exclude its component key (netflix's `change_type: {pattern: inline_policy}`
    /// under `InlinePolicyChangeModel`). Payloads then carry the branches' own values, so the union is
    /// read without the discriminator: untagged, its variants told apart by those values as constants.
    private func implicitTagsContradictVariants(_ schema: SchemaNode, discriminator: YAMLNode, property: String) -> Bool {
        guard discriminator["mapping"]?.pairs?.isEmpty ?? true, schema["x-discriminator"] == nil else { return false }
        for keyword in ["oneOf", "anyOf"] {
            for branch in schema.branches(keyword) {
                guard let reference = branch["$ref"]?.scalar?.text, let key = JSONPointer(reference: reference)?.tokens.last else { continue }
                var properties: [(String, SchemaNode)] = []
                var required = Set<String>()
                var flattened: [String] = []
                collectProperties(resolveComponent(branch), into: &properties, required: &required, flattened: &flattened, visited: [reference])
                let declared = properties.last { $0.0 == property }.map { resolveComponent($0.1) }
                let values = declared.flatMap(enumShape)?.values.compactMap(\.scalar?.text)
                guard declared == nil || (values.map { !$0.isEmpty && !$0.contains(key) } ?? false) else { continue }
                log.warning(
                    "discriminator '\(property)' has no mapping, and branch '\(key)' \(declared == nil ? "does not declare it" : "only allows \(values!.map { "'\($0)'" }.joined(separator: ", ")) there"), so payloads cannot carry component names as tags: imported without the discriminator, its variants told apart by shape",
                    at: discriminator, schema.pointer.appending("discriminator"))
                return true
            }
        }
        return false
    }

    /// An object schema, a reference to one, or an `allOf` of them: what an `allOf` can merge.
    private func isObjectLike(_ schema: SchemaNode) -> Bool {
        if let reference = schema["$ref"]?.scalar?.text {
            return componentName(reference: reference).map(isObjectComponent) ?? false
        }
        return schema.types == ["object"] || schema["properties"] != nil || schema["allOf"] != nil
    }

    private func isObjectComponent(_ typeName: String) -> Bool {
        guard let key = componentNames.first(where: { $0.value == typeName })?.key,
            let node = document.root["components"]?["schemas"]?[key]
        else { return false }
        let schema = SchemaNode(node, .root)
        return schema.types == ["object"] || schema["properties"] != nil || schema["allOf"] != nil
    }

    // MARK: Constraints

    /// The language's constraints from JSON Schema keywords, leaving out what the type already
    /// implies (a uuid's pattern, int32's range) and warning about keywords it cannot say.
    private func constraints(_ stripped: StrippedSchema, expression: String) -> ([(String, YAMLValue)], [String: Origin]) {
        var members: [(String, YAMLValue)] = []
        var origins: [String: Origin] = [:]
        let stringLike: Set<String> = ["string", "email", "uri", "uuid", "date", "date-time", "base64", "binary"]
        let numeric: Set<String> = ["int", "int32", "int64", "double", "decimal"]
        let isNamed = expression.first?.isUppercase ?? false
        let isCollection = expression.hasPrefix("[")
        let intrinsicPatterns: Set<String> = [WirePatterns.uuid, WirePatterns.date, WirePatterns.dateTime, WirePatterns.email, WirePatterns.base64]
        let intrinsicBounds: Set<String> = [String(Int64.min), String(Int64.max), String(Int32.min), String(Int32.max)]
        var nodes = [stripped.outer]
        if stripped.schema.pointer.description != stripped.outer.pointer.description { nodes.append(stripped.schema) }
        // `allOf: [base]` beside constraints (the export's form when both set the same keyword).
        for node in nodes { nodes += node.branches("allOf").count == 1 ? node.branches("allOf") : [] }
        var seen = Set<String>()
        func add(_ key: String, _ value: YAMLValue, applies: Bool, keyword: String, node: SchemaNode) {
            guard seen.insert(key).inserted else { return }
            if applies || isNamed {
                members.append((key, value))
                origins[key] = Origin(node: node[keyword], pointer: node.pointer.appending(keyword))
            } else {
                log.warning(
                    "'\(keyword)' does not apply to \(expression) in the schema language: not imported", at: node[keyword], node.pointer.appending(keyword))
            }
        }
        let dated = nodes.contains { $0["x-date-format"] != nil }
        for node in nodes {
            for key in ["minLength", "maxLength"] {
                guard let value = node[key], value.scalar?.kind == .int else { continue }
                if key == "minLength", value.scalar?.text == "1", expression == "uri" { continue }
                add(key, YAMLValue(value), applies: stringLike.contains(expression), keyword: key, node: node)
            }
            if let pattern = node["pattern"]?.scalar?.text, !intrinsicPatterns.contains(pattern), !dated, node.wordPatternValues == nil {
                add("pattern", .string(pattern), applies: stringLike.contains(expression), keyword: "pattern", node: node)
            }
            for key in ["minimum", "maximum"] {
                guard let value = node[key], let text = value.scalar?.text, !intrinsicBounds.contains(text) || !numeric.contains(expression) else { continue }
                if dated { continue }
                add(key, YAMLValue(value), applies: numeric.contains(expression), keyword: key, node: node)
            }
            for (keyword, key) in [("minItems", "minItems"), ("maxItems", "maxItems"), ("minProperties", "minItems"), ("maxProperties", "maxItems")] {
                guard let value = node[keyword], value.scalar?.kind == .int else { continue }
                add(key, YAMLValue(value), applies: isCollection, keyword: keyword, node: node)
            }
            if let values = node["not"]?["enum"]?.elements {
                add("exclude", .list(values.map(YAMLValue.init)), applies: false, keyword: "not", node: node)
            }
            if let format = node["x-date-format"]?.scalar?.text, format != "rfc3339" {
                add("format", .string(format), applies: true, keyword: "x-date-format", node: node)
            }
            for keyword in ["exclusiveMinimum", "exclusiveMaximum", "multipleOf", "uniqueItems", "patternProperties", "dependentRequired", "if"] {
                guard let value = node[keyword], seen.insert(keyword).inserted else { continue }
                if keyword == "uniqueItems", value.scalar?.text == "false" { continue }
                if keyword == "if" { continue }
                log.warning("'\(keyword)' cannot be written in the schema language: not imported", at: value, node.pointer.appending(keyword))
            }
        }
        return (members, origins)
    }

    func noteSkippedExample(_ node: YAMLNode, _ pointer: JSONPointer) {
        skippedExamples.append((node, pointer))
    }

    private func noteExamples(_ node: SchemaNode) {
        for key in ["example", "examples"] {
            if let value = node[key] { skippedExamples.append((value, node.pointer.appending(key))) }
        }
    }
}
