/// An HTTP request method.
///
/// Only the methods an API schema can declare; raw values are the exact wire tokens.
public enum HTTPMethod: String, Sendable, Hashable, CaseIterable {
    /// `GET`
    case get = "GET"
    /// `PUT`
    case put = "PUT"
    /// `POST`
    case post = "POST"
    /// `DELETE`
    case delete = "DELETE"
    /// `PATCH`
    case patch = "PATCH"
    /// `HEAD`
    case head = "HEAD"
    /// `OPTIONS`
    case options = "OPTIONS"

    /// Whether RFC 9110 defines the method as idempotent.
    ///
    /// Retry logic must not rely on this alone: `OperationInfo.isIdempotent` carries what the schema says
    /// about a specific operation (a `POST` with an idempotency key can be safe to repeat).
    public var isIdempotentBySpecification: Bool {
        switch self {
        case .get, .put, .delete, .head, .options: true
        case .post, .patch: false
        }
    }
}
