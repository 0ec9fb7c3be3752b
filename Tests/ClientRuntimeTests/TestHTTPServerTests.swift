import Foundation
import TestHTTPServer
import XCTest

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Exercises the server with hand-written HTTP, independent of URLSession's behaviour.
final class TestHTTPServerTests: XCTestCase {
    func testParsesRawRequestAndAnswersWithConnectionClose() throws {
        let server = try TestHTTPServer { request in
            .json(200, #"{"ok":true}"#, headers: ["X-Seen": request.headers["x-one"] ?? "-"])
        }
        defer { server.shutdown() }
        let reply = try rawExchange(
            port: server.port,
            "POST /a%2Fb/c?x=1&y=%20%2B+&flag HTTP/1.1\r\nHost: localhost\r\nX-One: first\r\nX-ONE: second\r\n"
                + "Content-Length: 5\r\n\r\nhello"
        )
        XCTAssertTrue(reply.hasPrefix("HTTP/1.1 200 OK\r\n"), reply)
        XCTAssertTrue(reply.contains("Connection: close\r\n"), reply)
        XCTAssertTrue(reply.contains("Content-Length: 11\r\n"), reply)
        XCTAssertTrue(reply.contains("X-Seen: first, second\r\n"), reply)
        XCTAssertTrue(reply.hasSuffix("\r\n\r\n{\"ok\":true}"), reply)

        let request = try XCTUnwrap(server.receivedRequests.first)
        XCTAssertEqual(request.method, "POST")
        XCTAssertEqual(request.target, "/a%2Fb/c?x=1&y=%20%2B+&flag")
        XCTAssertEqual(request.path, "/a%2Fb/c")
        XCTAssertEqual(request.queryItems.map(\.name), ["x", "y", "flag"])
        XCTAssertEqual(request.queryItems.map(\.value), ["1", " ++", ""])
        XCTAssertEqual(request.headers["host"], "localhost")
        XCTAssertEqual(request.bodyText, "hello")
    }

    func testBodySplitAcrossWritesIsReadWhole() throws {
        let server = try TestHTTPServer { request in TestHTTPServer.Response(status: 200, body: request.body) }
        defer { server.shutdown() }
        let reply = try rawExchange(port: server.port, ["PUT / HTTP/1.1\r\nContent-Le", "ngth: 10\r\n\r\n01234", "56789"])
        XCTAssertTrue(reply.hasSuffix("\r\n\r\n0123456789"), reply)
        XCTAssertEqual(server.receivedRequests.first?.bodyText, "0123456789")
    }

    func testChunkedBodiesAreRejected() throws {
        let server = try TestHTTPServer { _ in .json(200, "{}") }
        defer { server.shutdown() }
        let reply = try rawExchange(port: server.port, "POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n")
        XCTAssertTrue(reply.hasPrefix("HTTP/1.1 411 Length Required\r\n"), reply)
        XCTAssertTrue(server.receivedRequests.isEmpty)
    }

    func testShutdownUnblocksAcceptAndClosesThePort() throws {
        let server = try TestHTTPServer { _ in .json(200, "{}") }
        let port = server.port
        XCTAssertGreaterThan(port, 0)
        XCTAssertEqual(server.baseURL.absoluteString, "http://127.0.0.1:\(port)")
        let started = Date()
        server.shutdown()
        server.shutdown()
        XCTAssertLessThan(Date().timeIntervalSince(started), 2)
        XCTAssertThrowsError(try rawExchange(port: port, "GET / HTTP/1.1\r\n\r\n"))
    }

    func testReleasingTheServerShutsItDown() throws {
        var server: TestHTTPServer? = try TestHTTPServer { _ in .json(200, "{}") }
        let port = try XCTUnwrap(server?.port)
        XCTAssertTrue(try rawExchange(port: port, "GET / HTTP/1.1\r\n\r\n").hasPrefix("HTTP/1.1 200"))
        server = nil
        XCTAssertThrowsError(try rawExchange(port: port, "GET / HTTP/1.1\r\n\r\n"))
    }

    #if os(Linux)
        func testShutdownLeavesNoThreadsBehind() throws {
            /// Threads of this process named by the server (Linux truncates names to 15 bytes).
            func serverThreads() throws -> Int {
                try FileManager.default.contentsOfDirectory(atPath: "/proc/self/task").filter { tid in
                    let name = try? String(contentsOfFile: "/proc/self/task/\(tid)/comm", encoding: .utf8)
                    return name?.hasPrefix("TestHTTPServer") == true
                }.count
            }
            /// Waits (up to 5 s) for server threads to exit: a thread signals completion just before it exits,
            /// and a loaded machine may take a moment to reap it.
            func settledServerThreads() throws -> Int {
                let deadline = Date().addingTimeInterval(5)
                while try serverThreads() > 0, Date() < deadline { usleep(10_000) }
                return try serverThreads()
            }
            // Servers that earlier tests released may still be finishing their threads.
            XCTAssertEqual(try settledServerThreads(), 0)
            let server = try TestHTTPServer { _ in .json(200, "{}") }
            for _ in 0..<3 {
                XCTAssertTrue(try rawExchange(port: server.port, "GET / HTTP/1.1\r\n\r\n").hasPrefix("HTTP/1.1 200"))
            }
            XCTAssertGreaterThanOrEqual(try serverThreads(), 1)
            server.shutdown()
            XCTAssertEqual(try settledServerThreads(), 0)
        }
    #endif

    // MARK: Raw client

    private struct SocketError: Error {
        let step: String
    }

    private func rawExchange(port: Int, _ text: String) throws -> String {
        try rawExchange(port: port, [text])
    }

    /// Connects, writes each part separately (with a pause, to exercise partial reads), reads to EOF.
    private func rawExchange(port: Int, _ parts: [String]) throws -> String {
        #if canImport(Glibc)
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw SocketError(step: "socket") }
        defer { close(descriptor) }
        var address = sockaddr_in()
        #if canImport(Darwin)
            address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { throw SocketError(step: "connect") }
        for (index, part) in parts.enumerated() {
            if index > 0 { usleep(50_000) }
            let bytes = Array(part.utf8)
            guard write(descriptor, bytes, bytes.count) == bytes.count else { throw SocketError(step: "write") }
        }
        var reply: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(descriptor, &buffer, buffer.count)
            guard count > 0 else { break }
            reply += buffer[..<count]
        }
        return String(decoding: reply, as: UTF8.self)
    }
}
