import Foundation
import SchemaModel

/// `client-generator export --format openapi`: the API as an OpenAPI 3.1.0 document whose
/// `components.schemas` are the JSON Schema export's definitions; 3.2.0 when an operation answers with a
/// stream or streams its request, whose `itemSchema` only OpenAPI 3.2 has (validators refuse it in a 3.1
/// document).
public enum OpenAPIExport {
    /// The document's `openapi` version: the oldest that can say everything the schema uses.
    public static func version(of schema: Schema) -> String {
        schema.operations.contains { $0.stream != nil || $0.requestStream != nil } ? "3.2.0" : "3.1.0"
    }

    public static func document(_ schema: Schema, options: ExportOptions = ExportOptions()) -> OrderedJSON {
        let mapper = SchemaMapper(schema: schema, options: options, refPrefix: "#/components/schemas/", allowsNot: false)
        var root = ObjectBuilder()
        root.set("openapi", version(of: schema))
        var info = ObjectBuilder()
        info.set("title", schema.api)
        info.set("version", schema.version)
        info.set("summary", schema.summary)
        info.set("description", SchemaMapper.description(schema.notes))
        root.set("info", info.value)
        root.set("servers", .array(schema.environments.map(server)))
        root.set("paths", paths(schema, mapper))
        let webhooks = EventExport.webhooks(schema, mapper)
        if !webhooks.isEmpty { root.set("webhooks", .object(webhooks)) }
        var components = ObjectBuilder()
        components.set("schemas", mapper.definitions())
        if let errors = schema.errors, let body = errors.body {
            var response = ObjectBuilder()
            response.set("description", SchemaMapper.description(errors.notes) ?? "An error of the catalogue.")
            response.set("content", .object([("application/json", .object([("schema", mapper.type(body))]))]))
            components.set("responses", .object([("Error", response.value)]))
        }
        if !schema.authSchemes.isEmpty {
            components.set("securitySchemes", .object(schema.authSchemes.map { ($0.name, securityScheme($0)) }))
        }
        root.set("components", components.value)
        if let errors = schema.errors {
            root.set("x-error-catalogue", errorCatalogue(errors))
        }
        let pushEvents = EventExport.pushEvents(schema, mapper)
        if !pushEvents.isEmpty { root.set("x-push-events", .object(pushEvents)) }
        return root.value
    }

    // MARK: Servers and security

    private static func server(_ environment: SchemaModel.Environment) -> OrderedJSON {
        var builder = ObjectBuilder()
        builder.set("url", environment.url)
        builder.set("description", SchemaMapper.description(environment.notes, summary: environment.name))
        if !environment.variables.isEmpty {
            builder.set(
                "variables",
                .object(
                    environment.variables.map { variable in
                        var value = ObjectBuilder()
                        // OpenAPI requires a default; a variable without one must be supplied by the user, so
                        // its default is a placeholder: the variable's own name.
                        value.set("default", variable.defaultValue ?? variable.name)
                        var description = SchemaMapper.description(variable.notes) ?? ""
                        if variable.defaultValue == nil {
                            description +=
                                (description.isEmpty ? "" : " ")
                                + "Required: no default exists; the value \"\(variable.name)\" is a placeholder that must be replaced."
                        }
                        value.set("description", description.isEmpty ? nil : description)
                        return (variable.name, value.value)
                    }))
        }
        return builder.value
    }

    private static func securityScheme(_ scheme: AuthScheme) -> OrderedJSON {
        var builder = ObjectBuilder()
        switch scheme.kind {
        case .bearer(let refresh):
            builder.set("type", "http")
            builder.set("scheme", "bearer")
            builder.set("description", SchemaMapper.description(scheme.notes))
            builder.set("x-refresh-operation", refresh)
        case .apiKey(let location, let name):
            builder.set("type", "apiKey")
            builder.set("in", location.rawValue)
            builder.set("name", name)
            builder.set("description", SchemaMapper.description(scheme.notes))
        case .session(let login, let header):
            builder.set("type", "apiKey")
            builder.set("in", "header")
            builder.set("name", header)
            builder.set("description", SchemaMapper.description(scheme.notes) ?? "A session id obtained by the \(login) operation.")
            builder.set("x-session-login-operation", login)
        case .basic:
            builder.set("type", "http")
            builder.set("scheme", "basic")
            builder.set("description", SchemaMapper.description(scheme.notes))
        }
        if case .bearer = scheme.kind, let login = scheme.flows.login { builder.set("x-login-operation", login.operation) }
        if let logout = scheme.flows.logout { builder.set("x-logout-operation", logout) }
        if scheme.notes.isDeprecated { builder.set("x-deprecated", .bool(true)) }
        return builder.value
    }

