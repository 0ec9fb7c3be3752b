/// Checks the wiring of auth schemes' login, refresh and logout: the operations exist, every path leads
/// to a field of the right type, and the wired calls can be made from the stored tokens alone.
extension SchemaValidator {
    func checkCredentialFlows(types: [String: TypeDefinition]) {
        let operationNames = schema.operations.map(\.name)
        // Each wired login and logout gets a wrapper method; one operation cannot get two of a kind.
        var wrapped: [String: String] = [:]
        func claimWrapper(_ key: String, _ operation: String, for scheme: AuthScheme, at location: SourceLocation) {
            if let first = wrapped[key + " " + operation] {
                log.error("operation '\(operation)' is already the \(key) of auth scheme '\(first)'; auth scheme '\(scheme.name)' needs its own", at: location)
            } else {
                wrapped[key + " " + operation] = scheme.name
            }
        }
        for scheme in schema.authSchemes where scheme.flows.isWired {
            if let login = scheme.flows.login { claimWrapper("login", login.operation, for: scheme, at: login.location) }
            if let logout = scheme.flows.logout { claimWrapper("logout", logout, for: scheme, at: scheme.flows.logoutLocation ?? scheme.location) }
            let context = "auth scheme '\(scheme.name)'"
            if case .apiKey = scheme.kind {
                log.error("\(context) is an API key: 'login', 'refresh' and 'logout' apply to bearer and session schemes only", at: scheme.location)
                continue
            }
            if let login = scheme.flows.login {
                checkExchange(login, key: "login", of: scheme, types: types)
            }
            if let refresh = scheme.flows.refresh {
                checkExchange(refresh, key: "refresh", of: scheme, types: types)
            }
            if let logout = scheme.flows.logout {
                if let operation = schema.operation(named: logout) {
                    checkWrapperLabel("clearing", of: operation, key: "logout", scheme: scheme)
                } else {
                    log.error(
                        "'logout' of \(context) names an unknown operation '\(logout)'\(Suggestion.didYouMean(logout, in: operationNames))",
                        at: scheme.flows.logoutLocation ?? scheme.location)
                }
            }
            let factory = scheme.tokenMiddlewareName
            if let clash = schema.operations.first(where: { SwiftNaming.bare(SwiftNaming.operationName($0.name, api: schema.api)) == factory }) {
                log.error(
                    "operation '\(clash.name)' has the name of the method generated for \(context) ('\(factory)'); rename the operation or the scheme",
                    at: clash.location)
            }
        }
    }

