import Foundation

/// One `name=value` pair of an operation path's literal query (`http: POST /sign?api-version=2020-09-01`):
/// fixed text every request of the operation carries, as Azure's versioned APIs write their paths. Name
/// and value are kept decoded (`%20` is a space); clients and servers encode them like any query item.
public struct LiteralQueryItem: Sendable, Hashable {
    public var name: String
    public var value: String

    public init(name: String, value: String) {
        (self.name, self.value) = (name, value)
    }

    /// `api-version=2020-09-01`, each side percent-encoded as the schema writes it (`LiteralQueryItem.encode`).
    public var text: String { Self.encode(name) + "=" + Self.encode(value) }

    /// Percent-encodes everything a literal query part may not hold as it is (see `isAllowed`).
    public static func encode(_ text: String) -> String {
        var result = ""
        for byte in text.utf8 {
            let scalar = Unicode.Scalar(byte)
            if byte < 0x80, isAllowed(Character(scalar)) {
                result.unicodeScalars.append(scalar)
            } else {
                result += String(format: "%%%02X", byte)
            }
        }
        return result
    }

    /// What a name or value of a literal query may hold unencoded: RFC 3986's unreserved characters and
    /// the sub-delimiters that mean nothing in a query. `&`, `=` separate items, `#` starts a fragment,
    /// `+` means a space to form decoders but not to others, and `{`/`}` would read as a placeholder:
    /// each must be written `%XX`.
    static func isAllowed(_ character: Character) -> Bool {
        guard character.isASCII, let ascii = character.asciiValue else { return false }
        if character.isLetter || character.isNumber { return true }
        return "-._~!$'()*,;:@/?".utf8.contains(ascii)
    }
}

extension OperationDefinition {
    /// The path of `http:` split at its `?`: the path template and the literal query's pairs, or the
    /// reason the query part is not well formed (for a `file:line:col` error).
    public static func splitLiteralQuery(_ path: String) -> (path: String, items: [LiteralQueryItem], problem: String?) {
        guard let mark = path.firstIndex(of: "?") else { return (path, [], nil) }
        let template = String(path[..<mark])
        let query = path[path.index(after: mark)...]
        guard !query.isEmpty else {
            return (template, [], "the path '\(path)' ends with '?' and no query; leave it out or write `?name=value`")
        }
        var items: [LiteralQueryItem] = []
        for part in query.split(separator: "&", omittingEmptySubsequences: false) {
            let sides = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard sides.count == 2, !sides[0].isEmpty else {
                return (template, [], "the literal query item '\(part)' of the path '\(path)' is not `name=value` (with a non-empty name)")
            }
            for side in sides {
                if let bad = side.first(where: { $0 != "%" && !LiteralQueryItem.isAllowed($0) }) {
                    return (
                        template, [],
                        "the literal query item '\(part)' of the path '\(path)' holds '\(bad)', which must be percent-encoded (%\(String(format: "%02X", bad.asciiValue ?? 0)) for an ASCII character; placeholders belong in the path)"
                    )
                }
            }
            guard let name = sides[0].removingPercentEncoding, let value = sides[1].removingPercentEncoding else {
                return (template, [], "the literal query item '\(part)' of the path '\(path)' has a '%' that is not followed by two hex digits of UTF-8")
            }
            if items.contains(where: { $0.name == name }) {
                return (template, [], "the literal query of the path '\(path)' names '\(name)' twice; a literal item is sent once")
            }
            items.append(LiteralQueryItem(name: name, value: value))
        }
        return (template, items, nil)
    }

    /// `path` with its literal query, as the schema and OpenAPI documents write it
    /// (`/sign?api-version=2020-09-01`).
    public var pathWithLiteralQuery: String {
        literalQuery.isEmpty ? path : path + "?" + literalQuery.map(\.text).joined(separator: "&")
    }

    /// Whether `query` (decoded items as a request sends them) carries every literal pair of the path.
    public func carriesLiteralQuery(_ query: [(name: String, value: String)]) -> Bool {
        literalQuery.allSatisfy { item in query.contains { $0.name == item.name && $0.value == item.value } }
    }
}
