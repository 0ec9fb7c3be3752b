import Foundation

/// The engine a generated client delegates to: attaches credentials, runs the middleware chain, sends,
/// and maps the outcome to the operation's output or the client's failure type.
///
/// Retries, token refresh and caching are middlewares (`RetryMiddleware`, `BearerTokenMiddleware`,
/// `CachingMiddleware`) and pagination a wrapper (`Paginator`), which is why `send` does no status mapping
/// and `perform` is a thin layer on top of it.
public struct ClientCore: Sendable {
    /// The configuration requests are sent with.
    public let configuration: ClientConfiguration
    /// The base URL's origin, which credentials never leave; worked out once rather than on every call.
    private let baseOrigin: Origin

    /// Creates a core for `configuration`.
    @_spi(Generated) public init(configuration: ClientConfiguration) {
        self.configuration = configuration
        baseOrigin = Origin(configuration.baseURL)
    }

    /// Sends `request` through credentials, then the middlewares (first = outermost), then the transport.
    ///
    /// Credentials are attached only when `operation.auth` lists schemes. The requirements
    /// (`operation.authRequirements`) are tried in the schema's order of preference, and the first one whose
    /// every scheme is available is sent: a scheme is available when the provider returns a secret for it
    /// (attached here), else when a `CredentialIdentifying` middleware identifies it for the operation (it
    /// attaches its own, like `BearerTokenMiddleware`). When none is complete and a requirement of several schemes is
    /// partly available, the call fails with `RequestBuildError.missingCredential` before anything is sent;
    /// when no credential is available at all, the request goes out without one (the server answers 401).
    /// Before the middlewares run, the identity of the credentials the
    /// call goes out with (from the provider and every `CredentialIdentifying` middleware) is published as
    /// `CredentialIdentity.current`, so the response cache keeps users apart in any middleware order.
    ///
    /// The whole of it is bounded by `RequestOptions.current.callTimeout ?? configuration.callTimeout`, and
    /// the body by the `maximumResponseSize` of the options or configuration (the transport enforces it
    /// while receiving; a body over it is also refused here, whatever the transport).
    ///
    /// Any status is returned as a response; errors from the credential provider, middlewares and
    /// transport propagate unchanged, besides `TransportError.callTimedOut`, `.responseTooLarge` and
    /// `RequestBuildError.invalidCredential` (a secret that cannot be sent in a header) and
    /// `RequestBuildError.missingCredential`.
    @_spi(Generated) public func send(_ request: HTTPRequest, operation: OperationInfo) async throws -> HTTPResponse {
        let options = RequestOptions.current.merged(
            over: RequestOptions(
                callTimeout: configuration.callTimeout,
                maximumResponseSize: configuration.maximumResponseSize
            ))
        return try await RequestOptions.$current.withValue(options) {
            try await CallTimeout.run(seconds: options.callTimeout) { [self] in
                try await sendWithoutTimeout(request, operation: operation)
            }
        }
    }

    private func sendWithoutTimeout(_ request: HTTPRequest, operation: OperationInfo) async throws -> HTTPResponse {
        let (authorized, attachedIdentity) = try await authorize(request, for: operation)
        let credentials = try await callCredentials(for: operation, attached: attachedIdentity)
        let transport = configuration.transport
        var next: @Sendable (HTTPRequest) async throws -> HTTPResponse = { request in
            do {
                return try await transport.send(request)
            } catch {
                // A failing URL carries the query as sent: hide the schema's secret items before any
                // middleware logs the error or the caller prints it.
                throw ErrorSummary.redactingFailingURL(of: error, secretNames: request.secretNames.union(operation.secretNames))
            }
        }
        for middleware in configuration.middlewares.reversed() {
            let inner = next
            next = { request in
                try await middleware.intercept(request, operation: operation, next: inner)
            }
        }
        let chain = next
        let response = try await CredentialIdentity.$current.withValue(CredentialIdentity.combining(credentials.identities)) {
            try await CallCredentials.$current.withValue(credentials) {
                try await chain(authorized)
            }
        }
        if let limit = RequestOptions.current.maximumResponseSize, response.body.count > limit {
            throw TransportError.responseTooLarge(limit: limit)
        }
        return response
    }

