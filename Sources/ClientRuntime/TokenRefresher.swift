import Foundation

/// Hands out valid access tokens and renews them, at most one renewal at a time.
///
/// Single-flight: callers that need a refresh while one is running wait for it and share its outcome, so
/// any number of concurrent calls rejected with the same token cause exactly one refresh call. A caller that
/// was rejected with a token that has since been replaced just uses the newer one. A failed refresh leaves
/// the store unchanged and gives every caller waiting for it `TokenRefreshError.refreshFailed`; the next call
/// may try again. `BearerTokenMiddleware` creates one, or shares one passed in across clients.
///
/// Renewed tokens belong to the user whose tokens were refreshed: unless the refresh answer names a
/// `subject` of its own, they keep the old set's subject and `identity`, so a refresh keeps that user's
/// cached responses and never counts as another user.
public actor TokenRefresher {
    private let store: any TokenStore
    private let refreshLeeway: TimeInterval
    private let refresh: @Sendable (TokenSet) async throws -> TokenSet
    private let logger: ClientLogger?
    private let now: @Sendable () -> Date

    /// The refresh running now, if any.
    private var inFlight: Task<TokenSet, any Error>?
    /// How many refreshes have finished; lets a caller that was suspended notice one happened meanwhile.
    private var finishedRefreshes = 0
    /// The outcome of the last finished refresh.
    private var lastOutcome: Result<TokenSet, TokenRefreshError>?

    /// Creates a refresher.
    ///
    /// - Parameters:
    ///   - store: Where tokens are loaded from and renewed tokens saved to.
    ///   - refreshLeeway: Refresh proactively when the access token expires within this many seconds.
    ///   - refresh: Exchanges the current tokens for new ones (usually a call to the API's refresh
    ///     operation with `refreshToken`); throwing fails the refresh.
    ///   - logger: Receives `.refresh` and `.refreshFailed` events (never the tokens).
    ///   - now: The clock expiry is checked against.
    public init(
        store: any TokenStore,
        refreshLeeway: TimeInterval = 30,
        refresh: @escaping @Sendable (TokenSet) async throws -> TokenSet,
        logger: ClientLogger? = nil,
        now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.store = store
        self.refreshLeeway = refreshLeeway
        self.refresh = refresh
        self.logger = logger
        self.now = now
    }

    /// The stored tokens as they are, without refreshing; `nil` when signed out.
    public func storedTokens() async throws -> TokenSet? {
        if let inFlight { return try await join(inFlight) }
        return try await loadStored()
    }

    /// Tokens to send now: the stored ones, refreshed first when they expire within the leeway.
    ///
    /// If that proactive refresh fails while the access token has not expired yet, the current tokens are
    /// returned anyway (the server decides; a 401 triggers `tokens(replacing:)`).
    ///
    /// - Throws: `TokenRefreshError.noToken` when the store is empty, `.refreshFailed` when the token has
    ///   expired and could not be renewed, or the store's own errors.
    public func validTokens(for operation: String = "") async throws -> TokenSet {
        if let inFlight { return try await join(inFlight) }
        let generation = finishedRefreshes
        let stored = try await loadStored()
        if let inFlight { return try await join(inFlight) }
        guard let stored else { throw TokenRefreshError.noToken }
        guard let expiresAt = stored.expiresAt, expiresAt.timeIntervalSince(now()) < refreshLeeway else {
            return stored
        }
        do {
            if finishedRefreshes != generation, let lastOutcome { return try lastOutcome.get() }
            return try await start(from: stored, operation: operation, reason: "token expires soon")
        } catch TokenRefreshError.refreshFailed where expiresAt > now() {
            return stored
        }
    }

    /// Tokens to resend with after the server rejected `rejectedAccessToken` (a 401).
    ///
    /// Refreshes when the rejected token is still the stored one (joining a refresh already running),
    /// otherwise returns the newer stored tokens without refreshing.
    ///
    /// - Throws: `TokenRefreshError.refreshFailed` or `.noToken`, or the store's own errors.
    public func tokens(replacing rejectedAccessToken: String, for operation: String = "") async throws -> TokenSet {
        if let inFlight { return try await join(inFlight) }
        let generation = finishedRefreshes
        let stored = try await loadStored()
        if let inFlight { return try await join(inFlight) }
        // A refresh finished while the store was being read: that one answered this rejection too.
        if finishedRefreshes != generation, let lastOutcome { return try lastOutcome.get() }
        guard let stored else { throw TokenRefreshError.noToken }
        guard stored.accessToken == rejectedAccessToken else { return stored }
        return try await start(from: stored, operation: operation, reason: "token rejected with 401")
    }

    /// The stored tokens, with the identity they inherited when this refresher made them: a store that
    /// persists only the public fields would otherwise make every refreshed set a new user.
    private func loadStored() async throws -> TokenSet? {
        guard var loaded = try await store.load() else { return nil }
        if loaded.subject == nil, loaded.inheritedIdentity == nil, case .success(let renewed)? = lastOutcome,
            renewed.accessToken == loaded.accessToken
        {
            loaded.subject = renewed.subject
            loaded.inheritedIdentity = renewed.inheritedIdentity
        }
        return loaded
    }

    /// Starts the one refresh and waits for it. Must not suspend before `inFlight` is set.
    private func start(from tokens: TokenSet, operation: String, reason: String) async throws -> TokenSet {
        let store = store
        let refresh = refresh
        let logger = logger
        // Unstructured so a caller that is cancelled does not cancel the refresh the others wait for.
        let task = Task { () async throws -> TokenSet in
            let outcome: Result<TokenSet, TokenRefreshError>
            do {
                let renewed = try await refresh(tokens).renewing(tokens)
                try await store.save(renewed)
                outcome = .success(renewed)
                logger?.log(.refresh, operation: operation, "access token refreshed (\(reason))")
            } catch {
                outcome = .failure(.refreshFailed(underlying: error))
                logger?.log(
                    .refreshFailed, operation: operation,
                    "refresh failed (\(reason)): \(ErrorSummary.describe(error))")
            }
            self.finish(with: outcome)
            return try outcome.get()
        }
        inFlight = task
        return try await join(task)
    }

    private func finish(with outcome: Result<TokenSet, TokenRefreshError>) {
        lastOutcome = outcome
        finishedRefreshes += 1
        inFlight = nil
    }

    private func join(_ task: Task<TokenSet, any Error>) async throws -> TokenSet {
        try await task.value
    }
}
