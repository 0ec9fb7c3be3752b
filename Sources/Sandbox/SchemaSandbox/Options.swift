@_spi(Generated) import ClientRuntime
import Foundation

/// How a `SandboxServer` behaves. The defaults serve the schema's examples, validate every request and
/// check credentials, like the real API would.
public struct SandboxOptions: Sendable {
    /// Items in the data set a paginated operation pages through (items of the example, repeated).
    public var pageItemCount: Int
    /// Per-operation overrides of `pageItemCount`, by operation name.
    public var pageItemCounts: [String: Int]
    /// Page size when an operation's pagination has no size parameter (cursor style without `size`).
    public var defaultPageSize: Int
    /// Answer requests that break the schema (parameters, body) with 400.
    public var validateRequests: Bool
    /// Answer requests to operations that need credentials, but carry none, with 401.
    public var requireCredentials: Bool
    /// Treat an enum value the schema does not list as an error. Off by default, so the sandbox's
    /// verdicts are schema-check's (and the generated clients tolerate unknown values too).
    public var strictEnums: Bool
    /// Allows `start(host:)` with an address other than loopback. Off: the sandbox is for local tests.
    public var allowNonLoopbackHost: Bool
    /// Overrides the base path taken from the schema's first environment (`/wlp/v1`).
    public var basePath: String?
    /// Request bodies larger than this are answered with 413.
    public var maximumBodySize: Int
    /// How many requests per operation `receivedRequests(_:)` keeps (the most recent). Counts are exact
    /// whatever this is; the limit keeps memory flat under load.
    public var recordedRequestLimit: Int
    /// How many bytes the recorded requests may take in all (bodies, headers, paths and queries, see
    /// `RecordedRequest.byteCount`); the oldest, of any operation, are dropped first. The count limit
    /// alone would let 1,000 uploads of 4 MB hold 4 GB.
    public var recordedBytesLimit: Int
    /// Request bodies longer than this are recorded cut to this many bytes (`RecordedRequest.isBodyTruncated`,
    /// `bodySize` keeps the length received); validation and the answer still see the whole body.
    public var recordedBodyLimit: Int
    /// The lifetime, in seconds, of the access tokens the sandbox issues through a wired login or refresh,
    /// written at the exchange's `expiresIn` response path. nil: the value of the operation's example
    /// when the answer is one, else `defaultTokenLifetime` (a synthesized answer would say the smallest
    /// number allowed, 1 s, and make a client refresh before every call). A few seconds tests proactive
    /// refresh.
    public var tokenLifetime: Int?
    /// The lifetime of issued tokens when neither `tokenLifetime` nor an example says: an hour.
    public static let defaultTokenLifetime = 3600
    /// Serves `GET <base>/_sandbox/counts` (JSON) and `POST <base>/_sandbox/reset` for tests in
    /// another process.
    public var controlEndpoints: Bool
    /// Called after each request with what the request log prints. Never carries header values.
    public var requestLog: (@Sendable (RequestLogEntry) -> Void)?
    /// Events a streamed operation (`stream:`) sends before its answer ends; an SSE client that
    /// reconnects with `Last-Event-ID` gets the rest, then 204.
    public var streamEventCount = 5
    /// The `retry:` (milliseconds) an SSE stream's first event asks clients to wait before reconnecting.
    public var streamRetryMilliseconds = 50
    /// Replies of channels (`channels:`), by channel name, then by the kind of message received (the tag of
    /// the `send` union's variant; `*` for any): the JSON text sent back. A kind without one is echoed when
    /// it is also a valid `receive` message (only while the channel has no replies configured), else
    /// answered with a synthesized `receive` message.
    public var channelReplies: [String: [String: String]] = [:]

    public init(
        pageItemCount: Int = 7,
        pageItemCounts: [String: Int] = [:],
        defaultPageSize: Int = 3,
        validateRequests: Bool = true,
        requireCredentials: Bool = true,
        strictEnums: Bool = false,
        allowNonLoopbackHost: Bool = false,
        basePath: String? = nil,
        maximumBodySize: Int = 4 * 1024 * 1024,
        recordedRequestLimit: Int = 1000,
        recordedBytesLimit: Int = 64 << 20,
        recordedBodyLimit: Int = 64 << 10,
        tokenLifetime: Int? = nil,
        controlEndpoints: Bool = true,
        requestLog: (@Sendable (RequestLogEntry) -> Void)? = nil
    ) {
        self.pageItemCount = pageItemCount
        self.pageItemCounts = pageItemCounts
        self.defaultPageSize = defaultPageSize
        self.validateRequests = validateRequests
        self.requireCredentials = requireCredentials
        self.strictEnums = strictEnums
        self.allowNonLoopbackHost = allowNonLoopbackHost
        self.basePath = basePath
        self.maximumBodySize = maximumBodySize
        self.recordedRequestLimit = recordedRequestLimit
        self.recordedBytesLimit = recordedBytesLimit
        self.recordedBodyLimit = recordedBodyLimit
        self.tokenLifetime = tokenLifetime
        self.controlEndpoints = controlEndpoints
        self.requestLog = requestLog
    }
}

