import Foundation
import SchemaModel

/// The operations of a schema as routes: a method and a path template under the base path.
struct RouteTable: Sendable {
    enum Segment: Sendable, Equatable {
        case literal(String)
        /// A path parameter, by wire name.
        case parameter(String)
    }

    struct Route: Sendable {
        var operation: SchemaOperation
        var method: String
        var segments: [Segment]
        /// Literal segments first: `/items/search` wins over `/items/{sku}`.
        var specificity: [Bool] { segments.map { if case .literal = $0 { return true } else { return false } } }
    }

    enum Match {
        case operation(Route, pathParameters: [String: String])
        /// The path matches operations, none with this method; `allowed` lists their methods.
        case methodNotAllowed(allowed: [String])
        case notFound
    }

    let basePath: String
    let routes: [Route]

    init(schema: Schema, basePath: String) {
        self.basePath = basePath
        let unsorted = schema.operations.map { operation in
            // An operation whose whole URL is given at call time has no path here; the sandbox serves it
            // at `/_sandbox/url/<operation>`, a URL its examples can hand out.
            Route(
                operation: operation, method: operation.method.uppercased(),
                segments: operation.hasAbsoluteURL
                    ? [.literal("_sandbox"), .literal("url"), .literal(operation.name)] : RouteTable.segments(of: operation.path))
        }
        // More literal segments, earlier, first; otherwise schema order.
        routes = unsorted.enumerated().sorted { lhs, rhs in
            for (a, b) in zip(lhs.element.specificity, rhs.element.specificity) where a != b { return a }
            return lhs.offset < rhs.offset
        }.map(\.element)
    }

    static func segments(of template: String) -> [Segment] {
        template.split(separator: "/", omittingEmptySubsequences: true).map { part in
            if part.hasPrefix("{"), part.hasSuffix("}") {
                return .parameter(String(part.dropFirst().dropLast()))
            }
            return .literal(String(part))
        }
    }

    /// The path below the base path, or nil when the request is outside it.
    func relativePath(_ path: String) -> String? {
        guard !basePath.isEmpty else { return path }
        guard path.hasPrefix(basePath) else { return nil }
        let rest = path.dropFirst(basePath.count)
        guard rest.isEmpty || rest.hasPrefix("/") else { return nil }
        return String(rest)
    }

    func match(method: String, path: String) -> Match {
        guard let relative = relativePath(path) else { return .notFound }
        let parts = relative.split(separator: "/", omittingEmptySubsequences: true).map { String($0) }
        var allowed: [String] = []
        for route in routes where route.segments.count == parts.count {
            var parameters: [String: String] = [:]
            var matches = true
            for (segment, part) in zip(route.segments, parts) {
                switch segment {
                case .literal(let literal):
                    if literal != part && literal != part.removingPercentEncoding { matches = false }
                case .parameter(let name):
                    parameters[name] = part.removingPercentEncoding ?? part
                }
                if !matches { break }
            }
            guard matches else { continue }
            if route.method == method {
                return .operation(route, pathParameters: parameters)
            }
            if !allowed.contains(route.method) { allowed.append(route.method) }
        }
        return allowed.isEmpty ? .notFound : .methodNotAllowed(allowed: allowed)
    }
}

extension Schema {
    /// The path of the first environment's URL: `https://{host}/wlp/v1` -> `/wlp/v1`. Variables in the
    /// path take their default; "" for a URL without a path.
    var sandboxBasePath: String {
        guard let environment = environments.first else { return "" }
        var url = environment.url
        for variable in environment.variables {
            if let value = variable.defaultValue { url = url.replacingOccurrences(of: "{\(variable.name)}", with: value) }
        }
        var rest = Substring(url)
        if let scheme = rest.range(of: "://") { rest = rest[scheme.upperBound...] }
        guard let slash = rest.firstIndex(of: "/") else { return "" }
        var path = String(rest[slash...])
        if let query = path.firstIndex(where: { $0 == "?" || $0 == "#" }) { path = String(path[..<query]) }
        while path.hasSuffix("/") { path.removeLast() }
        return path
    }
}

/// The schema's operation (Foundation also has an `Operation`).
typealias SchemaOperation = SchemaModel.Operation
