import Foundation

/// Checks what a parsed schema means: every reference resolves, every name can become a distinct
/// Swift identifier, constraints and defaults make sense, path templates match their parameters, and
/// no type contains itself in a way Swift value types cannot express.
struct SchemaValidator {
    let schema: Schema
    /// Everything the schema declares, even definitions the parser rejected (see `DeclaredNames`).
    var declared = DeclaredNames()
    let log: DiagnosticLog

    private var typesByName: [String: TypeDefinition] {
        Dictionary(schema.types.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    func validate() {
        checkName(schema.api, what: "the API name", at: nil)
        if schema.environments.isEmpty {
            log.error("the schema needs at least one environment", at: nil)
        }
        schema.environments.forEach(checkEnvironment)
        checkDistinct(
            schema.environments.map { ($0.name, SwiftNaming.memberName($0.name, reserved: SwiftNaming.Reserved.environments), $0.location) },
            what: "environment names")
        checkAuth()
        checkTypeNames()
        let types = typesByName
        for type in schema.types { checkType(type, types: types) }
        checkCycles(types: types)
        checkFiniteValues()
        checkErrors(types: types)
        checkErrorFamiliesAndConditions()
        checkOperations(types: types)
        checkRequestShapes(types: types)
        checkCredentialFlows(types: types)
        checkOutcomes(types: types)
        checkResponseHeaders(types: types)
        checkCacheArguments()
        checkChannels(types: types)
        checkRenames()
        checkNullableUses()
        checkEvents(types: types)
    }

    // MARK: Names

    func checkName(_ name: String, what: String, at location: SourceLocation?) {
        if !SwiftNaming.isValidName(name) {
            log.error("\(what) '\(name)' cannot be a Swift identifier: use ASCII letters, digits and '_', not starting with a digit", at: location)
        }
    }

    /// Reports schema names that map to the same Swift name (`a_b`/`aB` after derivation, `Error`/`ErrorModel`).
    func checkDistinct(_ names: [(schema: String, swift: String, location: SourceLocation)], what: String) {
        var seen: [String: String] = [:]
        for entry in names {
            let key = SwiftNaming.bare(entry.swift)
            if let earlier = seen[key] {
                if earlier == entry.schema {
                    log.error("duplicate \(what) '\(entry.schema)'", at: entry.location)
                } else {
                    log.error("\(what) '\(earlier)' and '\(entry.schema)' both become the Swift name '\(key)'", at: entry.location)
                }
            } else {
                seen[key] = entry.schema
            }
        }
    }

    private func checkTypeNames() {
        let generated = SwiftNaming.generatedTypeNames(api: schema.api).map { (schema: $0, swift: $0) }
        var entries = generated.map { ($0.schema, $0.swift, SourceLocation(file: schema.file, line: 1, column: 1)) }
        for type in schema.types {
            checkName(type.name, what: "type name", at: type.location)
            entries.append((type.name, SwiftNaming.typeName(type.name, api: schema.api), type.location))
        }
        var seen: [String: String] = [:]
        for (index, entry) in entries.enumerated() {
            if let earlier = seen[entry.1] {
                let reason =
                    index < generated.count || generated.contains { $0.swift == entry.1 }
                    ? "the generated '\(entry.1)'" : "'\(earlier)'"
                log.error("type '\(entry.0)' becomes the Swift name '\(entry.1)', which is already used by \(reason)", at: entry.2)
            } else {
                seen[entry.1] = entry.0
            }
        }
    }

    // MARK: Environments and auth

    private func checkEnvironment(_ environment: Environment) {
        checkName(environment.name, what: "environment name", at: environment.location)
        if checkWholeURLEnvironment(environment) { return }
        // A variable may be any part of the URL, as long as the URL starts with the scheme or a variable:
        // the values given at run time then complete an absolute URL, which the generated factory checks.
        guard !environment.isCheckedAtRunTime || environment.url.hasPrefix("{") else {
            log.error(
                "the url of environment '\(environment.name)' must start with http://, https:// or a variable, like https://{host}/v1 or {server}/v1, found '\(environment.url)'",
                at: environment.location)
            return
        }
        let placeholders = environment.url.templatePlaceholders
        let declared = environment.variables.map(\.name)
        for placeholder in placeholders where !declared.contains(placeholder) {
            log.error(
                "'{\(placeholder)}' in the url of environment '\(environment.name)' is not a declared variable\(Suggestion.didYouMean(placeholder, in: declared))",
                at: environment.location)
        }
        for variable in environment.variables {
            checkName(variable.name, what: "variable name", at: variable.location)
            if !placeholders.contains(variable.name) {
                log.error("variable '\(variable.name)' of environment '\(environment.name)' is declared but not used in its url", at: variable.location)
            }
        }
        // What the defaults give is checked now; a variable without one is checked when the app supplies it.
        let defaults = environment.variables.compactMap { variable in variable.defaultValue.map { (variable.name, $0) } }
        if placeholders.allSatisfy({ declared.contains($0) }), defaults.count == environment.variables.count,
            let problem = BaseURLRules.problem(template: environment.url, values: Dictionary(defaults, uniquingKeysWith: { first, _ in first }))
        {
            log.error("the url of environment '\(environment.name)' with its variables' defaults \(problem)", at: environment.location)
        }
    }

    private func checkAuth() {
        let operationNames = schema.operations.map(\.name)
        for scheme in schema.authSchemes {
            checkName(scheme.name, what: "auth scheme name", at: scheme.location)
            switch scheme.kind {
            case .bearer(let refresh):
                if let refresh, !operationNames.contains(refresh), !declared.operations.contains(refresh) {
                    log.error(
                        "'refresh' of auth scheme '\(scheme.name)' names an unknown operation '\(refresh)'\(Suggestion.didYouMean(refresh, in: operationNames))",
                        at: scheme.location)
                }
            case .session(let login, _):
                if !operationNames.contains(login), !declared.operations.contains(login) {
                    log.error(
                        "'login' of auth scheme '\(scheme.name)' names an unknown operation '\(login)'\(Suggestion.didYouMean(login, in: operationNames))",
                        at: scheme.location)
                }
            case .apiKey, .basic:
                break
            }
        }
        checkDistinct(
            schema.authSchemes.map { ($0.name, SwiftNaming.memberName($0.name, reserved: SwiftNaming.Reserved.authSchemes), $0.location) },
            what: "auth scheme names")
        let schemeNames = schema.authSchemes.map(\.name)
        for name in Set(schema.defaultAuth.joined()).sorted() where !schemeNames.contains(name) && !declared.authSchemes.contains(name) {
            log.error("'defaultAuth' names an unknown auth scheme '\(name)'\(Suggestion.didYouMean(name, in: schemeNames))", at: nil)
        }
        checkCombinedAuth(schema.defaultAuth, context: "'defaultAuth'", at: nil)
    }

    /// A requirement's schemes are sent together, so no two may write the same header or query item (a
    /// bearer token and Basic credentials would both be `Authorization`), and an alternative listed twice
    /// is a mistake.
    func checkCombinedAuth(_ requirements: [[String]], context: String, at location: SourceLocation?) {
        for (index, requirement) in requirements.enumerated() {
            if requirements[..<index].contains(where: { Set($0) == Set(requirement) }) {
                log.error("\(context) lists the requirement [\(requirement.joined(separator: ", "))] twice", at: location)
            }
            var slots: [String: String] = [:]
            for scheme in requirement.compactMap(schema.authScheme(named:)) {
                let slot = scheme.kind.credentialSlot
                if let other = slots[slot] {
                    log.error(
                        "\(context) requires schemes '\(other)' and '\(scheme.name)' together, but both are sent as \(slot): one would overwrite the other",
                        at: location)
                }
                slots[slot] = slots[slot] ?? scheme.name
            }
        }
    }

    // MARK: Types

    private func checkType(_ type: TypeDefinition, types: [String: TypeDefinition]) {
        let context = "type '\(type.name)'"
        switch type.kind {
        case .structure(let fields):
            // Included fields are checked where they are written, in the struct that declares them.
            checkFields(type.ownFields, in: context, types: types, reserved: SwiftNaming.Reserved.fields)
            if !type.includes.isEmpty {
                checkDistinct(
                    fields.map { ($0.name, SwiftNaming.memberName($0.name, reserved: SwiftNaming.Reserved.fields), $0.location) },
                    what: "names in \(context) (with the fields it includes)")
            }
            if let additional = type.additionalFields { checkAdditionalFields(additional, of: type, fields: fields, types: types) }
        case .enumeration(let enumeration):
            for enumCase in enumeration.cases {
                checkName(enumCase.name, what: "case name", at: enumCase.location)
            }
            // Derived names are shown as the raw values they came from.
            checkDistinct(
                enumeration.cases.map { enumCase in
                    let shown = SwiftNaming.derivedCaseName(fromRawValue: enumCase.value) == enumCase.name ? enumCase.value : enumCase.name
                    return (shown, SwiftNaming.memberName(enumCase.name, reserved: SwiftNaming.Reserved.enumCases), enumCase.location)
                }, what: "cases of \(context)")
            var values: [String: String] = [:]
            for enumCase in enumeration.cases {
                if let other = values[enumCase.value] {
                    log.error("cases '\(other)' and '\(enumCase.name)' of \(context) have the same value '\(enumCase.value)'", at: enumCase.location)
                }
                values[enumCase.value] = enumCase.name
            }
        case .union(let union):
            var tags: [String: String] = [:]
            for variant in union.variants {
                checkName(variant.name, what: "variant name", at: variant.location)
                if union.discriminator != nil, let other = tags[variant.tag] {
                    log.error("variants '\(other)' and '\(variant.name)' of \(context) have the same tag '\(variant.tag)'", at: variant.location)
                }
                tags[variant.tag] = variant.name
                guard resolve(variant.type, at: variant.location, types: types) else { continue }
                // A date format only a struct field applies would be silently read as RFC 3339 here.
                checkDateFormatPlacement(variant.type, asField: false, in: "variant '\(variant.name)' of \(context)", at: variant.location)
                checkConstraints(variant.constraints, for: variant.type, in: "variant '\(variant.name)' of \(context)", at: variant.location, types: types)
                if union.discriminator != nil {
                    // The tag is a key of the variant's JSON object.
                    if case .named(let name) = variant.type, let target = types[name], case .structure = target.kind {
                        if target.additionalFields != nil {
                            log.error(
                                "variant '\(variant.name)' of \(context) is '\(name)', which has 'additionalFields': the tag '\(union.discriminator ?? "")' would be one of its extra members; use a struct without them as a tagged variant",
                                at: variant.location)
                        }
                        continue
                    }
                    log.error(
                        "variant '\(variant.name)' of \(context) must be a struct type, but '\(variant.type)' is not; the discriminator is a key of the variant's object (without a 'discriminator', a union's variants may be any type, chosen by shape)",
                        at: variant.location)
                } else if schema.variantShape(of: variant.type) == nil {
                    log.error(
                        "variant '\(variant.name)' of \(context) is '\(variant.type)', which takes any JSON value, so the union could not choose by shape; an untagged union's variant is a primitive other than json, a list, a map, an enum, a struct or an alias of one (the union keeps a payload no variant takes as .undocumented)",
                        at: variant.location)
                }
            }
            checkDistinct(
                union.variants.map { ($0.name, SwiftNaming.memberName($0.name, reserved: SwiftNaming.Reserved.unionVariants), $0.location) },
                what: "variants of \(context)")
            if union.discriminator == nil { checkUntaggedVariantsDiffer(union, in: context) }
        case .alias(let target, let constraints):
            if resolve(target, at: type.location, types: types) {
                checkConstraints(constraints, for: target, in: context, at: type.location, types: types)
            }
        }
    }

    /// `additionalFields: T`: a type the extra members decode as, and a Swift property no field takes.
    private func checkAdditionalFields(_ additional: AdditionalFields, of type: TypeDefinition, fields: [Field], types: [String: TypeDefinition]) {
        if resolve(additional.type, at: additional.location, types: types) {
            checkDateFormatPlacement(additional.type, asField: false, in: "'additionalFields' of type '\(type.name)'", at: additional.location)
        }
        let property = SwiftNaming.bare(SwiftNaming.additionalFieldsProperty)
        for field in fields where SwiftNaming.bare(SwiftNaming.memberName(field.name, reserved: SwiftNaming.Reserved.fields)) == property {
            log.error(
                "field '\(field.name)' of type '\(type.name)' becomes the Swift property '\(property)', which holds the struct's 'additionalFields': rename the field (its 'wire' name can stay)",
                at: field.location)
        }
    }

    /// An untagged union tries the variants of a payload's JSON kind in the order
    /// `Schema.untaggedCandidates` defines: a variant that takes every payload a later one takes leaves
    /// the later one never chosen, so lint rejects the later one.
    private func checkUntaggedVariantsDiffer(_ union: Union, in context: String) {
        let shapes = union.variants.map { schema.variantShape(of: $0.type) }
        for (earlierIndex, laterIndex) in VariantShape.shadowed(shapes) {
            let (other, variant) = (union.variants[earlierIndex], union.variants[laterIndex])
            guard let otherShape = shapes[earlierIndex], let shape = shapes[laterIndex] else { continue }
            let why: String
            switch (otherShape, shape) {
            case (.structure(let keys, let constants, _), .structure):
                let required = keys.isEmpty ? "no keys" : "the same keys (" + keys.sorted().joined(separator: ", ") + ")"
                // After the JSON kind, constants are what tells structs apart: say which the two share.
                let shared =
                    constants.isEmpty
                    ? "'\(other.name)' holds no constant"
                    : "the same constants (" + constants.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ") + ")"
                why =
                    "require \(required) and \(shared), so without a 'discriminator' no payload can tell them apart; give both a required field of a one-case enum with different values (a constant such as 'type: \(other.name)' and 'type: \(variant.name)'), give one a required field the other lacks, give both a field of one name whose values differ in JSON kind (a list of strings and a list of objects), or add a 'discriminator'"
            case (.structure, _):
                why = "are both JSON objects, and '\(other.name)' requires no keys, so it takes every object the map would; give it a required field"
            case (.list, _), (.map, _):
                why =
                    "are both JSON \(shape.kind == .array ? "lists" : "objects") and '\(other.name)' takes every payload '\(variant.name)' does (lists and maps are tried in declaration order, elements unranked); declare '\(variant.name)' first or make their elements differ"
            case (.string, _), (.integer, _), (.fraction, _), (.boolean, _):
                why =
                    "are both JSON \(shape.kind == .number ? "numbers" : shape.kind == .boolean ? "booleans" : "strings") that no payload tells apart ('\(other.type)' and '\(variant.type)'), so '\(variant.name)' would never be chosen; keep one, or add a 'discriminator' with struct variants"
            }
            log.error("variants '\(other.name)' and '\(variant.name)' of \(context) \(why)", at: variant.location)
        }
    }

    /// A date alias with a `format:` is decoded by the struct field that holds it; in a list, a map, a
    /// body or a response nothing would apply the format, so it is an error there rather than a value
    /// silently read as RFC 3339.
    private func checkDateFormatPlacement(_ reference: TypeReference, asField: Bool, in context: String, at location: SourceLocation) {
        switch reference {
        case .primitive: return
        case .array(let element), .map(_, let element): checkDateFormatPlacement(element, asField: false, in: context, at: location)
        case .named(let name):
            guard !asField, let format = schema.dateFormat(of: reference) else { return }
            log.error(
                "'\(name)' has the date format '\(format)', which only a struct field of that type applies; in a list, a map, a body or a response (\(context)) nothing would apply it",
                at: location)
        }
    }

    /// C0 and C1 controls, DEL and the Unicode line and paragraph separators.
    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029
    }

