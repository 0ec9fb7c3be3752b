import Foundation

/// Decides which values logs and descriptions hide, and renders URLs, headers and bodies with them hidden.
///
/// Two rules, applied together: the names a schema marks `secret: true` (generated into
/// `OperationInfo.secretNames` and carried by each `HTTPRequest`), and, as a fallback for what a schema
/// does not mark, names that look like credentials (`Authorization`, `X-Api-Key`, `access_token`, `jwt`).
/// Matching is by name, case-insensitively: a secret sent under an unmarked, innocuous name cannot be
/// recognised, which is why descriptions of whole requests also never print bodies.
@_spi(Generated) public enum Redaction {
    /// Stands in for a hidden value.
    public static let placeholder = "<redacted>"

    /// Exact (lowercased) names that always carry credentials.
    private static let sensitiveNames: Set<String> = [
        "authorization", "proxy-authorization", "cookie", "set-cookie",
    ]

    /// Fragments that mark a name as credential-like wherever they appear (`X-Api-Key`, `access_token`).
    private static let sensitiveFragments = ["token", "key", "secret", "session", "password", "auth", "jwt"]

    /// Whether the value of a header or query item with this name must be hidden: it is one of
    /// `secretNames` (any case) or looks like a credential.
    public static func isSensitive(_ name: String, secretNames: Set<String> = []) -> Bool {
        let lowered = name.lowercased()
        if sensitiveNames.contains(lowered) || isListed(lowered, in: secretNames) { return true }
        return sensitiveFragments.contains { lowered.contains($0) }
    }

    /// Whether the JSON field `name` must be hidden: one of `secretNames` (any case), or a name that looks
    /// like a secret (`password`, `pin`, `otp`, `cvv`, …; see `BodyRedaction`).
    public static func isSecretField(_ name: String, secretNames: Set<String> = []) -> Bool {
        isListed(name.lowercased(), in: secretNames) || BodyRedaction.isSecretField(name)
    }

    /// `url` as text with the values of sensitive query items hidden and any password masked.
    public static func url(_ url: URL, secretNames: Set<String> = []) -> String {
        RedactedURL.string(for: url, secretNames: secretNames)
    }

    /// A body for a log line: compact JSON with the values of secret fields hidden at any depth, or only
    /// its size when it is not JSON (it cannot be inspected).
    public static func body(_ body: Data, secretNames: Set<String> = []) -> String {
        BodyRedaction.render(body, secretNames: secretNames)
    }

    private static func isListed(_ lowered: String, in secretNames: Set<String>) -> Bool {
        !secretNames.isEmpty && secretNames.contains { $0.lowercased() == lowered }
    }
}
