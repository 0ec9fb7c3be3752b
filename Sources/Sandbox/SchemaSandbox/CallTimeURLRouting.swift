import ClientRuntime
import Foundation
import PayloadValidation

/// A transport that sends requests for one outside host to the sandbox's route for an operation whose
/// whole URL is a call argument (`OperationRouter.callTimeURLPath(of:)`, README "The sandbox"), keeping
/// the query.
///
/// An example can only name a fixed URL such as `https://uploads.example.com/...`, never the sandbox's
/// ephemeral port, and a demo or test must not reach another host. Everything else goes out unchanged.
public struct SandboxCallTimeURLRouting: HTTPTransport {
    let sandbox: SandboxServer
    let host: String
    let operation: String
    let base: any HTTPTransport

    /// Routes requests for `host` to `operation`'s call-time URL route on `sandbox`.
    public init(sandbox: SandboxServer, host: String, operation: String, base: any HTTPTransport = URLSessionTransport()) {
        self.sandbox = sandbox
        self.host = host
        self.operation = operation
        self.base = base
    }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        var request = request
        if request.url.host == host, var parts = URLComponents(url: sandbox.baseURL, resolvingAgainstBaseURL: false) {
            parts.path = (parts.path.hasSuffix("/") ? String(parts.path.dropLast()) : parts.path) + OperationRouter.callTimeURLPath(of: operation)
            parts.percentEncodedQuery = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.percentEncodedQuery
            if let routed = parts.url { request.url = routed }
        }
        return try await base.send(request)
    }
}
