import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A minimal HTTP/1.1 server on 127.0.0.1 that answers every request with one fixed `200` response.
///
/// It does as little as possible per request (find the end of the headers, skip a `Content-Length` body,
/// write the prepared bytes) so that the client-call benchmarks measure the client, not the server. Each
/// connection is kept alive and served by its own thread, as URLSession reuses connections.
public final class LoopbackServer: @unchecked Sendable {
    /// The port the server listens on (chosen by the system).
    public let port: UInt16
    /// `http://127.0.0.1:<port>`.
    public var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    private let listener: Int32
    private let response: [UInt8]

    /// Starts listening and serving at once.
    ///
    /// - Parameters:
    ///   - body: The body of every response.
    ///   - contentType: Its `Content-Type`.
    public init(body: Data, contentType: String = "application/json") throws {
        let head =
            "HTTP/1.1 200 OK\r\nContent-Type: \(contentType)\r\nContent-Length: \(body.count)\r\n"
            + "Connection: keep-alive\r\n\r\n"
        response = Array(head.utf8) + Array(body)

        let listener = socket(AF_INET, Self.streamSocketType, 0)
        guard listener >= 0 else { throw LoopbackServerError.system("socket", errno) }
        var reuse: Int32 = 1
        setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))

        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(listener, 64) == 0 else {
            let code = errno
            close(listener)
            throw LoopbackServerError.system("bind/listen", code)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        self.listener = listener
        port = UInt16(bigEndian: address.sin_port)

        let thread = Thread { [self] in acceptLoop() }
        thread.name = "LoopbackServer.accept"
        thread.start()
    }

    /// Stops accepting connections; open connections end when their client closes them.
    public func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    #if canImport(Glibc)
        private static let streamSocketType = Int32(SOCK_STREAM.rawValue)
        /// A client that hangs up mid-response must not kill the process with SIGPIPE.
        private static let sendFlags = Int32(MSG_NOSIGNAL)
    #else
        private static let streamSocketType = SOCK_STREAM
        private static let sendFlags: Int32 = 0
    #endif

    private func acceptLoop() {
        while true {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else {
                if errno == EINTR { continue }
                return  // the listener was closed by `stop()`
            }
            var noDelay: Int32 = 1
            setsockopt(connection, Int32(IPPROTO_TCP), TCP_NODELAY, &noDelay, socklen_t(MemoryLayout<Int32>.size))
            let thread = Thread { [self] in serve(connection) }
            thread.name = "LoopbackServer.connection"
            thread.start()
        }
    }

    /// Answers every request on one connection until the client closes it.
    private func serve(_ connection: Int32) {
        defer { close(connection) }
        var pending: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            while let requestLength = Self.completeRequestLength(in: pending) {
                pending.removeFirst(requestLength)
                guard writeAll(response, to: connection) else { return }
            }
            let count = chunk.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { return }
            pending += chunk[0..<count]
        }
    }

    /// The length of the first whole request (headers and `Content-Length` body) in `bytes`, if it has arrived.
    static func completeRequestLength(in bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        var headerEnd: Int?
        for index in 0...(bytes.count - 4)
        where bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13 && bytes[index + 3] == 10 {
            headerEnd = index + 4
            break
        }
        guard let headerEnd else { return nil }
        let head = String(decoding: bytes[0..<headerEnd], as: UTF8.self).lowercased()
        var bodyLength = 0
        if let range = head.range(of: "\r\ncontent-length:") {
            let digits = head[range.upperBound...].prefix { $0 != "\r" }.trimmingCharacters(in: .whitespaces)
            bodyLength = Int(digits) ?? 0
        }
        return bytes.count >= headerEnd + bodyLength ? headerEnd + bodyLength : nil
    }

    private func writeAll(_ bytes: [UInt8], to connection: Int32) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes {
                send(connection, $0.baseAddress! + offset, bytes.count - offset, Self.sendFlags)
            }
            guard written > 0 else { return false }
            offset += written
        }
        return true
    }
}

/// Why the server could not start.
public enum LoopbackServerError: Error, CustomStringConvertible {
    case system(String, Int32)

    public var description: String {
        switch self {
        case .system(let call, let code): "\(call) failed: \(String(cString: strerror(code)))"
        }
    }
}
