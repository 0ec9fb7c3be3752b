import ArgumentParser
import ClientGeneration
import Foundation
import PayloadValidation
import SchemaModel
import SwiftRenderer

@main
struct ClientGenerator: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "client-generator",
        abstract: "Generates typed Swift API clients from schema files.",
        discussion: """
            The schema language is documented in docs/SchemaLanguage.md. Schema mistakes are reported as
            file:line:column: error: message, and the command exits with status 1.
            """,
        subcommands: [Generate.self, Lint.self, Export.self, Import.self, Describe.self, Diff.self, MetaSchema.self]
    )
}

/// Loads a schema, printing its diagnostics to standard error in the compiler format.
enum SchemaInput {
    static func load(_ path: String) throws -> Schema {
        do {
            return try ClientGeneration.loadSchema(path: path)
        } catch is ClientGeneration.SchemaFailed {
            throw ExitCode(1)
        }
    }
}

struct Generate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Writes the models, error type and client for a schema.",
        discussion: """
            Writes \(GeneratedFileNames.all.count) files to the output folder, always the same names whatever the \
            schema's size: \(GeneratedFileNames.errors), \(GeneratedFileNames.client), \(GeneratedFileNames.support) \
            (decoding helpers), and the types and the operations spread over \(GeneratedFileNames.shardFile(0)) ... \
            \(GeneratedFileNames.shardFile(GeneratedFileNames.shardCount - 1)), each with what uses it (some may be \
            empty). Files whose contents did not change are left untouched, so a rebuild recompiles only what \
            an edit touched. Files ending in .generated.swift that start with the generator's header and \
            are not among these (an older version's layout) are deleted; other files are left alone.

            Example:
              client-generator generate Schemas/whitelabelpay.yaml --output Generated/WhitelabelPay
            """
    )

    @Argument(help: "The schema file (YAML or JSON).")
    var schema: String

    @Option(name: .shortAndLong, help: "The folder to write the Swift files to; created if missing.")
    var output: String

    func run() throws {
        do {
            print(try ClientGeneration.run(schemaPath: schema, outputPath: output))
        } catch is ClientGeneration.SchemaFailed {
            throw ExitCode(1)
        }
    }
}

struct Lint: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Checks schema files and reports every mistake.",
        discussion: """
            Every example (of types, fields, operations, $file ones) is checked against its type, \
            constraints and date format. Diagnostics go to standard error; then one line per schema to \
            standard output (`Schemas/x.yaml: ok, no problems`, `...: ok, 2 warnings` or \
            `...: 1 error`). Exits with 0 when every schema is valid (warnings allowed), 1 otherwise.

            Example:
              client-generator lint Schemas/*.yaml
            """
    )

    @Argument(help: "Schema files to check.")
    var schemas: [String]

    func run() throws {
        var failed = false
        for path in schemas {
            let loaded = SchemaLoader.load(path: path)
            // Examples are checked against their types and formats too (the generator does not need
            // them, so only lint reports them).
            let diagnostics = loaded.diagnostics + (loaded.schema.map(ExampleCheck.diagnostics(for:)) ?? [])
            for diagnostic in diagnostics {
                FileHandle.standardError.write(Data((diagnostic.description + "\n").utf8))
            }
            if loaded.schema == nil || diagnostics.contains(where: { $0.severity == .error }) { failed = true }
            print(Diagnostic.lintSummary(of: path, diagnostics))
        }
        if failed { throw ExitCode(1) }
    }
}
