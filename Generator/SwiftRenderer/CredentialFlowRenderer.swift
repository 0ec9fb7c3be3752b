import SchemaModel

/// For an auth scheme whose `login`, `refresh` or `logout` is wired in the schema, renders the
/// `TokenStore`-backed setup: `<scheme>TokenMiddleware(store:)` (a `BearerTokenMiddleware` whose refresh
/// calls the refresh operation and reads the new tokens from its response), the login operation with a
/// `savingTo:` store and the logout operation with a `clearing:` store. A hand-written refresh closure
/// (`BearerTokenMiddleware(scheme:store:refresh:)`) stays possible.
extension ClientRenderer {
    func renderCredentialFlows(into writer: inout SwiftWriter) {
        for scheme in schema.authSchemes where scheme.flows.isWired {
            if case .apiKey = scheme.kind { continue }
            writer.line()
            writer.block("extension \(clientName)") { writer in
                renderTokenMiddleware(scheme, into: &writer)
                if let login = scheme.flows.login, let operation = schema.operation(named: login.operation) {
                    writer.line()
                    renderLogin(operation, exchange: login, scheme: scheme, into: &writer)
                }
                if let logout = scheme.flows.logout, let operation = schema.operation(named: logout) {
                    writer.line()
                    renderLogout(operation, scheme: scheme, into: &writer)
                }
            }
        }
    }

    private func schemeMember(_ scheme: AuthScheme) -> String {
        "\(clientName).AuthSchemes.\(SwiftNaming.memberName(scheme.name, reserved: SwiftNaming.Reserved.authSchemes))"
    }

    private func renderTokenMiddleware(_ scheme: AuthScheme, into writer: inout SwiftWriter) {
        let refresh = scheme.flows.refresh.flatMap { exchange in schema.operation(named: exchange.operation).map { (exchange, $0) } }
        let renewal =
            refresh.map {
                "on expiry or a 401 it is renewed once through `\($0.1.name)` (one refresh for any number of concurrent calls), and the call is resent"
            }
            ?? "the schema names no refresh, so a 401 fails the call with `CredentialFlowError.notRenewable` inside `TokenRefreshError`"
        writer.docs([
            "A `BearerTokenMiddleware` for the `\(scheme.name)` scheme that keeps its credential in `store`: operations using the scheme carry the stored token; \(renewal).",
            "Call this on a client without the middleware (the one you log in with) and give the result to the client that makes the authenticated calls.",
            "- Parameters:\n  - store: Where the tokens live (saved by login, cleared by logout).\n  - refreshLeeway: Renew when the token expires within this many seconds.\n  - logger: Receives refresh events (never the tokens).",
        ])
        if let message = refresh?.1.notes.deprecated { writer.line(Docs.availability(message)) }
        let name = SwiftNaming.memberName(scheme.tokenMiddlewareName)
        writer.block("public func \(name)(store: any TokenStore, refreshLeeway: TimeInterval = 30, logger: ClientLogger? = nil) -> BearerTokenMiddleware") {
            writer in
            writer.line(
                "ClientRuntime.BearerTokenMiddleware(scheme: \(schemeMember(scheme)), store: store, refreshLeeway: refreshLeeway, refresh: { \(refresh == nil ? "_" : "tokens") in"
            )
            if let (exchange, operation) = refresh {
                writer.line(
                    "    let response = try await self.\(SwiftNaming.operationName(operation.name, api: schema.api))(\(refreshArguments(operation, exchange: exchange, scheme: scheme)))"
                )
                writer.line("    return \(tokenSet(from: "response", of: operation, exchange: exchange, replacing: "tokens"))")
            } else {
                writer.line("    throw ClientRuntime.CredentialFlowError.notRenewable(scheme: \(SwiftEscaping.stringLiteral(scheme.name)))")
            }
            writer.line("}, logger: logger)")
        }
    }

    private func renderLogin(_ operation: OperationDefinition, exchange: CredentialExchange, scheme: AuthScheme, into writer: inout SwiftWriter) {
        let method = SwiftNaming.operationName(operation.name, api: schema.api)
        let all = parameters(of: operation)
        let signature = (all.map { "\($0.label): \($0.type)\($0.defaultArgument)" } + ["options: RequestOptions = .default", "savingTo store: any TokenStore"])
            .joined(separator: ", ")
        let forwarded = (all.map { "\(SwiftNaming.argumentLabel($0.label)): \($0.label)" } + ["options: options"]).joined(separator: ", ")
        let output = operation.response.map { SwiftTypes.name($0, in: schema) } ?? "NoContent"
        let read = exchange.response.map { "`\($0.role.rawValue)` from `\(Docs.inline($0.path))`" }.joined(separator: ", ")
        writer.docs([
            "Calls `\(SwiftNaming.bare(method))` and saves the credential of the `\(scheme.name)` scheme its response holds (\(read)) to `store`, where `\(scheme.tokenMiddlewareName)(store:)` finds it.",
            "- Returns: The response, as `\(SwiftNaming.bare(method))` returns it.",
        ])
        if let message = operation.notes.deprecated { writer.line(Docs.availability(message)) }
        writer.line("@discardableResult")
        writer.block("public func \(method)(\(signature)) async throws -> \(output)") { writer in
            writer.line("let response = try await self.\(method)(\(forwarded))")
            writer.line("try await store.save(\(tokenSet(from: "response", of: operation, exchange: exchange, replacing: "nil")))")
            writer.line("return response")
        }
    }

