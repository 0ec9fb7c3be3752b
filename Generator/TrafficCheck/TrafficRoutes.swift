import Foundation
import PayloadValidation
import SchemaModel

/// Where a recorded URL lands in a schema: which base URL it is under, and which operation the rest of
/// it calls (`OperationRouter`, the sandbox's router).
public struct TrafficRoutes: Sendable {
    public enum Match {
        case operation(OperationDefinition, pathParameters: [String: String])
        /// The opening request of a channel (`channels:`), and the messages recorded on it.
        case channel(ChannelDefinition, pathParameters: [String: String])
        /// Under a base URL, but no operation has this method and path.
        case noOperation
        /// Under none of the base URLs: traffic to another service.
        case otherHost
    }

    /// URL templates, matched ignoring case, a `{variable}` standing for any text without `/`.
    public let baseURLs: [BaseURL]
    let router: OperationRouter
    /// The channels' opening requests, as the sandbox routes them.
    let channelRouter: OperationRouter
    let channels: [String: ChannelDefinition]

    /// Routes for every operation below the base URLs: `baseURLs`, or when none is given the schema's
    /// environment URLs. An operation whose whole URL is a call argument (an upload to a pre-signed URL)
    /// is recognised only where the sandbox serves it, `<base>/_sandbox/url/<operation>`; elsewhere its
    /// exchanges count as another host's.
    public init(schema: Schema, baseURLs: [String]) {
        let templates = baseURLs.isEmpty ? schema.environments.compactMap(Self.routableTemplate) : baseURLs
        var unique = Set<String>()
        self.baseURLs = templates.filter { unique.insert($0).inserted }.map(BaseURL.init(template:))
        router = OperationRouter(schema: schema)
        var channelRoutes = schema
        channelRoutes.operations = schema.channels.map(\.handshake)
        channelRouter = OperationRouter(schema: channelRoutes)
        channels = Dictionary(schema.channels.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// `environment`'s URL as a route template. A variable that starts the URL and holds the whole origin
    /// (`{serverUrl}`, `{server}/api/v2`; not `{protocol}://…`) spans a `/`, which a template variable
    /// never matches: its default says where the API is, and without one the environment says nothing
    /// (such a schema needs `--base-url`).
    static func routableTemplate(_ environment: Environment) -> String? {
        let url = environment.url
        guard url.hasPrefix("{"), let close = url.firstIndex(of: "}"), !url[close...].dropFirst().hasPrefix("://") else { return url }
        let name = String(url[url.index(after: url.startIndex)..<close])
        guard let value = environment.variables.first(where: { $0.name == name })?.defaultValue else { return nil }
        return value + url[close...].dropFirst()
    }

    /// The operation `method url` calls. `url` is the whole recorded URL; its query counts only for an
    /// operation whose path has a literal query (`OperationRouter.match`). Under
    /// several base URLs, the first under which an operation has this method and path. Of operations
    /// sharing the route, the one `fit` chooses (`OperationRouter.match(method:path:fit:)`).
    public func match(
        method: String, url: String,
        fit: (OperationDefinition, _ pathParameters: [String: String]) -> OperationRouter.CandidateFit = { _, _ in .passes }
    ) -> Match {
        // A WebSocket's URL (`wss://…`, as browsers record a channel's connection) is under the base URL of
        // the same origin over HTTP.
        var withoutQuery = String(url.prefix { $0 != "?" && $0 != "#" })
        for (socket, http) in [("ws://", "http://"), ("wss://", "https://")] where withoutQuery.lowercased().hasPrefix(socket) {
            withoutQuery = http + withoutQuery.dropFirst(socket.count)
        }
        let relatives = baseURLs.compactMap { $0.relativePath(of: withoutQuery) }
        guard !relatives.isEmpty else { return .otherHost }
        for relative in relatives {
            if case .operation(let operation, let parameters) = router.match(method: method, path: relative, query: Self.queryItems(of: url), fit: fit) {
                return .operation(operation, pathParameters: parameters)
            }
        }
        for relative in relatives {
            if case .operation(let handshake, let parameters) = channelRouter.match(method: method, path: relative), let channel = channels[handshake.name] {
                return .channel(channel, pathParameters: parameters)
            }
        }
        return .noOperation
    }

    /// The query items of `url`, decoded (`+` is a space, as in forms), in order.
    static func queryItems(of url: String) -> [(name: String, value: String)] {
        guard let question = url.firstIndex(of: "?") else { return [] }
        return RequestValidator.formItems(String(url[url.index(after: question)...].prefix { $0 != "#" }))
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
