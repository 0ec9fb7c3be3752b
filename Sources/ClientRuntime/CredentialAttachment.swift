import Foundation

/// Writes a secret into a request the way its auth scheme prescribes.
enum CredentialAttachment {
    /// `request` with `secret` attached.
    ///
    /// - Throws: `RequestBuildError.invalidCredential` when the secret contains a control character (CR,
    ///   LF, NUL, tab, DEL, …). No legitimate token or key has one, a header cannot carry one (the platform
    ///   would drop the header and send the request unauthenticated, or a CR/LF would inject headers), so
    ///   the call fails before anything is sent.
    static func attach(_ secret: String, for scheme: AuthScheme, to request: HTTPRequest) throws -> HTTPRequest {
        guard !secret.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
            throw RequestBuildError.invalidCredential(scheme: scheme.name)
        }
        var request = request
        switch scheme.kind {
        case .bearer:
            request.headers["Authorization"] = "Bearer \(secret)"
        case .basic:
            request.headers["Authorization"] = "Basic " + Data(secret.utf8).base64EncodedString()
        case .apiKeyHeader(let header), .sessionHeader(let header):
            request.headers[header] = secret
        case .apiKeyQuery(let name):
            request.url = try appendingQueryItem(name: name, value: secret, to: request.url)
        }
        return request
    }

    /// `url` with `name=value` appended to its query (strictly encoded), before any fragment.
    private static func appendingQueryItem(name: String, value: String, to url: URL) throws -> URL {
        var text = url.absoluteString
        var fragment = ""
        if let fragmentStart = text.firstIndex(of: "#") {
            fragment = String(text[fragmentStart...])
            text = String(text[..<fragmentStart])
        }
        let separator = text.contains("?") ? (text.hasSuffix("?") || text.hasSuffix("&") ? "" : "&") : "?"
        text += separator + PercentEncoding.encode(name) + "=" + PercentEncoding.encode(value) + fragment
        guard let result = URL(string: text) else { throw RequestBuildError.invalidURL }
        return result
    }
}
