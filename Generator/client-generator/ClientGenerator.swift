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
            The schema language is documented in docs/SchemaLanguage.md. Schema mistakes are reported on \
            standard error as file:line:column: error: message, and the command exits with status 1 (diff: \
            2; lint: 2 when a schema cannot be read).
            """,
        subcommands: [Generate.self, Lint.self, Export.self, Import.self, Describe.self, Diff.self, MetaSchema.self]
    )
}

/// The schema of `export` and `describe`, loaded as `generate` loads it (`SchemaReport`: diagnostics on
/// standard error); a schema that does not load exits with `generate`'s status.
func loadSchema(_ path: String) throws -> Schema {
    switch SchemaReport.load(.file(path: path), exitCode: ClientGeneration.schemaFailureExitCode) {
    case .success(let loaded): return loaded.schema
    case .failure(let failure): throw ExitCode(failure.exitCode)
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
        } catch let failure as ClientGeneration.SchemaFailure {
            throw ExitCode(failure.exitCode)
        }
    }
}

/// `lint`, the same command as `schema-check lint` (`SchemaLint`).
struct Lint: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: SchemaLint.abstract,
        discussion: SchemaLint.help + """


            Example:
              client-generator lint Schemas/*.yaml
            """
    )

    @Argument(help: "Schema files to check.")
    var schemas: [String]

    func run() throws {
        let status = SchemaLint.run(paths: schemas, checks: ExampleCheck.diagnostics(for:))
        if status != SchemaLint.success { throw ExitCode(status) }
    }
}