    /// Fields of a struct, or parameters of one kind: legal distinct names and wire names, resolved types,
    /// sensible constraints and defaults.
    func checkFields(
        _ fields: [Field], in context: String, types: [String: TypeDefinition], reserved: Set<String>, sentInHeadOfRequest: Bool = false
    ) {
        var wireNames: [String: String] = [:]
        for field in fields {
            let fieldContext = "'\(field.name)' of \(context)"
            checkName(field.name, what: "name", at: field.location)
            if let other = wireNames[field.wireName] {
                log.error("'\(other)' and '\(field.name)' of \(context) have the same wire name '\(field.wireName)'", at: field.location)
            }
            wireNames[field.wireName] = field.name
            if sentInHeadOfRequest, field.wireName.unicodeScalars.contains(where: Self.isControl) {
                // A path segment, query item or header cannot carry one (a JSON key can, and is escaped
                // wherever it is printed).
                log.error("the wire name of \(fieldContext) contains a control character (a line break, tab or escape)", at: field.location)
            }
            guard resolve(field.type, at: field.typeLocation, types: types) else { continue }
            checkDateFormatPlacement(field.type, asField: true, in: fieldContext, at: field.typeLocation)
            checkConstraints(field.constraints, for: field.type, in: fieldContext, at: field.location, types: types)
            if let defaultValue = field.defaultValue {
                if let problem = mismatch(defaultValue, field.type, types: types) {
                    log.error("the default of \(fieldContext) \(problem)", at: defaultValue.location)
                } else if let bounds = DefaultValueRules.outOfBounds(defaultValue, field.constraints.ruleValues) {
                    log.error("the default of \(fieldContext) \(bounds)", at: defaultValue.location)
                } else if let text = defaultValue.scalar?.text, field.constraints.excludes(text) {
                    log.error("the default of \(fieldContext) is '\(text)', a value its 'exclude' rules out", at: defaultValue.location)
                }
            }
        }
        checkDistinct(fields.map { ($0.name, SwiftNaming.memberName($0.name, reserved: reserved), $0.location) }, what: "names in \(context)")
    }

