@_spi(Generated) import ClientRuntime
import Foundation
import XCTest

/// The shape a generated API error takes, reduced to the four ways a call can fail.
enum TestFailure: APIFailure {
    case response(HTTPResponse)
    case transport(any Error)
    case invalidRequest(any Error)
    case invalidResponse(HTTPResponse, any Error)

    init(response: HTTPResponse) {
        self = .response(response)
    }
}

/// A transport that records requests and answers from a closure, for tests that need no network.
final class RecordingTransport: HTTPTransport, @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [HTTPRequest] = []
    private let respond: @Sendable (HTTPRequest) throws -> HTTPResponse

    init(_ respond: @escaping @Sendable (HTTPRequest) throws -> HTTPResponse = { _ in HTTPResponse(status: 200) }) {
        self.respond = respond
    }

    var requests: [HTTPRequest] {
        lock.lock()
        defer { lock.unlock() }
        return recorded
    }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        record(request)
        return try respond(request)
    }

    /// Synchronous so the lock is never held across a suspension (and `NSLock.withLock` needs macOS 14).
    private func record(_ request: HTTPRequest) {
        lock.lock()
        defer { lock.unlock() }
        recorded.append(request)
    }
}

/// An append-only log shared between test middlewares.
final class EventLog: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [String] = []

    func append(_ event: String) {
        lock.lock()
        storage.append(event)
        lock.unlock()
    }

    var events: [String] {
        lock.lock()
        defer { lock.unlock() }
        return storage
    }
}

extension OperationInfo {
    static func test(
        _ template: String = "/items/{id}",
        method: HTTPMethod = .get,
        auth: [AuthScheme] = []
    ) -> OperationInfo {
        OperationInfo(name: "testOperation", method: method, pathTemplate: template, successStatus: 200, auth: auth)
    }
}

/// Asserts that `body` throws and returns the error for further checks.
func assertThrowsAsync<T>(
    _ body: () async throws -> T,
    file: StaticString = #filePath,
    line: UInt = #line
) async -> (any Error)? {
    do {
        let value = try await body()
        XCTFail("Expected an error, got \(value)", file: file, line: line)
        return nil
    } catch {
        return error
    }
}

func json(_ text: String) -> Data { Data(text.utf8) }
