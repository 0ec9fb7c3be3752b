import SchemaModel

/// Renders `<API>Client`: its environments, auth schemes, operation descriptions and one
/// `async throws` method per operation.
struct ClientRenderer {
    let schema: Schema

    var clientName: String { "\(schema.api)Client" }
    var errorName: String { "\(schema.api)Error" }

    // Inside the client, an operation's method shadows any type of the same name in expressions
    // (operations called `String` or `RequestBuilder`), so the code below names types only where Swift
    // looks up types alone (annotations, `typealias`), and otherwise writes `.init`, `Self.` or the
    // module name (the modules' names are reserved operation names).
    /// Renders the client's core; `renderOperations` renders its methods.
    func render(into writer: inout SwiftWriter) {
        writer.docs(
            [
                schema.summary, schema.notes.docs, "API version \(schema.version).",
                "Every method throws `\(errorName)`.",
            ] + Docs.paragraphs(Notes(modelled: schema.notes.modelled)).dropFirst())
        writer.block("public struct \(clientName): Sendable") { writer in
            writer.line("/// Sends the requests; holds the base URL, transport, middlewares and credentials.")
            writer.line("public let core: ClientCore")
            writer.line()
            writer.line("/// - Parameters:")
            writer.line("///   - environment: Where the API is served.")
            writer.line("///   - transport: Sends HTTP requests; URLSession by default.")
            writer.line("///   - middlewares: Run around every request, the first outermost.")
            writer.line("///   - credentials: Supply tokens and keys for the operations that need them.")
            writer.block(
                "public init(environment: Environment, transport: any HTTPTransport = ClientRuntime.URLSessionTransport(), middlewares: [any ClientMiddleware] = [], credentials: (any CredentialProvider)? = nil)"
            ) { writer in
                writer.line(
                    "self.init(configuration: .init(baseURL: environment.baseURL, transport: transport, middlewares: middlewares, credentials: credentials))")
            }
            writer.line()
            writer.line("/// A client with a configuration built by hand (base URL, transport, middlewares, credentials).")
            writer.block("public init(configuration: ClientConfiguration)") { writer in
                writer.line("self.core = .init(configuration: configuration)")
            }
            writer.line()
            // The methods name their error type through this member: a local typealias would make the
            // compiler check every method body again whenever it emits the module, on every edit.
            writer.line("/// The error every method of this client throws.")
            writer.line("public typealias Failure = \(errorName)")
            writer.line()
            renderEnvironment(into: &writer)
            writer.line()
            renderAuthSchemes(into: &writer)
            writer.line()
            renderOperationInfos(into: &writer)
        }
        renderCredentialFlows(into: &writer)
    }

    /// Renders one extension of the client per operation in `operations` (one shard of the schema's
    /// operations): the method, its outcome type and paginated sequences.
    func renderOperations(_ operations: [OperationDefinition], into writer: inout SwiftWriter) {
        for (index, operation) in operations.enumerated() {
            if index > 0 { writer.line() }
            writer.block("extension \(clientName)") { writer in
                if let outcomes = operation.outcomes {
                    OutcomeRenderer(schema: schema, operation: operation, outcomes: outcomes).render(into: &writer)
                    writer.line()
                }
                if let stream = operation.stream {
                    renderStreamMethod(operation, stream, into: &writer)
                    return
                }
                renderMethod(operation, into: &writer)
                if !operation.responseHeaders.isEmpty {
                    writer.line()
                    ResponseHeadersRenderer(schema: schema, operation: operation).render(into: &writer)
                    writer.line()
                    renderMethod(operation, withHeaders: true, into: &writer)
                }
                if let pagination = operation.pagination {
                    writer.line()
                    renderPaginatedSequences(operation, pagination, into: &writer)
                }
            }
        }
    }

    // MARK: Environments

