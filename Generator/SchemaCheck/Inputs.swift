import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// One input to validate: a file, or standard input.
struct PayloadSource {
    /// As printed: the path as given (or found in a folder), `<stdin>` for standard input.
    let name: String
    /// nil: standard input.
    let path: String?
    /// Read line by line (`--ndjson`, or a `.ndjson`/`.jsonl` file).
    let isNDJSON: Bool
}

enum Inputs {
    static let payloadExtensions: Set<String> = ["json", "ndjson", "jsonl"]
    static let lineExtensions: Set<String> = ["ndjson", "jsonl"]

    /// The sources for `paths` (none, or `-`: standard input). Folders expand to every `*.json`,
    /// `*.ndjson` and `*.jsonl` below them, sorted by path. A path that does not exist is kept: reading
    /// it reports the error in order.
    static func sources(_ paths: [String], forceNDJSON: Bool) -> [PayloadSource] {
        if paths.isEmpty { return [PayloadSource(name: "<stdin>", path: nil, isNDJSON: forceNDJSON)] }
        var sources: [PayloadSource] = []
        for path in paths {
            if path == "-" {
                sources.append(PayloadSource(name: "<stdin>", path: nil, isNDJSON: forceNDJSON))
                continue
            }
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
                for file in files(under: path) {
                    sources.append(source(file, forceNDJSON: forceNDJSON))
                }
            } else {
                sources.append(source(path, forceNDJSON: forceNDJSON))
            }
        }
        return sources
    }

    private static func source(_ path: String, forceNDJSON: Bool) -> PayloadSource {
        let ext = (path as NSString).pathExtension.lowercased()
        return PayloadSource(name: path, path: path, isNDJSON: forceNDJSON || lineExtensions.contains(ext))
    }

    /// Payload files below `folder`, recursively, sorted.
    static func files(under folder: String) -> [String] {
        let base = folder.hasSuffix("/") ? String(folder.dropLast()) : folder
        guard let enumerator = FileManager.default.enumerator(atPath: folder) else { return [] }
        var found: [String] = []
        while let relative = enumerator.nextObject() as? String {
            let ext = (relative as NSString).pathExtension.lowercased()
            guard payloadExtensions.contains(ext) else { continue }
            let full = base + "/" + relative
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory), !isDirectory.boolValue {
                found.append(full)
            }
        }
        return found.sorted()
    }

    /// The whole file (or standard input) in memory, or the system's reason why not
    /// (`No such file or directory`).
    static func read(_ source: PayloadSource) -> Result<[UInt8], ReadError> {
        guard let path = source.path else { return readAll(fd: 0) }
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return .failure(ReadError(reason: String(cString: strerror(errno)))) }
        defer { close(fd) }
        var info = stat()
        if fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
            return .failure(ReadError(reason: "Is a directory"))
        }
        return readAll(fd: fd, sizeHint: Int(info.st_size))
    }

    private static func readAll(fd: Int32, sizeHint: Int = 0) -> Result<[UInt8], ReadError> {
        var bytes = [UInt8](repeating: 0, count: max(sizeHint + 1, 1 << 16))
        var count = 0
        while true {
            if count == bytes.count { bytes.append(contentsOf: repeatElement(0, count: bytes.count)) }
            let got = bytes.withUnsafeMutableBytes { raw in
                #if canImport(Darwin)
                    Darwin.read(fd, raw.baseAddress! + count, raw.count - count)
                #elseif canImport(Musl)
                    Musl.read(fd, raw.baseAddress! + count, raw.count - count)
                #else
                    Glibc.read(fd, raw.baseAddress! + count, raw.count - count)
                #endif
            }
            if got < 0 {
                if errno == EINTR { continue }
                return .failure(ReadError(reason: String(cString: strerror(errno))))
            }
            if got == 0 { break }
            count += got
        }
        bytes.removeSubrange(count...)
        return .success(bytes)
    }

    struct ReadError: Error {
        let reason: String
    }
}
