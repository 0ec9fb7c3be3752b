import Foundation
import PayloadValidation
@_spi(WireFormat) import SchemaModel
@_spi(Generated) import WireFormat

/// Builds the JSON the sandbox answers with: examples from the schema, a minimal valid value when the
/// schema has none, and the API's error body.
struct PayloadFactory: Sendable {
    let schema: Schema
    let types: [String: TypeDefinition]
    /// The height of each type's smallest value (`FiniteValues`): from `recursionDepth` down, a union
    /// answers with its lowest variant, so a value of a recursive type ends.
    let heights: [String: Int]

    /// How deep a synthesized value follows the variant the decoder tries first before taking the
    /// shortest way out of a cycle (a union whose first variant needs the union again).
    static let recursionDepth = 8

    init(schema: Schema) {
        self.schema = schema
        var types: [String: TypeDefinition] = [:]
        for type in schema.types { types[type.name] = type }
        self.types = types
        heights = FiniteValues.heights(of: schema.finiteValueNeeds)
    }

    /// `candidates[0]` near the top of a value; deeper, the first of the lowest candidates, so every
    /// further level needs a lower type and the value ends (optional fields are left out anyway).
    private func variant(among candidates: [Union.Variant], depth: Int) -> Union.Variant? {
        guard depth >= Self.recursionDepth else { return candidates.first }
        // A variant that is not a named type (a primitive, a list, a map) ends the value at once.
        func height(_ variant: Union.Variant) -> Int? {
            if case .named(let name) = variant.type { return heights[name] }
            return 0
        }
        let lowest = candidates.compactMap(height).min()
        return candidates.first { height($0) == lowest } ?? candidates.first
    }

    // MARK: Examples and synthesized values

    /// The example the schema gives for a type (a named type's first example; a list of one element for
    /// a list of such a type), else a synthesized minimal value.
    func sample(of type: TypeReference) -> JSON {
        switch type {
        case .named(let name):
            if let example = types[name]?.examples.first { return JSON(example.value) }
        case .array(let element):
            // One element rather than the minimal empty list: more useful to a client under test.
            return .array([sampleElement(of: element)])
        case .primitive, .map:
            break
        }
        return synthesize(type, constraints: Constraints(), depth: 0)
    }

    /// One element for a list of `type`: an example if the schema has one, else synthesized.
    /// `constraints`: the list's `items:` rules, which a synthesized element meets.
    func sampleElement(of type: TypeReference, constraints: Constraints = Constraints()) -> JSON {
        if case .named(let name) = type, let example = types[name]?.examples.first { return JSON(example.value) }
        return synthesize(type, constraints: constraints, depth: 0)
    }

    /// A minimal value that satisfies the type: required fields only (so an optional recursive field is
    /// left out), the first enum case, the first union variant (deep down, the one with the smallest
    /// value: `variant(among:depth:)`), the smallest allowed number, a string of the allowed length. Field and type examples
    /// are used where the schema has them (a pattern cannot be satisfied otherwise).
    func synthesize(_ type: TypeReference, constraints: Constraints, depth: Int) -> JSON {
        guard depth < 32 else { return .null }
        switch type {
        case .primitive(let primitive):
            return synthesize(primitive, constraints: constraints)
        case .array(let element):
            let count = constraints.minItems ?? 0
            // Elements meet the list's `items:` constraints (never null: a value says more than null).
            let rules = constraints.elements?.constraints ?? Constraints()
            return .array((0..<count).map { _ in synthesize(element, constraints: rules, depth: depth + 1) })
        case .map(let key, let value):
            let count = constraints.minItems ?? 0
            return .object(
                (0..<count).map { index in
                    JSON.Member(
                        key: key == .int ? String(index + 1) : "key\(index + 1)",
                        value: synthesize(value, constraints: constraints.elements?.constraints ?? Constraints(), depth: depth + 1))
                })
        case .named(let name):
            guard let definition = types[name] else { return .null }
            switch definition.kind {
            case .structure(let fields):
                return .object(
                    fields.filter(\.isRequiredOnWire).map { field in
                        JSON.Member(key: field.wireName, value: value(for: field, depth: depth + 1))
                    })
            case .enumeration(let enumeration):
                // Never a value the field, parameter or alias excludes (`exclude:`), such as Finaptic's
                // orderUnspecified: the sandbox would answer with what the schema rules out.
                let allowed = enumeration.cases.filter { !constraints.excludes($0.value) }
                guard let first = allowed.first(where: { !$0.notes.isDeprecated }) ?? allowed.first else { return .null }
                return enumeration.rawType == .string ? .string(first.value) : .number(first.value)
            case .union(let union):
                guard let discriminator = union.discriminator else {
                    // The variant the decoder tries first (objects before lists, strings, numbers and booleans)
                    // that ends the value soon enough: a payload of its kind, with its required keys, is taken by it.
                    guard let variant = variant(among: schema.untaggedCandidates(of: union), depth: depth) else { return .null }
                    return synthesize(variant.type, constraints: variant.constraints, depth: depth + 1)
                }
                guard let variant = variant(among: union.variants, depth: depth) else { return .null }
                let tag: JSON = union.tagType == .integer ? .number(variant.tag) : .string(variant.tag)
                var object = synthesize(variant.type, constraints: Constraints(), depth: depth + 1)
                object.remove(at: [discriminator])
                if case .object(let members) = object {
                    return .object([JSON.Member(key: discriminator, value: tag)] + members)
                }
                return .object([JSON.Member(key: discriminator, value: tag)])
            case .alias(let target, var aliasConstraints):
                if let example = definition.examples.first, !Self.isExcluded(JSON(example.value), by: constraints) { return JSON(example.value) }
                // What the field excludes still holds through the alias, and the alias's own exclusions too.
                if let excluded = constraints.excluded { aliasConstraints.excluded = (aliasConstraints.excluded ?? []) + excluded }
                return synthesize(target, constraints: aliasConstraints, depth: depth + 1)
            }
        }
    }

