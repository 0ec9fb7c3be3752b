import Foundation
import SchemaModel
import XCTest

@testable import SchemaSandbox

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The package root, found from this file (Tests/SandboxTests/...).
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

enum TestSchemas {
    static let whitelabelPay: Schema = load("Schemas/whitelabelpay.yaml")
    static let kitchenSink: Schema = load("Tests/GeneratedModules/KitchenSink/kitchensink.yaml")
    static let finaptic: Schema = load("Schemas/finaptic.yaml")

    static func load(_ relativePath: String) -> Schema {
        do {
            return try SchemaLoader.loadOrThrow(path: packageRoot.appendingPathComponent(relativePath).path)
        } catch {
            fatalError("cannot load \(relativePath): \(error)")
        }
    }
}

let tenantId = "0f7e1b46-2297-4872-96ab-7c1d213e9f0a"
let bearer = ["Authorization": "Bearer test-token"]
let wlpHeaders = ["Authorization": "Bearer test-token", "X-Tenant-Id": tenantId]

/// A response as the tests read it.
struct TestResponse {
    var status: Int
    var headers: [String: String]
    var body: Data

    func header(_ name: String) -> String? {
        headers.first { $0.key.lowercased() == name.lowercased() }?.value
    }

    var json: Any? { try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed]) }
    var object: [String: Any] { json as? [String: Any] ?? [:] }
    var text: String { String(decoding: body, as: UTF8.self) }
}

/// Sends real HTTP requests over loopback with URLSession; a new session per client, so that one test's
/// connections (which a fault may close) are never reused by another.
final class TestClient: Sendable {
    let session: URLSession
    let baseURL: URL

    init(baseURL: URL) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 30
        configuration.httpMaximumConnectionsPerHost = 64
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        session = URLSession(configuration: configuration)
        self.baseURL = baseURL
    }

    deinit {
        session.invalidateAndCancel()
    }

    /// `path` is appended to the base URL as written (it may carry a query).
    func send(_ method: String, _ path: String, headers: [String: String] = [:], body: Data? = nil) async throws -> TestResponse {
        let url = URL(string: baseURL.absoluteString + path)!
        var request = URLRequest(url: url)
        request.httpMethod = method
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        if let body {
            request.httpBody = body
            if request.value(forHTTPHeaderField: "Content-Type") == nil { request.setValue("application/json", forHTTPHeaderField: "Content-Type") }
        }
        let (data, response) = try await session.data(for: request)
        let http = response as! HTTPURLResponse
        var fields: [String: String] = [:]
        for (key, value) in http.allHeaderFields { fields["\(key)"] = "\(value)" }
        return TestResponse(status: http.statusCode, headers: fields, body: data)
    }

    func get(_ path: String, headers: [String: String] = [:]) async throws -> TestResponse {
        try await send("GET", path, headers: headers)
    }

    func post(_ path: String, json: String, headers: [String: String] = [:]) async throws -> TestResponse {
        try await send("POST", path, headers: headers, body: Data(json.utf8))
    }
}

/// A started sandbox and a client for it; stopped by `stop()`.
@available(macOS 14, iOS 17, tvOS 17, *)
struct Running {
    let server: SandboxServer
    let client: TestClient

    static func start(_ schema: Schema, options: SandboxOptions = .init()) async throws -> Running {
        let server = SandboxServer(schema: schema, options: options)
        try await server.start()
        return Running(server: server, client: TestClient(baseURL: server.baseURL))
    }

    func stop() async {
        client.session.invalidateAndCancel()
        await server.stop()
    }
}

/// Parses JSON text for comparisons that ignore key order and number spelling.
func parsedJSON(_ text: String) -> NSObject? {
    (try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])) as? NSObject
}

func parsedJSON(_ data: Data) -> NSObject? {
    (try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])) as? NSObject
}

/// The value at a dotted path of a decoded JSON object.
func value(_ json: Any?, at path: String) -> Any? {
    var current = json
    for key in path.split(separator: ".") {
        guard let object = current as? [String: Any] else { return nil }
        current = object[String(key)]
    }
    return current
}
