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
