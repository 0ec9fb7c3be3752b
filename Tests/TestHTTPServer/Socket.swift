import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Thin wrappers over the POSIX socket calls the server needs, hiding Glibc/Darwin differences.
enum Socket {
    enum WaitResult {
        case readable
        case woken
        case timedOut
        case failed
    }

    #if canImport(Glibc)
        private static let streamType = Int32(SOCK_STREAM.rawValue)
        private static let sendFlags = Int32(MSG_NOSIGNAL)
    #else
        private static let streamType = SOCK_STREAM
        private static let sendFlags: Int32 = 0
    #endif

    /// A listening socket on 127.0.0.1 with a kernel-chosen port.
    static func listenOnLoopback() throws -> (descriptor: Int32, port: Int) {
        let descriptor = socket(AF_INET, streamType, 0)
        guard descriptor >= 0 else { throw TestHTTPServer.StartError(description: "socket: \(errorText())") }
        var address = sockaddr_in()
        #if canImport(Darwin)
            address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(descriptor, 64) == 0 else {
            let text = errorText()
            close(descriptor)
            throw TestHTTPServer.StartError(description: "bind/listen: \(text)")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard named == 0 else {
            let text = errorText()
            close(descriptor)
            throw TestHTTPServer.StartError(description: "getsockname: \(text)")
        }
        return (descriptor, Int(UInt16(bigEndian: address.sin_port)))
    }

    /// Blocks until `descriptor` is readable, `wake` becomes readable (shutdown), or the timeout
    /// (`-1` = none) passes. Shutdown wins over readability so no new work starts once it is requested.
    static func waitReadable(_ descriptor: Int32, orWake wake: Int32, timeoutMilliseconds: Int32) -> WaitResult {
        var fds = [
            pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wake, events: Int16(POLLIN), revents: 0),
        ]
        while true {
            let result = poll(&fds, nfds_t(fds.count), timeoutMilliseconds)
            if result < 0 {
                if errno == EINTR { continue }
                return .failed
            }
            if result == 0 { return .timedOut }
            if fds[1].revents != 0 { return .woken }
            return .readable
        }
    }

    /// Keeps a write to a peer that has gone away from killing the test process with SIGPIPE (Darwin;
    /// Linux uses `MSG_NOSIGNAL` per send instead).
    static func disableSigpipe(_ descriptor: Int32) {
        #if canImport(Darwin)
            var on: Int32 = 1
            setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
        #endif
    }

    /// Writes all of `data`, giving up silently if the peer has gone; returns whether all was written.
    @discardableResult
    static func sendAll(_ descriptor: Int32, _ data: Data) -> Bool {
        data.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return true }
            var offset = 0
            while offset < buffer.count {
                let sent = send(descriptor, base + offset, buffer.count - offset, sendFlags)
                if sent < 0 && errno == EINTR { continue }
                guard sent > 0 else { return false }
                offset += sent
            }
            return true
        }
    }

    /// Reads up to `capacity` bytes; `nil` on EOF or error.
    static func receive(_ descriptor: Int32, capacity: Int) -> [UInt8]? {
        var chunk = [UInt8](repeating: 0, count: capacity)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, capacity, 0) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return nil }
            return Array(chunk[..<count])
        }
    }

    /// Signals end of response, then discards what the client still sends (briefly), because closing a
    /// socket with unread input makes the kernel send a reset that can destroy the response in flight.
    static func finish(_ descriptor: Int32, wake: Int32) {
        #if canImport(Glibc)
            _ = Glibc.shutdown(descriptor, Int32(SHUT_WR))
        #else
            _ = Darwin.shutdown(descriptor, SHUT_WR)
        #endif
        let deadline = Date().addingTimeInterval(1)
        while Date() < deadline,
            waitReadable(descriptor, orWake: wake, timeoutMilliseconds: 100) == .readable,
            receive(descriptor, capacity: 4096) != nil
        {}
    }

    /// Names the calling thread `TestHTTPServer` so leaks are easy to spot in a debugger or `/proc`;
    /// Foundation's `Thread.name` does not reach the OS thread on Linux, and Glibc's module does not
    /// export `pthread_setname_np`, so Linux goes through `/proc/thread-self/comm`.
    static func nameCurrentThread() {
        #if canImport(Glibc)
            let descriptor = open("/proc/thread-self/comm", O_WRONLY)
            guard descriptor >= 0 else { return }
            _ = write(descriptor, "TestHTTPServer", 14)
            close(descriptor)
        #else
            _ = pthread_setname_np("TestHTTPServer")
        #endif
    }

    static func errorText() -> String {
        String(cString: strerror(errno))
    }
}
