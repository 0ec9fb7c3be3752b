import Foundation

/// Per-call overrides of the client's retry, caching, time and size limits.
///
/// `ClientCore.perform` makes the options of the running call available to every middleware as
/// `RequestOptions.current`; `RetryMiddleware` and `CachingMiddleware` read it, `ClientCore.send` applies
/// the time limit and `URLSessionTransport` the size limit. Code that calls a generated
/// method without an `options` parameter can set them for a scope instead:
///
/// ```swift
/// try await RequestOptions.$current.withValue(RequestOptions(cacheMode: .networkOnly)) {
///     try await client.listItems()
/// }
/// ```
public struct RequestOptions: Sendable {
    /// The retry policy for this call, replacing the `RetryMiddleware`'s; `nil` keeps the client's.
    public var retry: RetryPolicy?
    /// The cache mode for this call, replacing the operation's; `nil` keeps the operation's.
    /// `.cacheOnly` answers from the cache alone (KD Pay's `getAccount(cached: true)`).
    public var cacheMode: CachePolicy.Mode?
    /// How old (in seconds) a stored response may be for this call and still be served, replacing the
    /// operation's `maxAge` (KD Pay's `cacheInterval`); `nil` keeps the operation's.
    public var cacheMaxAge: TimeInterval?
    /// The overall time limit of this call in seconds (attempts and retry waits), replacing
    /// `ClientConfiguration.callTimeout`; `.infinity` lifts it, `nil` keeps the client's.
    public var callTimeout: TimeInterval?
    /// The largest response body accepted for this call, in bytes, replacing the client's and the
    /// transport's limit; `nil` keeps theirs.
    public var maximumResponseSize: Int?

    /// Creates options; every `nil` keeps the client's or operation's behaviour.
    public init(
        retry: RetryPolicy? = nil,
        cacheMode: CachePolicy.Mode? = nil,
        callTimeout: TimeInterval? = nil,
        maximumResponseSize: Int? = nil,
        cacheMaxAge: TimeInterval? = nil
    ) {
        self.retry = retry
        self.cacheMode = cacheMode
        self.cacheMaxAge = cacheMaxAge
        self.callTimeout = callTimeout
        self.maximumResponseSize = maximumResponseSize
    }

    /// No overrides.
    public static let `default` = RequestOptions()

    /// The options of the call the current task is performing, for middlewares to read.
    ///
    /// Set by `ClientCore.perform` around sending (merged over any value already set by an enclosing
    /// `withValue`); `.default` outside of a call. Background work a middleware starts with `Task { }`
    /// inherits it.
    @_spi(Generated) @TaskLocal public static var current: RequestOptions = .default

    /// These options with a generated method's cache arguments applied (the schema's `cacheOnlyParameter`
    /// and `maxAgeParameter`, KD Pay's `getAccount(cached:)` and `checkLibraryVersion(cacheInterval:)`).
    ///
    /// - Parameters:
    ///   - cacheOnly: `true` answers from the cache alone, `false` asks the network (and stores the answer
    ///     where the operation stores answers); `nil` keeps these options' mode.
    ///   - maxAge: Replaces `cacheMaxAge` for this call; `nil` keeps it.
    @_spi(Generated) public func applyingCacheArguments(cacheOnly: Bool? = nil, maxAge: TimeInterval? = nil) -> RequestOptions {
        var options = self
        if let cacheOnly { options.cacheMode = cacheOnly ? .cacheOnly : .networkOnly }
        if let maxAge { options.cacheMaxAge = maxAge }
        return options
    }

    /// These options with every `nil` filled from `fallback`.
    func merged(over fallback: RequestOptions) -> RequestOptions {
        RequestOptions(
            retry: retry ?? fallback.retry,
            cacheMode: cacheMode ?? fallback.cacheMode,
            callTimeout: callTimeout ?? fallback.callTimeout,
            maximumResponseSize: maximumResponseSize ?? fallback.maximumResponseSize,
            cacheMaxAge: cacheMaxAge ?? fallback.cacheMaxAge
        )
    }
}
