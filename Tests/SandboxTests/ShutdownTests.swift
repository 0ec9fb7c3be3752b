import Foundation
import XCTest

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The `sandbox` command stops promptly and cleanly on SIGTERM and SIGINT whatever it is doing: idle,
/// holding a request that an injected latency delays, or reading a request a client never finishes.
/// Each test launches the built executable, as a user (or a CI script) does, and times its exit.
@available(macOS 14, iOS 17, tvOS 17, *)
final class ShutdownTests: XCTestCase {
    /// What the server is busy with when the signal arrives.
    private enum State {
        case idle
        /// A complete request to an operation the fault plan delays by a minute.
        case latencyPending
        /// A request line and half the headers, then nothing.
        case requestHalfSent
        /// Complete headers announcing a 100-byte body, then 10 bytes: the request is being read.
        case bodyHalfSent
    }

    /// A clean stop: the process exits by itself with status 0 well within this.
    private let allowedSeconds = 3.0

    func testSIGTERMWhileIdle() async throws { try await assertStopsPromptly(on: SIGTERM, while: .idle) }
    func testSIGINTWhileIdle() async throws { try await assertStopsPromptly(on: SIGINT, while: .idle) }
    func testSIGTERMWhileALatencyFaultedRequestIsPending() async throws { try await assertStopsPromptly(on: SIGTERM, while: .latencyPending) }
    func testSIGINTWhileALatencyFaultedRequestIsPending() async throws { try await assertStopsPromptly(on: SIGINT, while: .latencyPending) }
    func testSIGTERMWhileARequestIsHalfSent() async throws { try await assertStopsPromptly(on: SIGTERM, while: .requestHalfSent) }
    func testSIGINTWhileARequestIsHalfSent() async throws { try await assertStopsPromptly(on: SIGINT, while: .requestHalfSent) }
    func testSIGTERMWhileABodyIsHalfSent() async throws { try await assertStopsPromptly(on: SIGTERM, while: .bodyHalfSent) }
    func testSIGINTWhileABodyIsHalfSent() async throws { try await assertStopsPromptly(on: SIGINT, while: .bodyHalfSent) }

    private func assertStopsPromptly(on signalNumber: Int32, while state: State, file: StaticString = #filePath, line: UInt = #line) async throws {
        try SandboxCommandProcess.skipUnlessBuilt()
        // A minute of latency on every getPaymentMeans request: the state from issue 7, where SIGTERM
        // went unanswered for 20 s and more.
        let sandbox = try await SandboxCommandProcess.launch(
            [
                packageRoot.appendingPathComponent("Schemas/whitelabelpay.yaml").path, "--port", "0",
                "--latency", "60000", "--operation", "getPaymentMeans",
            ],
            serving: "WhitelabelPay 1.1.0", file: file, line: line)
        let (process, lines) = (sandbox.process, sandbox.lines)
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        let port = try XCTUnwrap(sandbox.baseURL.port)

        var connection: RawConnection?
        switch state {
        case .idle:
            break
        case .latencyPending:
            connection = try RawConnection(port: port)
            try connection?.send("GET /wlp/v1/payment-means HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer t\r\nX-Tenant-Id: \(tenantId)\r\n\r\n")
        case .requestHalfSent:
            connection = try RawConnection(port: port)
            try connection?.send("GET /wlp/v1/payment-means HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthor")
        case .bodyHalfSent:
            connection = try RawConnection(port: port)
            try connection?.send(
                "POST /wlp/v1/payment-means/\(tenantId)/deactivation HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                    + "Authorization: Bearer t\r\nX-Tenant-Id: \(tenantId)\r\nContent-Length: 100\r\n\r\n{\"reason\":")
        }
        // Let the server take the request in (and start waiting out the latency).
        try await Task.sleep(nanoseconds: 500_000_000)
        XCTAssertTrue(process.isRunning, "the sandbox is still serving before the signal", file: file, line: line)

        let signalled = Date()
        kill(process.processIdentifier, signalNumber)
        while process.isRunning && Date().timeIntervalSince(signalled) < 15 { try await Task.sleep(nanoseconds: 20_000_000) }
        let elapsed = Date().timeIntervalSince(signalled)

        guard !process.isRunning else {
            XCTFail("still running \(elapsed) s after the signal", file: file, line: line)
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            return
        }
        XCTAssertLessThan(elapsed, allowedSeconds, "took \(elapsed) s to stop", file: file, line: line)
        XCTAssertEqual(process.terminationReason, .exit, "exited by itself, not killed by the signal", file: file, line: line)
        XCTAssertEqual(process.terminationStatus, 0, file: file, line: line)
        let name = signalNumber == SIGTERM ? "SIGTERM" : "SIGINT"
        let said = (try? await lines.next(timeout: 2)) ?? "<nothing>"
        // The request log line of an answered request may come first.
        let stopping = said.hasPrefix("Received") ? said : ((try? await lines.next(timeout: 2)) ?? "<nothing>")
        XCTAssertEqual(stopping, "Received \(name), stopping", file: file, line: line)

        if state == .latencyPending {
            // The delayed request is answered (at once, not after its minute) before the server goes.
            let response = connection?.receiveAll() ?? ""
            XCTAssertTrue(response.hasPrefix("HTTP/1.1 200"), "the pending request got: \(response.prefix(200))", file: file, line: line)
        }
    }
}

/// A plain TCP connection to 127.0.0.1, to put the server in states URLSession cannot (a request sent
/// halfway) and to read a response without a client library's timeouts in the way.
final class RawConnection {
    private let socketDescriptor: Int32

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    init(port: Int) throws {
        #if canImport(Glibc)
            socketDescriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            socketDescriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard socketDescriptor >= 0 else { throw Failure(description: "socket() failed: \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socketDescriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(socketDescriptor)
            throw Failure(description: "connect() to port \(port) failed: \(errno)")
        }
        // Reads give up after 5 s, so a server that never answers fails the test instead of hanging it.
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(socketDescriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit {
        close(socketDescriptor)
    }

    func send(_ text: String) throws {
        let bytes = Array(text.utf8)
        let sent = bytes.withUnsafeBytes { write(socketDescriptor, $0.baseAddress, $0.count) }
        guard sent == bytes.count else { throw Failure(description: "write() sent \(sent) of \(bytes.count) bytes") }
    }

    /// Everything until the server closes the connection (or 5 s pass without data).
    func receiveAll() -> String {
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(socketDescriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            received += chunk[0..<count]
        }
        return String(decoding: received, as: UTF8.self)
    }
}