    private func checkExchange(_ exchange: CredentialExchange, key: String, of scheme: AuthScheme, types: [String: TypeDefinition]) {
        let context = "'\(key)' of auth scheme '\(scheme.name)'"
        guard let operation = schema.operation(named: exchange.operation) else {
            // Names kept in the scheme's kind (bearer refresh, session login) are reported by checkAuth.
            let reported: Bool
            switch (scheme.kind, key) {
            case (.bearer, "refresh"), (.session, "login"): reported = true
            case (.bearer, _), (.apiKey, _), (.session, _), (.basic, _): reported = false
            }
            if !reported {
                let names = schema.operations.map(\.name)
                log.error(
                    "\(context) names an unknown operation '\(exchange.operation)'\(Suggestion.didYouMean(exchange.operation, in: names))",
                    at: exchange.location)
            }
            return
        }
        if key == "login" { checkWrapperLabel("savingTo", of: operation, key: key, scheme: scheme) }

        // Response: where the new token (and refresh token, lifetime) are.
        if let response = operation.response {
            for entry in exchange.response {
                guard
                    let (field, optional) = field(
                        at: entry.path, in: response, what: "'\(entry.role.rawValue)' in the response of \(context)", at: entry.location, types: types)
                else { continue }
                let primitive = primitive(of: field.type, types: types)
                switch entry.role {
                case .token, .refreshToken:
                    if primitive != .string {
                        log.error(
                            "'\(entry.role.rawValue)' in the response of \(context) must lead to a string, but '\(entry.path)' is '\(field.type)'",
                            at: entry.location)
                    } else if entry.role == .token && optional {
                        log.error(
                            "'token' in the response of \(context) must lead to a required, non-null field, but '\(entry.path)' may be missing",
                            at: entry.location)
                    }
                case .expiresIn:
                    if !(primitive?.isInteger ?? false) && primitive != .double {
                        log.error(
                            "'expiresIn' in the response of \(context) must lead to a number of seconds, but '\(entry.path)' is '\(field.type)'",
                            at: entry.location)
                    }
                }
            }
        } else if !exchange.response.isEmpty {
            log.error("\(context): operation '\(operation.name)' has no response to read the token from", at: exchange.location)
        }

        // Request: filled from the stored tokens, so every required input must be mapped.
        if key == "login" {
            if let first = exchange.request.first {
                log.error("\(context) cannot fill its request from the token store: nothing is stored before login; remove 'request'", at: first.location)
            }
            return
        }
        let bodyFields = bodyFields(of: operation, types: types)
        let inputs = operation.parameters.map(\.field) + (bodyFields ?? [])
        for entry in exchange.request {
            guard let field = inputs.first(where: { $0.name == entry.input }) else {
                log.error(
                    "\(context) fills '\(entry.input)', which is not a parameter or body field of operation '\(operation.name)'\(Suggestion.didYouMean(entry.input, in: inputs.map(\.name)))",
                    at: entry.location)
                continue
            }
            if primitive(of: field.type, types: types) != .string {
                log.error("\(context) fills '\(entry.input)' with the \(entry.role.rawValue), a string, but it is '\(field.type)'", at: entry.location)
            }
        }
        let mapped = Set(exchange.requestInputs)
        if operation.body != nil && bodyFields == nil {
            log.error(
                "\(context) cannot build the body of operation '\(operation.name)': only a struct body can be filled from the stored tokens",
                at: exchange.location)
        }
        for field in inputs where !mapped.contains(field.name) && !field.isSwiftOptional && field.defaultValue == nil {
            log.error(
                "\(context) cannot call operation '\(operation.name)' from the stored tokens: its required input '\(field.name)' is not filled; map it in 'request' or make it optional",
                at: exchange.location)
        }
    }

    /// The generated wrapper adds a parameter with this label to the operation's own.
    private func checkWrapperLabel(_ label: String, of operation: OperationDefinition, key: String, scheme: AuthScheme) {
        // `store` is the parameter's name inside the wrapper, `response` a local there.
        for name in [label, "store", "response"] where operation.parameters.contains(where: { SwiftNaming.bare(SwiftNaming.memberName($0.field.name)) == name })
        {
            log.error(
                "operation '\(operation.name)' has a parameter '\(name)', a name the generated '\(key)' wrapper of auth scheme '\(scheme.name)' uses; rename the parameter",
                at: operation.location)
        }
    }

    /// The field at a dotted wire-name path and whether anything along it may be missing or null.
    private func field(
        at path: String, in root: TypeReference, what: String, at location: SourceLocation,
        types: [String: TypeDefinition]
    ) -> (Field, Bool)? {
        guard let fields = fields(along: path, in: root, subject: "\(what): path", at: location, types: types), let last = fields.last else { return nil }
        return (last, fields.contains(where: \.isSwiftOptional))
    }

    private func bodyFields(of operation: OperationDefinition, types: [String: TypeDefinition]) -> [Field]? {
        guard let body = operation.body, case .named(let name) = body.type, let type = types[name], case .structure(let fields) = type.kind else { return nil }
        return fields
    }

    private func primitive(of reference: TypeReference, types: [String: TypeDefinition], depth: Int = 0) -> Primitive? {
        switch reference {
        case .primitive(let primitive): return primitive
        case .named(let name):
            guard depth < 32, let type = types[name], case .alias(let target, _) = type.kind else { return nil }
            return primitive(of: target, types: types, depth: depth + 1)
        case .array, .map: return nil
        }
    }
}
