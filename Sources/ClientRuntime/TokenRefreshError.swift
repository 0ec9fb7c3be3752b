/// Why `BearerTokenMiddleware` could not supply an access token.
public enum TokenRefreshError: Error, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The refresh call threw `underlying`. Every caller waiting for that refresh gets this error; the
    /// stored tokens are unchanged and a later call may try again.
    case refreshFailed(underlying: any Error)
    /// The token store is empty, so an authenticated operation cannot be called (sign in first).
    case noToken
    /// The stored tokens belong to another user than the one the call started for (the app signed in
    /// someone else while the call was in flight), so the call was not sent with them.
    case userChanged

    /// A description naming the underlying error by type and code only, never its payload.
    public var description: String {
        switch self {
        case .refreshFailed(let underlying):
            "The access token could not be refreshed (\(ErrorSummary.describe(underlying)))."
        case .noToken:
            "No access token is stored; sign in first."
        case .userChanged:
            "Another user signed in while the call was in flight; it was not sent with their token."
        }
    }

    /// Same as `description`, so debug output cannot leak the underlying error's URL either.
    public var debugDescription: String { description }

    /// Keeps `dump` from printing the underlying error (an `NSError` carries its failing URL).
    public var customMirror: Mirror { Mirror(self, children: ["description": description]) }
}
