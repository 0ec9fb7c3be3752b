import Foundation

/// How an environment's URL template becomes a base URL: what the generated client does at run time
/// (`ClientRuntime.URLTemplate`) and what lint checks against the variables' defaults, from one
/// definition. `@_spi(Shared)`: generated code never names it.
@_spi(Shared) public enum BaseURLTemplate {
    /// Characters a value after the template's `://` keeps (a host, port or path segment); everything else
    /// is percent-encoded, so such a value cannot add a path, query or credentials to the URL.
    private static let hostSafe = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~:[]")

    /// `template` with each `{name}` replaced in one pass (a value is never searched for placeholders).
    /// A placeholder before the template's `://`, or in a template without one, stands for a scheme or a
    /// whole origin (`{protocol}://{hostname}`, `{server}/api/v2`) and takes its value as written; one after
    /// it is a host or path part and is percent-encoded. An unknown placeholder is left as it is.
    public static func expand(_ template: String, _ values: [String: String]) -> String {
        let authorityStart = template.range(of: "://")?.upperBound
        var result = ""
        var rest = template[...]
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            result += rest[..<open]
            let name = String(rest[rest.index(after: open)..<close])
            if let value = values[name] {
                let verbatim = authorityStart.map { open < $0 } ?? true
                result += verbatim ? value : (value.addingPercentEncoding(withAllowedCharacters: hostSafe) ?? "")
            } else {
                result += rest[open...close]
            }
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }

    /// Whether `template` starts with a literal `http://` or `https://`: its variables are then host and
    /// path parts only, and whatever values they take the result is an http(s) URL. Any other template
    /// (`{serverUrl}`, `{server}/v1`, `{protocol}://{host}`) is completed by values given at run time and
    /// checked then.
    public static func hasLiteralScheme(_ template: String) -> Bool {
        let lowered = template.lowercased()
        return lowered.hasPrefix("http://") || lowered.hasPrefix("https://")
    }
}
