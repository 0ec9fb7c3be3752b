import Foundation

/// How the responses of an operation may be cached, generated from the schema's cache hint and applied
/// by `CachingMiddleware`.
///
/// `localFirst` is stale-while-revalidate: a stored response that is fresh enough is returned at once while
/// a background request refreshes the cache; without a usable entry the call waits for the network.
public struct CachePolicy: Sendable, Hashable {
    /// Where a call looks first.
    public enum Mode: Sendable, Hashable {
        /// Always ask the server; nothing is served from the cache.
        case networkOnly
        /// Serve a fresh-enough stored response immediately and refresh it in the background.
        case localFirst
        /// Per call (`RequestOptions.cacheMode`): answer from the cache alone, never the network. Without a
        /// fresh-enough stored response the call fails with `ResponseCacheMiss` (inside the API error's
        /// `.transport`). Needs a `CachingMiddleware`; without one the call goes to the network as usual.
        case cacheOnly
    }

    /// Where a call looks first.
    public var mode: Mode
    /// How old (in seconds) a stored response may be and still be served; `nil` means any age.
    public var maxAge: TimeInterval?
    /// Whether failures of background refreshes are kept from `CachingMiddleware`'s `onRefreshError`
    /// (they are still logged, redacted).
    public var suppressRefreshErrors: Bool

    /// Whether a `networkOnly` operation still stores its 2xx answers, so that cache-only calls can read
    /// them (the schema's `store: true`; KD Pay's `getAccount(cached: false)`: "from the server, then
    /// cached").
    public var storesNetworkAnswers: Bool

    /// Whether 2xx answers are stored: always for `localFirst`, and for `networkOnly` with
    /// `storesNetworkAnswers`.
    public var storesAnswers: Bool { mode == .localFirst || storesNetworkAnswers }

    /// Creates a policy.
    public init(mode: Mode, maxAge: TimeInterval? = nil, suppressRefreshErrors: Bool = false, storesNetworkAnswers: Bool = false) {
        self.mode = mode
        self.maxAge = maxAge
        self.suppressRefreshErrors = suppressRefreshErrors
        self.storesNetworkAnswers = storesNetworkAnswers
    }

    /// Never serve from the cache (the default for every operation).
    public static let networkOnly = CachePolicy(mode: .networkOnly)

    /// Ask the server on every plain call but store the 2xx answers, which only cache-only calls read;
    /// `maxAge` bounds their age (`nil`: any age).
    public static func networkStoring(maxAge: TimeInterval?) -> CachePolicy {
        CachePolicy(mode: .networkOnly, maxAge: maxAge, storesNetworkAnswers: true)
    }

    /// Stale-while-revalidate with entries served while younger than `maxAge` seconds (`nil`: any age).
    public static func localFirst(maxAge: TimeInterval?, suppressRefreshErrors: Bool) -> CachePolicy {
        CachePolicy(mode: .localFirst, maxAge: maxAge, suppressRefreshErrors: suppressRefreshErrors)
    }
}
