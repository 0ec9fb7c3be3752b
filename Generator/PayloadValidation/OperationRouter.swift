import Foundation
import SchemaModel

/// Which operation of a schema a request calls: the router of the sandbox (a request to answer) and of
/// `schema-check traffic` (a recorded exchange to check), so both name the same operation for the same
/// method and path.
///
/// Each operation is a route: its method and its path template, split at `/`, where a `{name}` segment
/// is a path parameter, and a segment with parameters among literal text (`{id}.json`, `{query}.{ext}`)
/// matches that text around non-empty parameter values. An operation whose whole URL is given at call time (`http: PUT {uploadUrl}`,
/// an upload to a pre-signed URL) has no path of its own; it is routed at `/_sandbox/url/<operation>`
/// (`callTimeURLPath(of:)`), where the sandbox serves it and where a capture of the sandbox has it.
///
/// Operations may share a route (`RequestRequirements`): a request is then the first of them, most
/// requirements first, whose checks it passes (the caller's `fit`), else the first whose requirements it
/// carries, else the one requiring least.
///
/// Paths are below the API's base (`BaseURL` finds where that ends).
public struct OperationRouter: Sendable {
    /// How a request fits one of several operations sharing a route (`RequestRequirements`).
    public enum CandidateFit: Sendable {
        /// Its checks pass.
        case passes
        /// It carries every query parameter, header and body the operation requires, but a check fails.
        case carriesRequirements
        case lacksRequirements

        /// `.passes` when `passes`, else whether the request carries the query items, headers and body
        /// `operation` requires (query and header names as sent; headers compared ignoring case).
        public init(
            passes: Bool, operation: OperationDefinition, queryNames: some Sequence<String>, headerNames: some Sequence<String>, hasBody: Bool
        ) {
            guard !passes else {
                self = .passes
                return
            }
            let required = operation.requestRequirements
            let carried =
                required.query.isSubset(of: Set(queryNames)) && required.headers.isSubset(of: Set(headerNames.map { $0.lowercased() }))
                && (required.body == nil || hasBody)
            self = carried ? .carriesRequirements : .lacksRequirements
        }
    }

    public enum Match: Sendable {
        /// `pathParameters` are by wire name, percent-decoded.
        case operation(OperationDefinition, pathParameters: [String: String])
        /// The path matches operations, none with this method; `allowed` lists their methods, in route order.
        case methodNotAllowed(allowed: [String])
        case notFound
    }

    enum Segment: Sendable, Equatable {
        case literal(String)
        /// A path parameter, by wire name.
        case parameter(String)
        /// Literal text and parameters in one segment (`{id}.json`).
        case template([Piece])

        enum Piece: Sendable, Equatable {
            case literal(String)
            case parameter(String)
        }

        /// The segment with its parameters' names left out: segments of one shape match the same paths.
        var unnamed: Segment {
            switch self {
            case .literal: self
            case .parameter: .parameter("")
            case .template(let pieces):
                .template(
                    pieces.map { piece in
                        if case .literal = piece { piece } else { .parameter("") }
                    })
            }
        }

        /// Literal text narrows a match: a literal segment ranks above one with parameters in text, that
        /// above a whole-segment parameter.
        var specificity: Int {
            switch self {
            case .literal: 2
            case .template: 1
            case .parameter: 0
            }
        }
    }

    struct Route: Sendable {
        let operation: OperationDefinition
        /// Uppercased.
        let method: String
        let segments: [Segment]
        /// Literal segments first: `/items/search` wins over `/items/{sku}.json`, which wins over `/items/{sku}`.
        var specificity: [Int] { segments.map(\.specificity) }

        /// The same method and path, parameter names aside.
        func sharesRoute(with other: Route) -> Bool {
            method == other.method && segments.map(\.unnamed) == other.segments.map(\.unnamed)
        }
    }

    /// By segment count, then most specific first (a literal segment before a parameter, segment by
    /// segment), else schema order.
    let routes: [Route]