    private func renderLogout(_ operation: OperationDefinition, scheme: AuthScheme, into writer: inout SwiftWriter) {
        let method = SwiftNaming.operationName(operation.name, api: schema.api)
        let all = parameters(of: operation)
        let signature = (all.map { "\($0.label): \($0.type)\($0.defaultArgument)" } + ["options: RequestOptions = .default", "clearing store: any TokenStore"])
            .joined(separator: ", ")
        let forwarded = (all.map { "\(SwiftNaming.argumentLabel($0.label)): \($0.label)" } + ["options: options"]).joined(separator: ", ")
        let output = operation.response.map { SwiftTypes.name($0, in: schema) }
        writer.docs([
            "Calls `\(SwiftNaming.bare(method))` (which ends the `\(scheme.name)` session on the server), then clears `store`. The store is cleared also when the call fails, so the credential is forgotten on this device either way; the call's error is then rethrown."
        ])
        if let message = operation.notes.deprecated { writer.line(Docs.availability(message)) }
        if output != nil { writer.line("@discardableResult") }
        writer.block("public func \(method)(\(signature)) async throws\(output.map { " -> \($0)" } ?? "")") { writer in
            writer.line("do {")
            writer.line("    \(output == nil ? "" : "let response = ")try await self.\(method)(\(forwarded))")
            writer.line("    try await store.clear()")
            if output != nil { writer.line("    return response") }
            writer.line("} catch {")
            writer.line("    try? await store.clear()")
            writer.line("    throw error")
            writer.line("}")
        }
    }

    /// The arguments of the refresh call: the mapped inputs from `tokens`, the body built from them.
    private func refreshArguments(_ operation: OperationDefinition, exchange: CredentialExchange, scheme: AuthScheme) -> String {
        func value(for field: Field) -> String? {
            guard let role = exchange.request.first(where: { $0.input == field.name })?.role else { return nil }
            if role == .token { return "tokens.accessToken" }
            return field.isSwiftOptional
                ? "tokens.refreshToken" : "try ClientRuntime.CredentialFlow.refreshToken(of: tokens, scheme: \(SwiftEscaping.stringLiteral(scheme.name)))"
        }
        var arguments: [String] = []
        for parameter in parameters(of: operation) {
            let label = SwiftNaming.argumentLabel(parameter.label)
            if let field = parameter.field {
                if let value = value(for: field) { arguments.append("\(label): \(value)") }
            } else if let body = operation.body, case .named(let typeName) = body.type, let type = schema.type(named: typeName) {
                let members = type.fields.compactMap { field in
                    value(for: field).map { "\(SwiftNaming.argumentLabel(SwiftNaming.fieldName(field.name))): \($0)" }
                }
                arguments.append("\(label): .init(\(members.joined(separator: ", ")))")
            }
        }
        return arguments.joined(separator: ", ")
    }

    /// A `TokenSet` made from a login or refresh response, per the exchange's response paths.
    private func tokenSet(from response: String, of operation: OperationDefinition, exchange: CredentialExchange, replacing previous: String) -> String {
        func path(_ role: CredentialExchange.Role) -> (expression: String, isOptional: Bool, type: TypeReference)? {
            guard let responseType = operation.response, let written = exchange.responsePath(role) else { return nil }
            return memberPath(written, in: responseType)
        }
        let token = path(.token).map { response + $0.expression } ?? "\"\""
        let refreshToken = path(.refreshToken).map { response + $0.expression } ?? "nil"
        let expiresIn =
            path(.expiresIn).map { $0.isOptional ? "\(response)\($0.expression).map { Swift.Double($0) }" : "Swift.Double(\(response)\($0.expression))" }
            ?? "nil"
        return "ClientRuntime.CredentialFlow.tokens(token: \(token), refreshToken: \(refreshToken), expiresIn: \(expiresIn), replacing: \(previous))"
    }
}
