/// Decides which header and query names carry secrets, so every description in this module hides them.
///
/// Matching is by name only: a credential sent under an innocuous name cannot be recognised here, which is
/// why descriptions of whole requests also never print bodies.
enum Redaction {
    /// Stands in for a hidden value.
    static let placeholder = "<redacted>"

    /// Exact (lowercased) names that always carry credentials.
    private static let sensitiveNames: Set<String> = [
        "authorization", "proxy-authorization", "cookie", "set-cookie",
    ]

    /// Fragments that mark a name as credential-like wherever they appear (`X-Api-Key`, `access_token`).
    private static let sensitiveFragments = ["token", "key", "secret", "session", "password", "auth"]

    /// Whether the value of a header or query item with this name must be hidden.
    static func isSensitive(_ name: String) -> Bool {
        let lowered = name.lowercased()
        if sensitiveNames.contains(lowered) { return true }
        return sensitiveFragments.contains { lowered.contains($0) }
    }
}
