import Foundation

/// How a query parameter holding an object (a `[String: T]` map or a struct) is written into the query.
@_spi(Generated) public enum QueryObjectStyle: Sendable, Hashable {
    /// OpenAPI `style: form, explode: true`: each member becomes its own item, `status=x&page=2`.
    case form
    /// OpenAPI `style: deepObject`: each member becomes `name[key]=value`, `filter[status]=x`, nested
    /// to any depth by the `FlatFields.bracketedPairs` rules (`filter[price][gte]=10`,
    /// `filter[tags][0]=a`); the brackets are percent-encoded (`filter%5Bstatus%5D=x`) like every other
    /// reserved character.
    case deepObject
}

/// Turns an `Encodable` object into the flat name/value pairs of a form body, a multipart body or an
/// object-valued query parameter: one general mechanism, so all three agree on what a value looks like.
///
/// The value is encoded with the shared JSON encoder (`JSONCoding`) first, so dates, enums and `Data`
/// are written exactly as in a JSON body (RFC 3339, raw values, base64). Then:
/// - the top level must be an object; its members come out in the order of their names' Unicode code
///   points (the JSON encoder sorts keys), so the output is deterministic;
/// - a string is its text, a number its JSON text (`2`, `1.5`), a boolean `true` or `false`;
/// - a `null` member is left out;
/// - an array of scalars gives one pair per element, in order, under the same name (`scope=a&scope=b`);
/// - a nested object, or an array holding an object or array, cannot be flattened (a nested form uses
///   `bracketedPairs` instead, a multipart body a JSON part) and throws
///   `RequestBuildError.unflattenableValue` naming the member (the schema linter rejects such types, so
///   generated code never hits it).
enum FlatFields {
    static func pairs(of value: some Encodable) throws -> [(name: String, value: String)] {
        let json = try JSONCoding.makeDecoder().decode(JSONValue.self, from: JSONCoding.makeEncoder().encode(value))
        guard case .object(let members) = json else { throw RequestBuildError.unflattenableValue(member: "") }
        var pairs: [(name: String, value: String)] = []
        for name in members.keys.sorted(by: { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }) {
            switch members[name]! {
            case .null:
                continue
            case .array(let elements):
                for element in elements {
                    guard let text = element.scalarText else { throw RequestBuildError.unflattenableValue(member: name) }
                    pairs.append((name, text))
                }
            case .object:
                throw RequestBuildError.unflattenableValue(member: name)
            case let scalar:
                pairs.append((name, scalar.scalarText ?? ""))
            }
        }
        return pairs
    }

    /// The name/value pairs of a nested form body or `deepObject` query parameter (docs/SchemaLanguage.md,
    /// "Nested forms"), Stripe's bracket style: a member of an object is `name[key]`, an element of an
    /// array `name[index]` from 0, at any depth (`items[0][price]=p_1`, `card[exp_month]=12`,
    /// `expand[0]=customer`). Values are written as by `pairs(of:)` (the shared JSON encoder, keys sorted
    /// by code point, `null` left out); an empty array or object adds nothing. `prefix` names the whole
    /// value (`filter` of `filter[status]`); nil for a body, whose top-level members are bare names.
    static func bracketedPairs(of value: some Encodable, prefix: String?) throws -> [(name: String, value: String)] {
        let json = try JSONCoding.makeDecoder().decode(JSONValue.self, from: JSONCoding.makeEncoder().encode(value))
        guard case .object = json else { throw RequestBuildError.unflattenableValue(member: prefix ?? "") }
        var pairs: [(name: String, value: String)] = []
        appendBracketed(json, name: prefix, to: &pairs)
        return pairs
    }

    private static func appendBracketed(_ value: JSONValue, name: String?, to pairs: inout [(name: String, value: String)]) {
        func child(_ key: String) -> String { name.map { "\($0)[\(key)]" } ?? key }
        switch value {
        case .null:
            return
        case .object(let members):
            for key in members.keys.sorted(by: { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }) {
                appendBracketed(members[key]!, name: child(key), to: &pairs)
            }
        case .array(let elements):
            for (index, element) in elements.enumerated() {
                appendBracketed(element, name: child(String(index)), to: &pairs)
            }
        case .bool, .int, .double, .string:
            pairs.append((name ?? "", value.scalarText ?? ""))
        }
    }
}

/// `application/x-www-form-urlencoded` as the WHATWG URL standard serializes it: every byte of the
/// UTF-8 text except `*-._`, ASCII digits and letters is `%XX` (uppercase hex), and a space is `+`.
/// Pairs are `name=value` joined with `&`.
@_spi(Generated) public enum FormURLEncoding {
    /// The body for `pairs`, in their order.
    public static func encode(_ pairs: [(name: String, value: String)]) -> Data {
        Data(pairs.map { escape($0.name) + "=" + escape($0.value) }.joined(separator: "&").utf8)
    }

    /// One name or value escaped by the form rules.
    public static func escape(_ text: String) -> String {
        var escaped = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: " "):
                escaped += "+"
            case UInt8(ascii: "*"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"):
                escaped.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                escaped += String(format: "%%%02X", byte)
            }
        }
        return escaped
    }
}

/// `multipart/form-data` (RFC 7578) with the WHATWG escaping of names: `"` as `%22`, CR as `%0D`, LF as
/// `%0A`. Text parts carry no `Content-Type`; file parts carry a `filename` and their content type; JSON
/// parts (a member that is an object or a list of objects) carry `Content-Type: application/json`.
@_spi(Generated) public enum MultipartFormData {
    /// One part of the body.
    public struct Part: Sendable {
        /// The form field name.
        public var name: String
        /// The bytes of the part.
        public var data: Data
        /// Set for file parts: the file name the server sees.
        public var filename: String?
        /// Set for file parts: the part's `Content-Type`.
        public var contentType: String?

        /// Creates a part.
        public init(name: String, data: Data, filename: String? = nil, contentType: String? = nil) {
            self.name = name
            self.data = data
            self.filename = filename
            self.contentType = contentType
        }
    }

    /// A boundary that cannot occur in the parts' bytes by chance: a random UUID.
    public static func makeBoundary() -> String {
        "Boundary-" + UUID().uuidString
    }

    /// The body: each part as `--boundary CRLF headers CRLF CRLF data CRLF`, then `--boundary--CRLF`.
    public static func encode(_ parts: [Part], boundary: String) -> Data {
        var body = Data()
        for part in parts {
            var head = "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(escape(part.name))\""
            if let filename = part.filename { head += "; filename=\"\(escape(filename))\"" }
            head += "\r\n"
            if let contentType = part.contentType { head += "Content-Type: \(contentType)\r\n" }
            head += "\r\n"
            body.append(Data(head.utf8))
            body.append(part.data)
            body.append(Data("\r\n".utf8))
        }
        body.append(Data("--\(boundary)--\r\n".utf8))
        return body
    }

    private static func escape(_ name: String) -> String {
        name.replacingOccurrences(of: "\"", with: "%22")
            .replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }
}
