/// Operations that share a route: one method and path template (placeholder names aside), as Box's
/// `GET /files/{file_id}` and `GET /files/{file_id}#get_shared_link` (a fragment is never sent). A
/// client calls either, each its own method; a server tells them apart by what the request must carry.
/// So the language allows several operations on one route when their `RequestRequirements` differ, and
/// the sandbox and `schema-check traffic` give a request to the first of them, most requirements first,
/// whose request checks pass (`OperationRouter`).
public struct RequestRequirements: Hashable, Sendable {
    /// Wire names of the query parameters the request must carry (neither optional nor defaulted).
    public var query: Set<String>
    /// Header names the request must carry, lowercased (header names are case-insensitive).
    public var headers: Set<String>
    /// The body's type and encoding, as written in the schema; nil without a body.
    public var body: String?
    /// The path's literal query pairs (`api-version=2020-09-01`, `LiteralQueryItem.text`): operations of
    /// one route may differ by them alone, and a request without them is not the operation at all.
    public var literalQuery: Set<String>

    public init(query: Set<String>, headers: Set<String>, body: String?, literalQuery: Set<String> = []) {
        (self.query, self.headers, self.body, self.literalQuery) = (query, headers, body, literalQuery)
    }

    /// How much a request must carry: more is tried first on a shared route.
    public var count: Int { literalQuery.count + query.count + headers.count + (body == nil ? 0 : 1) }

    /// What a reader is told when two operations of one route require the same.
    public var summary: String {
        func named(_ names: Set<String>, _ one: String, _ several: String) -> String {
            names.isEmpty ? "no \(one)" : "the \(names.count == 1 ? one : several) " + names.sorted().joined(separator: ", ")
        }
        let literal = literalQuery.isEmpty ? "" : named(literalQuery, "literal query item", "literal query items") + ", "
        return literal + named(query, "query parameter", "query parameters") + ", " + named(headers, "header", "headers") + " and "
            + (body.map { "the body \($0)" } ?? "no body")
    }
}

extension OperationDefinition {
    /// `GET /files/{}`: the method, uppercased, and the path with placeholder names left out. Operations
    /// with one route key share a route.
    public static func routeKey(method: String, path: String) -> String {
        method.uppercased() + " " + path.replacingOccurrences(of: "\\{[^}]*\\}", with: "{}", options: .regularExpression)
    }

    public var routeKey: String { Self.routeKey(method: method, path: path) }

    /// What a request to this operation must carry (see `RequestRequirements`).
    public var requestRequirements: RequestRequirements {
        RequestRequirements(
            query: Set(queryParameters.filter(\.isRequiredOnWire).map(\.wireName)),
            headers: Set(headerParameters.filter(\.isRequiredOnWire).map { $0.wireName.lowercased() }),
            body: body.map { "\($0.type.description) (\($0.encoding.rawValue))" }, literalQuery: Set(literalQuery.map(\.text)))
    }
}