    /// Resolves named types in a reference, reporting unknown ones and nesting too deep for the
    /// generated Swift once aliases are followed.
    @discardableResult
    func resolve(_ reference: TypeReference, at location: SourceLocation, types: [String: TypeDefinition]) -> Bool {
        guard resolveNames(reference, at: location, types: types) else { return false }
        let limit = TypeExpression.maximumNesting
        if nesting(of: reference, types: types, aliasesFollowed: 0) > limit {
            log.error("type '\(reference)' nests lists and maps more than \(limit) levels deep once its aliases are followed", at: location)
            return false
        }
        return true
    }

    private func resolveNames(_ reference: TypeReference, at location: SourceLocation, types: [String: TypeDefinition]) -> Bool {
        switch reference {
        case .primitive: return true
        case .named(let name): return resolveNamed(name, at: location, types: types) != nil
        case .array(let element): return resolveNames(element, at: location, types: types)
        case .map(_, let value): return resolveNames(value, at: location, types: types)
        }
    }

    /// How many lists and maps a reference nests, through aliases (each expression is already at most
    /// `maximumNesting` deep; alias cycles are reported by `checkCycles`, so following stops after 32).
    private func nesting(of reference: TypeReference, types: [String: TypeDefinition], aliasesFollowed: Int) -> Int {
        switch reference {
        case .primitive: return 0
        case .array(let element): return 1 + nesting(of: element, types: types, aliasesFollowed: aliasesFollowed)
        case .map(_, let value): return 1 + nesting(of: value, types: types, aliasesFollowed: aliasesFollowed)
        case .named(let name):
            guard aliasesFollowed < 32, case .alias(let target, _)? = types[name]?.kind else { return 0 }
            return nesting(of: target, types: types, aliasesFollowed: aliasesFollowed + 1)
        }
    }

