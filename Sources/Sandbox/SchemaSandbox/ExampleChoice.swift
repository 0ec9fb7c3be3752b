import ClientRuntime

/// A client middleware that asks the sandbox for one of an operation's named examples by sending
/// `X-Sandbox-Example: <name>` (README: "The sandbox"), so a demo or test can be answered with, say, a
/// documented error or an empty state instead of the first example.
public struct SandboxExampleChoice: ClientMiddleware {
    /// The example's name in the schema.
    public let name: String

    public init(_ name: String) { self.name = name }

    public func intercept(
        _ request: HTTPRequest, operation: OperationInfo,
        next: @escaping @Sendable (HTTPRequest) async throws -> HTTPResponse
    ) async throws -> HTTPResponse {
        var request = request
        request.headers["X-Sandbox-Example"] = name
        return try await next(request)
    }
}