    private func renderEnvironment(into writer: inout SwiftWriter) {
        writer.line("/// A base URL for the API. Hosts the vendor does not publish are parameters you supply.")
        writer.block("public struct Environment: Hashable, Sendable") { writer in
            writer.line("/// The URL every operation's path is appended to.")
            writer.line("public let baseURL: URL")
            writer.line()
            writer.line("/// Any base URL, e.g. a local sandbox.")
            writer.block("public init(baseURL: URL)") { writer in
                writer.line("self.baseURL = baseURL")
            }
            for environment in schema.environments {
                writer.line()
                let template = SwiftEscaping.stringLiteral(environment.url)
                var docs = Docs.paragraphs(environment.notes, extra: ["URL template `\(Docs.inline(environment.url))`."])
                if !environment.variables.isEmpty {
                    docs.append(
                        "- Parameters:\n"
                            + environment.variables.map { variable in
                                Docs.parameter(SwiftNaming.bare(SwiftNaming.memberName(variable.name)), variable.notes.docs ?? "Replaces {\(variable.name)}.")
                            }.joined(separator: "\n"))
                }
                writer.docs(docs)
                let name = SwiftNaming.memberName(environment.name, reserved: SwiftNaming.Reserved.environments)
                if let variable = environment.wholeURLVariable {
                    renderWholeURLEnvironment(variable, name: name, into: &writer)
                    continue
                }
                if environment.variables.isEmpty {
                    writer.line("public static var \(name): Environment { Self(baseURL: ClientRuntime.URLTemplate.expand(\(template), [:])) }")
                } else {
                    let parameters = environment.variables.map { variable in
                        "\(SwiftNaming.memberName(variable.name)): String" + (variable.defaultValue.map { " = \(SwiftEscaping.stringLiteral($0))" } ?? "")
                    }
                    let values = environment.variables.map { "\(SwiftEscaping.stringLiteral($0.name)): \(SwiftNaming.memberName($0.name))" }
                    if environment.isCheckedAtRunTime {
                        // The variables make up the scheme or origin: only the values complete the URL, so it is checked.
                        writer.line(
                            "/// - Throws: `BaseURLError` unless the URL the values give is absolute http(s) with a host, without user info, query or fragment."
                        )
                        writer.block("public static func \(name)(\(parameters.joined(separator: ", "))) throws(BaseURLError) -> Environment") { writer in
                            writer.line("Self(baseURL: try ClientRuntime.URLTemplate.baseURL(expanding: \(template), [\(values.joined(separator: ", "))]))")
                        }
                    } else {
                        writer.block("public static func \(name)(\(parameters.joined(separator: ", "))) -> Environment") { writer in
                            writer.line("Self(baseURL: ClientRuntime.URLTemplate.expand(\(template), [\(values.joined(separator: ", "))]))")
                        }
                    }
                }
            }
        }
    }

    // MARK: Metadata

    private func renderAuthSchemes(into writer: inout SwiftWriter) {
        writer.line("/// The authentication schemes operations use; `CredentialProvider`s are asked by scheme.")
        writer.block("public enum AuthSchemes") { writer in
            for scheme in schema.authSchemes {
                let kind: String
                switch scheme.kind {
                case .bearer: kind = ".bearer"
                case .apiKey(let location, let name):
                    kind = location == .query ? ".apiKeyQuery(\(SwiftEscaping.stringLiteral(name)))" : ".apiKeyHeader(\(SwiftEscaping.stringLiteral(name)))"
                case .session(_, let header): kind = ".sessionHeader(\(SwiftEscaping.stringLiteral(header)))"
                case .basic: kind = ".basic"
                }
                var extra: [String?] = []
                if case .bearer(let refresh?) = scheme.kind { extra.append("Renewed by `\(refresh)`.") }
                if case .session(let login, _) = scheme.kind { extra.append("Opened by `\(login)`.") }
                writer.docs(Docs.paragraphs(scheme.notes, extra: extra))
                writer.line(
                    "public static let \(SwiftNaming.memberName(scheme.name, reserved: SwiftNaming.Reserved.authSchemes)): AuthScheme = .init(name: \(SwiftEscaping.stringLiteral(scheme.name)), kind: \(kind))"
                )
            }
        }
    }

