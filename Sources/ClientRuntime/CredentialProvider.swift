/// Supplies the secret (token, API key, session id) for an auth scheme.
///
/// Asynchronous and throwing so a provider can read a keychain or refresh a token; returning `nil` means
/// no credential is available and the request goes out without one (the server then decides).
public protocol CredentialProvider: Sendable {
    /// The secret for `scheme`, or `nil` when none is available.
    func credential(for scheme: AuthScheme) async throws -> String?
}

/// A `CredentialProvider` holding fixed secrets keyed by scheme name, for scripts, tests and long-lived
/// API keys. Its descriptions list scheme names only, never the secrets.
public struct StaticCredentials: CredentialProvider, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable
{
    private let secretsBySchemeName: [String: String]

    /// Creates a provider answering `secretsBySchemeName[scheme.name]`.
    public init(_ secretsBySchemeName: [String: String]) {
        self.secretsBySchemeName = secretsBySchemeName
    }

    /// The secret stored under the scheme's name, if any.
    public func credential(for scheme: AuthScheme) async throws -> String? {
        secretsBySchemeName[scheme.name]
    }

    /// `StaticCredentials(schemes: [a, b])`: which schemes are covered, without the secrets.
    public var description: String {
        "StaticCredentials(schemes: [\(secretsBySchemeName.keys.sorted().joined(separator: ", "))])"
    }

    /// Same as `description`, so debug output cannot leak secrets either.
    public var debugDescription: String { description }

    /// Keeps `dump` and default printing from reflecting the stored secrets.
    public var customMirror: Mirror {
        Mirror(self, children: ["schemes": secretsBySchemeName.keys.sorted()])
    }
}