    /// Builds, sends and maps one call: any 2xx decodes as `Output` (an empty body only when `Output` is
    /// `NoContent`), any other status becomes `Failure(response:operation:)`.
    ///
    /// `options` are visible to the middlewares as `RequestOptions.current` while the call is sent (its
    /// `nil` fields are filled from any value already set there).
    ///
    /// - Throws: only `Failure`: `.invalidRequest` when building fails or a credential cannot be sent
    ///   (`RequestBuildError`), `Failure(transportFailure:)` (`.transport` or a client-side catalogue case)
    ///   when no response was obtained (including the
    ///   `TransportError`s: timeout, response too large, cross-origin redirect), `.invalidResponse` when a
    ///   2xx body does not decode. A `Failure` thrown by a middleware passes through unwrapped.
    @_spi(Generated) public func perform<Output: Decodable & Sendable, Failure: APIFailure>(
        _ request: RequestBuilder,
        output: Output.Type = Output.self,
        failure: Failure.Type,
        options: RequestOptions = .default
    ) async throws -> Output {
        let response = try await exchange(request, failure: failure, options: options)
        return try decodedOutput(of: response, operation: request.operation, failure: failure)
    }

    /// What `perform` makes of `response` (the output of any 2xx, the failure of any other status),
    /// with the response headers the schema declares (`headers`: the generated header struct's
    /// initialiser) and the status: the result of an operation's `…WithHeaders` method, which sends
    /// with `exchange`.
    ///
    /// - Throws: what `perform` throws for the response; a declared header that is missing or does not
    ///   parse is `.invalidResponse` with a `ResponseHeaderError` (an error status is the catalogue's
    ///   error first).
    @_spi(Generated) public func typedResponse<Output: Decodable & Sendable, Headers: Sendable, Failure: APIFailure>(
        _ response: HTTPResponse,
        operation: OperationInfo,
        failure: Failure.Type,
        headers: (HTTPResponse) throws(ResponseHeaderError) -> Headers
    ) throws -> TypedResponse<Output, Headers> {
        let body: Output = try decodedOutput(of: response, operation: operation, failure: failure)
        do {
            return TypedResponse(body: body, headers: try headers(response), status: response.status)
        } catch {
            throw Failure.invalidResponse(response, error)
        }
    }

    /// `typedResponse` for an operation whose success has no body: the body is `()`.
    @_spi(Generated) public func typedResponse<Headers: Sendable, Failure: APIFailure>(
        _ response: HTTPResponse,
        operation: OperationInfo,
        failure: Failure.Type,
        headers: (HTTPResponse) throws(ResponseHeaderError) -> Headers
    ) throws -> TypedResponse<Void, Headers> {
        let answer: TypedResponse<NoContent, Headers> = try typedResponse(response, operation: operation, failure: failure, headers: headers)
        return TypedResponse(body: (), headers: answer.headers, status: answer.status)
    }

    /// `typedResponse` for an operation with several outcomes (`responses:`): `outcome` (the generated
    /// outcome enum's initialiser) maps the response, throwing its error outcomes and undeclared answers,
    /// and the declared headers are read from every normal answer it returns.
    ///
    /// - Throws: what `outcome` throws; a declared header that is missing or does not parse is
    ///   `.invalidResponse` with a `ResponseHeaderError`.
    @_spi(Generated) public func typedResponse<Outcome: Sendable, Headers: Sendable, Failure: APIFailure>(
        _ response: HTTPResponse,
        operation: OperationInfo,
        failure: Failure.Type,
        outcome: (HTTPResponse, OperationInfo) throws -> Outcome,
        headers: (HTTPResponse) throws(ResponseHeaderError) -> Headers
    ) throws -> TypedResponse<Outcome, Headers> {
        let answer = try outcome(response, operation)
        do {
            return TypedResponse(body: answer, headers: try headers(response), status: response.status)
        } catch {
            throw Failure.invalidResponse(response, error)
        }
    }

    private func decodedOutput<Output: Decodable & Sendable, Failure: APIFailure>(
        of response: HTTPResponse, operation: OperationInfo, failure: Failure.Type
    ) throws -> Output {
        guard response.isSuccess else { throw Failure(response: response, operation: operation) }
        // No-content operations ignore any body, so a server that starts returning one breaks nothing.
        if let noContent = NoContent() as? Output { return noContent }
        // Non-JSON responses (binary downloads) take the body as it is.
        if let raw = (Output.self as? any RawResponseBody.Type)?.init(response: response) as? Output { return raw }
        return try OutcomeMatching.body(of: response, failure: failure)
    }

