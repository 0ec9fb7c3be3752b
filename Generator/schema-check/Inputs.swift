import Foundation
import SchemaModel

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

    /// The whole file (or standard input) in memory, up to `limit` bytes, or why not.
    static func read(_ source: PayloadSource, limit: Int) -> Result<[UInt8], ReadError> {
        switch BoundedInput.read(path: source.path, limit: limit) {
        case .success(let bytes): return .success(bytes)
        case .failure(.unreadable(let reason)): return .failure(.unreadable(source.name, reason))
        case .failure(.tooLarge(_, let size)): return .failure(.tooLarge(source.name, size))
        }
    }

    enum ReadError: Error {
        /// The system's reason (`No such file or directory`).
        case unreadable(String, String)
        case tooLarge(String, Int?)

        func reason(_ limit: CheckOptions) -> String {
            switch self {
            case .unreadable(let name, let reason): "cannot read \(name): \(reason)"
            case .tooLarge(let name, let size): limit.refusal(of: name, size: size)
            }
        }
    }
}
