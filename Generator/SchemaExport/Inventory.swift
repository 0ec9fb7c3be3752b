import Foundation
import SchemaModel

/// `client-generator describe`: an API's inventory (docs/Describe.md documents the JSON field by field).
public enum Inventory {
    public static func json(_ schema: Schema) -> OrderedJSON {
        var root = ObjectBuilder()
        root.set("api", schema.api)
        root.set("version", schema.version)
        root.set("summary", schema.summary.map(OrderedJSON.string) ?? .null)
        root.set(
            "environments",
            .array(
                schema.environments.map { environment -> OrderedJSON in
                    let variables: [OrderedJSON] = environment.variables.map { variable in
                        let defaultValue: OrderedJSON = variable.defaultValue.map(OrderedJSON.string) ?? .null
                        return .object([("name", .string(variable.name)), ("default", defaultValue)])
                    }
                    return .object([("name", .string(environment.name)), ("url", .string(environment.url)), ("variables", .array(variables))])
                }))
        root.set("auth", .array(schema.authSchemes.map(auth)))
        root.set("defaultAuth", authJSON(schema.defaultAuth))
        root.set("operations", .array(schema.operations.map { operation($0, in: schema) }))
        if !schema.channels.isEmpty { root.set("channels", .array(schema.channels.map(channel))) }
        root.set("types", .array(schema.types.map { type($0, in: schema) }))
        // Only where declared, so schemas without events describe as before.
        if !schema.events.isEmpty { root.set("events", .array(schema.events.map(event))) }
        if let errors = schema.errors {
            root.set(
                "errors",
                .object([
                    ("body", errors.body.map { .string($0.description) } ?? .null),
                    ("codePath", errors.codePath.map(OrderedJSON.string) ?? .null),
                    (
                        "cases",
                        .array(
                            errors.cases.map { item -> OrderedJSON in
                                var value = ObjectBuilder()
                                value.set("name", item.name)
                                value.set("code", item.code.map(OrderedJSON.string) ?? .null)
                                value.set("status", item.status.map { OrderedJSON.integer($0) } ?? .null)
                                value.set("retryable", .bool(item.isRetryable))
                                value.set("deprecated", .bool(item.notes.isDeprecated))
                                value.set("family", familyJSON(item.family))
                                value.set("when", .array(item.conditions.map { .string($0.rawValue) }))
                                value.set("body", item.body.map { .string($0.description) } ?? .null)
                                return value.value
                            })
                    ),
                ]))
        } else {
            root.set("errors", .null)
        }
        root.set("untyped", .array(untypedPlaces(schema).map(OrderedJSON.string)))
        return root.value
    }

    /// `valueKinds` of an untagged union's struct variant: the keys whose values' JSON kinds tell it apart
    /// from another struct variant requiring the same keys (`VariantShape.ValueKinds`, outermost first:
    /// `{"errors": ["array", "string"]}`); nothing when no key does.
    private static func distinguishingValueKinds(of variant: Union.Variant, in union: Union, schema: Schema) -> [(String, OrderedJSON)] {
        guard case .structure(let keys, _, let kinds)? = schema.variantShape(of: variant.type) else { return [] }
        var differing = Set<String>()
        for other in union.variants where other.name != variant.name {
            guard case .structure(let otherKeys, _, let otherKinds)? = schema.variantShape(of: other.type), otherKeys == keys else { continue }
            differing.formUnion(VariantShape.keysOfDifferentKinds(kinds, otherKinds))
        }
        guard !differing.isEmpty else { return [] }
        return [("valueKinds", .object(differing.sorted().map { key in (key, .array((kinds[key] ?? []).map { .string($0.rawValue) })) }))]
    }