    func value(for field: Field, depth: Int) -> JSON {
        // A constant (`type: file`) chooses the struct in an untagged union: always its one value.
        switch schema.constant(of: field) {
        case .string(let text)?: return .string(text)
        case .integer(let number)?: return .number(String(number))
        case nil: break
        }
        if let example = field.example { return JSON(example) }
        if field.isNullable { return .null }
        if case .named(let name) = field.type, let definition = types[name], let example = definition.examples.first,
            !Self.isExcluded(JSON(example.value), by: field.constraints)
        {
            return JSON(example.value)
        }
        var constraints = field.constraints
        constraints.dateFormat = schema.effectiveDateFormat(of: field)
        return synthesize(field.type, constraints: constraints, depth: depth)
    }

    /// Whether `value` is an enum value `constraints` exclude.
    static func isExcluded(_ value: JSON, by constraints: Constraints) -> Bool {
        switch value {
        case .string(let text), .number(let text): return constraints.excludes(text)
        default: return false
        }
    }

    private func synthesize(_ primitive: Primitive, constraints: Constraints) -> JSON {
        switch primitive {
        case .string:
            // A pattern's own sample where the walk finds one within the length limits (else the plain text).
            if let pattern = constraints.pattern, let text = PatternSample.text(matching: pattern, minimumLength: constraints.minLength ?? 0),
                text.count >= (constraints.minLength ?? 0), text.count <= (constraints.maxLength ?? .max)
            {
                return .string(text)
            }
            let length = max(constraints.minLength ?? 0, 6)
            let text = String(String(repeating: "sample", count: length / 6 + 1).prefix(min(length, constraints.maxLength ?? length)))
            return .string(text)
        case .bool: return .bool(true)
        case .int, .int32, .int64:
            var number = 1.0
            if let minimum = constraints.minimum { number = max(number, minimum.rounded(.up)) }
            if let maximum = constraints.maximum, number > maximum { number = maximum.rounded(.down) }
            return .number(String(Int(number)))
        case .double, .decimal:
            var number = 1.0
            if let minimum = constraints.minimum { number = max(number, minimum) }
            if let maximum = constraints.maximum, number > maximum { number = maximum }
            return .number(number.rounded() == number ? String(Int(number)) : String(number))
        case .date: return .string("2024-01-01")
        case .dateTime:
            // 2024-01-01T00:00:00Z in the field's wire format.
            guard let format = constraints.dateFormat?.wireFormat else { return .string("2024-01-01T00:00:00Z") }
            let date = Date(timeIntervalSince1970: 1_704_067_200)
            return format.isNumeric ? .number(String(format.number(from: date) ?? 0)) : .string(format.string(from: date))
        case .uuid: return .string("00000000-0000-4000-8000-000000000000")
        case .email: return .string("user@example.com")
        case .uri: return .string("https://example.com/")
        case .base64, .binary: return .string("AA==")
        case .json: return .object([])
        }
    }

    // MARK: Walking types

    /// The field a dotted wire path leads to, from `root`.
    func field(at path: FieldPath, in root: TypeReference) -> Field? {
        path.fields(from: root, types: { types[$0] })?.last
    }

    /// The struct fields of a named type (through aliases), or nil.
    func fields(of type: TypeReference) -> [Field]? {
        guard case .named(let name) = type, let definition = types[name] else { return nil }
        switch definition.kind {
        case .structure(let fields): return fields
        case .alias(let target, _): return fields(of: target)
        case .enumeration, .union: return nil
        }
    }

    /// The primitive a type stands for (through aliases), if any.
    func primitive(of type: TypeReference) -> Primitive? {
        switch type {
        case .primitive(let primitive): return primitive
        case .named(let name):
            if case .alias(let target, _)? = types[name]?.kind { return primitive(of: target) }
            return nil
        case .array, .map: return nil
        }
    }

    // MARK: Error bodies

