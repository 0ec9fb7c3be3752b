import Foundation
import KitchenSink
import SchemaModel
import SchemaSandbox
import XCTest

/// Loads a bundled schema and serves it from an in-process sandbox on 127.0.0.1.
enum SandboxFixture {
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func schema(_ relativePath: String) throws -> Schema {
        try SchemaLoader.loadOrThrow(path: repositoryRoot.appendingPathComponent(relativePath).path)
    }

    /// The Everything example of kitchensink.yaml as JSON.
    static var everythingExample: String {
        (try? schema("Tests/GeneratedModules/KitchenSink/kitchensink.yaml"))?.type(named: "Everything")?.examples.first?.value.jsonText ?? "{}"
    }

    static func start(_ relativePath: String, options: SandboxOptions = .init()) async throws -> SandboxServer {
        let server = SandboxServer(schema: try schema(relativePath), options: options)
        try await server.start()
        return server
    }
}

/// Serves KitchenSink from a sandbox on 127.0.0.1 for a test to call with the generated client: the
/// scaffolding the tests of each schema construct over HTTP share. A test starts the sandbox itself
/// (`sandbox = try await SandboxFixture.start(kitchenSink)`), so it may change the schema or options first.
class KitchenSinkSandboxTestCase: XCTestCase {
    let kitchenSink = "Tests/GeneratedModules/KitchenSink/kitchensink.yaml"
    var sandbox: SandboxServer!

    override func tearDown() async throws {
        await sandbox?.stop()
        try await super.tearDown()
    }

    /// A client of the running sandbox holding KitchenSink's bearer credential.
    func client() -> KitchenSinkClient {
        KitchenSinkClient(environment: .init(baseURL: sandbox.baseURL), credentials: StaticCredentials(["bearer": "t0"]))
    }
}

/// Retries without real waiting, unless a test is about waiting.
extension RetryPolicy {
    static let fast = RetryPolicy(maxAttempts: 3, initialDelay: 0.01, maxDelay: 0.05)
}

/// Collects log events for assertions.
final class LogRecorder: Sendable {
    private let lock = NSLock()
    nonisolated(unsafe) private var storage: [ClientLogEvent] = []

    var events: [ClientLogEvent] { lock.withLock { storage } }
    var text: String { events.map { "\($0.kind) \($0.operation) \($0.message)" }.joined(separator: "\n") }

    var logger: ClientLogger {
        ClientLogger { [self] event in lock.withLock { storage.append(event) } }
    }
}
