import Foundation
@_spi(Shared) import WireFormat

/// Expands an environment's base URL template such as `https://{host}/wlp/v1`.
@_spi(Generated) public enum URLTemplate {
    /// Replaces each `{name}` with its value. A template the generator checked is absolute; should the
    /// result still not parse, the URL points at an invalid host and requests fail with a transport error
    /// rather than crashing the app.
    public static func expand(_ template: String, _ values: [String: String]) -> URL {
        URL(string: expandedText(template, values)) ?? URL(string: "invalid-url-template:")!
    }

    /// `template` with each `{name}` replaced (`BaseURLTemplate.expand`): a value before the template's
    /// `://` (a scheme or a whole origin) as written, one after it percent-encoded.
    public static func expandedText(_ template: String, _ values: [String: String]) -> String {
        BaseURLTemplate.expand(template, values)
    }
}