    private func renderOperationInfos(into writer: inout SwiftWriter) {
        writer.line("/// What each operation is, for middlewares (retries, caching, logging) and tests.")
        // Statuses the catalogue marks retryable apply to every operation: any of them may answer one.
        // Cases with a code are retried by the catalogue's retry rule when their code arrives, not by status.
        let retryableStatuses = Set((schema.errors?.cases ?? []).filter { $0.isRetryable && $0.code == nil && $0.family == nil }.compactMap(\.status)).sorted()
        let errorRenderer = ErrorRenderer(schema: schema)
        writer.block("public enum Operations") { writer in
            // A channel's opening request is built like an operation's, so it has an info too (not in `all`).
            for operation in schema.operations + schema.channels.map(\.handshake) {
                let scheme = { (name: String) in "\(clientName).AuthSchemes.\(SwiftNaming.memberName(name, reserved: SwiftNaming.Reserved.authSchemes))" }
                // One scheme per requirement: the list of them; schemes sent together: the requirements.
                let auth =
                    operation.hasCombinedAuth
                    ? "authRequirements: [\(operation.authRequirements.map { "[\($0.map(scheme).joined(separator: ", "))]" }.joined(separator: ", "))]"
                    : "auth: [\(operation.auth.map(scheme).joined(separator: ", "))]"
                let key = operation.idempotencyKeyHeader.map(SwiftEscaping.stringLiteral) ?? "nil"
                var arguments = [
                    "name: \(SwiftEscaping.stringLiteral(operation.name))",
                    "method: .\(operation.method.lowercased())",
                    "pathTemplate: \(SwiftEscaping.stringLiteral(operation.path))",
                    "successStatus: \(operation.successStatus)",
                    "isIdempotent: \(operation.isIdempotent)",
                    auth,
                    "idempotencyKeyHeader: \(key)",
                ]
                if !retryableStatuses.isEmpty {
                    arguments.append("retryableStatuses: [\(retryableStatuses.map(String.init).joined(separator: ", "))]")
                }
                if let cache = operation.cache, cache.mode == .localFirst {
                    let maxAge = cache.maxAge.map(String.init) ?? "nil"
                    arguments.append("cache: .localFirst(maxAge: \(maxAge), suppressRefreshErrors: \(cache.refreshErrors == .suppress))")
                } else if let argument = cacheStorageArgument(operation) {
                    arguments.append(argument)
                }
                if let pagination = operation.pagination {
                    arguments.append("pagination: .\(pagination.style.rawValue)")
                }
                if let secretNames = SwiftTypes.stringSetLiteral(schema.secretWireNames(of: operation)) {
                    arguments.append("secretNames: \(secretNames)")
                }
                if errorRenderer.hasRetryRule {
                    arguments.append("retryRule: .\(errorRenderer.retryRuleName)")
                }
                writer.docs([
                    "What middlewares know about `\(SwiftNaming.bare(SwiftNaming.operationName(operation.name, api: schema.api)))` (`\(operation.method) \(Docs.inline(operation.pathWithLiteralQuery))`)."
                ])
                // Computed, not stored: the compiler checks and emits a stored static's initializer again
                // with the module's interface on every edit (Benchmarks/README.md); building one is cheap.
                writer.block("public static var \(SwiftNaming.operationInfoName(operation.name, api: schema.api)): OperationInfo") { writer in
                    writer.line(".init(")
                    for (index, argument) in arguments.enumerated() {
                        writer.line("    " + argument + (index == arguments.count - 1 ? "" : ","))
                    }
                    writer.line(")")
                }
            }
            writer.line()
            writer.line("/// Every operation of the API, in the schema's order.")
            writer.line(
                "public static let all: [OperationInfo] = ["
                    + schema.operations.map { "Self." + SwiftNaming.operationInfoName($0.name, api: schema.api) }.joined(separator: ", ") + "]")
        }
    }

    // MARK: Methods

    struct Parameter {
        let location: ParameterLocation?  // nil: the body
        let field: Field?
        let label: String
        let type: String
        let defaultArgument: String
        let docs: String?
    }

    /// The lines that start a method's request: its `RequestBuilder`, the path's literal query, each
    /// parameter where it goes, and the idempotency key. `changedLater`: the method changes the builder
    /// after these lines, so it is a `var` even without parameters.
    func requestBuilderLines(_ operation: OperationDefinition, _ parameters: [Parameter], changedLater: Bool) -> [String] {
        let mutates =
            changedLater || parameters.contains { $0.location != nil } || operation.idempotencyKeyHeader != nil || !operation.literalQuery.isEmpty
            || operation.requestStream != nil
        var lines = [
            "\(mutates ? "var" : "let") builder: RequestBuilder = .init(operation: Self.Operations.\(SwiftNaming.operationInfoName(operation.name, api: schema.api)), baseURL: self.core.configuration.baseURL)"
        ]
        if !operation.literalQuery.isEmpty { lines.append("// The path's literal query, sent before the parameters.") }
        for item in operation.literalQuery {
            lines.append("builder.addQuery(\(SwiftEscaping.stringLiteral(item.name)), \(SwiftEscaping.stringLiteral(item.value)))")
        }
        for parameter in parameters {
            guard let location = parameter.location, let field = parameter.field else { continue }
            let wire = SwiftEscaping.stringLiteral(field.wireName)
            if let line = specialParameterLine(location, field, label: parameter.label, in: operation) {
                lines.append(line)
                continue
            }
            switch location {
            case .path: lines.append("builder.setPath(\(wire), \(parameter.label))")
            case .query: lines.append("builder.addQuery(\(wire), \(parameter.label))")
            case .header: lines.append("builder.setHeader(\(wire), \(parameter.label))")
            }
        }
        if let header = operation.idempotencyKeyHeader {
            lines.append("// One key per call, so every retry of this call carries the same key.")
            lines.append("builder.setHeader(\(SwiftEscaping.stringLiteral(header)), Foundation.UUID().uuidString)")
        }
        if let requestStream = operation.requestStream {
            lines.append("builder.setEventsBody(body, format: .\(Self.runtimeFormat(requestStream.format)))")
        }
        return lines
    }

