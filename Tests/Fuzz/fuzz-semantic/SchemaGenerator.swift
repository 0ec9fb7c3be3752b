import SchemaModel
import TestSupport

/// Writes a random schema from a seed: structs, enums, tagged and untagged unions, aliases, an error
/// catalogue, auth schemes and operations with parameters, bodies and pagination, named from a pool of
/// adversarial names (Swift keywords, the members the generated types' protocols declare, standard
/// library, Foundation and ClientRuntime type names, the generated code's own locals) and with free text
/// (docs, wire names, enum values, error codes) full of quotes, escapes and Unicode. Most schemas it
/// writes are meant to lint cleanly; some are not, on purpose (lint must then say where, never crash).
struct SchemaGenerator {
    private var random: SplitMix64
    /// Names used at the top level (types, operations, ...), which must be unique within their kind.
    private var used: [String: Set<String>] = [:]

    init(seed: UInt64) { random = SplitMix64(seed: seed) }

    /// Names that have broken generated code, or could.
    static let adversarialNames: [String] = {
        let locals = [
            "container", "decoder", "encoder", "builder", "options", "value", "response", "json", "keys", "key", "tag", "body", "core",
            "configuration", "undocumented", "knownCases", "DiscriminatorKey", "Failure", "Output", "error", "name", "code", "status",
            "page", "token", "cursor", "items", "next", "previous", "before", "all", "baseURL", "transport", "init", "encode", "decode",
            "hash", "self", "Self", "super", "_", "get", "set", "willSet", "didSet", "lazy", "weak", "mutating", "optional", "override",
        ]
        let members = SwiftNaming.protocolMembers.values.flatMap { $0 }
        return Array(Set(locals + members).union(SwiftNaming.keywords).union(SwiftNaming.reservedTypeNames)).sorted()
    }()

    /// Free text that must only ever land in comments and string literals.
    static let hostileText = [
        "plain", "\"quoted\"", "back\\slash", "*/ fatalError() /*", "\\(interpolated)", "line\nbreak", "tab\there", "ümlaut", "日本語",
        "emoji 🚀", "rtl \u{202E}override", "zero\u{200B}width", "#\"raw\"#", "`tick`", "$dollar", "a&b=c", "spa ce",
    ]

    // MARK: Random helpers

