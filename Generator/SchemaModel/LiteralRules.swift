import Foundation

/// What a default may be for a type (docs/SchemaLanguage.md, "Defaults"). One rule for the loader, which
/// rejects a schema whose default breaks it, and for `import`, which leaves such a default out of what it
/// writes, so an imported schema never fails to load because of one default.
public enum DefaultValueRules {
    /// A default's type, as far as its literal is concerned.
    public indirect enum Expected: Sendable {
        case primitive(Primitive)
        /// The raw values of the enum.
        case enumeration([String])
        /// A list; nil when its element is not known here (the elements are not checked).
        case list(Expected?)
        /// Maps, structs and unions: no default is written for them.
        case unsupported
    }

    /// Why `value` is not a default of a type that is `expected`, or nil when it is one.
    public static func mismatch(_ value: YAMLNode, _ expected: Expected) -> String? {
        let kind = value.scalar?.kind
        let unsupported = "is not supported: defaults are for strings, numbers, booleans, dates, UUIDs, URIs, enums and lists of them"
        // A string literal, then what `check` says of its text.
        func string(_ check: (String) -> String?) -> String? {
            guard kind == .string, let text = value.scalar?.text else { return "must be a string, found \(value.kindDescription)" }
            return check(text)
        }
        switch expected {
        case .primitive(let primitive):
            switch primitive {
            case .bool: return kind == .bool ? nil : "must be true or false, found \(value.kindDescription)"
            case .int, .int32, .int64:
                guard kind == .int, let text = value.scalar?.text, let number = Int64(text) else {
                    return "must be an integer, found \(value.kindDescription)"
                }
                return primitive == .int32 && Int32(exactly: number) == nil ? "does not fit in int32" : nil
            case .double, .decimal: return kind == .int || kind == .float ? nil : "must be a number, found \(value.kindDescription)"
            case .json, .dateTime, .base64, .binary: return unsupported
            case .string, .email: return string { _ in nil }
            case .uuid: return string { UUID(uuidString: $0) == nil ? "is not a UUID: '\($0)'" : nil }
            case .date: return string { isDate($0) ? nil : "is not a date (yyyy-MM-dd): '\($0)'" }
            case .uri: return string { URL(string: $0) == nil ? "is not a URI: '\($0)'" : nil }
            }
        case .enumeration(let values):
            guard let text = value.scalar?.text, values.contains(text) else {
                return "must be one of the enum's values (\(values.joined(separator: ", ")))"
            }
            return nil
        case .list(let element):
            guard let elements = value.elements else { return "must be a list, found \(value.kindDescription)" }
            guard let element else { return nil }
            return elements.lazy.compactMap { mismatch($0, element) }.first
        case .unsupported:
            return unsupported
        }
    }

    /// `yyyy-MM-dd` naming a day of the calendar.
    public static func isDate(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
            (1...12).contains(month), day >= 1
        else { return false }
        let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        return day <= days[month - 1]
    }
}

/// What a base URL may be: the loader checks an environment's URL and a whole-URL variable's default with it,
/// and `import` a server variable's default before writing it.
public enum BaseURLRules {
    /// Why `text` cannot be a base URL, or nil: the same rules as the runtime's `URLTemplate.baseURL(validating:)`.
    public static func problem(_ text: String) -> String? {
        guard let url = URL(string: text), let scheme = url.scheme, let host = url.host, !host.isEmpty else {
            return "must be an absolute URL, like https://api.example.com/v1; found '\(text)'"
        }
        if !["http", "https"].contains(scheme.lowercased()) { return "must use http or https, found '\(scheme)'" }
        if url.user != nil || url.password != nil { return "must not contain a user name or password" }
        if text.contains("?") || text.contains("#") { return "must not have a query or fragment" }
        return nil
    }
}