/// A failure the sandbox simulates, per run (`SandboxServer.inject`) or per request (the
/// `X-Sandbox-Fault` header).
public enum Fault: Sendable, Hashable, CustomStringConvertible {
    /// Every matching request waits this long before it is answered. Never used up.
    case latency(milliseconds: Int)
    /// The next `count` matching requests get `status` (500, 503, ...) with the API's error body.
    case failures(count: Int, status: Int)
    /// The next `count` matching requests get 429 with a `Retry-After` header.
    case rateLimited(count: Int, retryAfter: RetryAfter)
    /// The next `count` matching requests that need credentials get 401, as if the token had expired.
    case unauthorized(count: Int)
    /// Every request to an operation that uses the bearer scheme gets 401 until the scheme's `refresh`
    /// operation has succeeded once; from then on they are accepted.
    case unauthorizedUntilRefresh
    /// The next `count` matching requests get no response: the TCP connection is closed.
    case closeConnection(count: Int)
    /// The next `count` answers of matching streamed operations close the connection after
    /// `afterEvents` events, mid-stream (an SSE client reconnects with `Last-Event-ID`).
    case dropStream(count: Int, afterEvents: Int)
    /// Every streamed answer of a matching operation pauses this long before each event after the
    /// first. Never used up.
    case slowStream(milliseconds: Int)
    /// The next `count` connections of a matching channel are closed by the server with close code `code`
    /// after `afterMessages` messages it sent (0: at once). The refusals of a channel's opening request are
    /// the HTTP faults above: `failures` (a status), `unauthorized` (401) and `closeConnection`.
    case closeChannel(count: Int, afterMessages: Int, code: Int)
    /// The next `count` connections of a matching channel lose their TCP connection, without a close frame,
    /// after `afterMessages` messages the server sent (0: at once).
    case dropChannel(count: Int, afterMessages: Int)

    public var description: String {
        switch self {
        case .latency(let milliseconds): return "latency \(milliseconds) ms"
        case .failures(let count, let status): return "\(count) × status \(status)"
        case .rateLimited(let count, let retryAfter): return "\(count) × 429 Retry-After \(retryAfter.headerValue)"
        case .unauthorized(let count): return "\(count) × 401"
        case .unauthorizedUntilRefresh: return "401 until refresh"
        case .closeConnection(let count): return "\(count) × closed connection"
        case .dropStream(let count, let afterEvents): return "\(count) × stream dropped after \(afterEvents) events"
        case .slowStream(let milliseconds): return "\(milliseconds) ms between events"
        case .closeChannel(let count, let afterMessages, let code): return "\(count) × channel closed with \(code) after \(afterMessages) messages"
        case .dropChannel(let count, let afterMessages): return "\(count) × channel dropped after \(afterMessages) messages"
        }
    }
}

/// The value of a `Retry-After` header.
public enum RetryAfter: Sendable, Hashable {
    case seconds(Int)
    case httpDate(Date)

    /// The header text: seconds, or an IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`).
    public var headerValue: String {
        switch self {
        case .seconds(let seconds):
            return String(seconds)
        case .httpDate(let date):
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "GMT")
            formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
            return formatter.string(from: date)
        }
    }
}

/// A request the sandbox received, as tests read it back.
///
/// The properties hold what was sent, so tests can assert on it; every textual form (`description`,
/// `debugDescription`, `dump`) hides the values of query items, headers and JSON fields the schema marks
/// `secret: true` (`secretNames`) or that look like credentials, as the client runtime's logs do.
public struct RecordedRequest: Sendable, Hashable {
    /// The operation the request was routed to.
    public var operation: String
    public var method: String
    /// The path as sent, percent-encoded, without the query.
    public var path: String
    public var queryItems: [URLQueryItem]
    /// Header names lowercased; repeated headers joined with ", ".
    public var headers: [String: String]
    /// The body as received, or its first `SandboxOptions.recordedBodyLimit` bytes when it was longer
    /// (`isBodyTruncated`).
    public var body: Data
    /// The length of the body as received.
    public var bodySize: Int
    /// The status the sandbox answered with; nil when it closed the connection instead.
    public var status: Int?
    /// The schema's secret wire names, hidden in every textual form of this record.
    public var secretNames: Set<String>