    private static func errorCatalogue(_ errors: ErrorCatalogue) -> OrderedJSON {
        var builder = ObjectBuilder()
        builder.set("body", errors.body?.description)
        builder.set("codePath", errors.codePath)
        if errors.envelope { builder.set("envelope", .bool(true)) }
        builder.set(
            "cases",
            .array(
                errors.cases.map { item in
                    var value = ObjectBuilder()
                    value.set("name", item.name)
                    value.set("code", item.code)
                    value.set("status", item.status.map { OrderedJSON.integer($0) })
                    value.set("retryable", .bool(item.isRetryable))
                    switch item.family {
                    case .prefix(let prefix): value.set("codePrefix", prefix)
                    case .pattern(let pattern): value.set("codePattern", pattern)
                    case nil: break
                    }
                    if item.declaredRetryable == false { value.set("neverRetried", .bool(true)) }
                    if item.statusFirst { value.set("statusFirst", .bool(true)) }
                    value.set("body", item.body?.description)
                    if !item.conditions.isEmpty { value.set("when", .array(item.conditions.map { .string($0.rawValue) })) }
                    if item.notes.isDeprecated { value.set("deprecated", .bool(true)) }
                    value.set("description", SchemaMapper.description(item.notes))
                    return value.value
                }))
        return builder.value
    }

    // MARK: Paths

    private static func paths(_ schema: Schema, _ mapper: SchemaMapper) -> OrderedJSON {
        var order: [String] = []
        var items: [String: ObjectBuilder] = [:]
        var claimedRoutes: Set<String> = []
        for operation in schema.operations {
            var path = RequestShapesExport.pathKey(operation)
            // A second operation of one route (the language allows it when the requests differ; placeholder
            // names aside, as OpenAPI compares templated paths): OpenAPI has one per path and method, so it
            // goes under the path with a fragment, which is never sent (as Box's document writes
            // `/files/{file_id}#get_shared_link`; import drops it).
            let route = operation.hasAbsoluteURL ? operation.method + " " + path : operation.routeKey
            if !claimedRoutes.insert(route).inserted { path += "#" + operation.name }
            if items[path] == nil {
                order.append(path)
                items[path] = ObjectBuilder()
            }
            items[path]!.set(operation.method.lowercased(), self.operation(operation, schema, mapper))
        }
        return .object(order.map { ($0, items[$0]!.value) })
    }