    /// Where the schema says `json` (any JSON value, untyped in generated code): `Type.field`, `Alias`,
    /// `operation.parameter`, `operation request`, `operation response`, `operation outcome name`,
    /// `errors body`. What an import could not type shows here, so its count is the measure of that.
    public static func untypedPlaces(_ schema: Schema) -> [String] {
        func untyped(_ reference: TypeReference) -> Bool {
            switch reference {
            case .primitive(let primitive): primitive == .json
            case .named: false
            case .array(let element): untyped(element)
            case .map(_, let value): untyped(value)
            }
        }
        var places: [String] = []
        for type in schema.types {
            switch type.kind {
            case .structure:
                // An included field is one place, in the struct that declares it.
                places += type.ownFields.filter { untyped($0.type) }.map { "\(type.name).\($0.name)" }
                if let additional = type.additionalFields, untyped(additional.type) { places.append("\(type.name).additionalFields") }
            case .alias(let target, _): if untyped(target) { places.append(type.name) }
            case .enumeration, .union: break
            }
        }
        for operation in schema.operations {
            places += operation.parameters.filter { untyped($0.field.type) }.map { "\(operation.name).\($0.field.name)" }
            if let body = operation.body, untyped(body.type) { places.append("\(operation.name) request") }
            // With `responses:`, `response` is the first success outcome's body, listed as that outcome.
            if operation.outcomes == nil, let response = operation.response, untyped(response) { places.append("\(operation.name) response") }
            for outcome in operation.outcomes ?? [] where outcome.body.map(untyped) == true {
                places.append("\(operation.name) outcome \(outcome.name)")
            }
        }
        if let body = schema.errors?.body, untyped(body) { places.append("errors body") }
        for item in schema.errors?.cases ?? [] where item.body.map(untyped) == true { places.append("errors \(item.name) body") }
        return places
    }

    /// A channel (`channels:`): its path, parameters, auth, message types and close codes.
    private static func channel(_ channel: ChannelDefinition) -> OrderedJSON {
        var builder = ObjectBuilder()
        builder.set("name", channel.name)
        builder.set("path", channel.handshake.path)
        builder.set("parameters", .array(channel.handshake.parameters.map { .string("\($0.location.rawValue) \($0.field.name): \($0.field.type)") }))
        builder.set("auth", authJSON(channel.handshake.authRequirements))
        builder.set("send", channel.send.description)
        builder.set("receive", channel.receive.description)
        builder.set(
            "closeCodes",
            .array(
                channel.closeCodes.map { entry in
                    var code = ObjectBuilder()
                    code.set("code", .integer(entry.code))
                    code.set("action", entry.action.keyword)
                    if case .fail(let name) = entry.action { code.set("case", name) }
                    return code.value
                }))
        return builder.value
    }

    /// Auth requirements as the schema writes them: a requirement of one scheme is its name, of several
    /// (sent together) the list of their names.
    private static func authJSON(_ requirements: [[String]]) -> OrderedJSON {
        .array(requirements.map { $0.count == 1 ? .string($0[0]) : .array($0.map(OrderedJSON.string)) })
    }

    private static func auth(_ scheme: AuthScheme) -> OrderedJSON {
        var builder = ObjectBuilder()
        builder.set("name", scheme.name)
        switch scheme.kind {
        case .bearer(let refresh):
            builder.set("kind", "bearer")
            builder.set("refresh", refresh.map(OrderedJSON.string) ?? .null)
        case .apiKey(let location, let name):
            builder.set("kind", "apiKey")
            builder.set("in", location.rawValue)
            builder.set("parameter", name)
        case .session(let login, let header):
            builder.set("kind", "session")
            builder.set("login", login)
            builder.set("header", header)
        case .basic:
            builder.set("kind", "basic")
        }
        // Wired login (bearer) and logout; the field mappings are client wiring (docs/SchemaLanguage.md).
        if case .bearer = scheme.kind, let login = scheme.flows.login { builder.set("login", login.operation) }
        if let logout = scheme.flows.logout { builder.set("logout", logout) }
        builder.set("deprecated", .bool(scheme.notes.isDeprecated))
        return builder.value
    }

