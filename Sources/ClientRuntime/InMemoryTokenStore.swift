/// A `TokenStore` that keeps the tokens in memory only: for tests, scripts and server-side use, and as the
/// default when nothing needs to survive a restart.
public actor InMemoryTokenStore: TokenStore {
    private var tokens: TokenSet?

    /// Creates a store holding `initial` (signed out when `nil`).
    public init(_ initial: TokenSet? = nil) {
        tokens = initial
    }

    /// The stored tokens, or `nil`.
    public func load() async throws -> TokenSet? {
        tokens
    }

    /// Replaces the stored tokens.
    public func save(_ tokens: TokenSet) async throws {
        self.tokens = tokens
    }

    /// Forgets the stored tokens.
    public func clear() async throws {
        tokens = nil
    }
}
