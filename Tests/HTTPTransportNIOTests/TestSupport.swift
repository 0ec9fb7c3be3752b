@_spi(Generated) import ClientRuntime
import Foundation
import HTTPTransportNIO
import XCTest

/// The failure type of the calls these tests make through `ClientCore`.
enum TestFailure: APIFailure {
    case response(HTTPResponse)
    case transport(any Error)
    case invalidRequest(any Error)
    case invalidResponse(HTTPResponse, any Error)

    init(response: HTTPResponse) {
        self = .response(response)
    }
}

/// The error `body` throws; a test failure when it returns.
func assertThrowsAsync<T>(_ body: () async throws -> T, file: StaticString = #filePath, line: UInt = #line) async -> (any Error)? {
    do {
        let value = try await body()
        XCTFail("Expected an error, got \(value)", file: file, line: line)
        return nil
    } catch {
        return error
    }
}

/// Keeps the `StreamedBody` of every call it sends, to read its counters (what waited for the loop, how often
/// the transport was held back) afterwards.
final class BodyRecordingTransport: HTTPTransport, @unchecked Sendable {
    private let inner: any HTTPTransport
    private let lock = NSLock()
    private var recorded: [StreamedBody] = []

    init(_ inner: any HTTPTransport) {
        self.inner = inner
    }

    var bodies: [StreamedBody] {
        lock.lock()
        defer { lock.unlock() }
        return recorded
    }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        if let body = StreamedBody.current { record(body) }
        return try await inner.send(request)
    }

    private func record(_ body: StreamedBody) {
        lock.lock()
        defer { lock.unlock() }
        recorded.append(body)
    }
}

/// Waits up to `timeout` for `condition`, polling every 10 ms; returns whether it came true.
func eventually(within timeout: Duration = .seconds(5), _ condition: () -> Bool) async throws -> Bool {
    let deadline = ContinuousClock.now + timeout
    while !condition() {
        guard ContinuousClock.now < deadline else { return false }
        try await Task.sleep(for: .milliseconds(10))
    }
    return true
}
