import Foundation
import KDPay
import Sandbox
import SchemaModel
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

/// Asks the sandbox for one of an operation's named examples (`X-Sandbox-Example`), for one call.
struct SandboxExample: ClientMiddleware {
    let name: String

    func intercept(_ request: HTTPRequest, operation: OperationInfo,
                   next: @escaping @Sendable (HTTPRequest) async throws -> HTTPResponse) async throws -> HTTPResponse {
        var request = request
        request.headers.add(name: "X-Sandbox-Example", value: name)
        return try await next(request)
    }
}

/// A clock the tests move forward, so "an hour later" takes no time.
final class TestClock: Sendable {
    private let lock = NSLock()
    nonisolated(unsafe) private var current = Date(timeIntervalSince1970: 1_700_000_000)

    var now: Date { lock.withLock { current } }
    func advance(_ seconds: TimeInterval) { lock.withLock { current += seconds } }
}
