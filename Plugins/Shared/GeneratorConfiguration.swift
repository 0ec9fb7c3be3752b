import Foundation
import PackagePlugin

/// The per-target configuration file and the generator invocation both plugins share.
/// (Each plugin target gets this file through a symlink: plugins cannot share a library target.)
enum GeneratorConfiguration {
    static let fileName = "client-generator.json"
    /// The files `client-generator generate` writes; fixed so a build plugin can declare its outputs.
    /// (GeneratedFileNames.swift is the renderer's own file, linked here, so the names cannot drift.)
    static let outputFiles = GeneratedFileNames.all

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

    static func generateArguments(schema: URL, output: URL) -> [String] {
        ["generate", schema.path, "--output", output.path]
    }

    static func buildCommands(configurationFile: URL, targetName: String, tool: URL, workDirectory: URL) throws -> [Command] {
        let schema = try schemaURL(configurationFile: configurationFile)
        let output = workDirectory.appendingPathComponent("Generated")
        return [
            .buildCommand(
                displayName: "Generating the \(targetName) client from \(schema.lastPathComponent)",
                executable: tool,
                arguments: generateArguments(schema: schema, output: output),
                inputFiles: [schema, configurationFile],
                outputFiles: outputFiles.map { output.appendingPathComponent($0) }
            )
        ]
    }
}
