import Foundation

/// Serves stored responses for operations whose cache policy is `localFirst` (stale-while-revalidate).
///
/// The effective mode of a call is `RequestOptions.current.cacheMode ?? operation.cache.mode`:
/// - `networkOnly`: the request goes to the server; a 2xx response of an operation whose policy is
///   `localFirst`, or stores answers (`storesAnswers`, the schema's `store: true`), is still stored, so a
///   later local-first or cache-only call has something to serve.
/// - `localFirst`: a stored response no older than the policy's `maxAge` (any age when `nil`) is returned
///   at once, and a background request (one per entry at a time, not cancelled when the caller returns)
///   replaces it. Its failures, including non-2xx answers, keep the stored response, are logged as
///   `.backgroundRefreshFailed` and are passed to `onRefreshError` unless the policy suppresses them. A
///   missing or stale entry waits for the network.
///
/// - `cacheOnly` (per call only): a stored response no older than the call's or policy's max age is
///   returned and nothing is sent; otherwise the call throws `ResponseCacheMiss`.
///
/// `RequestOptions.cacheMaxAge` replaces the policy's `maxAge` for one call.
///
/// Only `GET` requests and operations whose policy stores answers are cached, and only 2xx responses.
/// An entry is only ever served to a request that would have got the same answer: keys cover the method,
/// the full URL (base URL included), every header but the operation's idempotency key (so header
/// parameters such as a tenant id keep tenants apart), the body, and the identity of the credentials the
/// call is sent with (`CredentialIdentity.current`, which `ClientCore` sets from the client's credentials
/// and `BearerTokenMiddleware`). So a user switch never serves one user's answer to another, in whichever
/// order the middlewares run; clearing the cache on sign-out only frees memory.
public struct CachingMiddleware: ClientMiddleware {
    /// The store the responses are kept in.
    public let cache: ResponseCache
    private let logger: ClientLogger?
    private let onRefreshError: (@Sendable (OperationInfo, any Error) -> Void)?

    /// Creates the middleware.
    ///
    /// - Parameters:
    ///   - cache: The store; share one between clients to share entries.
    ///   - logger: Receives `.cacheHit`, `.backgroundRefresh` and `.backgroundRefreshFailed` events.
    ///   - onRefreshError: Told about failed background refreshes of operations that do not suppress them.
    public init(
        cache: ResponseCache,
        logger: ClientLogger? = nil,
        onRefreshError: (@Sendable (OperationInfo, any Error) -> Void)? = nil
    ) {
        self.cache = cache
        self.logger = logger
        self.onRefreshError = onRefreshError
    }

    /// Answers from the cache or the network as the effective cache mode says.
    public func intercept(
        _ request: HTTPRequest,
        operation: OperationInfo,
        next: @escaping @Sendable (HTTPRequest) async throws -> HTTPResponse
    ) async throws -> HTTPResponse {
        let policy = operation.cache
        let mode = RequestOptions.current.cacheMode ?? policy.mode
        // A network-only call whose answer is not stored never reads or writes the cache, so it needs no key
        // (building one redacts the URL and hashes every header and the body).
        if mode == .networkOnly, !policy.storesAnswers { return try await next(request) }
        let maxAge = RequestOptions.current.cacheMaxAge ?? policy.maxAge ?? .infinity
        let key = CacheKey(request, operation: operation, identity: CredentialIdentity.current)
        if mode == .cacheOnly {
            guard let hit = await cache.lookup(key), hit.age <= maxAge else {
                throw ResponseCacheMiss(operation: operation.name)
            }
            logger?.log(.cacheHit, operation: operation.name, "\(key) served from cache only, age \(Int(hit.age.rounded())) s")
            return hit.response
        }
        let cacheable = request.method == .get || policy.storesAnswers
        guard cacheable else { return try await next(request) }

        if mode == .localFirst, let hit = await cache.lookup(key), hit.age <= maxAge {
            logger?.log(
                .cacheHit, operation: operation.name,
                "\(key) served from cache, age \(Int(hit.age.rounded())) s")
            await refreshInBackground(request, key: key, operation: operation, next: next)
            return hit.response
        }

        let response = try await next(request)
        if response.isSuccess, mode == .localFirst || policy.storesAnswers {
            await cache.store(response, for: key)
        }
        return response
    }

    private func refreshInBackground(
        _ request: HTTPRequest,
        key: CacheKey,
        operation: OperationInfo,
        next: @escaping @Sendable (HTTPRequest) async throws -> HTTPResponse
    ) async {
        let cache = cache
        let logger = logger
        let onRefreshError = operation.cache.suppressRefreshErrors ? nil : onRefreshError
        _ = await cache.startRefresh(for: key) {
            do {
                // Not part of the caller's call any more, but bounded by the same time limit.
                let response = try await CallTimeout.run(seconds: RequestOptions.current.callTimeout) {
                    try await next(request)
                }
                guard response.isSuccess else { throw CacheRefreshError.unsuccessfulStatus(response.status) }
                await cache.store(response, for: key)
                logger?.log(.backgroundRefresh, operation: operation.name, "\(key) refreshed (\(response.status))")
            } catch {
                logger?.log(
                    .backgroundRefreshFailed, operation: operation.name,
                    "\(key) refresh failed: \(ErrorSummary.describe(error))")
                onRefreshError?(operation, error)
            }
        }
    }
}

/// A `cacheOnly` call found no stored response young enough. Reaches the caller as the API error's
/// `.transport(ResponseCacheMiss)`: nothing was sent.
public struct ResponseCacheMiss: Error, Equatable, CustomStringConvertible {
    /// The operation that was called.
    public let operation: String

    public var description: String { "No cached response of \(operation) is available, and the call asked for the cache only." }
}