    /// The `EventStreamFormat` case of a stream's format.
    static func runtimeFormat(_ format: EventStreamResponse.Format) -> String {
        switch format {
        case .sse: "serverSentEvents"
        case .jsonLines: "jsonLines"
        case .jsonSequence: "jsonSequence"
        }
    }

    /// The name of the generic parameter of a method with a streamed request body: the sequence of its events.
    static let requestEventsTypeName = "RequestEvents"

    /// `<RequestEvents: AsyncSequence & Sendable>` for a method with a streamed request body, else "".
    func requestStreamGenerics(_ operation: OperationDefinition) -> String {
        operation.requestStream == nil ? "" : "<\(Self.requestEventsTypeName): AsyncSequence & Sendable>"
    }

    /// ` where RequestEvents.Element == Event` for a method with a streamed request body, else "".
    func requestStreamConstraint(_ operation: OperationDefinition) -> String {
        guard let requestStream = operation.requestStream else { return "" }
        return " where \(Self.requestEventsTypeName).Element == \(SwiftTypes.name(requestStream.events, in: schema))"
    }

    func parameters(of operation: OperationDefinition) -> [Parameter] {
        func parameter(_ location: ParameterLocation, _ field: Field) -> Parameter {
            let defaultArgument: String
            if let value = field.defaultValue {
                defaultArgument = " = " + SwiftTypes.literal(value, type: field.type, in: schema)
            } else {
                defaultArgument = field.isSwiftOptional ? " = nil" : ""
            }
            return Parameter(
                location: location, field: field, label: SwiftNaming.memberName(field.name, reserved: SwiftNaming.Reserved.parameters),
                type: SwiftTypes.name(of: field, in: schema), defaultArgument: defaultArgument,
                docs: Docs.sentences([field.notes.docs, Docs.secret(field)]))
        }
        var result = operation.pathParameters.map { parameter(.path, $0) }
        if let body = operation.body {
            result.append(
                Parameter(
                    location: nil, field: nil, label: "body", type: SwiftTypes.name(body.type, in: schema), defaultArgument: "",
                    docs: body.notes.docs ?? "The request body."))
        }
        if let requestStream = operation.requestStream {
            let events = SwiftTypes.name(requestStream.events, in: schema)
            result.append(
                Parameter(
                    location: nil, field: nil, label: "body", type: Self.requestEventsTypeName, defaultArgument: "",
                    docs: Docs.sentences([
                        requestStream.notes.docs,
                        "The request's `\(Docs.inline(events))` events, sent one by one as the sequence produces them (\(requestStream.format.mediaType)); it is iterated once.",
                    ])))
        }
        result += operation.queryParameters.map { parameter(.query, $0) }
        result += operation.headerParameters.map { parameter(.header, $0) }
        return result
    }

