import Foundation

/// Logs every request and its response or error: method, URL with secret query values hidden, headers
/// with secret fields hidden, status and duration, and optionally the bodies. Secret means marked
/// `secret: true` in the schema (`OperationInfo.secretNames`) or credential-like by name (`Redaction`).
///
/// Placed innermost (the README's order), it logs the wire: every request as sent, retries and resends
/// included, with the `Authorization` that `BearerTokenMiddleware` attached shown as `<redacted>`, and no
/// line for an answer the cache served. Placed outermost, it logs each call once as the caller sees it,
/// where a cache hit looks like a request. The retry, token and cache middlewares log their own events
/// (a cache hit, a refresh) through the same `ClientLogger`. With `includeBodies`, JSON
/// bodies are logged with the values of secret fields (schema-marked, or named like token, password,
/// secret, authorization, api key, session, jwt, pin, otp, …) replaced; other bodies only by size.
public struct LoggingMiddleware: ClientMiddleware {
    private let logger: ClientLogger
    private let includeBodies: Bool

    /// Creates the middleware.
    public init(logger: ClientLogger, includeBodies: Bool = false) {
        self.logger = logger
        self.includeBodies = includeBodies
    }

    /// Logs `request`, passes it on, and logs the outcome.
    public func intercept(
        _ request: HTTPRequest,
        operation: OperationInfo,
        next: @escaping @Sendable (HTTPRequest) async throws -> HTTPResponse
    ) async throws -> HTTPResponse {
        let secrets = request.secretNames.union(operation.secretNames)
        var message =
            "\(request.method.rawValue) \(Redaction.url(request.url, secretNames: secrets)) "
            + request.headers.redactedDescription(secretNames: secrets)
        if includeBodies, let body = request.body { message += " body: " + Redaction.body(body, secretNames: secrets) }
        logger.log(.request, operation: operation.name, message)

        let start = Date()
        do {
            let response = try await next(request)
            var message =
                "\(response.status) in \(Self.milliseconds(since: start)) ms "
                + response.headers.redactedDescription(secretNames: secrets)
            if includeBodies { message += " body: " + Redaction.body(response.body, secretNames: secrets) }
            logger.log(.response, operation: operation.name, message)
            return response
        } catch {
            logger.log(
                .error, operation: operation.name,
                "failed after \(Self.milliseconds(since: start)) ms: \(ErrorSummary.describe(error, secretNames: secrets))")
            throw error
        }
    }

    private static func milliseconds(since start: Date) -> Int {
        Int((Date().timeIntervalSince(start) * 1000).rounded())
    }
}
