import Foundation

/// Logs every request and its response or error: method, URL with credential-like query values hidden,
/// headers with credential-bearing fields hidden, status and duration, and optionally the bodies.
///
/// Placed outermost, it logs each call once as the caller sees it (cache hits included); the retry, token
/// and cache middlewares log their own events through the same `ClientLogger`. With `includeBodies`, JSON
/// bodies are logged with the values of secret-looking fields (token, password, secret, authorization,
/// api key, session, pin, otp, …) replaced; other bodies only by size.
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
        var message = "\(request.method.rawValue) \(RedactedURL.string(for: request.url)) \(request.headers)"
        if includeBodies, let body = request.body { message += " body: " + BodyRedaction.render(body) }
        logger.log(.request, operation: operation.name, message)

        let start = Date()
        do {
            let response = try await next(request)
            var message = "\(response.status) in \(Self.milliseconds(since: start)) ms \(response.headers)"
            if includeBodies { message += " body: " + BodyRedaction.render(response.body) }
            logger.log(.response, operation: operation.name, message)
            return response
        } catch {
            logger.log(.error, operation: operation.name,
                       "failed after \(Self.milliseconds(since: start)) ms: \(ErrorSummary.describe(error))")
            throw error
        }
    }

    private static func milliseconds(since start: Date) -> Int {
        Int((Date().timeIntervalSince(start) * 1000).rounded())
    }
}
