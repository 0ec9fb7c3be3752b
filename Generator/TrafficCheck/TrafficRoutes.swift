import Foundation
import PayloadValidation
import SchemaModel

/// Where a recorded URL lands in a schema: which base URL it is under, and which operation (method and
/// path template) it names.
public struct TrafficRoutes: Sendable {
    /// A base URL: `https://{host}/wlp/v1` from an environment (a `{variable}` matches any text without
    /// `/`, whatever its default, so captures from any tenant host match), or one given with `--base-url`.
    public struct BaseURL: Sendable {
        public let text: String
        /// Literal text and variables, in order. Literals compare case-insensitively: schemes and hosts
        /// are, and a base path that differs only in case is more likely a typo than another API.
        let pieces: [Piece]

        enum Piece: Equatable, Sendable {
            case literal(String)
            case variable
        }

        init(template: String) {
            text = template
            var pieces: [Piece] = []
            var rest = Substring(template)
            while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
                if open > rest.startIndex { pieces.append(.literal(String(rest[..<open]))) }
                pieces.append(.variable)
                rest = rest[rest.index(after: close)...]
            }
            if !rest.isEmpty { pieces.append(.literal(String(rest))) }
            // A trailing slash is not part of the base: `/v1/` and `/v1` both put `/items` at `/v1/items`.
            if case .literal(let last)? = pieces.last, last.hasSuffix("/") {
                var trimmed = last
                while trimmed.hasSuffix("/") { trimmed.removeLast() }
                pieces.removeLast()
                if !trimmed.isEmpty { pieces.append(.literal(trimmed)) }
            }
            self.pieces = pieces
        }

        /// The path below this base (`""` for the base itself), or nil when `url` is not under it.
        /// `url` has no query or fragment.
        func relativePath(of url: String) -> String? {
            Self.match(pieces[...], Substring(url))
        }

        private static func match(_ pieces: ArraySlice<Piece>, _ text: Substring) -> String? {
            guard let first = pieces.first else {
                return text.isEmpty || text.hasPrefix("/") ? String(text) : nil
            }
            switch first {
            case .literal(let literal):
                guard text.count >= literal.count,
                    text.prefix(literal.count).compare(literal, options: [.caseInsensitive]) == .orderedSame
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

    struct Route {
        let operation: SchemaModel.Operation
        let segments: [Segment]
        /// Literal segments first: `/items/search` wins over `/items/{sku}`.
        var specificity: [Bool] { segments.map { if case .literal = $0 { true } else { false } } }
    }

    enum Segment {
        case literal(String)
        case parameter(String)
    }

    public enum Match {
        case operation(SchemaModel.Operation, pathParameters: [String: String])
        /// Under a base URL, but no operation has this method and path.
        case noOperation
        /// Under none of the base URLs: traffic to another service.
        case otherHost
    }

    public let baseURLs: [BaseURL]
    let routes: [Route]

    /// Routes for every operation with a path under the base URL. An operation whose whole URL is a
    /// call argument (an upload to a pre-signed URL) is recognised only where the sandbox serves it,
    /// `<base>/_sandbox/url/<operation>`; elsewhere its exchanges count as another host's.
    public init(schema: Schema, baseURLs: [String]) {
        // An environment whose URL is one variable (`{serverUrl}`) says nothing about where the API
        // is; such a schema needs `--base-url`.
        let templates = baseURLs.isEmpty ? schema.environments.filter { $0.wholeURLVariable == nil }.map(\.url) : baseURLs
        var unique = Set<String>()
        self.baseURLs = templates.filter { unique.insert($0).inserted }.map(BaseURL.init(template:))
        let unsorted = schema.operations.map { operation in
            guard !operation.hasAbsoluteURL else {
                return Route(operation: operation, segments: [.literal("_sandbox"), .literal("url"), .literal(operation.name)])
            }
            return Route(
                operation: operation,
                segments: operation.path.split(separator: "/").map { part in
                    part.hasPrefix("{") && part.hasSuffix("}") ? .parameter(String(part.dropFirst().dropLast())) : .literal(String(part))
                })
        }
        routes = unsorted.enumerated().sorted { lhs, rhs in
            for (a, b) in zip(lhs.element.specificity, rhs.element.specificity) where a != b { return a }
            return lhs.offset < rhs.offset
        }.map(\.element)
    }

    /// The operation `method url` calls. `url` is the whole recorded URL; its query is ignored here.
    public func match(method: String, url: String) -> Match {
        let withoutQuery = String(url.prefix { $0 != "?" && $0 != "#" })
        let relatives = baseURLs.compactMap { $0.relativePath(of: withoutQuery) }
        guard !relatives.isEmpty else { return .otherHost }
        for relative in relatives {
            let parts = relative.split(separator: "/").map(String.init)
            for route in routes where route.segments.count == parts.count && route.operation.method.uppercased() == method {
                var parameters: [String: String] = [:]
                let matches = zip(route.segments, parts).allSatisfy { segment, part in
                    switch segment {
                    case .literal(let literal):
                        return literal == part || literal == part.removingPercentEncoding
                    case .parameter(let name):
                        parameters[name] = part.removingPercentEncoding ?? part
                        return true
                    }
                }
                if matches { return .operation(route.operation, pathParameters: parameters) }
            }
        }
        return .noOperation
    }

    /// The query items of `url`, decoded (`+` is a space, as in forms), in order.
    static func queryItems(of url: String) -> [(name: String, value: String)] {
        guard let question = url.firstIndex(of: "?") else { return [] }
        return RequestShapeValidator.formItems(String(url[url.index(after: question)...].prefix { $0 != "#" }))
    }

    /// The path of `url` for reports: no scheme, host or query (a query may carry an API key).
    public static func displayPath(of url: String) -> String {
        var rest = Substring(url.prefix { $0 != "?" && $0 != "#" })
        if let scheme = rest.range(of: "://") {
            rest = rest[scheme.upperBound...]
            rest = rest.firstIndex(of: "/").map { rest[$0...] } ?? "/"
        }
        return String(rest)
    }
}
