/// The static description of one API operation, generated once per operation.
///
/// Everything cross-cutting logic needs to decide about a call without knowing its types: retries look at
/// `method`/`isIdempotent`/`idempotencyKeyHeader`, credentials at `auth`, logging and metrics at `name`.
public struct OperationInfo: Sendable, Hashable {
    /// The operation's name in the schema, e.g. `fetchTransactions`.
    public let name: String
    /// The HTTP method.
    public let method: HTTPMethod
    /// The path relative to the base URL with `{placeholders}`, e.g. `/payment-means/{paymentMeansId}`.
    public let pathTemplate: String
    /// The documented success status; any 2xx is still accepted as success.
    public let successStatus: Int
    /// Whether the schema declares that repeating the call is safe.
    public let isIdempotent: Bool
    /// Acceptable auth schemes in order of preference; empty means the operation needs none.
    public let auth: [AuthScheme]
    /// The header that carries an idempotency key, when the operation supports one.
    public let idempotencyKeyHeader: String?

    /// Creates an operation description.
    public init(
        name: String,
        method: HTTPMethod,
        pathTemplate: String,
        successStatus: Int,
        isIdempotent: Bool = false,
        auth: [AuthScheme] = [],
        idempotencyKeyHeader: String? = nil
    ) {
        self.name = name
        self.method = method
        self.pathTemplate = pathTemplate
        self.successStatus = successStatus
        self.isIdempotent = isIdempotent
        self.auth = auth
        self.idempotencyKeyHeader = idempotencyKeyHeader
    }
}
