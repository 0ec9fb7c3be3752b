import Foundation
import SchemaModel

/// One thing wrong with a payload (or a parameter), with where it is, what the schema wanted, what
/// was there, and the schema rule that was broken.
public struct ValidationIssue: Sendable, Hashable, CustomStringConvertible {
    public enum Severity: String, Sendable, Hashable {
        case error, warning
    }

    public enum Kind: String, Sendable, Hashable {
        /// The input is not JSON (the message holds line and column).
        case syntax
        /// The value has the wrong JSON type, or a form the generated decoder rejects (an integer out
        /// of range, an invalid UUID, date, date-time, URI or base64 string, a non-integer map key, null
        /// for a non-nullable field). The generated client fails to decode it.
        case type
        /// A required key is missing. The generated client fails to decode it.
        case required
        /// A union's discriminator is missing, not a string, or names no variant. The generated client
        /// keeps such a value as `.undocumented`; an error only with `strictEnums`.
        case union
        /// A value the enum does not list. The generated client keeps it as `.undocumented`; an error only
        /// with `strictEnums`.
        case enumValue
        /// A `minLength`, `maxLength`, `pattern`, `minimum`, `maximum`, `minItems` or `maxItems` is
        /// broken. Generated code does not check these; schema-check and the sandbox do.
        case constraint
        /// An `email` is not an address. Generated code takes any string; schema-check does not.
        case format
        /// An object repeats a key. The generated decoder silently uses the first occurrence.
        case duplicateKey
    }

    public var severity: Severity
    public var kind: Kind
    /// RFC 6901 JSON Pointer to the value (`""` is the whole payload); for a missing key, the pointer
    /// the key would have. For parameters, the parameter's wire name.
    public var pointer: String
    /// What the schema wants, e.g. `integer in int32 range`, `one of: S, M, L`, `at least 1 item`.
    public var expected: String
    /// What the payload has, e.g. `number 12`, `null`, `missing`, `string "abc"` (long text is cut).
    public var found: String
    /// One sentence saying both.
    public var message: String
    /// Where in the schema the broken rule is written: the field, the type definition, or the alias.
    public var rule: SourceLocation?

    public init(
        severity: Severity, kind: Kind, pointer: String, expected: String, found: String, message: String,
        rule: SourceLocation?
    ) {
        self.severity = severity
        self.kind = kind
        self.pointer = pointer
        self.expected = expected
        self.found = found
        self.message = message
        self.rule = rule
    }

    /// This issue with the value it quotes hidden when its pointer passes through one of `secretNames`
    /// (wire names of fields and parameters marked `secret: true`): `string "1234"` becomes
    /// `string <redacted>` in `found` and `message`, so reports never echo a password or an OTP code.
    public func hidingSecretValues(_ secretNames: Set<String>) -> ValidationIssue {
        guard !secretNames.isEmpty,
            pointer.split(separator: "/").contains(where: { secretNames.contains(JSONPointer.unescape(String($0))) })
        else { return self }
        let hidden: String
        if found.hasPrefix("string ") || found.hasPrefix("number ") {
            hidden = found.prefix(while: { $0 != " " }) + " " + Self.hiddenValue
        } else if found.contains("\"") {
            hidden = Self.hiddenValue
        } else {
            return self
        }
        var copy = self
        copy.found = hidden
        copy.message = message.replacingOccurrences(of: found, with: hidden)
        return copy
    }

    /// Stands in for a secret value (the runtime's `Redaction.placeholder`).
    static let hiddenValue = "<redacted>"

    /// `/items/0/sku: error: message [schema.yaml:12:7]`; the root is shown as `(root)`.
    public var description: String {
        let place = pointer.isEmpty ? "(root)" : pointer
        let location = rule.map { " [\($0)]" } ?? ""
        return "\(place): \(severity.rawValue): \(message)\(location)"
    }
}

/// RFC 6901 JSON Pointers.
public enum JSONPointer {
    /// One reference token: `~` becomes `~0`, `/` becomes `~1`.
    public static func escape(_ token: String) -> String {
        guard token.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) else { return token }
        return token.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }

    /// The reference token `escape` made: `~1` becomes `/`, `~0` becomes `~`.
    public static func unescape(_ token: String) -> String {
        guard token.contains("~") else { return token }
        return token.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
    }

    /// The pointer made of `tokens` (`[]` is `""`, the whole document).
    public static func string(_ tokens: [String]) -> String {
        tokens.map { "/" + escape($0) }.joined()
    }
}
