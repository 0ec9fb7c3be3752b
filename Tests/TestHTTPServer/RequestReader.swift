import Foundation

/// Reads and parses one HTTP/1.1 request from a connection.
struct RequestReader {
    enum Result {
        case request(TestHTTPServer.Request)
        /// Answer with this status and close (malformed, chunked, too large).
        case rejected(Int)
        /// The client went away, timed out or the server is shutting down.
        case closed
    }

    private static let headerLimit = 64 * 1024
    private static let bodyLimit = 32 * 1024 * 1024
    /// Generous, but finite so a client that stalls cannot pin a thread forever.
    private static let idleTimeoutMilliseconds: Int32 = 10_000

    let connection: Int32
    let wake: Int32
    private var buffer: [UInt8] = []

    init(connection: Int32, wake: Int32) {
        self.connection = connection
        self.wake = wake
    }

    mutating func read() -> Result {
        var headerEnd: Int?
        while headerEnd == nil {
            guard buffer.count <= Self.headerLimit else { return .rejected(431) }
            guard fill() else { return .closed }
            headerEnd = Self.endOfHeaders(in: buffer)
        }
        let bodyStart = headerEnd!
        let head = String(decoding: buffer[..<(bodyStart - 4)], as: UTF8.self)
        var lines = head.components(separatedBy: "\r\n")
        let requestLine = lines.removeFirst().split(separator: " ", omittingEmptySubsequences: true)
        guard requestLine.count == 3, requestLine[2].hasPrefix("HTTP/1.") else { return .rejected(400) }

        var headers: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { return .rejected(400) }
            let name = line[..<colon].lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            headers[name] = headers[name].map { "\($0), \(value)" } ?? value
        }

        if headers["transfer-encoding"] != nil { return .rejected(411) }
        let length: Int
        if let text = headers["content-length"] {
            guard let parsed = Int(text), parsed >= 0 else { return .rejected(400) }
            guard parsed <= Self.bodyLimit else { return .rejected(413) }
            length = parsed
        } else {
            length = 0
        }
        if length > 0, headers["expect"]?.lowercased() == "100-continue" {
            Socket.sendAll(connection, Data("HTTP/1.1 100 Continue\r\n\r\n".utf8))
        }
        while buffer.count < bodyStart + length {
            guard fill() else { return .closed }
        }

        let target = String(requestLine[1])
        let (path, query) = Self.split(target)
        return .request(
            TestHTTPServer.Request(
                method: String(requestLine[0]),
                target: target,
                path: path,
                queryItems: Self.parseQuery(query),
                headers: headers,
                body: Data(buffer[bodyStart..<(bodyStart + length)])
            ))
    }

    /// Appends whatever arrives next; false on EOF, error, timeout or shutdown.
    private mutating func fill() -> Bool {
        guard
            Socket.waitReadable(connection, orWake: wake, timeoutMilliseconds: Self.idleTimeoutMilliseconds)
                == .readable,
            let chunk = Socket.receive(connection, capacity: 64 * 1024)
        else { return false }
        buffer += chunk
        return true
    }

    /// Index just past the blank line ending the header block, if it has arrived.
    private static func endOfHeaders(in bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for index in 0...(bytes.count - 4)
        where bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13 && bytes[index + 3] == 10 {
            return index + 4
        }
        return nil
    }

    private static func split(_ target: String) -> (path: String, query: String?) {
        guard let mark = target.firstIndex(of: "?") else { return (target, nil) }
        return (String(target[..<mark]), String(target[target.index(after: mark)...]))
    }

    /// RFC 3986 decoding: `+` stays `+`, so tests can tell whether a client encoded it.
    private static func parseQuery(_ query: String?) -> [(name: String, value: String)] {
        guard let query, !query.isEmpty else { return [] }
        return query.split(separator: "&").map { item in
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(parts[0])
            let value = parts.count > 1 ? String(parts[1]) : ""
            return (name: name.removingPercentEncoding ?? name, value: value.removingPercentEncoding ?? value)
        }
    }
}
