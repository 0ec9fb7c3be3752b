/// The static description of one API operation, generated once per operation.
///
/// Everything cross-cutting logic needs to decide about a call without knowing its types: retries look at
/// `method`/`isIdempotent`/`idempotencyKeyHeader`/`retryableStatuses`, credentials at `auth`, caching at
/// `cache`, pagination helpers at `pagination`, logging and metrics at `name`.
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
    /// Every auth scheme the operation's requirements name, in order of first mention; empty means the
    /// operation needs none. A scheme's middleware (`BearerTokenMiddleware`) acts on operations listing it.
    public let auth: [AuthScheme]
    /// The acceptable requirements in order of preference: each the schemes whose credentials are sent
    /// together (an API key and a user name), one of them is enough. `ClientCore` sends the first one
    /// whose every credential is available (see `ClientCore.send`).
    public let authRequirements: [[AuthScheme]]
    /// The header that carries an idempotency key, when the operation supports one.
    public let idempotencyKeyHeader: String?
    /// Statuses the API's error catalogue marks as retryable for this operation; `RetryMiddleware` adds
    /// them to its policy's own list (still only for operations that are safe to repeat).
    public let retryableStatuses: Set<Int>
    /// How responses of this operation may be cached, from the schema's cache hint.
    public let cache: CachePolicy
    /// The pagination style the schema declares, or `nil` for a single-page operation.
    @_spi(Generated) public let pagination: PaginationStyle?
    /// Query item, header and JSON field names the schema marks `secret: true` among this operation's
    /// parameters and the types its request and response bodies reach, and the header or query item of
    /// each of its auth schemes; logs and descriptions hide their values (at any depth of a JSON body).
    public let secretNames: Set<String>
    /// Decides from an error response's catalogue case whether to repeat it, before `retryableStatuses`.
    @_spi(Generated) public var retryRule: ResponseRetryRule?

    /// Whether the operation carries an idempotency key header, which makes repeating it safe.
    public var hasIdempotencyKey: Bool { idempotencyKeyHeader != nil }

    /// Creates an operation description. `authRequirements` defaults to each scheme of `auth` alone; when
    /// given, `auth` is every scheme it names.
    @_spi(Generated) public init(
        name: String,
        method: HTTPMethod,
        pathTemplate: String,
        successStatus: Int,
        isIdempotent: Bool = false,
        auth: [AuthScheme] = [],
        authRequirements: [[AuthScheme]]? = nil,
        idempotencyKeyHeader: String? = nil,
        retryableStatuses: Set<Int> = [],
        cache: CachePolicy = .networkOnly,
        pagination: PaginationStyle? = nil,
        secretNames: Set<String> = [],
        retryRule: ResponseRetryRule? = nil
    ) {
        self.name = name
        self.method = method
        self.pathTemplate = pathTemplate
        self.successStatus = successStatus
        self.isIdempotent = isIdempotent
        let requirements = authRequirements ?? auth.map { [$0] }
        var seen = Set<String>()
        self.auth = authRequirements == nil ? auth : requirements.joined().filter { seen.insert($0.name).inserted }
        self.authRequirements = requirements
        self.idempotencyKeyHeader = idempotencyKeyHeader
        self.retryableStatuses = retryableStatuses
        self.cache = cache
        self.pagination = pagination
        // Every credential of every requirement is hidden, not only those whose names look like one.
        self.secretNames = secretNames.union(self.auth.map(\.kind.credentialName))
        self.retryRule = retryRule
    }
}