    private func resolveNamed(_ name: String, at location: SourceLocation, types: [String: TypeDefinition]) -> TypeDefinition? {
        if let type = types[name] { return type }
        if declared.types.contains(name) { return nil }
        let candidates = Array(types.keys) + Primitive.allCases.map(\.rawValue)
        log.error("unknown type '\(name)'\(Suggestion.didYouMean(name, in: candidates))", at: location)
        return nil
    }

    /// What a reference finally is once aliases are followed.
    private enum Shape {
        case primitive(Primitive)
        case array, map, structure
        case enumeration(Enumeration)
        case union
    }

    private func shape(of reference: TypeReference, types: [String: TypeDefinition], depth: Int = 0) -> Shape? {
        switch reference {
        case .primitive(let primitive): return .primitive(primitive)
        case .array: return .array
        case .map: return .map
        case .named(let name):
            guard depth < 32, let type = types[name] else { return nil }
            switch type.kind {
            case .structure: return .structure
            case .enumeration(let enumeration): return .enumeration(enumeration)
            case .union: return .union
            case .alias(let target, _): return shape(of: target, types: types, depth: depth + 1)
            }
        }
    }

    func checkConstraints(
        _ constraints: Constraints, for type: TypeReference, in context: String, at location: SourceLocation,
        types: [String: TypeDefinition]
    ) {
        guard !constraints.isEmpty, let shape = shape(of: type, types: types) else { return }
        let target: ConstraintRules.Target
        switch shape {
        case .primitive(let primitive): target = .primitive(primitive)
        case .enumeration(let enumeration): target = .enumeration(stringRaw: enumeration.rawType == .string)
        case .array, .map: target = .collection
        case .structure, .union: target = .other
        }
        for problem in ConstraintRules.problems(constraints.ruleValues, on: target) {
            switch problem {
            case .notApplicable(let key, let kind): log.error("'\(key)' of \(context) applies to \(kind), not to '\(type)'", at: location)
            case .negative(let key, let value): log.error("'\(key)' of \(context) must be an integer ≥ 0, found \(Self.format(value))", at: location)
            case .inverted(let low, let lowValue, let high, let highValue):
                log.error("\(low) \(Self.format(lowValue)) of \(context) is greater than \(high) \(Self.format(highValue))", at: location)
            case .invalidPattern(let pattern): log.error("'pattern' of \(context) is not a valid regular expression: \(pattern)", at: location)
            }
        }
        if let excluded = constraints.excluded { checkExcluded(excluded, of: type, in: context, at: location, types: types) }
        if let elements = constraints.elements { checkElements(elements, of: type, in: context, at: location, types: types) }
    }

    private func isDateTime(_ shape: Shape) -> Bool {
        if case .primitive(.dateTime) = shape { return true }
        return false
    }