    public init(schema: Schema) {
        let unsorted = schema.operations.map { operation in
            Route(
                operation: operation, method: operation.method.uppercased(),
                segments: Self.segments(of: operation.hasAbsoluteURL ? Self.callTimeURLPath(of: operation.name) : operation.path))
        }
        // Operations sharing a route stay together, where the first of them stands, and among them the
        // one whose request must carry more is tried first.
        var groups: [String: Int] = [:]
        let keyed = unsorted.enumerated().map { offset, route in
            let key = route.operation.hasAbsoluteURL ? route.operation.name : route.operation.routeKey
            if groups[key] == nil { groups[key] = offset }
            // Bodies' required fields break ties: of two operations sharing a route that both take a body, the
            // one whose body must carry more is tried first (Box's metadata template schema and its
            // classifications variant), as a request the narrower one fails falls through to the wider.
            let bodyFields = route.operation.body.map { body in schema.structFields(of: body.type).filter(\.isRequiredOnWire).count } ?? 0
            return (route: route, group: groups[key]!, required: [route.operation.requestRequirements.count, bodyFields], offset: offset)
        }
        routes = keyed.sorted { lhs, rhs in
            // Only routes of as many segments compete for a path. Ordered by that first, the order stays
            // consistent where one route's segments begin another's: compared segment by segment alone
            // they tie, and schema order then put Box's `/folders/{id}/metadata/{scope}/{key}` before its
            // literal `…/metadata/enterprise/securityClassification-6VMVochwUWo`.
            if lhs.route.segments.count != rhs.route.segments.count { return lhs.route.segments.count < rhs.route.segments.count }
            for (a, b) in zip(lhs.route.specificity, rhs.route.specificity) where a != b { return a > b }
            if lhs.group != rhs.group { return lhs.group < rhs.group }
            return lhs.required != rhs.required ? lhs.required.lexicographicallyPrecedes(rhs.required, by: >) : lhs.offset < rhs.offset
        }.map(\.route)
    }

    /// Where an operation whose whole URL is a call argument is routed, below the base path:
    /// `/_sandbox/url/<operation>`. The sandbox serves it there, so an example can hand out its URL.
    public static func callTimeURLPath(of operationName: String) -> String {
        "/_sandbox/url/" + operationName
    }

    /// The operation `method path` calls. `path` is below the base and percent-encoded, without query or
    /// fragment; empty segments do not count (`/items/` is `/items`). A literal segment matches its text
    /// as sent or percent-decoded; a parameter takes the decoded text. `method` is compared as given
    /// with the operation's uppercased method. An operation whose path has a literal query
    /// (`/sign?api-version=2020-09-01`) is matched only when `query` (the request's items, decoded)
    /// carries each of its pairs, as a literal segment must be there. Of operations sharing the route (most requirements
    /// first), the first that `fit` says the request passes; else the first whose requirements it
    /// carries, so its checks say what is wrong; else the last, the one requiring least.
    public func match(
        method: String, path: String, query: [(name: String, value: String)] = [],
        fit: (OperationDefinition, _ pathParameters: [String: String]) -> CandidateFit = { _, _ in .passes }
    ) -> Match {
        let parts = path.split(separator: "/").map(String.init)
        var allowed: [String] = []
        for (index, route) in routes.enumerated() where route.segments.count == parts.count && route.operation.carriesLiteralQuery(query) {
            guard let parameters = Self.parameters(of: route.segments, in: parts) else { continue }
            if route.method == method {
                let sharing = routes[index...].filter { $0.sharesRoute(with: route) && $0.operation.carriesLiteralQuery(query) }
                guard sharing.count > 1 else { return .operation(route.operation, pathParameters: parameters) }
                let candidates = sharing.compactMap { other in Self.parameters(of: other.segments, in: parts).map { (other.operation, $0) } }
                let fits = candidates.map { fit($0.0, $0.1) }
                let chosen = fits.firstIndex(of: .passes) ?? fits.firstIndex(of: .carriesRequirements) ?? candidates.count - 1
                return .operation(candidates[chosen].0, pathParameters: candidates[chosen].1)
            }
            if !allowed.contains(route.method) { allowed.append(route.method) }
        }
        return allowed.isEmpty ? .notFound : .methodNotAllowed(allowed: allowed)
    }

    /// The path parameters when `parts` fit `segments` (as many of each), nil when a literal differs.
    private static func parameters(of segments: [Segment], in parts: [String]) -> [String: String]? {
        var parameters: [String: String] = [:]
        for (segment, part) in zip(segments, parts) {
            switch segment {
            case .literal(let literal):
                guard literal == part || literal == part.removingPercentEncoding else { return nil }
            case .parameter(let name):
                parameters[name] = part.removingPercentEncoding ?? part
            case .template(let pieces):
                // Matched against the decoded text, so an encoded `.` in the literal text still matches.
                guard let values = match(pieces[...], Substring(part.removingPercentEncoding ?? part)) else { return nil }
                parameters.merge(values) { first, _ in first }
            }
        }
        return parameters
    }