    private static func operation(_ operation: OperationDefinition, _ schema: Schema, _ mapper: SchemaMapper) -> OrderedJSON {
        var builder = ObjectBuilder()
        builder.set("operationId", operation.name)
        if let docs = operation.notes.docs?.trimmingCharacters(in: .whitespacesAndNewlines), !docs.isEmpty {
            builder.set("summary", summary(docs))
        }
        builder.set("description", SchemaMapper.description(operation.notes))
        // The path's literal query as OpenAPI validators accept it (a path key holds no query): a required
        // query parameter whose one allowed value is the literal, so every OpenAPI client sends it; `x-literal`
        // tells import to read it back as the path's literal query rather than as a parameter.
        let literalQuery = operation.literalQuery.map { item -> OrderedJSON in
            .object([
                ("name", .string(item.name)), ("in", .string("query")), ("required", .bool(true)),
                ("schema", .object([("type", .string("string")), ("enum", .array([.string(item.value)]))])), ("x-literal", .bool(true)),
            ])
        }
        let declared = operation.parameters.filter { $0.field.name != operation.absoluteURLParameter?.name }.map { location, field -> OrderedJSON in
            var parameter = ObjectBuilder()
            parameter.set("name", field.wireName)
            parameter.set("in", location.rawValue)
            parameter.set("description", SchemaMapper.description(field.notes))
            parameter.set("required", .bool(location == .path || field.isRequiredOnWire))
            if field.notes.isDeprecated { parameter.set("deprecated", .bool(true)) }
            if location == .query, let style = RequestShapesExport.queryStyle(field, in: schema) {
                parameter.set("style", style.rawValue)
                parameter.set("explode", .bool(true))
            }
            parameter.set("schema", mapper.parameterSchema(field))
            if let example = field.example { parameter.set("example", OrderedJSON(example)) }
            return parameter.value
        }
        let parameters = literalQuery + declared
        if !parameters.isEmpty { builder.set("parameters", .array(parameters)) }
        if let servers = RequestShapesExport.absoluteURLServers(operation) { builder.set("servers", servers) }
        if let body = operation.body {
            var request = ObjectBuilder()
            request.set("description", SchemaMapper.description(body.notes))
            request.set("required", .bool(true))
            var media = ObjectBuilder()
            media.set("schema", body.encoding == .raw ? RequestShapesExport.binarySchema : mapper.type(body.type))
            if let encoding = RequestShapesExport.bodyEncoding(body, in: schema) { media.set("encoding", encoding) }
            let examples = body.encoding == .raw ? [] : operation.examples.compactMap { example in example.request.map { (example.name, $0) } }
            if !examples.isEmpty {
                media.set("examples", .object(examples.map { ($0.0, .object([("value", OrderedJSON($0.1))])) }))
            }
            request.set("content", .object([(body.encoding.mediaType(contentType: body.contentType), media.value)]))
            builder.set("requestBody", request.value)
        }
        if let requestStream = operation.requestStream {
            // A streamed request body is a sequential media type whose itemSchema is one event, as for answers.
            var request = ObjectBuilder()
            request.set("description", SchemaMapper.description(requestStream.notes))
            request.set("required", .bool(true))
            request.set(
                "content", .object([(requestStream.format.mediaType, .object([("itemSchema", streamItemSchema(requestStream, schema, mapper))]))]))
            builder.set("requestBody", request.value)
        }
        builder.set("responses", responses(operation, schema, mapper))
        // OpenAPI's security requirement object is exactly ours: its schemes are sent together.
        builder.set("security", .array(operation.authRequirements.map { requirement in .object(requirement.map { ($0, .array([])) }) }))
        if operation.notes.isDeprecated { builder.set("deprecated", .bool(true)) }
        if let pagination = operation.pagination {
            var paginate = ObjectBuilder()
            paginate.set("style", pagination.style.rawValue)
            paginate.set("items", pagination.items)
            paginate.set(pagination.style.rawValue, pagination.requestParameter)
            paginate.set("size", pagination.sizeParameter)
            if pagination.style == .page { paginate.set("first", .integer(pagination.firstPage)) }
            paginate.set("next", pagination.next)
            paginate.set("previous", pagination.previous)
            paginate.set("totalPages", pagination.totalPages)
            paginate.set("last", pagination.last)
            builder.set("x-paginate", paginate.value)
        }
        if let cache = operation.cache {
            var value = ObjectBuilder()
            value.set("mode", cache.mode.rawValue)
            value.set("maxAge", cache.maxAge.map { OrderedJSON.integer($0) })
            if cache.mode == .localFirst { value.set("refreshErrors", cache.refreshErrors.rawValue) }
            if cache.store { value.set("store", .bool(true)) }
            value.set("cacheOnlyParameter", cache.cacheOnlyParameter)
            value.set("maxAgeParameter", cache.maxAgeParameter)
            builder.set("x-cache", value.value)
        }
        builder.set("x-idempotent", .bool(operation.isIdempotent))
        builder.set("x-idempotency-key", operation.idempotencyKeyHeader)
        if !operation.errors.isEmpty { builder.set("x-error-catalogue", .array(operation.errors.map(OrderedJSON.string))) }
        return builder.value
    }

    /// The first sentence of the docs' first paragraph, on one line.
    static func summary(_ docs: String) -> String {
        let paragraph = docs.components(separatedBy: "\n\n").first ?? docs
        let line = paragraph.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        if let end = line.range(of: ". ") { return String(line[..<end.lowerBound]) + "." }
        return line
    }

