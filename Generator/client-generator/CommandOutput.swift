import ArgumentParser
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where `--output` of export, describe, import and meta-schema goes: standard output, or the file the
/// path names. A regular file (or a new path) is replaced atomically, so a failed run never leaves half
/// a document; anything else the path names is written through, never replaced: `-o /dev/null` or
/// `-o /dev/stdout` writes to that device or stream, a symbolic link keeps pointing where it did and
/// its target gets the text. A folder, or a link to nothing, is refused with a clear error.
enum CommandOutput {
    static func write(_ text: String, to path: String?) throws {
        guard let path else {
            FileHandle.standardOutput.write(Data(text.utf8))
            return
        }
        do {
            try OutputFile.write(Data(text.utf8), to: path)
        } catch {
            FileHandle.standardError.write(Data("error: cannot write --output \(path): \(error.reason)\n".utf8))
            throw ExitCode(1)
        }
    }
}

/// Writes a whole file without ever replacing something that is not a regular file.
enum OutputFile {
    struct Failure: Error {
        let reason: String
    }

    static func write(_ data: Data, to path: String) throws(Failure) {
        var info = stat()
        // stat follows symbolic links: what matters is what the path finally names.
        guard stat(path, &info) == 0 else {
            let error = errno
            guard error == ENOENT else { throw Failure(reason: systemReason(error)) }
            if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: path) {
                throw Failure(reason: "it is a symbolic link to '\(target)', which does not exist; give the target's path to create it")
            }
            try replaceAtomically(path, with: data)
            return
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            // Through a link: replace the file it names, and leave the link as it is.
            try replaceAtomically(realPath(path) ?? path, with: data)
        case S_IFDIR:
            throw Failure(reason: "it is a folder; give a file name")
        default:
            // A device (/dev/null), a FIFO, a terminal or a stream (/dev/stdout): write through.
            try writeThrough(path, data)
        }
    }

    private static func replaceAtomically(_ path: String, with data: Data) throws(Failure) {
        let folder = (path as NSString).deletingLastPathComponent
        var isFolder: ObjCBool = false
        if !FileManager.default.fileExists(atPath: folder.isEmpty ? "." : folder, isDirectory: &isFolder) || !isFolder.boolValue {
            throw Failure(reason: "the folder '\(folder)' does not exist")
        }
        do {
            try data.write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
            throw Failure(reason: underlying?.domain == NSPOSIXErrorDomain ? systemReason(Int32(underlying!.code)) : error.localizedDescription)
        }
    }

    private static func writeThrough(_ path: String, _ data: Data) throws(Failure) {
        // No O_CREAT and no O_TRUNC: the thing exists and is not a file to truncate.
        let descriptor = open(path, O_WRONLY | O_CLOEXEC | O_NOCTTY)
        guard descriptor >= 0 else { throw Failure(reason: systemReason(errno)) }
        defer { close(descriptor) }
        var failure: Int32 = 0
        data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            var offset = 0
            while offset < bytes.count {
                let written = systemWrite(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                offset += written
            }
        }
        if failure != 0 { throw Failure(reason: systemReason(failure)) }
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    private static func systemReason(_ code: Int32) -> String {
        String(cString: strerror(code))
    }

    private static func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Darwin)
            Darwin.write(descriptor, bytes, count)
        #elseif canImport(Musl)
            Musl.write(descriptor, bytes, count)
        #else
            Glibc.write(descriptor, bytes, count)
        #endif
    }
}