    /// The parameters' values when `text` is `pieces` with a non-empty value for each parameter; the
    /// first way that fits, trying shorter values first (`{name}.{ext}` on `a.b.c`: `a`, `b.c`).
    ///
    /// Backtracking alone takes time exponential in the parameters of one segment (`{a}.{b}.{c}.{d}`
    /// against a long run of dots, from a request path nobody controls), so each (piece, position) that
    /// failed once is not tried again: at most pieces × positions attempts, each scanning the rest.
    private static func match(_ pieces: ArraySlice<Segment.Piece>, _ text: Substring) -> [String: String]? {
        var failed = Set<[Int]>()
        func attempt(_ pieces: ArraySlice<Segment.Piece>, _ text: Substring) -> [String: String]? {
            let state = [pieces.startIndex, text.utf8.count]
            guard !failed.contains(state) else { return nil }
            let found = matchFirst(pieces, text)
            if found == nil { failed.insert(state) }
            return found
        }
        func matchFirst(_ pieces: ArraySlice<Segment.Piece>, _ text: Substring) -> [String: String]? {
            guard let first = pieces.first else { return text.isEmpty ? [:] : nil }
            switch first {
            case .literal(let literal):
                guard text.hasPrefix(literal) else { return nil }
                return attempt(pieces.dropFirst(), text.dropFirst(literal.count))
            case .parameter(let name):
                var end = text.startIndex
                while end < text.endIndex {
                    end = text.index(after: end)
                    if var rest = attempt(pieces.dropFirst(), text[end...]) {
                        rest[name] = String(text[..<end])
                        return rest
                    }
                }
                return nil
            }
        }
        return attempt(pieces, text)
    }

    static func segments(of template: String) -> [Segment] {
        template.split(separator: "/").map { part in
            guard part.contains("{") else { return .literal(String(part)) }
            if part.hasPrefix("{") && part.hasSuffix("}") && part.dropFirst().firstIndex(of: "{") == nil {
                return .parameter(String(part.dropFirst().dropLast()))
            }
            var pieces: [Segment.Piece] = []
            var rest = part[...]
            while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
                if open > rest.startIndex { pieces.append(.literal(String(rest[..<open]))) }
                pieces.append(.parameter(String(rest[rest.index(after: open)..<close])))
                rest = rest[rest.index(after: close)...]
            }
            if !rest.isEmpty { pieces.append(.literal(String(rest))) }
            return .template(pieces)
        }
    }
}

/// Where an API's paths start: what comes before the path an `OperationRouter` matches.
///
/// Two kinds, for the two callers: a URL template (`https://{host}/wlp/v1`, for recorded traffic, whose
/// `{variable}` matches any text without `/` whatever its default, so captures from any tenant host
/// match), compared ignoring case: schemes and hosts are, and a base path that differs only in case is
/// more likely a typo than another API; and a server's own base path (`/wlp/v1`, the sandbox), compared
/// exactly, as a server compares paths.
public struct BaseURL: Sendable {
    /// As given.
    public let text: String
    /// Literal text and variables, in order.
    let pieces: [Piece]
    let ignoresCase: Bool

    enum Piece: Equatable, Sendable {
        case literal(String)
        case variable
    }

    /// A base URL with `{variable}`s, matched ignoring case (recorded traffic). A trailing slash is not
    /// part of it: `/v1/` and `/v1` both put `/items` at `/v1/items`.
    public init(template: String) {
        var pieces: [Piece] = []
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            if open > rest.startIndex { pieces.append(.literal(String(rest[..<open]))) }
            pieces.append(.variable)
            rest = rest[rest.index(after: close)...]
        }
        if !rest.isEmpty { pieces.append(.literal(String(rest))) }
        if case .literal(var last)? = pieces.last, last.hasSuffix("/") {
            while last.hasSuffix("/") { last.removeLast() }
            pieces.removeLast()
            if !last.isEmpty { pieces.append(.literal(last)) }
        }
        text = template
        self.pieces = pieces
        ignoresCase = true
    }

    /// A server's base path (`/wlp/v1`, or "" for none), matched exactly against request paths: braces
    /// are text, and the caller drops a trailing slash (the sandbox does, from its option).
    public init(path: String) {
        text = path
        pieces = path.isEmpty ? [] : [.literal(path)]
        ignoresCase = false
    }

    /// The path below this base (`""` for the base itself), or nil when `url` is not under it: the base
    /// must end where `url` does or at a `/`. `url` has no query or fragment.
    public func relativePath(of url: String) -> String? {
        match(pieces[...], Substring(url))
    }

    private func match(_ pieces: ArraySlice<Piece>, _ text: Substring) -> String? {
        guard let first = pieces.first else {
            return text.isEmpty || text.hasPrefix("/") ? String(text) : nil
        }
        switch first {
        case .literal(let literal):
            let head = text.prefix(literal.count)
            guard head.count == literal.count, ignoresCase ? head.compare(literal, options: [.caseInsensitive]) == .orderedSame : head == literal
            else { return nil }
            return match(pieces.dropFirst(), text.dropFirst(literal.count))
        case .variable:
            // Any run of characters other than `/`, shortest first (bounded by the text's length).
            var end = text.startIndex
            while true {
                if let found = match(pieces.dropFirst(), text[end...]) { return found }
                guard end < text.endIndex, text[end] != "/" else { return nil }
                end = text.index(after: end)
            }
        }
    }
}