    /// A streamed answer's item, as OpenAPI 3.2 writes sequential media types: the event type for JSON
    /// Lines and JSON Sequences; for Server-Sent Events the event object (`event`, `data`, `id`,
    /// `retry`) whose `data` is JSON of the events' type, or of a union's variant selected by the event
    /// name (`anyOf`, one per variant), with `x-events` naming the events' type for import.
    private static func streamItemSchema(_ stream: EventStreamResponse, _ schema: Schema, _ mapper: SchemaMapper) -> OrderedJSON {
        guard stream.format == .sse else { return mapper.type(stream.events) }
        func data(_ type: TypeReference) -> OrderedJSON {
            .object([("type", .string("string")), ("contentMediaType", .string("application/json")), ("contentSchema", mapper.type(type))])
        }
        var item = ObjectBuilder()
        item.set("type", .string("object"))
        item.set("required", .array([.string("data")]))
        item.set(
            "properties",
            .object([
                ("event", .object([("type", .string("string"))])), ("data", data(stream.events)), ("id", .object([("type", .string("string"))])),
                ("retry", .object([("type", .string("integer")), ("minimum", .integer(0))])),
            ]))
        if let union = schema.union(named: stream.events) {
            item.set(
                "anyOf",
                .array(
                    union.variants.map { variant in
                        .object([
                            (
                                "properties",
                                .object([
                                    ("event", .object([("const", .string(EventStreamResponse.eventName(of: variant, in: union)))])),
                                    ("data", data(variant.type)),
                                ])
                            ),
                            ("required", .array([.string("event")])),
                        ])
                    }))
        }
        item.set("x-events", mapper.type(stream.events))
        return item.value
    }

    private static func responses(_ operation: OperationDefinition, _ schema: Schema, _ mapper: SchemaMapper) -> OrderedJSON {
        var responses = ObjectBuilder()
        var success = ObjectBuilder()
        success.set("description", operation.response == nil && operation.stream == nil ? "Success, no content." : "Success.")
        if let stream = operation.stream {
            success.set("content", .object([(stream.format.mediaType, .object([("itemSchema", streamItemSchema(stream, schema, mapper))]))]))
        } else if let contentType = operation.responseContentType {
            success.set("content", .object([(contentType, .object([("schema", RequestShapesExport.binarySchema)]))]))
        } else if let response = operation.response {
            var media = ObjectBuilder()
            media.set("schema", mapper.type(response))
            let examples = operation.examples.compactMap { example -> (String, YAMLNode)? in
                guard let value = example.response, (example.status ?? operation.successStatus) < 300 else { return nil }
                return (example.name, value)
            }
            if !examples.isEmpty {
                media.set("examples", .object(examples.map { ($0.0, .object([("value", OrderedJSON($0.1))])) }))
            }
            success.set("content", .object([("application/json", media.value)]))
        }
        success.set("headers", responseHeaders(operation, mapper))
        var declaredStatuses: Set<StatusPattern> = [.exact(operation.successStatus)]
        if let outcomes = operation.outcomes {
            responses = outcomeResponses(operation, outcomes, schema, mapper)
            declaredStatuses = Set(outcomes.map(\.status))
        } else {
            responses.set(String(operation.successStatus), success.value)
        }
        // One response per status of the listed catalogue errors (cases sharing a status share it).
        let catalogue = schema.errors
        var statuses: [Int] = []
        var casesByStatus: [Int: [ErrorCatalogue.Case]] = [:]
        for name in operation.errors {
            guard let item = catalogue?.cases.first(where: { $0.name == name }), let status = item.status else { continue }
            if casesByStatus[status] == nil { statuses.append(status) }
            casesByStatus[status, default: []].append(item)
        }
        let hasBody = catalogue?.body != nil
        for status in statuses.sorted() where !declaredStatuses.contains(.exact(status)) {
            let cases = casesByStatus[status]!
            var response = ObjectBuilder()
            let names = cases.map { item in item.code.map { "\(item.name) (\($0))" } ?? item.name }
            response.set("description", "Error: " + names.joined(separator: ", ") + ".")
            // Cases of one status may carry bodies of their own (`body:` on a case): one schema each.
            var bodies: [TypeReference] = []
            for item in cases { if let body = catalogue?.body(of: item), !bodies.contains(body) { bodies.append(body) } }
            if !bodies.isEmpty {
                let schema = bodies.count == 1 ? mapper.type(bodies[0]) : .object([("oneOf", .array(bodies.map { mapper.type($0) }))])
                response.set("content", .object([("application/json", .object([("schema", schema)]))]))
            }
            response.set("x-error-cases", .array(cases.map { .string($0.name) }))
            responses.set(String(status), response.value)
        }
        if declaredStatuses.contains(.other) {
            // An outcome says what any other status is; the catalogue's fallback is not the answer then.
        } else if hasBody {
            responses.set("default", .object([("$ref", .string("#/components/responses/Error"))]))
        } else {
            responses.set("default", .object([("description", .string("An error."))]))
        }
        return responses.value
    }