    /// Builds and sends one call and returns its response, whatever the status, for operations with
    /// several outcomes, whose generated code maps statuses and bodies itself.
    ///
    /// - Throws: only `Failure`: `.invalidRequest` when building fails, `Failure(transportFailure:)` when
    ///   no response was obtained, `Failure.envelopeFailure` for a 2xx whose body reports a failure. A
    ///   `Failure` thrown by a middleware passes through unwrapped.
    @_spi(Generated) public func exchange<Failure: APIFailure>(
        _ request: RequestBuilder,
        failure: Failure.Type,
        options: RequestOptions = .default
    ) async throws -> HTTPResponse {
        let httpRequest: HTTPRequest
        do {
            httpRequest = try request.build()
        } catch {
            throw Failure.invalidRequest(error)
        }
        // The catalogue's retry rule judges a 2xx only where this client's errors can be in one (an envelope).
        var operation = request.operation
        operation.retryRule = operation.retryRule?.judgingSuccesses(like: Failure.self)
        do {
            let effective = options.merged(over: RequestOptions.current)
            let response = try await RequestOptions.$current.withValue(effective) {
                try await send(httpRequest, operation: operation)
            }
            // A failure reported inside a success answer (an error envelope) is thrown like any other.
            if let failure = Failure.envelopeFailure(in: response, operation: request.operation) { throw failure }
            return response
        } catch let failure as Failure {
            throw failure
        } catch let error as RequestBuildError {
            throw Failure.invalidRequest(error)
        } catch {
            throw Failure(transportFailure: error)
        }
    }

    /// `exchange` for operations with a JSON body.
    @_spi(Generated) public func exchange<Body: Encodable & Sendable, Failure: APIFailure>(
        _ request: RequestBuilder,
        jsonBody: Body,
        failure: Failure.Type,
        options: RequestOptions = .default
    ) async throws -> HTTPResponse {
        var request = request
        do {
            try request.setJSONBody(jsonBody)
        } catch {
            throw Failure.invalidRequest(error)
        }
        return try await exchange(request, failure: failure, options: options)
    }

    /// `exchange` for operations whose body is a form or multipart (see `perform(_:body:encoding:...)`).
    @_spi(Generated) public func exchange<Body: Encodable & Sendable, Failure: APIFailure>(
        _ request: RequestBuilder,
        body: Body,
        encoding: RequestBodyEncoding,
        failure: Failure.Type,
        options: RequestOptions = .default
    ) async throws -> HTTPResponse {
        try await exchange(try Self.encode(body, encoding: encoding, into: request, failure: failure), failure: failure, options: options)
    }

    /// `perform` for operations with a JSON body: encodes `jsonBody` into `request` first, reporting an
    /// encoding failure as `Failure.invalidRequest` like any other build error.
    @_spi(Generated) public func perform<Body: Encodable & Sendable, Output: Decodable & Sendable, Failure: APIFailure>(
        _ request: RequestBuilder,
        jsonBody: Body,
        output: Output.Type = Output.self,
        failure: Failure.Type,
        options: RequestOptions = .default
    ) async throws -> Output {
        var request = request
        do {
            try request.setJSONBody(jsonBody)
        } catch {
            throw Failure.invalidRequest(error)
        }
        return try await perform(request, output: output, failure: failure, options: options)
    }

    /// `perform` for operations whose body is a form or multipart: encodes `body` into `request` with
    /// `encoding` first, reporting a failure as `Failure.invalidRequest` like any other build error.
    @_spi(Generated) public func perform<Body: Encodable & Sendable, Output: Decodable & Sendable, Failure: APIFailure>(
        _ request: RequestBuilder,
        body: Body,
        encoding: RequestBodyEncoding,
        output: Output.Type = Output.self,
        failure: Failure.Type,
        options: RequestOptions = .default
    ) async throws -> Output {
        try await perform(try Self.encode(body, encoding: encoding, into: request, failure: failure), output: output, failure: failure, options: options)
    }

