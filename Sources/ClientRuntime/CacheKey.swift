import Foundation

/// Identifies a stored response: method, redacted URL, and a digest of everything that may carry a secret
/// or distinguish otherwise equal requests (the full URL, credential-bearing headers, the body).
///
/// The digest is a `Hasher` value, randomly seeded per process, so neither tokens nor keys are kept as key
/// text and the digest means nothing outside the process that holds the cache.
struct CacheKey: Hashable, Sendable, CustomStringConvertible {
    let method: HTTPMethod
    let redactedURL: String
    let digest: Int

    init(_ request: HTTPRequest) {
        method = request.method
        redactedURL = RedactedURL.string(for: request.url)
        var hasher = Hasher()
        hasher.combine(request.url.absoluteString)
        for (name, value) in request.headers where Redaction.isSensitive(name) {
            hasher.combine(name.lowercased())
            hasher.combine(value)
        }
        hasher.combine(request.body)
        digest = hasher.finalize()
    }

    var description: String { "\(method.rawValue) \(redactedURL)" }
}