    private static func operation(_ operation: OperationDefinition, in schema: Schema) -> OrderedJSON {
        let parameters: [OrderedJSON] = operation.parameters.map { location, field in
            var value = ObjectBuilder()
            value.set("name", field.name)
            value.set("in", location.rawValue)
            value.set("wireName", field.wireName)
            value.set("type", field.type.description)
            value.set("required", .bool(location == .path || field.isRequiredOnWire))
            value.set("secret", .bool(field.isSecret))
            if location == .query, let style = RequestShapesExport.queryStyle(field, in: schema) { value.set("style", style.rawValue) }
            return value.value
        }
        var builder = ObjectBuilder()
        builder.set("name", operation.name)
        builder.set("method", operation.method)
        builder.set("path", operation.path)
        // Only where used, so other schemas describe as before.
        if !operation.literalQuery.isEmpty {
            builder.set("literalQuery", .object(operation.literalQuery.map { ($0.name, OrderedJSON.string($0.value)) }))
        }
        builder.set("paginated", .bool(operation.pagination != nil))
        builder.set("pagination", operation.pagination.map { OrderedJSON.string($0.style.rawValue) } ?? .null)
        builder.set("auth", authJSON(operation.authRequirements))
        builder.set("idempotent", .bool(operation.isIdempotent))
        builder.set("deprecated", .bool(operation.notes.isDeprecated))
        builder.set("parameters", .array(parameters))
        builder.set("request", operation.body.map { OrderedJSON.string($0.type.description) } ?? .null)
        builder.set("response", operation.response.map { OrderedJSON.string($0.description) } ?? .null)
        builder.set("status", .integer(operation.successStatus))
        builder.set("errors", .array(operation.errors.map(OrderedJSON.string)))
        builder.set("cache", (operation.cache?.mode ?? CachePolicy.Mode.network).rawValue)
        // Only where used (KD Pay), so other schemas describe as before.
        if let cache = operation.cache, cache.store || !cache.parameters.isEmpty {
            builder.set("cacheStore", .bool(cache.storesAnswers))
            builder.set("cacheArguments", .array(cache.parameters.map { OrderedJSON.string("\($0.name) (\($0.role.rawValue))") }))
        }
        // Only for the constructs that are not JSON, so JSON-only schemas describe as before.
        if operation.hasAbsoluteURL { builder.set("url", "given at call time") }
        if let body = operation.body, body.encoding != .json {
            builder.set("requestContentType", body.encoding.mediaType(contentType: body.contentType))
            // Only where used: a nested form, a multipart body with JSON parts.
            if body.encoding == .form, body.style == .deepObject { builder.set("requestStyle", "deepObject") }
            let jsonParts = schema.jsonPartFields(of: body)
            if !jsonParts.isEmpty { builder.set("jsonParts", .array(jsonParts.map { .string($0.wireName) })) }
        }
        if let contentType = operation.responseContentType { builder.set("responseContentType", contentType) }
        builder.set("outcomes", operation.outcomes.map { outcomes in .array(outcomes.map(outcomeJSON)) } ?? .null)
        // Only where declared, so schemas without one describe as before.
        if let stream = operation.stream {
            builder.set(
                "stream",
                .object([
                    ("format", .string(stream.format.rawValue)), ("mediaType", .string(stream.format.mediaType)),
                    ("events", .string(stream.events.description)),
                ]))
        }
        if let requestStream = operation.requestStream {
            builder.set(
                "requestStream",
                .object([
                    ("format", .string(requestStream.format.rawValue)), ("mediaType", .string(requestStream.format.mediaType)),
                    ("events", .string(requestStream.events.description)),
                ]))
        }
        // Only where declared, so schemas without them describe as before.
        if !operation.responseHeaders.isEmpty {
            builder.set(
                "responseHeaders",
                .array(
                    operation.responseHeaders.map { field in
                        .object([
                            ("name", .string(field.name)), ("wireName", .string(field.wireName)), ("type", .string(field.type.description)),
                            ("optional", .bool(field.isOptional)),
                        ])
                    }))
        }
        return builder.value
    }

    /// `{ name, payload, via, method?, path?, headers?, match }`; `match` is `{ field | header, value }` or "shape".
    private static func event(_ event: EventDefinition) -> OrderedJSON {
        var builder = ObjectBuilder()
        builder.set("name", event.name)
        builder.set("payload", event.payload.description)
        builder.set("via", event.delivery.keyword)
        if case .webhook(let webhook) = event.delivery {
            builder.set("method", webhook.method)
            builder.set("path", webhook.path)
            builder.set("headers", .array(webhook.headers.map { .object([("wireName", .string($0.wireName)), ("type", .string($0.type.description))]) }))
        }
        switch event.recognition {
        case .field(let name, let value): builder.set("match", .object([("field", .string(name)), ("value", .string(value))]))
        case .header(let name, let value): builder.set("match", .object([("header", .string(name)), ("value", .string(value))]))
        case .shape: builder.set("match", "shape")
        }
        return builder.value
    }

