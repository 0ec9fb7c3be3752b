/// Why `RequestBuilder.build()` (or attaching credentials) could not produce a request. Descriptions name
/// parameters and schemes, never values.
public enum RequestBuildError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The path template has a `{placeholder}` that was never set.
    case missingPathParameter(String)
    /// A path parameter was set to the empty string, which would collapse the path onto another resource.
    case emptyPathParameter(String)
    /// The path template has an unbalanced `{` or `}`.
    case malformedPathTemplate(String)
    /// A header value contains a line break or other control character that could inject headers.
    case invalidHeaderValue(name: String)
    /// Base URL and path did not form a valid URL.
    case invalidURL
    /// The credential for the named auth scheme contains a line break or other control character, so it
    /// cannot be sent; the request was not sent at all. A generated client reports it as `.invalidRequest`.
    case invalidCredential(scheme: String)
    /// The operation accepts a requirement of several schemes sent together (an API key and a user name),
    /// some of its credentials are available but `scheme`'s is not, and no other requirement is complete;
    /// nothing was sent. `requirement` names every scheme of it.
    case missingCredential(scheme: String, requirement: [String])
    /// An operation's URL given at call time is not an absolute http(s) URL with a host (or carries user
    /// info); nothing was sent.
    case invalidAbsoluteURL
    /// A form, multipart or object-valued query parameter holds a member that cannot be written as flat
    /// name/value pairs (a nested object, a list of lists, a value JSON cannot encode such as NaN); the
    /// member's name, empty when the whole value is not an object.
    case unflattenableValue(member: String)

    /// A human-readable explanation.
    public var description: String {
        switch self {
        case .missingPathParameter(let name):
            "The path parameter '\(name)' was not set."
        case .emptyPathParameter(let name):
            "The path parameter '\(name)' is empty."
        case .malformedPathTemplate(let template):
            "The path template '\(template)' has unbalanced braces."
        case .invalidHeaderValue(let name):
            "The value of header '\(name)' contains control characters."
        case .invalidURL:
            "The base URL and path do not form a valid URL."
        case .invalidAbsoluteURL:
            "The operation's URL is not an absolute http or https URL with a host and without user info."
        case .unflattenableValue(let member):
            member.isEmpty
                ? "The value is not an object, so it cannot be sent as form fields or query items."
                : "The member '\(member)' cannot be sent as a form field or query item: it is a nested object or list, or a value JSON cannot encode."
        case .invalidCredential(let scheme):
            "The credential for auth scheme '\(scheme)' contains control characters (such as CR or LF); nothing was sent."
        case .missingCredential(let scheme, let requirement):
            "No credential for auth scheme '\(scheme)', which is required together with \(requirement.filter { $0 != scheme }.map { "'\($0)'" }.joined(separator: " and ")); nothing was sent."
        }
    }
}
