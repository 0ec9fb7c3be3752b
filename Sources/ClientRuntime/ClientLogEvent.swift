/// One thing worth logging that happened while a client handled a call.
///
/// Messages are built by this module from redacted parts only: URLs with credential-like query values
/// hidden, headers through `HTTPHeaders`' redacted description, bodies only when asked for and with
/// secret-looking JSON fields replaced, errors by type and code. No token or key is ever part of one.
public struct ClientLogEvent: Sendable, CustomStringConvertible {
    /// What happened.
    public enum Kind: String, Sendable, Hashable {
        /// A request is about to be sent.
        case request
        /// A response arrived.
        case response
        /// The call failed without a response (transport or middleware error).
        case error
        /// A request is about to be repeated.
        case retry
        /// An access token was renewed.
        case refresh
        /// Renewing an access token failed.
        case refreshFailed
        /// A stored response was served.
        case cacheHit
        /// A background refresh updated a stored response.
        case backgroundRefresh
        /// A background refresh failed; the served response stays.
        case backgroundRefreshFailed
    }

    /// What happened.
    public var kind: Kind
    /// The name of the operation concerned (`OperationInfo.name`).
    public var operation: String
    /// A human-readable, redacted explanation.
    public var message: String

    /// Creates an event.
    public init(kind: Kind, operation: String, message: String) {
        self.kind = kind
        self.operation = operation
        self.message = message
    }

    /// `[kind] operation: message`.
    public var description: String { "[\(kind.rawValue)] \(operation): \(message)" }
}