    private static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }

    /// Why a literal (a default) does not fit a type, or nil when it does (DefaultValueRules, which import
    /// applies too).
    private func mismatch(_ value: YAMLNode, _ type: TypeReference, types: [String: TypeDefinition]) -> String? {
        guard let expected = expected(type, types: types) else { return nil }
        return DefaultValueRules.mismatch(value, expected)
    }

    private func expected(_ type: TypeReference, types: [String: TypeDefinition]) -> DefaultValueRules.Expected? {
        guard let shape = shape(of: type, types: types) else { return nil }
        switch shape {
        case .primitive(let primitive): return .primitive(primitive)
        case .enumeration(let enumeration): return .enumeration(enumeration.cases.map(\.value))
        case .array:
            // An alias of a list is checked as a list; its elements only where the type is written out.
            if case .array(let element) = type { return .list(expected(element, types: types)) }
            return .list(nil)
        case .map, .structure, .union: return .unsupported
        }
    }

    // MARK: Cycles

    /// A type may contain itself (the renderer stores the fields that close a cycle out of line, see
    /// `Schema.indirectFields`), but an alias is only another name: one that refers to itself, directly
    /// or through other aliases and the lists and maps they name, names nothing Swift can declare.
    private func checkCycles(types: [String: TypeDefinition]) {
        func edges(_ type: TypeDefinition) -> [(String, String)] {
            switch type.kind {
            case .alias(let target, _):
                return target.namedTypes.filter { if case .alias? = types[$0]?.kind { true } else { false } }.map { ($0, type.name) }
            case .structure, .enumeration, .union:
                return []
            }
        }
        // Only a type that can reach a cycle can be on one: peel off, repeatedly, the types whose every
        // edge leads to peeled types (or to none), and search from what is left, within it. Each search
        // keeps the step that reached a type rather than a copy of the path, so a long chain of types
        // costs linear time instead of cubic.
        var successors: [String: [(target: String, step: String)]] = [:]
        var predecessors: [String: [String]] = [:]
        var remainingEdges: [String: Int] = [:]
        for (name, type) in types {
            let typeEdges = edges(type).filter { types[$0.0] != nil }
            successors[name] = typeEdges.map { (target: $0.0, step: $0.1) }
            remainingEdges[name] = typeEdges.count
            for (target, _) in typeEdges { predecessors[target, default: []].append(name) }
        }
        var peeled: Set<String> = []
        var leaves = types.keys.filter { remainingEdges[$0] == 0 }
        while let leaf = leaves.popLast() {
            guard peeled.insert(leaf).inserted else { continue }
            for user in predecessors[leaf] ?? [] {
                remainingEdges[user, default: 0] -= 1
                if remainingEdges[user] == 0 { leaves.append(user) }
            }
        }
        var reported: Set<String> = []
        for start in schema.types where !peeled.contains(start.name) {
            var stack = [start.name]
            var reachedBy: [String: (from: String, step: String)] = [:]
            func path(to name: String) -> [String] {
                var steps: [String] = []
                var current = name
                while let (from, step) = reachedBy[current] {
                    steps.append(step)
                    current = from
                }
                return steps.reversed()
            }
            while let name = stack.popLast() {
                for (target, step) in successors[name] ?? [] where !peeled.contains(target) {
                    if target == start.name {
                        if reported.insert(start.name).inserted {
                            log.error(
                                "alias '\(start.name)' refers to itself through \((path(to: name) + [step]).joined(separator: " -> ")); make one of them a struct or a union",
                                at: start.location)
                        }
                    } else if reachedBy[target] == nil {
                        reachedBy[target] = (name, step)
                        stack.append(target)
                    }
                }
            }
        }
    }

    /// A cycle of fields that must be present and not null (`Node.next: Node`) has no finite JSON: no
    /// payload can satisfy it and no Swift value can be built. An optional or nullable field, a list or
    /// a map on the cycle ends it, and so does a union with a variant off the cycle.
    private func checkFiniteValues() {
        let needs = schema.finiteValueNeeds
        let heights = FiniteValues.heights(of: needs)
        for cycle in FiniteValues.cycles(in: needs, heights: heights, order: schema.types.map(\.name)) {
            guard let name = cycle.last?.type, let type = schema.type(named: name) else { continue }
            let steps = cycle.compactMap(\.step)
            // A cycle of aliases alone has no field to make optional: `checkCycles` reports it.
            guard !steps.isEmpty else { continue }
            log.error(
                "type '\(name)' can never have a finite value: it requires itself through \(steps.joined(separator: " -> ")); make a field on the cycle optional or nullable, or hold it in a list or a map",
                at: type.location)
        }
    }

    // MARK: Errors

    private func checkErrors(types: [String: TypeDefinition]) {
        guard let catalogue = schema.errors else { return }
        if let body = catalogue.body, let location = catalogue.bodyLocation {
            if resolve(body, at: location, types: types), let codePath = catalogue.codePath {
                checkPath(codePath, in: body, what: "the error 'code'", at: location, types: types, expectArray: false)
            }
        } else if catalogue.codePath != nil {
            log.error("'errors' has a 'code' path but no 'body' type to find it in", at: nil)
        }
        var codes: [String: String] = [:]
        var statusOnly: [Int: String] = [:]
        for errorCase in catalogue.cases {
            checkName(errorCase.name, what: "error name", at: errorCase.location)
            if let code = errorCase.code {
                if catalogue.codePath == nil {
                    log.error("error '\(errorCase.name)' has a code, but 'errors' has no 'code' path saying where the body holds it", at: errorCase.location)
                }
                if let other = codes[code] {
                    log.error("errors '\(other)' and '\(errorCase.name)' have the same code '\(code)'", at: errorCase.location)
                }
                codes[code] = errorCase.name
            } else if let status = errorCase.status {
                if let other = statusOnly[status] {
                    checkSharedStatus(status, first: other, second: errorCase, in: catalogue)
                } else {
                    statusOnly[status] = errorCase.name
                }
            }
            checkCaseBody(errorCase, types: types)
        }
        checkDistinct(
            catalogue.cases.map { ($0.name, SwiftNaming.memberName($0.name, reserved: SwiftNaming.Reserved.errorCases), $0.location) },
            what: "error names")
        checkMatchPrecedence(catalogue)
    }

    /// The fields along a dotted wire-name path from `root`, or nil after an error saying where the path
    /// breaks; `subject` starts the message (`the error 'code' path`).
    func fields(
        along path: String, in root: TypeReference, subject: String, at location: SourceLocation, types: [String: TypeDefinition]
    ) -> [Field]? {
        let dotted = FieldPath(path)
        switch dotted.resolve(from: root, types: { types[$0] }) {
        case .fields(let fields):
            return fields
        case .notAStruct(let type, _):
            log.error("\(subject) '\(path)' goes through '\(type)', which is not a struct", at: location)
        case .noField(let index, let name, let fields):
            let key = dotted.keys[index]
            log.error("\(subject) '\(path)': '\(name)' has no field '\(key)'\(Suggestion.didYouMean(key, in: fields.map(\.wireName)))", at: location)
        }
        return nil
    }

    /// A dotted path through struct fields (by wire name), e.g. the error code or pagination fields.
    @discardableResult
    func checkPath(
        _ path: String, in root: TypeReference, what: String, at location: SourceLocation,
        types: [String: TypeDefinition], expectArray: Bool
    ) -> Bool {
        guard let fields = fields(along: path, in: root, subject: "\(what) path", at: location, types: types) else { return false }
        let current = fields.last?.type ?? root
        if expectArray, case .array = current {
        } else if expectArray {
            log.error("\(what) path '\(path)' must lead to a list, but leads to '\(current)'", at: location)
            return false
        }
        return true
    }

    // MARK: Operations

    /// Operations may share a method and path (parameter names aside) when a server can tell their
    /// requests apart by what each must carry (`RequestRequirements`: required query parameters and
    /// headers, the body); the sandbox and `schema-check traffic` then give a request to the first whose
    /// checks pass, most requirements first. Two that require the same cannot be told apart: the sandbox
    /// would answer both as one. An SDK's overloads that reach one endpoint are one operation with
    /// optional parameters.
    private func checkDistinctRoutes() {
        var routes: [String: [OperationDefinition]] = [:]
        for operation in schema.operations where !operation.hasAbsoluteURL {
            let sharing = routes[operation.routeKey, default: []]
            let requirements = operation.requestRequirements
            if let twin = sharing.first(where: { $0.requestRequirements == requirements }) {
                log.error(
                    "operations '\(twin.name)' and '\(operation.name)' are both \(operation.method) \(operation.path) and require the same (\(requirements.summary)): a server cannot tell them apart; make them one operation (optional parameters cover an SDK's overloads), give them different paths, or make one require what the other does not",
                    at: operation.pathLocation)
            }
            routes[operation.routeKey, default: []].append(operation)
        }
    }

    private func checkOperations(types: [String: TypeDefinition]) {
        let schemeNames = schema.authSchemes.map(\.name)
        let errorNames = schema.errors?.cases.map(\.name) ?? []
        checkDistinctRoutes()
        for operation in schema.operations {
            let context = "operation '\(operation.name)'"
            checkName(operation.name, what: "operation name", at: operation.location)
            checkPathTemplate(operation)
            checkPathParameters(operation.pathParameters, of: context, secretsGoIn: "a header, the query or the body")
            checkFields(operation.pathParameters, in: "the path of \(context)", types: types, reserved: [], sentInHeadOfRequest: true)
            checkFields(operation.queryParameters, in: "the query of \(context)", types: types, reserved: [], sentInHeadOfRequest: true)
            checkFields(operation.headerParameters, in: "the headers of \(context)", types: types, reserved: [], sentInHeadOfRequest: true)
            for (location, field) in operation.parameters {
                checkScalarParameter(field, location: location, in: context, types: types)
                // Only for date-times: a format on anything else is already reported as such.
                if schema.effectiveDateFormat(of: field) != nil, let shape = shape(of: field.type, types: types), isDateTime(shape) {
                    log.error(
                        "\(location.rawValue) parameter '\(field.name)' of \(context) has a date 'format'; formats apply to struct fields, and parameters are sent as RFC 3339",
                        at: field.location)
                }
            }
            for reference in [(operation.body?.type, operation.body?.typeLocation), (operation.response, operation.responseLocation)] {
                if let type = reference.0, let location = reference.1 { checkDateFormatPlacement(type, asField: false, in: context, at: location) }
            }
            var allNames = operation.parameters.map {
                ($0.field.name, SwiftNaming.memberName($0.field.name, reserved: SwiftNaming.Reserved.parameters), $0.field.location)
            }
            if let body = operation.body {
                resolve(body.type, at: body.typeLocation, types: types)
                allNames.append(("body", "body", body.typeLocation))
            }
            checkDistinct(allNames, what: "parameters of \(context)")
            if let response = operation.response, let location = operation.responseLocation {
                resolve(response, at: location, types: types)
            }
            for error in operation.errors where !errorNames.contains(error) && !declared.errorCases.contains(error) {
                log.error("\(context) lists an unknown error '\(error)'\(Suggestion.didYouMean(error, in: errorNames))", at: operation.location)
            }
            for scheme in operation.auth where !schemeNames.contains(scheme) && !declared.authSchemes.contains(scheme) {
                log.error("\(context) uses an unknown auth scheme '\(scheme)'\(Suggestion.didYouMean(scheme, in: schemeNames))", at: operation.location)
            }
            checkCombinedAuth(operation.authRequirements, context: context, at: operation.location)
            if let header = operation.idempotencyKeyHeader, !Self.isHeaderName(header) {
                log.error("'idempotencyKey' of \(context) must be a header name, found '\(header)'", at: operation.location)
            }
            for (_, field) in operation.parameters where field.wireName.isEmpty {
                log.error("parameter '\(field.name)' of \(context) has an empty wire name", at: field.location)
            }
            for field in operation.headerParameters where !Self.isHeaderName(field.wireName) {
                log.error("header parameter '\(field.name)' of \(context) has '\(field.wireName)', which is not a valid header name", at: field.location)
            }
            if let pagination = operation.pagination {
                checkPagination(pagination, of: operation, types: types)
            }
            if let stream = operation.stream {
                checkStream(stream, of: operation, types: types)
            }
            if let requestStream = operation.requestStream {
                checkRequestStream(requestStream, of: operation, types: types)
            }
        }
        checkDistinct(
            schema.operations.map { ($0.name, SwiftNaming.operationName($0.name, api: schema.api), $0.location) },
            what: "operation names")
        checkDistinct(
            schema.operations.map { ($0.name, SwiftNaming.operationInfoName($0.name, api: schema.api), $0.location) },
            what: "operation names")
    }

    /// A path parameter is always sent, and never secret: a path is written to server and proxy logs and
    /// cannot be redacted. Operations and channels alike (`secretsGoIn`: where the message sends a secret).
    func checkPathParameters(_ fields: [Field], of context: String, secretsGoIn: String) {
        for field in fields where field.isOptional || field.isNullable || field.defaultValue != nil {
            log.error("path parameter '\(field.name)' of \(context) is always required: remove optional, nullable and default", at: field.location)
        }
        for field in fields where field.isSecret {
            log.error(
                "path parameter '\(field.name)' of \(context) cannot be secret: a path is written to server and proxy logs and cannot be redacted; send the secret in \(secretsGoIn)",
                at: field.location)
        }
    }

    /// `what`: how diagnostics name it, "operation 'x'" or "channel 'x'".
    func checkPathTemplate(_ operation: OperationDefinition, what: String? = nil) {
        let what = what ?? "operation '\(operation.name)'"
        let placeholders = operation.path.templatePlaceholders
        let declared = operation.pathParameters.map(\.wireName)
        let undeclared = placeholders.filter { !declared.contains($0) }
        let unused = operation.pathParameters.map(\.wireName).filter { !placeholders.contains($0) }
        // A name misspelt in the path or under `path` is one mistake: the placeholder is reported with the
        // unused parameter it was meant to be, and that parameter is not reported again as unused.
        var meantParameters: Set<String> = []
        for placeholder in undeclared {
            let candidates = unused.filter { !meantParameters.contains($0) }
            let meant = Suggestion.closest(to: placeholder, in: candidates) ?? (undeclared.count == 1 && unused.count == 1 ? unused.first : nil)
            if let meant { meantParameters.insert(meant) }
            let suggestion = meant.map { "; did you mean '\($0)'?" } ?? Suggestion.didYouMean(placeholder, in: declared)
            log.error(
                "path parameter '\(placeholder)' of \(what) is not declared under 'path'\(suggestion)",
                at: operation.pathLocation)
        }
        for field in operation.pathParameters where !placeholders.contains(field.wireName) && !meantParameters.contains(field.wireName) {
            log.error(
                "path parameter '\(field.name)' of \(what) is declared but not used in the path '\(operation.path)'",
                at: field.location)
        }
        if operation.path.contains("#") {
            log.error(
                "the path of \(what) must not contain '#': a fragment is never sent; declare query parameters under 'query'",
                at: operation.pathLocation)
        }
        checkLiteralQuery(operation)
    }

    /// A literal query pair is sent with every request, so no parameter or API key may send the same name:
    /// the request would carry it twice, or with another value than the one the path fixes.
    private func checkLiteralQuery(_ operation: OperationDefinition) {
        let apiKeys = operation.auth.compactMap { name -> String? in
            if case .apiKey(.query, let item)? = schema.authScheme(named: name)?.kind { return item }
            return nil
        }
        for item in operation.literalQuery {
            if let field = operation.queryParameters.first(where: { $0.wireName == item.name }) {
                log.error(
                    "query parameter '\(field.name)' of operation '\(operation.name)' sends '\(item.name)', which the path's literal query fixes to '\(item.value)'; remove the parameter or the literal item",
                    at: field.location)
            }
            if apiKeys.contains(item.name) {
                log.error(
                    "the literal query item '\(item.name)' of operation '\(operation.name)' is also the query item of its API key; rename one",
                    at: operation.pathLocation)
            }
        }
    }

    func checkScalarParameter(_ field: Field, location: ParameterLocation, in context: String, types: [String: TypeDefinition]) {
        if location == .query, isQueryObject(field.type, types: types) { return }  // checked by checkRequestShapes
        var type = field.type
        if location == .query, case .array(let element) = type { type = element }
        switch shape(of: type, types: types) {
        case .primitive(let primitive) where primitive != .json:
            return
        case .enumeration, nil:
            return
        case .primitive, .array, .map, .structure, .union:
            let allowed = location == .query ? "a primitive, an enum, or a list of them" : "a primitive or an enum"
            log.error("\(location.rawValue) parameter '\(field.name)' of \(context) must be \(allowed), found '\(field.type)'", at: field.typeLocation)
        }
    }

    private func checkPagination(_ pagination: Pagination, of operation: OperationDefinition, types: [String: TypeDefinition]) {
        let context = "the pagination of operation '\(operation.name)'"
        guard let response = operation.response else {
            log.error("\(context) needs a response type to page through", at: pagination.location)
            return
        }
        if checkPath(pagination.items, in: response, what: "\(context): 'items'", at: pagination.location, types: types, expectArray: true),
            let list = fields(along: pagination.items, in: response, subject: "", at: pagination.location, types: types)?.last,
            list.constraints.elements?.isNullable ?? false
        {
            // The paginator yields the page's elements as the item type itself.
            log.error(
                "\(context): 'items' path '\(pagination.items)' leads to '\(list.type)' whose elements may be null; a paginator yields items, not nils: use elements that are not nullable",
                at: pagination.location)
        }
        // What the runtime's paginator reads from a page: a token or cursor is text, `totalPages` a count,
        // `last` a flag. Checked here, so a schema lint accepts never generates a paginator that does not compile.
        let cursorKind = pagination.style == .page ? "a page number" : "a \(pagination.style.rawValue)"
        let responseFields: [(key: String, path: String?, expected: PaginationValue)] = [
            ("next", pagination.next, .text), ("previous", pagination.previous, .text),
            ("totalPages", pagination.totalPages, .integer), ("last", pagination.last, .flag),
        ]
        for (key, path, expected) in responseFields {
            guard let path, checkPath(path, in: response, what: "\(context): '\(key)'", at: pagination.location, types: types, expectArray: false),
                let field = field(atPath: path, in: response, types: types)
            else { continue }
            if !expected.accepts(schema.resolvingAliases(field.type)) {
                log.error(
                    "\(context): '\(key)' leads to field '\(field.wireName)' of type '\(field.type)', but must lead to \(expected.description)\(key == "next" || key == "previous" ? " (\(cursorKind))" : "")",
                    at: pagination.location)
            }
        }
        var inputs = operation.parameters.map(\.field.name)
        var inputFields = operation.parameters.map(\.field)
        if let body = operation.body, case .named(let name) = body.type, let type = types[name] {
            inputs += type.fields.map(\.name)
            inputFields += type.fields
        }
        // The request side: the paginator passes a page number (an `Int`, converted to the parameter's
        // integer type) or a token or cursor (`String?`, nil for the first page), and a page size as an `Int`.
        let requestKey = pagination.style == .page ? "page" : pagination.style.rawValue
        for (key, name, expected) in [(requestKey, pagination.requestParameter, pagination.style == .page ? PaginationValue.integer : .optionalText)]
            + (pagination.sizeParameter.map { [("size", $0, PaginationValue.integer)] } ?? [])
        {
            guard let field = inputFields.first(where: { $0.name == name }) else { continue }
            let type = schema.resolvingAliases(field.type)
            if !expected.accepts(type) || (expected == .optionalText && !field.isSwiftOptional) {
                log.error(
                    "\(context): '\(key)' names '\(name)' of type '\(field.type)'\(expected == .optionalText && !field.isSwiftOptional ? " (required)" : ""), but it must be \(expected.description)",
                    at: pagination.location)
            }
        }
        // The backward sequences take the page to walk back from as `before:`.
        if pagination.previous != nil, let clash = operation.parameters.first(where: { SwiftNaming.bare(SwiftNaming.memberName($0.field.name)) == "before" }) {
            log.error(
                "parameter 'before' of operation '\(operation.name)' clashes with the page argument of the backward sequences 'previous' generates; rename the parameter",
                at: clash.field.location)
        }
        for input in [pagination.requestParameter, pagination.sizeParameter].compactMap({ $0 }) where !inputs.contains(input) {
            log.error(
                "\(context) names '\(input)', which is not a parameter or body field of the operation\(Suggestion.didYouMean(input, in: inputs))",
                at: pagination.location)
        }
    }

    /// The field a (checked) dotted path leads to.
    private func field(atPath path: String, in root: TypeReference, types: [String: TypeDefinition]) -> Field? {
        FieldPath(path).fields(from: root, types: { types[$0] })?.last
    }

    /// What a pagination key must lead to.
    private enum PaginationValue: Equatable, CustomStringConvertible {
        case text, optionalText, integer, flag

        func accepts(_ type: TypeReference) -> Bool {
            guard case .primitive(let primitive) = type else { return false }
            switch self {
            case .text, .optionalText: return primitive == .string || primitive == .email
            case .integer: return primitive.isInteger
            case .flag: return primitive == .bool
            }
        }

        var description: String {
            switch self {
            case .text: return "a string"
            case .optionalText: return "an optional string (the first page is fetched without one)"
            case .integer: return "an integer (int, int32 or int64)"
            case .flag: return "a bool"
            }
        }
    }

    // MARK: Helpers

    static func isHeaderName(_ name: String) -> Bool {
        // RFC 9110 token characters.
        !name.isEmpty
            && name.unicodeScalars.allSatisfy { scalar in
                scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "!#$%&'*+-.^_`|~".unicodeScalars.contains(scalar))
            }
    }
}