    private mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &random) < percent }
    private mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }
    private mutating func pick<T>(_ values: [T]) -> T { values[Int.random(in: 0..<values.count, using: &random)] }

    /// An identifier: adversarial half of the time, plain otherwise; unique within `kind` when given.
    private mutating func name(_ kind: String? = nil, plain: String = "name", upper: Bool = false) -> String {
        for attempt in 0..<20 {
            var candidate = chance(55) ? pick(Self.adversarialNames) : plain + String(int(0...99))
            if upper, attempt < 19, let first = candidate.first, !first.isUppercase, chance(70) {
                candidate = candidate.prefix(1).uppercased() + candidate.dropFirst()
            }
            guard let kind else { return candidate }
            if used[kind, default: []].insert(candidate).inserted { return candidate }
        }
        let fallback = "\(plain)\(used[kind ?? "", default: []].count)_\(int(0...9999))"
        used[kind ?? "", default: []].insert(fallback)
        return fallback
    }

    private mutating func text() -> String { Self.yamlString(pick(Self.hostileText) + (chance(30) ? " " + pick(Self.hostileText) : "")) }

    /// A YAML double-quoted string with exactly `value`'s characters.
    static func yamlString(_ value: String) -> String { YAMLText.doubleQuoted(value) }

    /// A key as YAML writes it (quoted: `_`, `true`, `null`, ... are not plain strings).
    private static func key(_ name: String) -> String { yamlString(name) }

    // MARK: Schema

    private struct Struct {
        var name: String
        var fields: [(name: String, type: String)]
    }

    mutating func schema() -> String {
        used = [:]
        var lines = ["api: Fz\(int(0...999))", "version: \"1\"", "environments:"]
        for _ in 0..<int(1...2) {
            let environment = Self.key(name("environment", plain: "env"))
            switch int(0...5) {
            // Variables anywhere in the URL: the origin, or the scheme (a throwing factory checked at run time).
            case 0:
                let defaultValue = chance(50) ? ", default: \"https://api.example.com\"" : ""
                lines.append("  \(environment): { url: \"{server}/v\(int(1...9))\", variables: { server: { docs: Origin\(defaultValue) } } }")
            case 1:
                lines.append("  \(environment): { url: \"{protocol}://{host}/v1\", variables: { protocol: { default: https }, host: {} } }")
            default:
                lines.append("  \(environment): { url: \"https://api.example.com/v\(int(1...9))\" }")
            }
        }
        let schemes = (0..<int(0...2)).map { _ in name("auth", plain: "scheme") }
        if !schemes.isEmpty {
            lines.append("auth:")
            for (index, scheme) in schemes.enumerated() {
                lines.append(
                    index == 0 && chance(50)
                        ? "  \(Self.key(scheme)): { kind: bearer }" : "  \(Self.key(scheme)): { kind: apiKey, name: X-Key-\(index) }")
            }
        }
        var errorCases: [String] = []
        if chance(60) {
            lines += ["errors:", "  body: Problem", "  code: code", "  cases:"]
            for index in 0..<int(1...6) {
                let caseName = name("error", plain: "failure")
                errorCases.append(caseName)
                let clientSide = index == 0 && chance(30)
                var entry = clientSide ? "when: [\(pick(["offline", "timeout"]))]" : "code: \(Self.yamlString(pick(Self.hostileText) + String(index)))"
                // A body of its own (`body:` on a case): the case holds `ErrorResponse<CaseProblem>`.
                if !clientSide && chance(30) { entry += ", body: \(pick(["CaseProblem", "\"[CaseProblem]\""]))" }
                if chance(40) { entry += ", retryable: \(chance(50))" }
                if chance(30) { entry += ", docs: \(text())" }
                lines.append("    \(Self.key(caseName)): { \(entry) }")
            }
        }
        lines.append("types:")
        lines += ["  Problem:", "    fields:", "      code: string"]
        lines += ["  CaseProblem:", "    fields:", "      detail: string", "      code: { type: string, optional: true }"]
        // `Page` is written below when an operation paginates.
        used["type", default: []].formUnion(["Problem", "CaseProblem", "Page"])

        // Enums first, so fields can refer to them.
        var enums: [String] = []
        for _ in 0..<int(0...3) {
            let enumName = name("type", plain: "Kind", upper: true)
            enums.append(enumName)
            let integer = chance(25)
            lines += ["  \(Self.key(enumName)):", "    enum:"]
            var values = Set<String>()
            for index in 0..<int(1...6) {
                let caseName = name("case-\(enumName)", plain: "option")
                let value = integer ? String(index * 7) : pick(Self.hostileText) + String(index)
                guard values.insert(value).inserted else { continue }
                lines.append("      \(Self.key(caseName)): \(integer ? value : Self.yamlString(value))")
            }
        }
        var aliases: [String] = []
        if chance(40) {
            let aliasName = name("type", plain: "Alias", upper: true)
            aliases.append(aliasName)
            lines += ["  \(Self.key(aliasName)):", "    type: \(pick(["string", "int32", "int64", "bool", "uuid", "date", "decimal"]))"]
            // A nullable alias: every field, list element and map value of it is an Optional.
            if chance(30) { lines.append("    nullable: true") }
        }
        // Structs: each with a required key of its own, so untagged unions can tell them apart.
        var structs: [Struct] = []
        for index in 0..<int(1...6) {
            let structName = name("type", plain: "Model", upper: true)
            var fields: [(String, String)] = [("own\(index)", "string")]
            var fieldNames: Set<String> = ["own\(index)"]
            for _ in 0..<int(0...5) {
                let fieldName = name(nil, plain: "field")
                guard fieldNames.insert(fieldName).inserted else { continue }
                fields.append((fieldName, fieldType(enums: enums, aliases: aliases, structs: structs)))
            }
            structs.append(Struct(name: structName, fields: fields))
        }
        // Recursive types: a field naming the struct itself or one declared after it (which may lead
        // back), optional or nullable so that a finite value exists; a list or map of it at times.
        var recursive: Set<String> = []
        for index in structs.indices where chance(30) {
            let target = pick(structs).name
            let type = pick([target, target, "[\(target)]", "[string: \(target)]"])
            structs[index].fields.append(("up\(index)", type))
            recursive.insert("\(structs[index].name).up\(index)")
        }
        // Composition: a base whose fields some structs include (its field names are its own, so no
        // struct redeclares them), and a struct with extra members (which no struct may include and
        // no tagged union may hold, so it is none of `structs`).
        let base = chance(35) ? name("type", plain: "Base", upper: true) : nil
        if let base {
            lines += ["  \(Self.key(base)):", "    fields:", "      inheritedA: string", "      inheritedB: { type: int, optional: true }"]
        }
        if chance(35) {
            let extra = name("type", plain: "Labelled", upper: true)
            lines += ["  \(Self.key(extra)):"]
            if let base, chance(50) { lines.append("    includes: [\(Self.yamlString(base))]") }
            lines += ["    fields:", "      labelNote: { type: string, optional: true }"]
            let value = pick(["string", "int", "[string]", "json", "[string: double]"] + enums + structs.map(\.name))
            lines.append("    additionalFields: \(Self.yamlString(value))")
        }
        for model in structs {
            lines += ["  \(Self.key(model.name)):"]
            if chance(30) { lines.append("    docs: \(text())") }
            if let base, chance(50) { lines.append("    includes: \(Self.yamlString(base))") }
            lines.append("    fields:")
            for (index, field) in model.fields.enumerated() {
                var attributes = ["type: \(Self.yamlString(field.type))"]
                let closesACycle = recursive.contains("\(model.name).\(field.name)")
                let nullable = index > 0 && chance(15)
                if index > 0 && chance(35) || closesACycle && !nullable { attributes.append("optional: true") }
                if nullable { attributes.append("nullable: true") }
                // Null list elements and map values (`[T?]`, `[String: T?]`), and constraints on elements.
                if field.type.hasPrefix("[") && chance(25) {
                    let keyword = field.type.hasPrefix("[string: ") ? "values" : "items"
                    let extra = field.type == "[string]" || field.type == "[string: string]" ? ", maxLength: \(int(1...9))" : ""
                    attributes.append("\(keyword): { nullable: \(chance(70))\(extra) }")
                }
                if chance(15) { attributes.append("secret: true") }
                // `own0` keeps its name on the wire: the push event below is matched by it.
                if chance(20), field.name != "own0" { attributes.append("wire: \(Self.yamlString(pick(Self.hostileText) + String(index)))") }
                if chance(20) { attributes.append("docs: \(text())") }
                if field.type == "string", index > 0, chance(20) { attributes.append("default: \(text())") }
                lines.append("      \(Self.key(field.name)): { \(attributes.joined(separator: ", ")) }")
            }
        }
        // Nested forms and multipart JSON parts (issue 27 line 3): a struct nested in another, in a
        // list and in a map, with schema-chosen wire names, sent as a bracketed form, a deepObject query
        // and a multipart body; never recursive, `json` or a union, which lint refuses there.
        var nestedForm: String?
        if chance(35) {
            let leaf = name("type", plain: "Leaf", upper: true)
            let root = name("type", plain: "FormRoot", upper: true)
            nestedForm = root
            let scalar = pick(["int32", "string", "bool", "date-time", "decimal"] + enums)
            lines += [
                "  \(Self.key(leaf)):", "    fields:",
                "      value: { type: \(Self.yamlString(scalar)), wire: \(Self.yamlString(pick(Self.hostileText) + "v")) }",
                "      tags: { type: \"[string]\", optional: true }",
                "  \(Self.key(root)):", "    fields:",
                "      leaf: { type: \(Self.yamlString(leaf)), wire: \(Self.yamlString(pick(Self.hostileText) + "l")) }",
                "      leaves: { type: \(Self.yamlString("[\(leaf)]")), optional: true }",
                "      byKey: { type: \(Self.yamlString("[string: \(leaf)]")), optional: \(chance(50)) }",
                "      grid: { type: \"[[int32]]\", optional: true }",
                "      file: { type: binary, optional: true }",
            ]
        }
        var unions: [String] = []
        for _ in 0..<int(0...2) {
            let unionName = name("type", plain: "Choice", upper: true)
            unions.append(unionName)
            lines += ["  \(Self.key(unionName)):", "    union:"]
            let tagged = chance(60)
            if tagged { lines.append("      discriminator: \(Self.yamlString(pick(["kind", "type", "@type", pick(Self.hostileText)])))") }
            lines.append("      variants:")
            var variantNames = Set<String>()
            var payloads = Set<String>()
            for _ in 0..<int(1...min(4, structs.count)) {
                let payload = pick(structs).name
                let variant = name(nil, plain: "variant")
                guard variantNames.insert(variant).inserted, payloads.insert(payload).inserted else { continue }
                lines.append("        \(Self.key(variant)): \(Self.yamlString(payload))")
            }
            // Untagged, a variant may be any type: at most one per shape no payload could confuse
            // (every struct above requires its `own` key, so none takes every object a map would).
            if !tagged {
                let shapes = [
                    "string", "uuid", "date-time", pick(["int", "int32"]), pick(["double", "decimal"]), "bool", "[string]", "[[int]]", "[string: int]",
                ]
                for shape in shapes where chance(25) {
                    let variant = name(nil, plain: "variant")
                    guard variantNames.insert(variant).inserted else { continue }
                    // A variant's own constraints (they do not choose it).
                    let constraint =
                        shape == "string" && chance(30)
                        ? ", maxLength: \(int(1...9))" : shape == "[string]" && chance(30) ? ", items: { maxLength: \(int(1...9)) }" : nil
                    if let constraint {
                        lines.append("        \(Self.key(variant)): { type: \(Self.yamlString(shape))\(constraint) }")
                        continue
                    }
                    lines.append("        \(Self.key(variant)): \(Self.yamlString(shape))")
                }
            }
        }
        // An untagged union of structs requiring the same keys, told apart by a constant each (a one-case
        // enum field, its wire name and value hostile at times): openai's tools, box's `file | folder`.
        if chance(40) {
            let unionName = name("type", plain: "Choice", upper: true)
            unions.append(unionName)
            let integer = chance(25)
            let wire = chance(50) ? "type" : pick(Self.hostileText) + "k"
            var variantLines: [String] = []
            var variantNames = Set<String>()
            for index in 0..<int(2...3) {
                let enumName = name("type", plain: "Kind", upper: true)
                let structName = name("type", plain: "Model", upper: true)
                // A distinct prefix per variant, so no two constants are equal.
                let value = integer ? String(index + 1) : "v\(index)" + pick(Self.hostileText)
                lines += ["  \(Self.key(enumName)):"] + (integer ? ["    type: int"] : [])
                lines += ["    enum:", "      \(Self.key(name("case-\(enumName)", plain: "option"))): \(integer ? value : Self.yamlString(value))"]
                lines += ["  \(Self.key(structName)):", "    fields:", "      tag: { type: \(Self.yamlString(enumName)), wire: \(Self.yamlString(wire)) }"]
                lines.append("      shared: string")
                let variant = name(nil, plain: "variant")
                guard variantNames.insert(variant).inserted else { continue }
                variantLines.append("        \(Self.key(variant)): \(Self.yamlString(structName))")
            }
            lines += ["  \(Self.key(unionName)):", "    union:", "      variants:"] + variantLines
        }
        // An untagged union of structs requiring the same keys and holding no constant, told apart by the
        // JSON kind of a field both declare (its wire name hostile at times): GitHub's validation errors,
        // `errors: [object]` or `errors: [string]`.
        if chance(30) {
            let unionName = name("type", plain: "Choice", upper: true)
            unions.append(unionName)
            let wire = chance(50) ? "errors" : pick(Self.hostileText) + "e"
            var variantLines: [String] = []
            var variantNames = Set<String>()
            // One kind per variant: a list of structs, of strings, of integers, a bool.
            let kinds = [Self.yamlString("[\(pick(structs).name)]"), "\"[string]\"", "\"[int]\"", "bool"]
            for kind in kinds.prefix(int(2...4)) {
                let structName = name("type", plain: "Model", upper: true)
                lines += ["  \(Self.key(structName)):", "    fields:", "      shared: string"]
                lines.append("      value: { type: \(kind), wire: \(Self.yamlString(wire)), optional: \(chance(50)) }")
                let variant = name(nil, plain: "variant")
                guard variantNames.insert(variant).inserted else { continue }
                variantLines.append("        \(Self.key(variant)): \(Self.yamlString(structName))")
            }
            lines += ["  \(Self.key(unionName)):", "    union:", "      variants:"] + variantLines
        }
        // A page for pagination, of the types the paginator reads.
        let paged = chance(50)
        let style = pick(["page", "token", "cursor"])
        if paged {
            let item = pick(structs).name
            lines += ["  Page:", "    fields:", "      items: \(Self.yamlString("[\(item)]"))"]
            lines += style == "page" ? ["      last: { type: bool, optional: true }", "      total: int32"] : ["      next: { type: string, optional: true }"]
        }

        lines.append("operations:")
        var routes = 0
        for index in 0..<int(1...4) {
            let operation = name("operation", plain: "call")
            routes += 1
            let response = pick(structs.map(\.name) + unions + enums + ["none"])
            var path = "/r\(routes)"
            var operationLines: [String] = []
            let pathParameter = chance(40) ? name(nil, plain: "id") : nil
            if let pathParameter { path += "/{\(pathParameter)}" }
            // The first operation is the paginated one when there is a page.
            let method = paged && index == 0 ? "GET" : pick(["GET", "POST", "PUT", "DELETE"])
            // A literal query part (Azure's `?api-version=…`), its value written percent-encoded.
            let literalQuery = chance(20) ? "?api-version=" + pick(["2020-09-01", "a%20b", "%26%3D%23%2B", "%E2%9C%93%22%5C"]) : ""
            operationLines.append("    http: \(method) \(Self.yamlString(path).dropFirst().dropLast())\(literalQuery)")
            if chance(25) { operationLines.append("    docs: \(text())") }
            if let pathParameter { operationLines += ["    path:", "      \(Self.key(pathParameter)): \(pick(["string", "int", "uuid"]))"] }
            var queryNames = Set<String>()
            var query: [String] = []
            for _ in 0..<int(0...3) {
                let parameter = name(nil, plain: "q")
                guard parameter != pathParameter, parameter != "api-version", queryNames.insert(parameter).inserted else { continue }
                let type = pick(["string", "int32", "bool", "[string]", "date-time"] + enums)
                query.append("      \(Self.key(parameter)): { type: \(Self.yamlString(type)), optional: true }")
            }
            let paginates = paged && index == 0 && method == "GET"
            if paginates {
                query.append(style == "page" ? "      pageNumber: int32" : "      pageToken: { type: string, optional: true }")
            }
            if !query.isEmpty { operationLines += ["    query:"] + query }
            if chance(20) {
                let header = name(nil, plain: "header")
                if header != pathParameter && !queryNames.contains(header) {
                    operationLines += ["    headers:", "      \(Self.key(header)): { type: string, wire: X-H\(index), optional: true }"]
                }
            }
            if method != "GET", chance(60) {
                operationLines.append("    body: \(Self.yamlString(pick(structs).name))")
            } else if method != "GET", chance(20) {
                // A streamed request body (issue 28 line 6): events of a struct, in any of the three framings.
                operationLines.append(
                    "    requestStream: { format: \(pick(["jsonLines", "jsonSequence", "sse"])), events: \(Self.yamlString(pick(structs).name)) }")
            }
            if paginates {
                operationLines.append("    response: Page")
                operationLines.append(
                    style == "page"
                        ? "    paginate: { style: page, items: items, page: pageNumber, last: last, totalPages: total }"
                        : "    paginate: { style: \(style), items: items, \(style): pageToken, next: next }")
            } else if response != "none", chance(30) {
                // Several outcomes with status classes and `default` (issue 27 line 3).
                operationLines += ["    responses:", "      ok: { status: 200, body: \(Self.yamlString(response)) }"]
                if chance(50) { operationLines.append("      accepted: { status: 2XX }") }
                if chance(60) { operationLines.append("      clientError: { status: 4XX, body: \(Self.yamlString(pick(structs).name)) }") }
                // errorCases[0] may stand for a failure without a response (`when:`); the others have codes.
                if errorCases.count > 1, chance(50) { operationLines.append("      serverError: { status: 5XX, error: \(Self.yamlString(errorCases[1])) }") }
                if chance(40) { operationLines.append("      other: { status: default, body: \(Self.yamlString(pick(structs).name)) }") }
            } else if response != "none", chance(15) {
                // A streamed answer (issue 28): SSE events of a struct, or JSON Lines / Sequence of any type.
                let format =
                    structs.contains(where: { $0.name == response }) ? pick(["sse", "jsonLines", "jsonSequence"]) : pick(["jsonLines", "jsonSequence"])
                operationLines.append("    stream: { format: \(format), events: \(Self.yamlString(response)) }")
            } else if response != "none" {
                operationLines.append("    response: \(Self.yamlString(response))")
            }
            if !operationLines.contains("    responses:"), !operationLines.contains(where: { $0.hasPrefix("    stream:") }), chance(25) {
                // Typed response headers (issue 27 line 3): the `…WithHeaders` method and its struct.
                operationLines.append("    responseHeaders:")
                for (slot, type) in ["int32", "date-time", "uri", "string", "uuid"].filter({ _ in chance(50) }).enumerated() {
                    operationLines.append("      \(Self.key(name(nil, plain: "header\(slot)"))): { type: \(type), wire: X-R\(slot), optional: \(chance(50)) }")
                }
                if operationLines.last == "    responseHeaders:" { operationLines.append("      etag: { type: string, wire: ETag }") }
            }
            if !errorCases.isEmpty, chance(50) {
                operationLines.append("    errors: [\(errorCases.filter { _ in chance(60) }.map(Self.yamlString).joined(separator: ", "))]")
            }
            if schemes.count == 2, chance(20) {
                // A requirement of both schemes together (they never share a header), then one alone.
                let both = schemes.map(Self.yamlString).joined(separator: ", ")
                operationLines.append("    auth: [[\(both)]\(chance(50) ? ", \(Self.yamlString(schemes[0]))" : "")]")
            } else if !schemes.isEmpty, chance(40) {
                operationLines.append("    auth: [\(Self.yamlString(pick(schemes)))]")
            }
            lines += ["  \(Self.key(operation)):"] + operationLines
        }
        if let nestedForm {
            let type = Self.yamlString(nestedForm)
            lines += [
                "  \(Self.key(name("operation", plain: "sendForm"))):", "    http: POST /nested-form",
                "    query:", "      \(Self.key(name(nil, plain: "filter"))): { type: \(type), style: deepObject, optional: true }",
                "    body: { type: \(type), encoding: form, style: deepObject }",
                "  \(Self.key(name("operation", plain: "sendParts"))):", "    http: POST /nested-multipart",
                "    body: { type: \(type), encoding: multipart, contentType: application/pdf }",
            ]
        }
        if chance(30), let message = (structs.map(\.name) + unions).first {
            // A channel (issue 28): its method, failure enum and close-code mapping, with schema names.
            let reply = pick(structs.map(\.name) + unions)
            lines += [
                "channels:", "  \(Self.key(name("operation", plain: "live"))):", "    websocket: /live/{id}", "    path:", "      id: string",
                "    send: \(Self.yamlString(message))", "    receive: \(Self.yamlString(reply))", "    close:", "      4001: reauthenticate",
                "      4003: { action: fail, case: \(Self.yamlString(name(nil, plain: "denied"))) }",
            ]
        }
        if chance(40) {
            // Events outside calls (issue 28): a push event told apart by its payload's own required key,
            // webhook events by a header; the payloads are the structs above.
            lines += ["events:", "  pushed:", "    payload: \(Self.yamlString(structs[0].name))", "    via: push", "    match: { field: own0, value: \"v\" }"]
            for index in 0..<int(0...2) {
                lines += [
                    "  hook\(index):", "    payload: \(Self.yamlString(pick(structs).name))", "    via: webhook", "    http: PUT /hooks/\(index)",
                    "    headers:", "      X-Signature: { type: string, optional: true }", "    match: { header: X-Event, value: \"e\(index)\" }",
                ]
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private mutating func fieldType(enums: [String], aliases: [String], structs: [Struct]) -> String {
        let primitives = Primitive.allCases.map(\.rawValue)
        let named = enums + aliases + structs.map(\.name)
        let base = named.isEmpty || chance(55) ? pick(primitives) : pick(named)
        switch int(0...9) {
        case 0: return "[\(base)]"
        case 1: return "[string: \(base)]"
        default: return base
        }
    }
}
