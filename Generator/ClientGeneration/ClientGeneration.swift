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
        public let folder: String
        public let milliseconds: Int

        public var description: String {
            "client-generator: \(api): \(types) types, \(operations) operations; wrote \(written) of \(files) files to \(folder) in \(milliseconds) ms"
        }
    }

    /// The schema did not load; its diagnostics went to standard error.
    public struct SchemaFailed: Error {}

    /// Loads the schema at `path`, printing its diagnostics to standard error in the compiler format
    /// (`file:line:column: error: message`); throws `SchemaFailed` when it did not load.
    public static func loadSchema(path: String) throws -> Schema {
        let result = SchemaLoader.load(path: path)
        for diagnostic in result.diagnostics {
            FileHandle.standardError.write(Data((diagnostic.description + "\n").utf8))
        }
        guard let schema = result.schema else { throw SchemaFailed() }
        return schema
    }

    /// Generates the client for the schema at `schemaPath` into `outputPath` (created if missing).
    /// Files whose contents did not change are left untouched, so a rebuild recompiles only what an edit
    /// touched. Diagnostics go to standard error (`loadSchema`).
    public static func run(schemaPath: String, outputPath: String) throws -> Summary {
        let started = Date()
        let schema = try loadSchema(path: schemaPath)
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
        return Summary(
            api: schema.api, types: schema.types.count, operations: schema.operations.count, written: written, files: files.count,
            folder: folder.path, milliseconds: Int(Date().timeIntervalSince(started) * 1000))
    }
}
