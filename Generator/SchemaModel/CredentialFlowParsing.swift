/// Reads the wiring of an auth scheme's login, refresh and logout (see `CredentialFlows`).
extension SchemaParser {
    /// `login:` or `refresh:` of an auth scheme: an operation name (documented only, as before) or a
    /// mapping `{ operation, request, response }` that wires it to the token store.
    func credentialExchange(_ reader: MappingReader, key: String, context: String) -> (name: String?, exchange: CredentialExchange?) {
        guard let node = reader[key] else { return (nil, nil) }
        guard node.pairs != nil else { return (reader.string(key), nil) }
        let exchangeContext = "'\(key)' of \(context)"
        guard let exchangeReader = MappingReader(node, context: exchangeContext, allowed: ["operation", "request", "response"], log: log) else {
            return (nil, nil)
        }
        guard let operation = exchangeReader.string("operation") else {
            log.error("\(exchangeContext) needs an 'operation': the operation to call", at: node.location)
            return (nil, nil)
        }
        let requestRoles: [CredentialExchange.Role] = [.token, .refreshToken]
        let requestPairs = exchangeReader.entries("request")
        let request = requestPairs.compactMap { pair -> (String, CredentialExchange.Role, SourceLocation)? in
            guard let text = pair.value.scalar?.text, let role = CredentialExchange.Role(rawValue: text), requestRoles.contains(role) else {
                let found = pair.value.scalar.map { "'\($0.text)'" } ?? pair.value.kindDescription
                log.error(
                    "input '\(pair.key)' in the request of \(exchangeContext) must be filled with token or refreshToken, found \(found)\(Suggestion.didYouMean(pair.value.scalar?.text ?? "", in: requestRoles.map(\.rawValue)))",
                    at: pair.value.location)
                return nil
            }
            return (pair.key, role, pair.keyLocation)
        }
        let response = exchangeReader.entries("response").compactMap { pair -> (CredentialExchange.Role, String, SourceLocation)? in
            let roles = CredentialExchange.Role.allCases.map(\.rawValue)
            guard let role = CredentialExchange.Role(rawValue: pair.key) else {
                log.error(
                    "unknown key '\(pair.key)' in the response of \(exchangeContext): it maps \(roles.joined(separator: ", ")) to response paths\(Suggestion.didYouMean(pair.key, in: roles))",
                    at: pair.keyLocation)
                return nil
            }
            guard let path = pair.value.scalar?.text, pair.value.scalar?.kind == .string, !path.isEmpty else {
                log.error(
                    "'\(pair.key)' in the response of \(exchangeContext) must be a dotted path into the response, found \(pair.value.kindDescription)",
                    at: pair.value.location)
                return nil
            }
            return (role, path, pair.keyLocation)
        }
        if !exchangeReader.has("response") {
            log.error(
                "\(exchangeContext) needs a 'response' saying where the response holds the token, like `response: { token: accessToken }`", at: node.location)
        } else if exchangeReader["response"]?.pairs != nil, !response.contains(where: { $0.0 == .token }),
            response.count == exchangeReader.entries("response").count
        {
            log.error(
                "the response of \(exchangeContext) needs 'token': the path of the token (or session id) it returns", at: exchangeReader["response"]?.location)
        }
        return (
            operation,
            CredentialExchange(
                operation: operation,
                request: request.map { (input: $0.0, role: $0.1, location: $0.2) },
                requestInputs: requestPairs.map(\.key),
                response: response.map { (role: $0.0, path: $0.1, location: $0.2) },
                location: node.location)
        )
    }
}