    /// The operation's method; `withHeaders`: its `…WithHeaders` twin, which returns the body with the
    /// declared response headers and the status (`TypedResponse`).
    private func renderMethod(_ operation: OperationDefinition, withHeaders: Bool = false, into writer: inout SwiftWriter) {
        let plainName = SwiftNaming.operationName(operation.name, api: schema.api)
        let name = withHeaders ? SwiftNaming.withHeadersMethodName(operation.name, api: schema.api) : plainName
        let parameters = parameters(of: operation)
        let outcomes = operation.outcomes.map { OutcomeRenderer(schema: schema, operation: operation, outcomes: $0) }
        let headersType = SwiftNaming.responseHeadersTypeName(operation.name, api: schema.api)
        let plainOutput = outcomes?.typeName ?? outputType(of: operation)
        let output = withHeaders ? "TypedResponse<\(plainOutput ?? "Void"), \(headersType)>" : plainOutput

        var extra: [String?] = ["`\(operation.method) \(Docs.inline(operation.pathWithLiteralQuery))`"]
        if let pagination = operation.pagination {
            extra.append("Paginated (\(pagination.style.rawValue) style): the items are `\(Docs.inline(pagination.items))`.")
        }
        extra.append(cacheStorageDocs(operation))
        if let cache = operation.cache, cache.mode == .localFirst {
            extra.append(
                "Cache hint: local first\(cache.maxAge.map { ", fresh for \($0) s" } ?? ""), refresh errors \(cache.refreshErrors == .suppress ? "suppressed" : "surfaced").\(cache.notes.docs.map { " " + $0 } ?? "")"
            )
        }
        extra.append(
            "- Parameters:\n"
                + (cacheArguments(operation).map { Docs.parameter(SwiftNaming.bare($0.label), $0.docs) }
                + parameters.map { Docs.parameter(SwiftNaming.bare($0.label), $0.docs) }
                + ["  - options: Per-call retry and cache settings; the client's apply by default."]).joined(separator: "\n"))
        if withHeaders {
            extra.insert(
                "What `\(SwiftNaming.bare(plainName))` returns, with the response's status and its declared headers, typed (`\(headersType)`).", at: 0)
            extra.append("- Returns: the \(outcomes != nil ? "outcome" : "body")\(plainOutput == nil ? " (none)" : ""), the status and the headers.")
        } else if let outcomes {
            extra.append("- Returns: `\(outcomes.typeName)`: " + outcomes.summary + ".")
        } else if let output {
            extra.append("- Returns: `\(output)`.")
        }
        var documentedErrors = operation.errors
        for name in operation.outcomes?.compactMap(\.errorCase) ?? [] where !documentedErrors.contains(name) { documentedErrors.append(name) }
        let errors = documentedErrors.map { "`.\(SwiftNaming.bare(SwiftNaming.memberName($0, reserved: SwiftNaming.Reserved.errorCases)))`" }
        extra.append("- Throws: `\(errorName)`" + (errors.isEmpty ? "." : ", documented: " + errors.joined(separator: ", ") + "."))
        writer.docs(Docs.paragraphs(operation.notes, extra: extra))
        if let message = operation.notes.deprecated {
            writer.line(Docs.availability(message))
        }
        let signature =
            (cacheArguments(operation).map(\.declaration) + parameters.map { "\($0.label): \($0.type)\($0.defaultArgument)" } + [
                "options: RequestOptions = .default"
            ]).joined(separator: ", ")
        let options = cacheOptionsExpression(operation)
        writer.block(
            "public func \(name)\(requestStreamGenerics(operation))(\(signature)) async throws\(output.map { " -> \($0)" } ?? "")\(requestStreamConstraint(operation))"
        ) { writer in
            // `Failure` is the client's member (no parameter or operation takes the name); the output type
            // comes from the return type, so no type is named in an expression.
            for line in requestBuilderLines(operation, parameters, changedLater: setsRequestShape(operation)) { writer.line(line) }
            for line in requestShapeLines(operation) { writer.line(line) }
            let body = bodyArguments(operation)
            if withHeaders {
                writer.line("return try self.core.typedResponse(")
                writer.line("    try await self.core.exchange(builder, \(body)failure: Failure.self, options: \(options)),")
                // With several outcomes, the outcome enum maps the response and the headers are read from its normal answers.
                writer.line("    operation: builder.operation, failure: Failure.self,")
                if let outcomes { writer.line("    outcome: \(outcomes.typeName).init(response:operation:),") }
                writer.line("    headers: \(headersType).init(response:))")
                return
            }
            if outcomes != nil {
                writer.line(
                    "return try .init(response: try await self.core.exchange(builder, \(body)failure: Failure.self, options: \(options)), operation: builder.operation)"
                )
                return
            }
            let call = "try await self.core.perform(builder, \(body)failure: Failure.self, options: \(options))"
            writer.line(output == nil ? "_ = \(call) as NoContent" : "return \(call)")
        }
    }
}
