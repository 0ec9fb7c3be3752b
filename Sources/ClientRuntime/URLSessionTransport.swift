import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// An `HTTPTransport` backed by `URLSession`, on Apple platforms and Linux.
///
/// Errors from `URLSession` (`URLError` for refused connections, timeouts, cancellation) are passed
/// through unchanged so retry logic can classify them; a response that is not HTTP becomes
/// `TransportError.nonHTTPResponse`. Caching, cookies and redirects follow the session's configuration.
public struct URLSessionTransport: HTTPTransport {
    /// The session every request goes through.
    public let session: URLSession

    /// Creates a transport with its own session built from `configuration`.
    public init(configuration: URLSessionConfiguration = .default) {
        session = URLSession(configuration: configuration)
    }

    /// Creates a transport over an existing session, e.g. one with custom delegates or protocol classes.
    public init(session: URLSession) {
        self.session = session
    }

    /// Sends `request` with `URLSession` and reads the whole response body.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let (data, response) = try await session.data(for: Self.urlRequest(for: request))
        guard let http = response as? HTTPURLResponse else {
            throw TransportError.nonHTTPResponse(String(describing: type(of: response)))
        }
        return HTTPResponse(status: http.statusCode, headers: Self.headers(of: http), body: data)
    }

    static func urlRequest(for request: HTTPRequest) -> URLRequest {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method.rawValue
        for (name, value) in request.headers {
            // `addValue` rather than `setValue` so repeated fields survive (URLRequest joins them).
            urlRequest.addValue(value, forHTTPHeaderField: name)
        }
        urlRequest.httpBody = request.body
        return urlRequest
    }

    static func headers(of response: HTTPURLResponse) -> HTTPHeaders {
        // `allHeaderFields` is an unordered dictionary; sorting makes the result deterministic.
        let fields = response.allHeaderFields.compactMap { key, value -> (name: String, value: String)? in
            guard let name = key.base as? String else { return nil }
            return (name: name, value: String(describing: value))
        }
        return HTTPHeaders(fields.sorted { $0.name.lowercased() < $1.name.lowercased() })
    }
}
