/// Whose credentials a call is sent with, as an opaque digest: equal for the same user (or secret),
/// different for another, and never the secret itself.
///
/// `CachingMiddleware` keys stored responses by it, so one user's cached answer is never served to
/// another, whichever order the middlewares run in (the README's order caches before
/// `BearerTokenMiddleware` attaches the token, so the cache cannot see the token in the request).
/// The digest is a `Hasher` value, seeded randomly per process: it means nothing outside the process and
/// cannot be turned back into the secret. Descriptions print no digest.
public struct CredentialIdentity: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable
{
    private let digest: Int

    private init(digest: Int) {
        self.digest = digest
    }

    /// The identity of whoever holds `secret` (an access token, an API key): a new secret is a new
    /// identity, so a token refresh starts from an empty cache unless a `subject` is known.
    public init(secret: String) {
        var hasher = Hasher()
        hasher.combine("secret")
        hasher.combine(secret)
        digest = hasher.finalize()
    }

    /// The identity of a stable user or account id (e.g. a JWT's `sub`), which survives token refreshes.
    public init(subject: String) {
        var hasher = Hasher()
        hasher.combine("subject")
        hasher.combine(subject)
        digest = hasher.finalize()
    }

    /// One identity standing for all of `identities` in order (`nil` when there are none).
    public static func combining(_ identities: [CredentialIdentity]) -> CredentialIdentity? {
        guard let first = identities.first else { return nil }
        guard identities.count > 1 else { return first }
        var hasher = Hasher()
        for identity in identities { hasher.combine(identity.digest) }
        return CredentialIdentity(digest: hasher.finalize())
    }

    /// The identity of the call the current task is performing, for middlewares to read.
    ///
    /// Set by `ClientCore.send` around the middleware chain from the client's `credentials` and every
    /// middleware that conforms to `CredentialIdentifying`; `nil` for unauthenticated calls.
    @TaskLocal public static var current: CredentialIdentity?

    /// `CredentialIdentity(<redacted>)`.
    public var description: String { "CredentialIdentity(\(Redaction.placeholder))" }

    /// Same as `description`.
    public var debugDescription: String { description }

    /// Keeps `dump` from printing the digest.
    public var customMirror: Mirror { Mirror(self, children: KeyValuePairs<String, Any>()) }
}

/// A credential source that can say whose credentials an operation will be sent with, before they are
/// attached. `ClientCore` asks the configured `CredentialProvider` and every middleware conforming to it,
/// and publishes the result as `CredentialIdentity.current` for the whole middleware chain.
///
/// Implement it in a custom middleware or provider that attaches credentials, so the response cache keeps
/// users apart. `BearerTokenMiddleware` conforms. A provider that does not (such as `StaticCredentials`)
/// is identified by the secret it attached.
public protocol CredentialIdentifying: Sendable {
    /// The identity `operation` will be authenticated as, or `nil` when this source adds no credential
    /// to it (another scheme, nothing stored).
    func credentialIdentity(for operation: OperationInfo) async throws -> CredentialIdentity?

    /// The auth scheme whose credential that identity stands for, when this source attaches exactly one,
    /// else `nil` (the default). The response cache then leaves that credential's header out of its key,
    /// so a renewed token of the same user still finds the user's entries.
    func identifiedScheme(for operation: OperationInfo) -> String?
}

extension CredentialIdentifying {
    public func identifiedScheme(for operation: OperationInfo) -> String? { nil }
}

/// Whose credentials the call the current task performs is sent with, fixed when `ClientCore.send` starts
/// it; internal, for the middlewares of this module.
struct CallCredentials: Sendable {
    /// The identities `CredentialIdentity.current` was combined from, one per credential source. A source
    /// that attaches credentials later in the chain (`BearerTokenMiddleware`) attaches, refreshes and resends
    /// only credentials of one of these, so a sign-in during the call can never make the call, or what the
    /// cache keeps of it, another user's.
    var identities: [CredentialIdentity]
    /// The auth schemes whose credential these identities stand for: the cache leaves their headers out of
    /// its keys (the identity is in the key), so a refreshed token finds the same user's entries whether the
    /// cache runs before or after the token is attached.
    var coveredSchemes: Set<String>

    /// `nil` outside `ClientCore.send`.
    @TaskLocal static var current: CallCredentials?
}
