/// Why `RequestBuilder.build()` could not produce a request. Descriptions name parameters, never values.
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
        }
    }
}