    /// The catalogue case an answer with `status` stands for: non-deprecated cases first, then those the
    /// operation lists, then (for 429 and 5xx, which the sandbox sends as transient faults) retryable
    /// ones, then catalogue order.
    func errorCase(status: Int, operationErrors: [String] = []) -> ErrorCatalogue.Case? {
        guard let cases = schema.errors?.cases else { return nil }
        let transient = status == 429 || status >= 500
        return cases.enumerated().filter { $0.element.status == status }.min { lhs, rhs in
            func rank(_ entry: ErrorCatalogue.Case) -> [Int] {
                [entry.notes.isDeprecated ? 1 : 0, operationErrors.contains(entry.name) ? 0 : 1, transient && !entry.isRetryable ? 1 : 0]
            }
            let l = rank(lhs.element)
            let r = rank(rhs.element)
            return l != r ? l.lexicographicallyPrecedes(r) : lhs.offset < rhs.offset
        }?.element
    }

    /// The API's error body for `status`: the code of the catalogue case for that status (or
    /// `fallbackCode` when that case is matched by status alone) at the catalogue's code path, and
    /// `message` in the body's first message-like string field.
    func errorBody(status: Int, fallbackCode: String, message: String, operationErrors: [String] = []) -> JSON {
        let matched = errorCase(status: status, operationErrors: operationErrors)
        // A case with a body of its own (`body:` on the case) answers with that type instead.
        let bodyType = matched.flatMap { schema.errors?.body(of: $0) } ?? schema.errors?.body
        guard let catalogue = schema.errors, let bodyType, let fields = fields(of: bodyType) else {
            if let bodyType, matched?.body != nil { return synthesize(bodyType, constraints: Constraints(), depth: 0) }
            return .object([JSON.Member(key: "message", value: .string(message))])
        }
        var body = synthesize(bodyType, constraints: Constraints(), depth: 0)
        if let codePath = catalogue.codePath, matched?.body == nil || field(at: FieldPath(codePath), in: bodyType) != nil {
            let path = FieldPath(codePath)
            let code = matched?.code ?? fallbackCode
            let codePrimitive = field(at: path, in: bodyType).flatMap { primitive(of: $0.type) }
            let numeric = Int(code) != nil && (codePrimitive?.isNumeric == true || codePrimitive == .json)
            body.set(numeric ? .number(code) : .string(code), at: path)
        }
        let messagePath = messageFieldPath(in: bodyType) ?? ["message"]
        body.set(.string(message), at: messagePath)
        if let statusField = fields.first(where: { $0.wireName == "status" }), primitive(of: statusField.type)?.isInteger == true {
            body.set(.number(String(status)), at: ["status"])
        }
        return body
    }

    /// The message `errorBody` wrote into `body`, for the request log.
    func errorMessage(in body: Data) -> String? {
        let path = schema.errors?.body.flatMap { messageFieldPath(in: $0) } ?? ["message"]
        return JSON.parse(body)?.value(at: path)?.stringValue
    }

    /// The shallowest string field named message, detail, description or error (else one whose name ends
    /// in message), searching nested structs.
    private func messageFieldPath(in type: TypeReference) -> FieldPath? {
        let names = ["message", "detail", "description", "error"]
        var level: [(FieldPath, TypeReference)] = [([], type)]
        for _ in 0..<4 {
            var next: [(FieldPath, TypeReference)] = []
            for (path, type) in level {
                guard let fields = fields(of: type) else { continue }
                for name in names {
                    if let field = fields.first(where: { $0.wireName.lowercased() == name }), primitive(of: field.type) == .string {
                        return path.appending(field.wireName)
                    }
                }
                // Then a name ending in "message", such as BSA's resultMessage.
                if let field = fields.first(where: { $0.wireName.lowercased().hasSuffix("message") && primitive(of: $0.type) == .string }) {
                    return path.appending(field.wireName)
                }
                for field in fields { next.append((path.appending(field.wireName), field.type)) }
            }
            level = next
        }
        return nil
    }

    /// A generic error code for a status, used when the catalogue has none: 503 -> SERVICE_UNAVAILABLE.
    static func statusCode(_ status: Int) -> String {
        let reason = HTTPStatusText.reason(status)
        return reason.uppercased().map { $0.isLetter || $0.isNumber ? String($0) : "_" }.joined()
    }
}

enum HTTPStatusText {
    static func reason(_ status: Int) -> String {
        switch status {
        case 400: return "Bad Request"
        case 401: return "Unauthorized"
        case 402: return "Payment Required"
        case 403: return "Forbidden"
        case 404: return "Not Found"
        case 405: return "Method Not Allowed"
        case 408: return "Request Timeout"
        case 409: return "Conflict"
        case 410: return "Gone"
        case 413: return "Content Too Large"
        case 415: return "Unsupported Media Type"
        case 422: return "Unprocessable Content"
        case 429: return "Too Many Requests"
        case 500: return "Internal Server Error"
        case 501: return "Not Implemented"
        case 502: return "Bad Gateway"
        case 503: return "Service Unavailable"
        case 504: return "Gateway Timeout"
        default: return "Status \(status)"
        }
    }
}