    private static func type(_ type: TypeDefinition, in schema: Schema) -> OrderedJSON {
        var builder = ObjectBuilder()
        builder.set("name", type.name)
        // Only where the name is taken in Swift (docs/SchemaLanguage.md, generated names).
        let swiftName = SwiftNaming.typeName(type.name, api: schema.api)
        if swiftName != type.name { builder.set("swiftName", swiftName) }
        switch type.kind {
        case .structure(let fields):
            builder.set("kind", "struct")
            if !type.includes.isEmpty { builder.set("includes", .array(type.includes.map { .string($0.name) })) }
            if let additional = type.additionalFields { builder.set("additionalFields", additional.type.description) }
            builder.set(
                "fields",
                .array(
                    fields.map { field in
                        var value = ObjectBuilder()
                        value.set("name", field.name)
                        value.set("wireName", field.wireName)
                        value.set("type", field.type.description)
                        value.set("required", .bool(field.isRequiredOnWire))
                        value.set("optional", .bool(field.isOptional))
                        value.set("nullable", .bool(field.isNullable))
                        // Where list elements or map values may be null (`items`, `items.items`); omitted when nowhere.
                        let nullableElements = Self.nullableElements(field.constraints)
                        if !nullableElements.isEmpty { value.set("nullableElements", .array(nullableElements.map { .string($0) })) }
                        if let defaultValue = field.defaultValue { value.set("default", OrderedJSON(defaultValue)) }
                        value.set("deprecated", .bool(field.notes.isDeprecated))
                        value.set("secret", .bool(field.isSecret))
                        if let base = field.includedFrom { value.set("includedFrom", base) }
                        return value.value
                    }))
        case .enumeration(let enumeration):
            builder.set("kind", "enum")
            builder.set("rawType", enumeration.rawType.rawValue)
            builder.set(
                "cases",
                .array(
                    enumeration.cases.map { item in
                        .object([
                            ("name", .string(item.name)),
                            ("value", enumeration.rawType == .string ? .string(item.value) : .number(item.value)),
                            ("deprecated", .bool(item.notes.isDeprecated)),
                        ])
                    }))
        case .union(let union):
            builder.set("kind", "union")
            if let discriminator = union.discriminator {
                builder.set("discriminator", discriminator)
                builder.set("tagType", union.tagType.rawValue)
                builder.set(
                    "variants",
                    .array(
                        union.variants.map { variant in
                            .object([
                                ("name", .string(variant.name)), ("type", .string(variant.type.description)),
                                ("tag", union.tagType == .integer ? .number(variant.tag) : .string(variant.tag)),
                            ])
                        }))
            } else {
                // In the order the decoder tries them, with the JSON kind and the keys that select each.
                builder.set(
                    "variants",
                    .array(
                        schema.untaggedCandidates(of: union).map { variant in
                            // A struct's constants (`type: file`), which choose before the keys do; omitted when none.
                            let constants = schema.constants(of: variant).sorted { $0.key < $1.key }.map { key, value -> (String, OrderedJSON) in
                                switch value {
                                case .string(let text): return (key, .string(text))
                                case .integer(let number): return (key, .number(String(number)))
                                }
                            }
                            return .object(
                                [
                                    ("name", .string(variant.name)), ("type", .string(variant.type.description)),
                                    ("json", schema.variantShape(of: variant.type).map { .string($0.kind.rawValue) } ?? .null),
                                    ("requiredKeys", .array(schema.requiredWireKeys(of: variant).sorted().map { .string($0) })),
                                ] + (constants.isEmpty ? [] : [("constants", .object(constants))])
                                    + Self.distinguishingValueKinds(of: variant, in: union, schema: schema))
                        }))
            }
            let common = schema.commonFields(of: union).map(\.name)
            if !common.isEmpty { builder.set("commonFields", .array(common.map { .string($0) })) }
        case .alias(let target, _):
            builder.set("kind", "alias")
            builder.set("type", target.description)
        }
        // `nullable: true` of an alias or union (every use may be null); omitted when not.
        if type.isNullable { builder.set("nullable", .bool(true)) }
        builder.set("deprecated", .bool(type.notes.isDeprecated))
        return builder.value
    }