    /// `request` with `body` encoded as `encoding`; a failure is `Failure.invalidRequest` like any other
    /// build error.
    private static func encode<Body: Encodable & Sendable, Failure: APIFailure>(
        _ body: Body, encoding: RequestBodyEncoding, into request: RequestBuilder, failure: Failure.Type
    ) throws -> RequestBuilder {
        var request = request
        do {
            switch encoding {
            case .json: try request.setJSONBody(body)
            case .form: try request.setFormBody(body)
            case .deepObjectForm: try request.setFormBody(body, nested: true)
            case .multipart(let files, let jsonParts): try request.setMultipartBody(body, files: files, jsonParts: jsonParts)
            }
        } catch {
            throw Failure.invalidRequest(error)
        }
        return request
    }

    /// `request` with the credentials of the first complete requirement attached, and the identity and
    /// scheme of each attached credential.
    func authorize(
        _ request: HTTPRequest, for operation: OperationInfo
    ) async throws -> (HTTPRequest, [(identity: CredentialIdentity, scheme: String)]) {
        guard !operation.auth.isEmpty, let provider = configuration.credentials else { return (request, []) }
        // Credentials never leave the base URL's origin, whatever URL the request was built for (an
        // operation whose URL comes from an earlier response may point anywhere).
        guard Origin(request.url) == baseOrigin else { return (request, []) }
        let fromMiddlewares = Set(configuration.middlewares.compactMap { ($0 as? any CredentialIdentifying)?.identifiedScheme(for: operation) })
        // Each scheme is asked once, however many requirements name it.
        var secrets: [String: String?] = [:]
        var incomplete: (missing: String, requirement: [String])?
        for requirement in operation.authRequirements {
            var available: [(AuthScheme, String?)] = []
            var missing: String?
            for scheme in requirement {
                if secrets[scheme.name] == nil { secrets[scheme.name] = .some(try await provider.credential(for: scheme)) }
                if let secret = secrets[scheme.name] ?? nil {
                    available.append((scheme, secret))
                } else if fromMiddlewares.contains(scheme.name) {
                    available.append((scheme, nil))  // the middleware attaches it
                } else if missing == nil {
                    missing = scheme.name
                }
            }
            guard let missing else {
                var authorized = request
                var attached: [(identity: CredentialIdentity, scheme: String)] = []
                for case (let scheme, let secret?) in available {
                    authorized = try CredentialAttachment.attach(secret, for: scheme, to: authorized)
                    attached.append((CredentialIdentity(secret: secret), scheme.name))
                }
                return (authorized, attached)
            }
            if requirement.count > 1, !available.isEmpty, incomplete == nil { incomplete = (missing, requirement.map(\.name)) }
        }
        if let incomplete { throw RequestBuildError.missingCredential(scheme: incomplete.missing, requirement: incomplete.requirement) }
        return (request, [])
    }

    /// Whose credentials the call goes out with: the provider's own answer when it is
    /// `CredentialIdentifying` (else the attached secret's), and every identifying middleware's; and the
    /// schemes those identities are known to stand for (the attached one, each source's `identifiedScheme`).
    private func callCredentials(
        for operation: OperationInfo, attached: [(identity: CredentialIdentity, scheme: String)]
    ) async throws -> CallCredentials {
        var credentials = CallCredentials(identities: [], coveredSchemes: [])
        if operation.auth.isEmpty {
            // The provider is not asked for operations without auth.
        } else if let identifying = configuration.credentials as? any CredentialIdentifying {
            if let identity = try await identifying.credentialIdentity(for: operation) {
                credentials.identities.append(identity)
                credentials.coveredSchemes.formUnion(attached.map(\.scheme))
            }
        } else {
            // Every credential of a combined requirement is part of whose call it is: two users sharing an
            // API key but not a user name never share a cached answer.
            credentials.identities += attached.map(\.identity)
            credentials.coveredSchemes.formUnion(attached.map(\.scheme))
        }
        for case let identifying as any CredentialIdentifying in configuration.middlewares {
            guard let identity = try await identifying.credentialIdentity(for: operation) else { continue }
            credentials.identities.append(identity)
            if let scheme = identifying.identifiedScheme(for: operation) { credentials.coveredSchemes.insert(scheme) }
        }
        return credentials
    }
}
