import Foundation
import PackagePlugin

/// The per-target configuration file and the generator invocation both plugins share.
/// (Each plugin target gets this file through a symlink: plugins cannot share a library target.)
enum GeneratorConfiguration {
    static let fileName = "client-generator.json"

    enum Problem: Error, CustomStringConvertible {
        case missing(String)
        case invalid(String)

        var description: String {
            switch self {
            case .missing(let message), .invalid(let message): return "client-generator: \(message)"
            }
        }
    }

    private struct Contents: Decodable {
        let schema: String
    }

    /// The schema file named by a configuration file.
    static func schemaURL(configurationFile: URL) throws -> URL {
        guard let data = try? Data(contentsOf: configurationFile) else {
            throw Problem.missing("cannot read \(configurationFile.path); create it with {\"schema\": \"path/to/api.yaml\"}")
        }
        let contents: Contents
        do {
            contents = try JSONDecoder().decode(Contents.self, from: data)
        } catch {
            throw Problem.invalid("\(configurationFile.path) must be a JSON object like {\"schema\": \"path/to/api.yaml\"}")
        }
        return URL(fileURLWithPath: contents.schema, relativeTo: configurationFile.deletingLastPathComponent()).standardizedFileURL
    }

    /// How many shard files the generator writes for `schema`, by its size: the plugin must name its output
    /// files before the generator runs, and passes the count it named (`--shards`), so the two agree even
    /// if SwiftPM reuses an earlier plan of this command after the schema grew. (GeneratedFileNames.swift
    /// is the renderer's own file, linked here, so the names cannot drift.) A schema that cannot be read
    /// gets the largest layout; the generator then reports what is wrong with it.
    static func shardCount(schema: URL) -> Int {
        let size = (try? FileManager.default.attributesOfItem(atPath: schema.path)[.size]) as? NSNumber
        return size.map { GeneratedFileNames.shardCount(schemaBytes: $0.intValue) } ?? GeneratedFileNames.maximumShardCount
    }

    static func generateArguments(schema: URL, output: URL, shardCount: Int) -> [String] {
        ["generate", schema.path, "--output", output.path, "--shards", String(shardCount)]
    }

    static func buildCommands(configurationFile: URL, targetName: String, tool: URL, workDirectory: URL) throws -> [Command] {
        let schema = try schemaURL(configurationFile: configurationFile)
        let output = workDirectory.appendingPathComponent("Generated")
        let shards = shardCount(schema: schema)
        return [
            .buildCommand(
                displayName: "Generating the \(targetName) client from \(schema.lastPathComponent)",
                executable: tool,
                arguments: generateArguments(schema: schema, output: output, shardCount: shards),
                inputFiles: [schema, configurationFile],
                outputFiles: GeneratedFileNames.all(shardCount: shards).map { output.appendingPathComponent($0) }
            )
        ]
    }
}