    /// The paths (`items`, `values`, `items.items`) of the elements `constraints` makes nullable.
    private static func nullableElements(_ constraints: Constraints, path: String = "") -> [String] {
        guard let elements = constraints.elements else { return [] }
        let here = path.isEmpty ? elements.keyword : path + "." + elements.keyword
        return (elements.isNullable ? [here] : []) + nullableElements(elements.constraints, path: here)
    }

    /// The short human summary `describe` prints without `--json`.
    public static func summary(_ schema: Schema) -> String {
        var lines: [String] = []
        lines.append("\(schema.api) \(schema.version)" + (schema.summary.map { ": " + $0 } ?? ""))
        lines.append("environments: " + schema.environments.map { "\($0.name) (\($0.url))" }.joined(separator: ", "))
        if !schema.authSchemes.isEmpty {
            lines.append("auth: " + schema.authSchemes.map(\.name).joined(separator: ", "))
        }
        lines.append("")
        lines.append("operations (\(schema.operations.count)):")
        let width = schema.operations.map { $0.method.count + 1 + $0.pathWithLiteralQuery.count }.max() ?? 0
        let nameWidth = schema.operations.map(\.name.count).max() ?? 0
        for operation in schema.operations {
            let route = operation.method + " " + operation.pathWithLiteralQuery
            var notes: [String] = []
            if let body = operation.body {
                let nested = body.encoding == .form && body.style == .deepObject ? " (deepObject)" : ""
                notes.append("body \(body.type)" + (body.encoding == .json ? "" : " as \(body.encoding.mediaType(contentType: body.contentType))\(nested)"))
            }
            if let requestStream = operation.requestStream {
                notes.append("body stream of \(requestStream.events) as \(requestStream.format.mediaType)")
            }
            if let outcomes = operation.outcomes {
                notes.append("→ " + outcomes.map(outcomeSummary).joined(separator: " | "))
            } else if let stream = operation.stream {
                notes.append("→ stream of \(stream.events) as \(stream.format.mediaType)")
            } else {
                notes.append(operation.response.map { "→ \($0)" + (operation.responseContentType.map { " as \($0)" } ?? "") } ?? "→ no content")
            }
            if operation.hasAbsoluteURL { notes.append("URL given at call time") }
            let objectQueries = operation.queryParameters.compactMap { field in
                RequestShapesExport.queryStyle(field, in: schema).map { "\(field.wireName) (\($0.rawValue))" }
            }
            if !objectQueries.isEmpty { notes.append("query objects: " + objectQueries.joined(separator: ", ")) }
            if let pagination = operation.pagination {
                notes.append("paginated (\(pagination.style.rawValue)\(pagination.previous == nil ? "" : ", both ways"))")
            }
            notes.append("auth: " + (operation.auth.isEmpty ? "none" : operation.authRequirements.map { $0.joined(separator: "+") }.joined(separator: "|")))
            if operation.notes.isDeprecated { notes.append("deprecated") }
            lines.append(
                "  " + route.padding(toLength: width, withPad: " ", startingAt: 0) + "  "
                    + operation.name.padding(toLength: nameWidth, withPad: " ", startingAt: 0) + "  " + notes.joined(separator: ", "))
        }
        if !schema.channels.isEmpty {
            lines.append("")
            lines.append("channels (\(schema.channels.count)):")
            for channel in schema.channels {
                let codes = channel.closeCodes.map { entry -> String in
                    if case .fail(let name) = entry.action { return "\(entry.code) fail \(name)" }
                    return "\(entry.code) \(entry.action.keyword)"
                }
                let auth = channel.handshake.auth.isEmpty ? "none" : channel.handshake.authRequirements.map { $0.joined(separator: "+") }.joined(separator: "|")
                lines.append(
                    "  WebSocket \(channel.handshake.path)  \(channel.name)  sends \(channel.send), receives \(channel.receive), auth: \(auth)"
                        + (codes.isEmpty ? "" : ", close codes: " + codes.joined(separator: ", ")))
            }
        }
        lines.append("")
        lines.append("types (\(schema.types.count)):")
        for type in schema.types {
            let detail: String
            switch type.kind {
            case .structure(let fields): detail = "struct, \(fields.count) field\(fields.count == 1 ? "" : "s")"
            case .enumeration(let enumeration):
                detail = "enum (\(enumeration.rawType.rawValue)), \(enumeration.cases.count) case\(enumeration.cases.count == 1 ? "" : "s")"
            case .union(let union):
                let selector = union.discriminator.map { "on '\($0)'\(union.tagType == .integer ? " (integer tags)" : "")" } ?? "untagged (by shape)"
                detail = "union \(selector), \(union.variants.count) variants"
            case .alias(let target, _): detail = "alias of \(target)"
            }
            let swiftName = SwiftNaming.typeName(type.name, api: schema.api)
            let renamed = swiftName == type.name ? "" : " (Swift: \(swiftName))"
            lines.append("  \(type.name)\(renamed): \(detail)" + (type.notes.isDeprecated ? ", deprecated" : ""))
        }
        if let errors = schema.errors {
            lines.append("")
            lines.append("errors (\(errors.cases.count)):")
            if errors.envelope, let codePath = errors.codePath {
                let exempt = schema.operationsExemptFromEnvelope
                lines.append(
                    "  (envelope: a 2xx body carrying \(codePath) is an error"
                        + (exempt.isEmpty ? ")" : "; not for \(exempt.joined(separator: ", ")), whose answers declare it)"))
            }
            for item in errors.cases {
                var parts: [String] = []
                if let code = item.code { parts.append("code \(code)") }
                switch item.family {
                case .prefix(let prefix): parts.append("codes starting with \(prefix)")
                case .pattern(let pattern): parts.append("codes matching \(pattern)")
                case nil: break
                }
                if !item.conditions.isEmpty { parts.append("when " + item.conditions.map(\.rawValue).joined(separator: "|")) }
                if let status = item.status { parts.append(item.statusFirst ? "status \(status) before any code" : "status \(status)") }
                if let body = item.body { parts.append("body \(body)") }
                if item.isRetryable { parts.append("retryable") }
                if item.notes.isDeprecated { parts.append("deprecated") }
                lines.append("  \(item.name): " + parts.joined(separator: ", "))
            }
        }
        let untyped = untypedPlaces(schema)
        if !untyped.isEmpty {
            lines.append("")
            let shown = untyped.prefix(10).joined(separator: ", ") + (untyped.count > 10 ? ", …" : "")
            lines.append("untyped (json): \(untyped.count) place\(untyped.count == 1 ? "" : "s"): \(shown)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: Error catalogue v2 and outcomes

    private static func familyJSON(_ family: ErrorCatalogue.CodeFamily?) -> OrderedJSON {
        switch family {
        case .prefix(let prefix): .object([("prefix", .string(prefix))])
        case .pattern(let pattern): .object([("pattern", .string(pattern))])
        case nil: .null
        }
    }

    private static func outcomeJSON(_ outcome: Outcome) -> OrderedJSON {
        var builder = ObjectBuilder()
        builder.set("name", outcome.name)
        // An integer for one status (as before), the text for a class (`4XX`) or `default`.
        if case .exact(let status) = outcome.status {
            builder.set("status", .integer(status))
        } else {
            builder.set("status", .string(outcome.status.text))
        }
        builder.set("body", outcome.body.map { OrderedJSON.string($0.description) } ?? .null)
        builder.set("error", outcome.errorCase.map(OrderedJSON.string) ?? .null)
        builder.set("where", .object(outcome.conditions.map { ($0.path, .array($0.values.map(OrderedJSON.string))) }))
        return builder.value
    }

    /// `registered 200 DeviceRegistration`, `failed 200 error internalError`, `notRegistered 404`.
    private static func outcomeSummary(_ outcome: Outcome) -> String {
        var text = "\(outcome.name) \(outcome.status.text)"
        if let body = outcome.body { text += " \(body)" }
        if let error = outcome.errorCase { text += " error \(error)" }
        if !outcome.conditions.isEmpty {
            text += " where " + outcome.conditions.map { "\($0.path)=\($0.values.joined(separator: "|"))" }.joined(separator: ",")
        }
        return text
    }
}
