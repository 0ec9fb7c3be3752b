import Foundation
import KDPay
import SchemaModel
import SchemaSandbox
import XCTest

/// Serves Schemas/kdpay.yaml from an in-process sandbox on 127.0.0.1 and builds logged-in clients.
enum KDPaySandbox {
    static let schemaPath = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Schemas/kdpay.yaml").path

    static func start(options: SandboxOptions = .init()) async throws -> SandboxServer {
        let server = SandboxServer(schema: try SchemaLoader.loadOrThrow(path: schemaPath), options: options)
        try await server.start()
        return server
    }
}

/// A clock the tests move forward, so "an hour later" takes no time.
final class TestClock: Sendable {
    private let lock = NSLock()
    nonisolated(unsafe) private var current = Date(timeIntervalSince1970: 1_700_000_000)

    var now: Date { lock.withLock { current } }
    func advance(_ seconds: TimeInterval) { lock.withLock { current += seconds } }
}