    /// One response per status an operation with several outcomes declares (`4XX` and `default` as
    /// OpenAPI writes them): its bodies (normal answers and the error body of error outcomes; several as
    /// `oneOf`), and the outcome names in `x-outcomes`.
    /// OpenAPI's response `headers` for `responseHeaders:`: by wire name, `required` as the schema says; nil
    /// without any. Every response of a normal answer carries them (`carriesResponseHeaders(status:)`).
    private static func responseHeaders(_ operation: OperationDefinition, _ mapper: SchemaMapper) -> OrderedJSON? {
        guard !operation.responseHeaders.isEmpty else { return nil }
        return .object(
            operation.responseHeaders.map { field in
                var header = ObjectBuilder()
                header.set("description", SchemaMapper.description(field.notes))
                header.set("required", .bool(!field.isOptional))
                // A date header is an HTTP-date (`Last-Modified`) or RFC 3339; the client reads either,
                // so the schema names the type without the RFC 3339 pattern a body field gets.
                let isDate = field.type == .primitive(.dateTime)
                header.set(
                    "schema", isDate ? .object([("type", .string("string")), ("format", .string("date-time"))]) : mapper.parameterSchema(field))
                header.set("x-name", field.name)
                return (field.wireName, header.value)
            })
    }

    private static func outcomeResponses(
        _ operation: OperationDefinition, _ outcomes: [Outcome], _ schema: Schema,
        _ mapper: SchemaMapper
    ) -> ObjectBuilder {
        var responses = ObjectBuilder()
        var statuses: [StatusPattern] = []
        for outcome in outcomes where !statuses.contains(outcome.status) { statuses.append(outcome.status) }
        for status in statuses {
            let group = outcomes.filter { $0.status == status }
            var bodies: [TypeReference] = []
            for outcome in group {
                let errorBody = outcome.errorCase.flatMap { schema.errorBody(status: status.representative, of: operation, errorCase: $0) }
                guard let body = outcome.body ?? errorBody else { continue }
                if !bodies.contains(body) { bodies.append(body) }
            }
            var response = ObjectBuilder()
            let names = group.map { outcome in outcome.errorCase.map { "\(outcome.name) (error \($0))" } ?? outcome.name }
            response.set("description", "Outcome: " + names.joined(separator: ", ") + ".")
            if !bodies.isEmpty {
                var media = ObjectBuilder()
                media.set("schema", bodies.count == 1 ? mapper.type(bodies[0]) : .object([("oneOf", .array(bodies.map { mapper.type($0) }))]))
                let examples = operation.examples.compactMap { example -> (String, YAMLNode)? in
                    guard let value = example.response,
                        outcomes.candidates(for: example.status ?? operation.successStatus).first?.status == status
                    else { return nil }
                    return (example.name, value)
                }
                if !examples.isEmpty {
                    media.set("examples", .object(examples.map { ($0.0, .object([("value", OrderedJSON($0.1))])) }))
                }
                response.set("content", .object([("application/json", media.value)]))
            }
            if group.contains(where: \.isResult) { response.set("headers", responseHeaders(operation, mapper)) }
            response.set(
                "x-outcomes",
                .array(
                    group.map { outcome in
                        var item = ObjectBuilder()
                        item.set("name", outcome.name)
                        if let error = outcome.errorCase { item.set("error", error) }
                        if !outcome.conditions.isEmpty {
                            item.set("where", .object(outcome.conditions.map { ($0.path, .array($0.values.map(OrderedJSON.string))) }))
                        }
                        return item.value
                    }))
            responses.set(status.text, response.value)
        }
        return responses
    }
}
