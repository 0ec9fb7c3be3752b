@_spi(Generated) import ClientRuntime
import Foundation
import TestHTTPServer
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A thread-safe counter and value box for closures shared between tasks.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    /// Increments and returns the new value.
    @discardableResult
    func increment() -> Int {
        lock.lock()
        defer { lock.unlock() }
        count += 1
        return count
    }

    var value: Int {
        lock.lock()
        defer { lock.unlock() }
        return count
    }
}

/// A manual clock: `sleep` records the wait and advances time instead of waiting.
final class TestClock: @unchecked Sendable {
    private let lock = NSLock()
    private var current: Date
    private var recorded: [TimeInterval] = []

    init(_ start: Date = Date(timeIntervalSince1970: 1_700_000_000)) {
        current = start
    }

    var now: Date {
        lock.lock()
        defer { lock.unlock() }
        return current
    }

    var sleeps: [TimeInterval] {
        lock.lock()
        defer { lock.unlock() }
        return recorded
    }

    func advance(by seconds: TimeInterval) {
        lock.lock()
        current += seconds
        lock.unlock()
    }

    func sleep(_ seconds: TimeInterval) async throws {
        try Task.checkCancellation()
        record(seconds)
    }

    private func record(_ seconds: TimeInterval) {
        lock.lock()
        recorded.append(seconds)
        current += seconds
        lock.unlock()
    }
}

/// Collects log events.
final class LogRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [ClientLogEvent] = []

    var logger: ClientLogger {
        ClientLogger { [self] event in
            lock.lock()
            recorded.append(event)
            lock.unlock()
        }
    }

    var events: [ClientLogEvent] {
        lock.lock()
        defer { lock.unlock() }
        return recorded
    }

    var text: String { events.map(\.description).joined(separator: "\n") }
}

/// A decoded test payload.
struct Message: Codable, Equatable, Sendable {
    let value: String
}

/// A transport that never reuses responses from an HTTP cache, so every call reaches the test server.
func freshTransport() -> URLSessionTransport {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.urlCache = nil
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    configuration.timeoutIntervalForRequest = 10
    // Concurrency tests keep dozens of requests open at once; the default allows only a few per host.
    configuration.httpMaximumConnectionsPerHost = 100
    return URLSessionTransport(configuration: configuration)
}

/// A client core talking to `baseURL` through a fresh URLSession transport.
func makeCore(_ baseURL: URL, middlewares: [any ClientMiddleware], credentials: (any CredentialProvider)? = nil) -> ClientCore {
    ClientCore(
        configuration: ClientConfiguration(
            baseURL: baseURL, transport: freshTransport(), middlewares: middlewares, credentials: credentials
        ))
}

extension ClientCore {
    /// Calls `operation` (no path parameters) and decodes a `Message`.
    func message(_ operation: OperationInfo, headers: [String: String] = [:], options: RequestOptions = .default) async throws -> Message {
        var builder = RequestBuilder(operation: operation, baseURL: configuration.baseURL)
        for (name, value) in headers { builder.setHeader(name, value) }
        return try await perform(builder, output: Message.self, failure: TestFailure.self, options: options)
    }
}

/// The HTTP response a `TestFailure.response` carries, or fails the test.
func failureStatus(_ error: (any Error)?, file: StaticString = #filePath, line: UInt = #line) -> Int? {
    guard case .response(let response) = error as? TestFailure else {
        XCTFail("Expected a response failure, got \(String(describing: error))", file: file, line: line)
        return nil
    }
    return response.status
}

/// Answers from a list of statuses in turn (the last repeats), with a `Message` body on 2xx.
func statusSequence(_ statuses: [Int], headers: [String: String] = [:]) -> @Sendable (TestHTTPServer.Request) async -> TestHTTPServer.Response {
    let counter = Counter()
    return { _ in
        let index = min(counter.increment(), statuses.count) - 1
        let status = statuses[index]
        return .json(
            status, (200...299).contains(status) ? #"{"value":"ok \#(index + 1)"}"# : #"{"error":"e"}"#,
            headers: (200...299).contains(status) ? [:] : headers)
    }
}