extension SchemaValidator {
    /// `stream:`: the only success answer, of a declared type; for SSE a union's tags are the event names.
    func checkStream(_ stream: EventStreamResponse, of operation: OperationDefinition, types: [String: TypeDefinition]) {
        let context = "operation '\(operation.name)'"
        for (key, present) in [
            ("response", operation.response != nil), ("responses", operation.outcomes != nil), ("paginate", operation.pagination != nil),
            ("cache", operation.cache != nil), ("responseHeaders", !operation.responseHeaders.isEmpty),
        ] where present {
            log.error("\(context) has 'stream' and '\(key)'; a streamed answer is its events, read as they arrive: remove '\(key)'", at: stream.location)
        }
        if operation.method == "HEAD" {
            log.error("\(context) has 'stream' but HEAD answers carry no body; use GET", at: stream.location)
        }
        guard case .named(let name) = stream.events else {
            log.error(
                "'events' of the stream of \(context) must be a declared type (a struct, or a union of the events), found '\(stream.events)'",
                at: stream.eventsLocation)
            return
        }
        guard resolve(stream.events, at: stream.eventsLocation, types: types), let definition = types[name] else { return }
        guard stream.format == .sse, case .union(let union) = definition.kind else { return }
        if union.discriminator != nil, union.tagType == .integer {
            log.error(
                "'events' of the SSE stream of \(context) is the union '\(name)' with integer tags; an SSE event name is text: give its variants string tags",
                at: stream.eventsLocation)
        }
        for variant in union.variants {
            let eventName = EventStreamResponse.eventName(of: variant, in: union)
            if eventName.isEmpty || eventName.contains(where: { $0 == "\n" || $0 == "\r" }) {
                log.error(
                    "variant '\(variant.name)' of '\(name)' cannot be an SSE event name (empty, or with a line break), as the SSE stream of \(context) needs",
                    at: variant.location)
            }
        }
    }

