import Foundation

/// Renders URLs for descriptions with credential-like query values hidden (`api_key=<redacted>`) and any
/// user-info password masked.
enum RedactedURL {
    /// The placeholder as a query value, where a URL must stay a URL (`replacingValues`); rendered back as the
    /// placeholder.
    static let encodedPlaceholder = "%3Credacted%3E"

    /// `url` with the values of the query items named in `secretNames` (any case) replaced by the encoded
    /// placeholder: still a URL, so it can stand in for the original inside an error.
    static func replacingValues(in url: URL, secretNames: Set<String>) -> URL {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: true),
            let query = components.percentEncodedQuery
        else { return url }
        let lowered = Set(secretNames.map { $0.lowercased() })
        components.percentEncodedQuery =
            query.split(separator: "&", omittingEmptySubsequences: false)
            .map { item -> String in
                let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                let name = String(parts[0])
                guard parts.count == 2, lowered.contains((name.removingPercentEncoding ?? name).lowercased()) else {
                    return String(item)
                }
                return "\(name)=\(encodedPlaceholder)"
            }
            .joined(separator: "&")
        return components.url ?? url
    }

    static func string(for url: URL, secretNames: Set<String> = []) -> String {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: true) else {
            // Unparseable URLs are printed without their query, the only place a secret could hide.
            return url.absoluteString.split(separator: "?", maxSplits: 1).first.map(String.init) ?? ""
        }
        if components.percentEncodedPassword != nil { components.percentEncodedPassword = "***" }
        let query = components.percentEncodedQuery
        let fragment = components.percentEncodedFragment
        // The placeholder is not valid inside a percent-encoded query, so the query is appended as text
        // instead of being set on the components (Foundation rejects invalid encodings there).
        components.percentEncodedQuery = nil
        components.percentEncodedFragment = nil
        var text = components.string ?? ""
        if let query {
            text +=
                "?"
                + query.split(separator: "&", omittingEmptySubsequences: false)
                .map { item -> String in
                    let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                    let name = String(parts[0])
                    guard
                        parts.count == 2,
                        parts[1] == encodedPlaceholder
                            || Redaction.isSensitive(name.removingPercentEncoding ?? name, secretNames: secretNames)
                    else {
                        return String(item)
                    }
                    return "\(name)=\(Redaction.placeholder)"
                }
                .joined(separator: "&")
        }
        if let fragment { text += "#" + fragment }
        return text
    }
}
