/// One way an operation can be authenticated, as named in the schema.
///
/// Only the shape of the credential lives here; the secret itself comes from a `CredentialProvider`, so
/// operation descriptions can be static and printed freely.
public struct AuthScheme: Sendable, Hashable {
    /// How the credential is attached to a request.
    public enum Kind: Sendable, Hashable {
        /// `Authorization: Bearer <token>`.
        case bearer
        /// The key in the named header.
        case apiKeyHeader(String)
        /// The key in the named query item.
        case apiKeyQuery(String)
        /// A session identifier in the named header.
        case sessionHeader(String)
        /// `Authorization: Basic base64(id:secret)`; the provider's secret is `id:secret`
        /// (`BasicCredentials.secret(id:secret:)`).
        case basic
    }

    /// The scheme's name in the schema; credential providers look secrets up by it.
    public let name: String
    /// How the credential is attached.
    public let kind: Kind

    /// Creates a scheme.
    public init(name: String, kind: Kind) {
        self.name = name
        self.kind = kind
    }
}

extension AuthScheme.Kind {
    /// The header the credential is sent in; `nil` for a query item.
    var headerName: String? {
        switch self {
        case .bearer, .basic: "Authorization"
        case .apiKeyHeader(let name), .sessionHeader(let name): name
        case .apiKeyQuery: nil
        }
    }

    /// The header or query item name the credential travels under: logs and descriptions hide it whatever
    /// it is called (a user name sent with an API key, `X-User-Name`, does not look like a credential).
    var credentialName: String {
        switch self {
        case .bearer, .basic: "Authorization"
        case .apiKeyHeader(let name), .sessionHeader(let name), .apiKeyQuery(let name): name
        }
    }
}
