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

    /// Creates a core for `configuration`.
    public init(configuration: ClientConfiguration) {
        self.configuration = configuration
    }

    /// Sends `request` through credentials, then the middlewares (first = outermost), then the transport.
    ///
    /// Credentials are attached only when `operation.auth` lists schemes; the first scheme for which the
    /// provider returns a secret is used. Any status is returned as a response; errors from the
    /// credential provider, middlewares and transport propagate unchanged.
    public func send(_ request: HTTPRequest, operation: OperationInfo) async throws -> HTTPResponse {
        let authorized = try await authorize(request, for: operation)
        let transport = configuration.transport
        var next: @Sendable (HTTPRequest) async throws -> HTTPResponse = { request in
            try await transport.send(request)
        }
        for middleware in configuration.middlewares.reversed() {
            let inner = next
            next = { request in
                try await middleware.intercept(request, operation: operation, next: inner)
            }
        }
        return try await next(authorized)
    }

    /// Builds, sends and maps one call: any 2xx decodes as `Output` (an empty body only when `Output` is
    /// `NoContent`), any other status becomes `Failure(response:)`.
    ///
    /// `options` are visible to the middlewares as `RequestOptions.current` while the call is sent (its
    /// `nil` fields are filled from any value already set there).
    ///
    /// - Throws: only `Failure`: `.invalidRequest` when building fails, `.transport` when no response was
    ///   obtained, `.invalidResponse` when a 2xx body does not decode. A `Failure` thrown by a middleware
    ///   passes through unwrapped.
    public func perform<Output: Decodable & Sendable, Failure: APIFailure>(
        _ request: RequestBuilder,
        output: Output.Type,
        failure: Failure.Type,
        options: RequestOptions = .default
    ) async throws -> Output {
        let httpRequest: HTTPRequest
        do {
            httpRequest = try request.build()
        } catch {
            throw Failure.invalidRequest(error)
        }

        let response: HTTPResponse
        do {
            let effective = options.merged(over: RequestOptions.current)
            response = try await RequestOptions.$current.withValue(effective) {
                try await send(httpRequest, operation: request.operation)
            }
        } catch let failure as Failure {
            throw failure
        } catch {
            throw Failure.transport(error)
        }

        guard response.isSuccess else { throw Failure(response: response) }
        // No-content operations ignore any body, so a server that starts returning one breaks nothing.
        if let noContent = NoContent() as? Output { return noContent }
        do {
            guard !response.body.isEmpty else {
                throw DecodingError.dataCorrupted(DecodingError.Context(
                    codingPath: [],
                    debugDescription: "Expected a JSON body for \(Output.self), but the response body is empty."
                ))
            }
            return try JSONCoding.makeDecoder().decode(Output.self, from: response.body)
        } catch {
            throw Failure.invalidResponse(response, error)
        }
    }

    /// `perform` for operations with a JSON body: encodes `jsonBody` into `request` first, reporting an
    /// encoding failure as `Failure.invalidRequest` like any other build error.
    public func perform<Body: Encodable & Sendable, Output: Decodable & Sendable, Failure: APIFailure>(
        _ request: RequestBuilder,
        jsonBody: Body,
        output: Output.Type,
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

    private func authorize(_ request: HTTPRequest, for operation: OperationInfo) async throws -> HTTPRequest {
        guard !operation.auth.isEmpty, let provider = configuration.credentials else { return request }
        for scheme in operation.auth {
            guard let secret = try await provider.credential(for: scheme) else { continue }
            return try CredentialAttachment.attach(secret, for: scheme, to: request)
        }
        return request
    }
}
