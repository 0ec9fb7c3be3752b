import Foundation
import PayloadValidation
import SchemaModel

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A buffered writer to a file descriptor: output is collected in 64 KB chunks and written with
/// `write(2)`, so 100,000 issue lines cost a few hundred system calls, not 100,000. With `fd` -1 it
/// only collects (the output of one parallel NDJSON segment, written in order afterwards).
final class Output {
    let fd: Int32
    let color: Bool
    private var buffer: [UInt8] = []
    private static let chunk = 1 << 16

    init(fd: Int32, color: Bool) {
        self.fd = fd
        self.color = color
        buffer.reserveCapacity(Output.chunk + 1024)
    }

    deinit { flush() }

    func write(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if fd >= 0, buffer.count >= Output.chunk { flush() }
    }

    func write(bytes: some Sequence<UInt8>) {
        buffer.append(contentsOf: bytes)
        if fd >= 0, buffer.count >= Output.chunk { flush() }
    }

    /// The collected bytes (memory mode), leaving the buffer empty.
    func take() -> [UInt8] {
        defer { buffer = [] }
        return buffer
    }

    func flush() {
        guard fd >= 0, !buffer.isEmpty else { return }
        buffer.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = writeToFileDescriptor(fd, raw.baseAddress! + offset, raw.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    break  // EPIPE and the like: the reader went away; drop the output.
                }
                offset += written
            }
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// `text` in ANSI `code` when colour is on.
    func styled(_ text: String, _ code: String) -> String {
        color ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    /// Unbuffered write to standard error (messages that must not wait for a flush).
    static func standardError(_ text: String) {
        let error = Output(fd: 2, color: false)
        error.write(text)
        error.flush()
    }

    /// Whether colour is wanted: `always`, `never`, or `auto` (standard output is a terminal, NO_COLOR
    /// is unset and TERM is not `dumb`).
    static func wantsColor(_ mode: ColorMode, fd: Int32 = 1) -> Bool {
        switch mode {
        case .always: return true
        case .never: return false
        case .auto:
            if let noColor = getenv("NO_COLOR"), noColor.pointee != 0 { return false }
            if let term = getenv("TERM"), String(cString: term) == "dumb" { return false }
            return isatty(fd) == 1
        }
    }
}

private func writeToFileDescriptor(_ fd: Int32, _ pointer: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Darwin)
        return Darwin.write(fd, pointer, count)
    #elseif canImport(Musl)
        return Musl.write(fd, pointer, count)
    #else
        return Glibc.write(fd, pointer, count)
    #endif
}

enum ColorMode: String, CaseIterable {
    case auto, always, never
}

extension ValidationIssue {
    /// The issue as a JSON object in the documented `--format json` shape (docs/SchemaCheck.md);
    /// `leading` adds members before the standard ones (traffic reports say which part of an exchange).
    func jsonObject(leading: String = "") -> String {
        var text = "{\(leading)\"severity\":\"\(severity.rawValue)\",\"kind\":\"\(kind.rawValue)\""
        text += ",\"pointer\":\(JSONText.quoted(pointer)),\"expected\":\(JSONText.quoted(expected))"
        text += ",\"found\":\(JSONText.quoted(found)),\"message\":\(JSONText.quoted(message)),\"rule\":"
        if let rule {
            text += "{\"file\":\(JSONText.quoted(rule.file)),\"line\":\(rule.line),\"column\":\(rule.column)}"
        } else {
            text += "null"
        }
        return text + "}"
    }
}
