import Foundation

/// Expands an environment's base URL template such as `https://{host}/wlp/v1`.
@_spi(Generated) public enum URLTemplate {
    /// Characters a host-and-port value keeps; everything else is percent-encoded, so a value cannot
    /// add a path, query or credentials to the URL.
    private static let allowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~:[]")

    /// Replaces each `{name}` with its value. A template the generator checked is absolute; should the
    /// result still not parse, the URL points at an invalid host and requests fail with a transport error
    /// rather than crashing the app.
    public static func expand(_ template: String, _ values: [String: String]) -> URL {
        var result = template
        for (name, value) in values {
            let encoded = value.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
            result = result.replacingOccurrences(of: "{\(name)}", with: encoded)
        }
        return URL(string: result) ?? URL(string: "invalid-url-template:")!
    }
}