    public init(
        operation: String, method: String, path: String, queryItems: [URLQueryItem], headers: [String: String], body: Data,
        bodySize: Int? = nil, status: Int?, secretNames: Set<String> = []
    ) {
        self.operation = operation
        self.method = method
        self.path = path
        self.queryItems = queryItems
        self.headers = headers
        self.body = body
        self.bodySize = max(bodySize ?? body.count, body.count)
        self.status = status
        self.secretNames = secretNames
    }

    /// Whether `body` holds only the start of what was received.
    public var isBodyTruncated: Bool { body.count < bodySize }

    /// The bytes this record holds, as `SandboxOptions.recordedBytesLimit` counts them: the body kept,
    /// the text of the path, query items, headers and names, plus a fixed 256 for the rest.
    public var byteCount: Int {
        var total = 256 + body.count + operation.utf8.count + method.utf8.count + path.utf8.count
        for item in queryItems { total += item.name.utf8.count + (item.value?.utf8.count ?? 0) }
        for (name, value) in headers { total += name.utf8.count + value.utf8.count }
        return total
    }

    /// The first value of the query item `name` (decoded), or nil.
    public func query(_ name: String) -> String? {
        queryItems.first { $0.name == name }?.value
    }

    /// The header `name` (any case), or nil.
    public func header(_ name: String) -> String? {
        headers[name.lowercased()]
    }
}

extension RecordedRequest: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// `POST /path?name=value [header: value] body: {...} -> 200`, secrets hidden.
    public var description: String {
        let query = queryItems.map { item in
            "\(item.name)=\(Redaction.isSensitive(item.name, secretNames: secretNames) ? Redaction.placeholder : item.value ?? "")"
        }
        let target = query.isEmpty ? path : path + "?" + query.joined(separator: "&")
        let answer = status.map { " -> \($0)" } ?? " -> closed"
        let kept = isBodyTruncated ? " [body truncated: \(body.count) of \(bodySize) bytes kept]" : ""
        return "\(method) \(target) \(redactedHeaders) body: \(Redaction.body(body, secretNames: secretNames))\(kept)\(answer)"
    }

    /// Same as `description`: test failure output is just as likely to be shared.
    public var debugDescription: String { description }

    /// Keeps `dump` from printing the raw values.
    public var customMirror: Mirror {
        Mirror(self, children: ["operation": operation, "request": description])
    }

    private var redactedHeaders: String {
        HTTPHeaders(headers.sorted { $0.key < $1.key }.map { (name: $0.key, value: $0.value) })
            .redactedDescription(secretNames: secretNames)
    }
}

/// One line of the request log: no header values, no query, no body.
public struct RequestLogEntry: Sendable {
    public var method: String
    public var path: String
    /// nil for requests no operation matches.
    public var operation: String?
    /// nil when the connection was closed without a response.
    public var status: Int?
    public var milliseconds: Double
    /// The fault that was applied, if any.
    public var fault: String?
    /// Why the sandbox refused the request, for a 401 (`missing credentials: …`, `the refresh token was not
    /// issued by this sandbox …`): the message of the answer's error body, which names no credential.
    public var reason: String?

    public var line: String {
        let statusText = status.map(String.init) ?? "closed"
        let time = String(format: "%.1f ms", milliseconds)
        var text = "\(method) \(path) \(statusText) \(time)"
        if let operation { text += " [\(operation)]" }
        if let fault { text += " fault: \(fault)" }
        if let reason { text += " reason: \(reason)" }
        return text
    }
}

/// Errors of `SandboxServer.start`.
public enum SandboxError: Error, CustomStringConvertible, Sendable {
    case nonLoopbackHost(String)
    case alreadyStarted
    case notListening(String)

    public var description: String {
        switch self {
        case .nonLoopbackHost(let host):
            return
                "refusing to listen on '\(host)': the sandbox serves loopback only (127.0.0.1, ::1, localhost); set SandboxOptions.allowNonLoopbackHost to override"
        case .alreadyStarted:
            return "the sandbox is already running"
        case .notListening(let reason):
            return "the sandbox could not start listening: \(reason)"
        }
    }
}
