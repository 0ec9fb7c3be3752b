import Foundation
@_spi(Shared) import WireFormat

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

    /// Why `value` lies outside the bounds written beside it (`minimum`…`maximum` for a number,
    /// `minLength`…`maxLength` for a string, `minItems`…`maxItems` for a list), or nil. Read after "the
    /// default ". A client sends a default unless the caller passes another, so a default out of bounds is
    /// a request the server refuses (openai's `file_ids: default [] , minItems: 1`).
    public static func outOfBounds(_ value: YAMLNode, _ bounds: ConstraintRules.Values) -> String? {
        func format(_ number: Double) -> String {
            number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : String(number)
        }
        if let elements = value.elements {
            if let minItems = bounds.minItems, Double(elements.count) < minItems {
                return "has \(elements.count) elements, fewer than minItems \(format(minItems))"
            }
            if let maxItems = bounds.maxItems, Double(elements.count) > maxItems {
                return "has \(elements.count) elements, more than maxItems \(format(maxItems))"
            }
            return nil
        }
        guard let scalar = value.scalar else { return nil }
        if scalar.kind == .string {
            if let minLength = bounds.minLength, Double(scalar.text.count) < minLength { return "is shorter than minLength \(format(minLength))" }
            if let maxLength = bounds.maxLength, Double(scalar.text.count) > maxLength { return "is longer than maxLength \(format(maxLength))" }
        } else if let number = Double(scalar.text) {
            if let minimum = bounds.minimum, number < minimum { return "is less than the minimum \(format(minimum))" }
            if let maximum = bounds.maximum, number > maximum { return "is greater than the maximum \(format(maximum))" }
        }
        return nil
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

    /// Why the URL `template` gives with `values` (an environment's URL and its variables' defaults) cannot
    /// be a base URL, or nil: expanded as the generated client does (`BaseURLTemplate.expand`).
    public static func problem(template: String, values: [String: String]) -> String? {
        problem(BaseURLTemplate.expand(template, values))
    }
}

/// Which constraints a type can carry and which values of them make sense: the loader reports a breach as an
/// error, `import` leaves the constraint out of what it writes.
public enum ConstraintRules {
    /// What a constraint is applied to, as far as the rules care.
    public struct Target: Sendable {
        public var stringLike = false
        public var numeric = false
        /// A list or a map.
        public var collection = false
        public var dateTime = false

        public static func primitive(_ primitive: Primitive) -> Target {
            Target(stringLike: primitive.isStringLike, numeric: primitive.isNumeric, dateTime: primitive == .dateTime)
        }
        /// An enum: its raw values are strings or integers.
        public static func enumeration(stringRaw: Bool) -> Target { Target(stringLike: stringRaw, numeric: !stringRaw) }
        public static let collection = Target(collection: true)
        /// Structs and unions: no constraint applies.
        public static let other = Target()
    }

    /// The constraints written for one use of a type.
    public struct Values: Sendable {
        public var minLength, maxLength, minimum, maximum, minItems, maxItems: Double?
        public var pattern: String?
        /// `format:` (a date-time wire format) is given.
        public var hasFormat = false

        public init(
            minLength: Double? = nil, maxLength: Double? = nil, minimum: Double? = nil, maximum: Double? = nil, minItems: Double? = nil,
            maxItems: Double? = nil, pattern: String? = nil, hasFormat: Bool = false
        ) {
            (self.minLength, self.maxLength, self.minimum, self.maximum) = (minLength, maxLength, minimum, maximum)
            (self.minItems, self.maxItems, self.pattern, self.hasFormat) = (minItems, maxItems, pattern, hasFormat)
        }
    }

    public enum Problem: Equatable, Sendable {
        /// `key` applies to `kind` ("strings", "numbers", "lists and maps", "date-time"), not to this type.
        case notApplicable(key: String, kind: String)
        /// A length or count below zero.
        case negative(key: String, value: Double)
        /// No value fits both bounds.
        case inverted(low: String, lowValue: Double, high: String, highValue: Double)
        /// Not a regular expression the validator can apply (ECMA-262 on ICU).
        case invalidPattern(String)
    }

    /// Every problem of `values` on `target`, in the order of the keys (minLength ... maxItems), then format,
    /// bounds and pattern.
    public static func problems(_ values: Values, on target: Target) -> [Problem] {
        var problems: [Problem] = []
        let keyed: [(String, Double?, Bool, String)] = [
            ("minLength", values.minLength, target.stringLike, "strings"), ("maxLength", values.maxLength, target.stringLike, "strings"),
            ("pattern", values.pattern.map { _ in 0 }, target.stringLike, "strings"), ("minimum", values.minimum, target.numeric, "numbers"),
            ("maximum", values.maximum, target.numeric, "numbers"), ("minItems", values.minItems, target.collection, "lists and maps"),
            ("maxItems", values.maxItems, target.collection, "lists and maps"),
        ]
        for (key, value, applies, kind) in keyed {
            guard let value else { continue }
            if !applies { problems.append(.notApplicable(key: key, kind: kind)) }
            if key.hasSuffix("Length") || key.hasSuffix("Items"), value < 0 { problems.append(.negative(key: key, value: value)) }
        }
        if values.hasFormat, !target.dateTime { problems.append(.notApplicable(key: "format", kind: "date-time")) }
        let bounds = [
            ("minLength", values.minLength, "maxLength", values.maxLength), ("minimum", values.minimum, "maximum", values.maximum),
            ("minItems", values.minItems, "maxItems", values.maxItems),
        ]
        for (low, lowValue, high, highValue) in bounds {
            if let lowValue, let highValue, lowValue > highValue {
                problems.append(.inverted(low: low, lowValue: lowValue, high: high, highValue: highValue))
            }
        }
        // Compiled as schema-check and the sandbox run it (ECMA-262 meaning on ICU), so a pattern lint accepts
        // is one the validator can apply, never one it silently skips.
        if let pattern = values.pattern, (try? NSRegularExpression(pattern: ECMAPattern.icuPattern(pattern))) == nil {
            problems.append(.invalidPattern(pattern))
        }
        return problems
    }
}

extension Constraints {
    /// The constraints as the shared rules read them (`ConstraintRules`, `DefaultValueRules.outOfBounds`).
    public var ruleValues: ConstraintRules.Values {
        ConstraintRules.Values(
            minLength: minLength.map(Double.init), maxLength: maxLength.map(Double.init), minimum: minimum, maximum: maximum,
            minItems: minItems.map(Double.init), maxItems: maxItems.map(Double.init), pattern: pattern, hasFormat: dateFormat != nil)
    }
}
