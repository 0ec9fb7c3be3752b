import Foundation

/// Renders bodies for logs: JSON with the values of secret-looking fields replaced by `<redacted>`, anything
/// else reduced to its size (it cannot be inspected for secrets).
enum BodyRedaction {
    /// Name fragments that mark a JSON field as secret wherever they appear in the lowercased name.
    private static let fragments = [
        "token", "password", "passwd", "secret", "authorization", "apikey",
        "api_key", "api-key", "session", "credential", "cookie", "passcode", "jwt",
    ]
    /// Short words that mark a field as secret only as a whole word (`pin`, `userPin`, `otp_code`), so that
    /// `shipping` or `footprint` stay visible.
    private static let words: Set<String> = ["pin", "otp", "cvv", "cvc", "auth", "pwd"]

    /// Whether the value of the JSON field `name` must be hidden.
    static func isSecretField(_ name: String) -> Bool {
        let lowered = name.lowercased()
        if fragments.contains(where: lowered.contains) { return true }
        return splitWords(name).contains { words.contains($0) }
    }

    /// The body as redacted, compact JSON with sorted keys; `(n bytes)` when it is not JSON. Fields named
    /// in `secretNames` (any case) are hidden as well as the secret-looking ones.
    static func render(_ body: Data, secretNames: Set<String> = []) -> String {
        guard !body.isEmpty else { return "(empty)" }
        guard let object = try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed]),
            let data = try? JSONSerialization.data(
                withJSONObject: redact(object, secretNames),
                options: [.sortedKeys, .fragmentsAllowed])
        else { return "(\(body.count) bytes)" }
        return String(decoding: data, as: UTF8.self)
    }

    private static func redact(_ value: Any, _ secretNames: Set<String>) -> Any {
        if let object = value as? [String: Any] {
            var result: [String: Any] = [:]
            for (name, value) in object {
                result[name] =
                    Redaction.isSecretField(name, secretNames: secretNames)
                    ? Redaction.placeholder : redact(value, secretNames)
            }
            return result
        }
        if let array = value as? [Any] { return array.map { redact($0, secretNames) } }
        return value
    }

    /// `userPIN_code` → `["user", "pin", "code"]`: splits at non-letters and lower-to-upper case changes.
    private static func splitWords(_ name: String) -> [String] {
        var result: [String] = []
        var current = ""
        var previousWasLower = false
        for character in name {
            guard character.isLetter || character.isNumber else {
                if !current.isEmpty { result.append(current.lowercased()) }
                current = ""
                previousWasLower = false
                continue
            }
            if character.isUppercase, previousWasLower, !current.isEmpty {
                result.append(current.lowercased())
                current = ""
            }
            current.append(character)
            previousWasLower = character.isLowercase || character.isNumber
        }
        if !current.isEmpty { result.append(current.lowercased()) }
        return result
    }
}
