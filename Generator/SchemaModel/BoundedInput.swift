import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a whole file or standard input, but never more than a limit: the tools refuse input above a
/// size (`import`'s 16 MiB, `schema-check traffic --max-size`), and the refusal must come before the
/// input is in memory. A regular file's size is known up front; a pipe, `/dev/zero` or a FIFO is read
/// until one byte past the limit and then left, so memory stays at the limit whatever the input.
public enum BoundedInput {
    public enum Failure: Error, Equatable, Sendable {
        /// The input has more than `limit` bytes; `size` when it is known (a regular file).
        case tooLarge(limit: Int, size: Int?)
        /// The system's reason (`No such file or directory`, `Is a directory`).
        case unreadable(String)
    }

    /// The bytes of the file at `path` (standard input when nil), or why not.
    public static func read(path: String?, limit: Int) -> Result<[UInt8], Failure> {
        guard let path else { return read(descriptor: 0, limit: limit) }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(.unreadable(String(cString: strerror(errno)))) }
        defer { close(descriptor) }
        return read(descriptor: descriptor, limit: limit)
    }

    /// The bytes readable from `descriptor` (which stays open), or why not.
    public static func read(descriptor: Int32, limit: Int) -> Result<[UInt8], Failure> {
        var info = stat()
        var sizeHint = 0
        if fstat(descriptor, &info) == 0 {
            switch info.st_mode & S_IFMT {
            case S_IFDIR:
                return .failure(.unreadable(String(cString: strerror(EISDIR))))
            case S_IFREG:
                let size = Int(info.st_size)
                if size > limit { return .failure(.tooLarge(limit: limit, size: size)) }
                sizeHint = size
            default:
                break
            }
        }
        // One byte past the limit tells "exactly the limit" from "more".
        let capacity = limit == Int.max ? limit : limit + 1
        var bytes = [UInt8](repeating: 0, count: min(capacity, max(sizeHint + 1, 1 << 16)))
        var count = 0
        while count < capacity {
            if count == bytes.count { bytes.append(contentsOf: [UInt8](repeating: 0, count: min(bytes.count, capacity - bytes.count))) }
            let got = bytes.withUnsafeMutableBytes { raw in
                systemRead(descriptor, raw.baseAddress! + count, raw.count - count)
            }
            if got < 0 {
                if errno == EINTR { continue }
                return .failure(.unreadable(String(cString: strerror(errno))))
            }
            if got == 0 { break }
            count += got
        }
        if count > limit { return .failure(.tooLarge(limit: limit, size: nil)) }
        bytes.removeSubrange(count...)
        return .success(bytes)
    }

    private static func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
        #if canImport(Darwin)
            Darwin.read(descriptor, buffer, count)
        #elseif canImport(Musl)
            Musl.read(descriptor, buffer, count)
        #else
            Glibc.read(descriptor, buffer, count)
        #endif
    }
}
