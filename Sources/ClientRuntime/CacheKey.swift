import Foundation

/// Identifies a stored response by everything that can change the server's answer: the method, the full
/// URL (base URL, path and query, credential query items included), every header (tenant ids, `Accept`,
/// credentials attached before the cache) except the operation's idempotency key, which differs on every
/// call without changing the answer, the body, and the identity of the credentials the call is sent with
/// (`CredentialIdentity.current`), which covers credentials attached after the cache ran. The header of a
/// credential that identity stands for (`CallCredentials.coveredSchemes`: a bearer token a refresh renews)
/// is left out, so the same user's entries survive a refresh in either middleware order.
///
/// Only the method and the redacted URL are kept as text (for log lines); the rest enters a `Hasher`
/// digest, randomly seeded per process, so neither tokens nor keys are stored in the key and the digest
/// means nothing outside the process that holds the cache.
struct CacheKey: Hashable, Sendable, CustomStringConvertible {
    let method: HTTPMethod
    let redactedURL: String
    let digest: Int

    init(_ request: HTTPRequest, operation: OperationInfo, identity: CredentialIdentity?) {
        method = request.method
        redactedURL = request.redactedURL
        var hasher = Hasher()
        hasher.combine(request.url.absoluteString)
        // Sorted by name so two requests differing only in header order share an entry; repeated fields
        // keep their relative order, which HTTP gives meaning to.
        var ignored = Set(operation.idempotencyKeyHeader.map { [$0.lowercased()] } ?? [])
        if identity != nil, let covered = CallCredentials.current?.coveredSchemes {
            for scheme in operation.auth where covered.contains(scheme.name) {
                if let header = scheme.kind.headerName { ignored.insert(header.lowercased()) }
            }
        }
        let headers = request.headers
            .filter { !ignored.contains($0.name.lowercased()) }
            .enumerated()
            .sorted { ($0.element.name.lowercased(), $0.offset) < ($1.element.name.lowercased(), $1.offset) }
        hasher.combine(headers.count)
        for (_, field) in headers {
            hasher.combine(field.name.lowercased())
            hasher.combine(field.value)
        }
        hasher.combine(request.body)
        hasher.combine(identity)
        digest = hasher.finalize()
    }

    var description: String { "\(method.rawValue) \(redactedURL)" }
}
