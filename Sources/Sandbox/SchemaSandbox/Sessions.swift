import Foundation
import PayloadValidation
import SchemaModel

/// The credentials the sandbox issued through auth schemes whose login or refresh is wired in the
/// schema (see `CredentialFlows`), so those schemes accept only what a login or refresh handed out, and a
/// logout revokes it.
struct SessionBook {
    /// Per scheme, the tokens (access tokens or session ids) that are valid now.
    var tokens: [String: Set<String>] = [:]
    /// Per scheme, the refresh tokens that are valid now.
    var refreshTokens: [String: Set<String>] = [:]
    /// Makes every issued value unique.
    var issuedCount = 0

    mutating func issue(_ kind: String, scheme: String) -> String {
        issuedCount += 1
        return "\(Self.prefix(kind, scheme: scheme))\(issuedCount)"
    }

    static func prefix(_ kind: String, scheme: String) -> String { "sandbox-\(scheme)-\(kind)-" }

    /// Takes a refresh token sent to `scheme`'s refresh operation: nil when it is accepted (an issued one
    /// is used up), else why not. Without a wired login (`acceptsForeign`) the sandbox never handed out
    /// the first refresh token, so one it did not issue is accepted: it came from wherever the app gets
    /// its tokens (a refresh-only scheme).
    mutating func takeRefreshToken(_ sent: String?, scheme: String, acceptsForeign: Bool, login: String?) -> String? {
        guard let sent, !sent.isEmpty else { return "the refresh request carries no refresh token" }
        if refreshTokens[scheme]?.remove(sent) != nil { return nil }
        let ownPrefix = Self.prefix("refresh", scheme: scheme)
        if sent.hasPrefix(ownPrefix), let number = Int(sent.dropFirst(ownPrefix.count)), number <= issuedCount {
            return "the refresh token was used already: each one the sandbox issues is valid once"
        }
        if acceptsForeign { return nil }
        return "the refresh token was not issued by this sandbox: the \(scheme) scheme's login (\(login ?? "")) is wired, so sign in through it first"
    }
}

extension SandboxEngine {
    /// Schemes whose login is wired: the sandbox requires a credential it issued for them.
    func requiresIssuedCredential(_ scheme: AuthScheme) -> Bool {
        scheme.flows.login != nil
    }

    /// Whether `value`, sent for `scheme`, is acceptable: any non-empty value, or for a scheme with a
    /// wired login one the sandbox issued and has not revoked.
    func accepts(_ value: String, for scheme: AuthScheme) -> Bool {
        guard !value.isEmpty else { return false }
        guard requiresIssuedCredential(scheme) else { return true }
        return state.withLock { $0.sessions.tokens[scheme.name]?.contains(value) ?? false }
    }

    /// The answer of a wired login, refresh or logout operation: a login or refresh answer carries newly
    /// issued credentials at the paths the schema names, and their lifetime at the `expiresIn` path
    /// (`SandboxOptions.tokenLifetime`; `isSynthesized`: the answer is no example, so its number means nothing); a refresh must send a refresh token the sandbox issued and has not seen used, or,
    /// for a scheme without a wired login, one it did not issue (else 401, the reason in the body and the
    /// request log); a logout revokes the credential it was sent with. Other operations: `body`.
    func applyCredentialFlows(
        _ request: IncomingRequest, operation: SchemaOperation, status: Int, body: Data?,
        parsedBody: JSON?, isSynthesized: Bool
    ) -> (body: Data?, rejection: Outcome?) {
        guard (200..<300).contains(status), options.requireCredentials else { return (body, nil) }
        var body = body
        for scheme in schema.authSchemes {
            let flows = scheme.flows
            if flows.logout == operation.name, let sent = sentCredential(request, for: scheme) {
                _ = state.withLock { $0.sessions.tokens[scheme.name]?.remove(sent) }
            }
            for (exchange, isRefresh) in [(flows.login, false), (flows.refresh, true)] {
                guard let exchange, exchange.operation == operation.name else { continue }
                if isRefresh, let input = exchange.request.first(where: { $0.role == .refreshToken }) {
                    let sent = Pager.input(named: input.input, of: operation, factory: factory).flatMap { read($0.location, request, parsedBody) }
                    let refusal = state.withLock { state in
                        state.sessions.takeRefreshToken(
                            sent, scheme: scheme.name, acceptsForeign: !requiresIssuedCredential(scheme), login: flows.login?.operation)
                    }
                    if let refusal { return (nil, error(401, message: refusal, operation: operation)) }
                }
                guard let data = body, var json = JSON.parse(data) else { continue }
                state.withLock { state in
                    if let path = exchange.responsePath(.token) {
                        let token = state.sessions.issue("token", scheme: scheme.name)
                        state.sessions.tokens[scheme.name, default: []].insert(token)
                        json.set(.string(token), at: FieldPath(path))
                    }
                    if let path = exchange.responsePath(.refreshToken) {
                        let token = state.sessions.issue("refresh", scheme: scheme.name)
                        state.sessions.refreshTokens[scheme.name, default: []].insert(token)
                        json.set(.string(token), at: FieldPath(path))
                    }
                }
                // The sandbox issued the token, so it says how long it lives: the option, else an example's
                // number; never the synthesized minimum (1 s), which would make a client refresh before every call.
                if let path = exchange.responsePath(.expiresIn),
                    let lifetime = options.tokenLifetime ?? (isSynthesized ? SandboxOptions.defaultTokenLifetime : nil)
                {
                    json.set(.number(String(lifetime)), at: FieldPath(path))
                }
                body = json.data
            }
        }
        return (body, nil)
    }

    /// The credential `request` carries for `scheme` (bearer token or session header), if any.
    func sentCredential(_ request: IncomingRequest, for scheme: AuthScheme) -> String? {
        RequestValidator.credentials(sentFor: scheme, query: request.queryItems, headerValues: request.headerValues).first
    }

    private func read(_ location: Pager.InputLocation, _ request: IncomingRequest, _ parsedBody: JSON?) -> String? {
        switch location {
        case .query(let name): return request.queryItems.first { $0.name == name }?.value
        case .header(let name): return request.header(name)
        case .body(let name): return parsedBody?.value(at: [name])?.stringValue
        }
    }
}