    /// `requestStream:`: the request body, of a declared type, sent event by event: never beside `body`,
    /// never on a method without a body, and never repeated (a retry or reconnection would have to produce
    /// the events again).
    func checkRequestStream(_ stream: EventStreamResponse, of operation: OperationDefinition, types: [String: TypeDefinition]) {
        let context = "operation '\(operation.name)'"
        if operation.body != nil {
            log.error(
                "\(context) has 'requestStream' and 'body'; a streamed request body is its events, sent as they are produced: remove 'body'",
                at: stream.location)
        }
        if ["GET", "HEAD"].contains(operation.method) {
            log.error("\(context) has 'requestStream' but \(operation.method) requests carry no body; use POST", at: stream.location)
        }
        for (key, present) in [("paginate", operation.pagination != nil), ("cache", operation.cache != nil)] where present {
            log.error(
                "\(context) has 'requestStream' and '\(key)'; a streamed request is sent once, so it is never repeated for a page or served again from a cache: remove '\(key)'",
                at: stream.location)
        }
        if operation.idempotencyKeyHeader != nil {
            log.error(
                "\(context) has 'requestStream' and 'idempotencyKey'; a streamed request is sent once and never repeated, so a key that makes repeats safe has nothing to do: remove 'idempotencyKey'",
                at: stream.location)
        }
        guard case .named(let name) = stream.events else {
            log.error(
                "'events' of the requestStream of \(context) must be a declared type (a struct, or a union of the events), found '\(stream.events)'",
                at: stream.eventsLocation)
            return
        }
        guard resolve(stream.events, at: stream.eventsLocation, types: types), let definition = types[name] else { return }
        guard stream.format == .sse, case .union = definition.kind else { return }
        log.error(
            "'events' of the SSE requestStream of \(context) is the union '\(name)'; a streamed request sends each event's data under the name 'message', so its events are one type: use jsonLines, or a struct",
            at: stream.eventsLocation)
    }
}
