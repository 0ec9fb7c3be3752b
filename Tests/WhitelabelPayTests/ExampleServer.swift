import Foundation
import SchemaModel
import TestHTTPServer

/// A loopback server that answers each operation of a schema with that operation's first example
/// response, unless a test-specific override answers first. (The full sandbox comes later; this is
/// enough to drive a generated client over real HTTP.)
final class ExampleServer: Sendable {
    typealias Override = @Sendable (TestHTTPServer.Request) -> TestHTTPServer.Response?

    let server: TestHTTPServer
    let basePath: String

    init(schema: Schema, basePath: String, override: @escaping Override = { _ in nil }) throws {
        let routes = schema.operations.map { operation in
            (
                method: operation.method,
                segments: operation.path.split(separator: "/").map(String.init),
                status: operation.examples.first?.status ?? operation.successStatus,
                body: operation.examples.first?.response?.jsonText
            )
        }
        self.basePath = basePath
        server = try TestHTTPServer { request in
            if let answer = override(request) { return answer }
            guard request.path.hasPrefix(basePath) else { return .json(404, #"{"message":"outside the API"}"#) }
            let segments = request.path.dropFirst(basePath.count).split(separator: "/").map(String.init)
            let route = routes.first { route in
                route.method == request.method && route.segments.count == segments.count
                    && zip(route.segments, segments).allSatisfy { $0.hasPrefix("{") || $0 == $1 }
            }
            guard let route else { return .json(404, #"{"message":"no such operation"}"#) }
            return TestHTTPServer.Response(
                status: route.status, headers: ["Content-Type": "application/json"],
                body: Data((route.body ?? "").utf8))
        }
    }

    var baseURL: URL { URL(string: "http://127.0.0.1:\(server.port)\(basePath)")! }

    func shutdown() { server.shutdown() }
}
