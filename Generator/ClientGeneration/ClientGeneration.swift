import Foundation
import SchemaModel
import SwiftRenderer

/// `generate`, shared by `client-generator generate` and `client-generator-build` (the build plugins'
/// tool): loads a schema, renders it and writes the files whose contents changed.
public enum ClientGeneration {
    /// What a run did, as the line both tools print.
    public struct Summary: CustomStringConvertible, Sendable {
        public let api: String
        public let types: Int
        public let operations: Int
        public let written: Int
        public let files: Int
        /// Generated files an earlier run left that this run does not write (`removeStaleFiles`).
        public let removed: Int
        public let folder: String
        public let milliseconds: Int

        public var description: String {
            "client-generator: \(api): \(types) types, \(operations) operations; wrote \(written) of \(files) files to \(folder)"
                + (removed > 0 ? "; removed \(removed) stale generated file\(removed == 1 ? "" : "s")" : "") + " in \(milliseconds) ms"
        }
    }

    /// What `generate` exits with when the schema does not load (`SchemaReport.Failure.exitCode`).
    public static let schemaFailureExitCode: Int32 = 1

    /// What `run` throws when the schema does not load, its diagnostics printed: named here so the build
    /// tool, which links only this module, can catch it.
    public typealias SchemaFailure = SchemaReport.Failure

    /// Generates the client for the schema at `schemaPath` into `outputPath` (created if missing).
    /// Files whose contents did not change are left untouched, so a rebuild recompiles only what an edit
    /// touched; generated files this run does not write are removed (`removeStaleFiles`). Diagnostics go
    /// to standard error (`SchemaReport`); a schema that does not load throws `SchemaReport.Failure`.
    public static func run(schemaPath: String, outputPath: String) throws -> Summary {
        let started = Date()
        let schema = try SchemaReport.load(.file(path: schemaPath), exitCode: schemaFailureExitCode).get().schema
        let files = SwiftRenderer.render(schema, schemaFileName: URL(fileURLWithPath: schemaPath).lastPathComponent)
        let folder = URL(fileURLWithPath: outputPath)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var written = 0
        for file in files {
            let url = folder.appendingPathComponent(file.name)
            let data = Data(file.contents.utf8)
            if (try? Data(contentsOf: url)) == data { continue }
            try data.write(to: url, options: .atomic)
            written += 1
        }
        let removed = try removeStaleFiles(in: folder, keeping: Set(files.map(\.name)))
        return Summary(
            api: schema.api, types: schema.types.count, operations: schema.operations.count, written: written, files: files.count,
            removed: removed, folder: folder.path, milliseconds: Int(Date().timeIntervalSince(started) * 1000))
    }

    /// Removes what an earlier run wrote to `folder` and this one did not, for instance after a generator
    /// upgrade changed the set of files: a checked-in folder would otherwise compile both the old and the
    /// new declarations. Only a `.generated.swift` file that starts with the renderer's header goes; any
    /// other file is the user's and stays. Returns how many files went.
    static func removeStaleFiles(in folder: URL, keeping current: Set<String>) throws -> Int {
        let header = Data(SwiftRenderer.generatedFileHeader.utf8)
        var removed = 0
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        where name.hasSuffix(".generated.swift") && !current.contains(name) {
            let url = folder.appendingPathComponent(name)
            // The first bytes only: a large or unreadable file (a folder, say) is not ours to judge.
            guard let handle = try? FileHandle(forReadingFrom: url) else { continue }
            let start = try? handle.read(upToCount: header.count)
            try? handle.close()
            guard start == header else { continue }
            try FileManager.default.removeItem(at: url)
            removed += 1
        }
        return removed
    }
}
