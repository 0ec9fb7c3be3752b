import ArgumentParser
import Foundation
import SchemaExport
import SchemaModel

struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Exports a schema as JSON Schema 2020-12, OpenAPI 3.1 or (its channels) AsyncAPI 3.0.",
        discussion: """
            The output accepts exactly what schema-check accepts (docs/Exports.md lists every mapping). It \
            is deterministic: the same schema gives the same bytes.

            Examples:
              client-generator export Schemas/whitelabelpay.yaml --format openapi --output openapi.json
              client-generator export Schemas/whitelabelpay.yaml --format json-schema --type PaymentMean
              client-generator export Schemas/finaptic.yaml --format asyncapi --output asyncapi.json
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case jsonSchema = "json-schema"
        case openapi
        case asyncapi
    }

    @Argument(help: "The schema file (YAML or JSON).")
    var schema: String

    @Option(help: "json-schema, openapi or asyncapi (the schema's channels).")
    var format: Format

    @Option(help: "JSON Schema only: validate this type at the root (Name or [Name]).")
    var type: String?

    @Flag(help: "Reject unknown enum values and union tags (by default they are accepted, as generated code keeps them).")
    var strictEnums = false

    @Option(name: .shortAndLong, help: "The file to write; standard output by default.")
    var output: String?

    func validate() throws {
        if type != nil && format != .jsonSchema {
            throw ValidationError("--type applies to --format json-schema only")
        }
    }

    func run() throws {
        let loaded = try loadSchema(schema)
        let options = ExportOptions(strictEnums: strictEnums)
        let document: OrderedJSON
        switch format {
        case .jsonSchema:
            do {
                document = try JSONSchemaExport.document(loaded, rootType: type, options: options)
            } catch {
                FileHandle.standardError.write(Data("error: \(error)\n".utf8))
                throw ExitCode(1)
            }
        case .openapi:
            document = OpenAPIExport.document(loaded, options: options)
        case .asyncapi:
            do {
                document = try AsyncAPIExport.document(loaded, options: options)
            } catch {
                FileHandle.standardError.write(Data("error: \(error)\n".utf8))
                throw ExitCode(1)
            }
        }
        try CommandOutput.write(document.text(), to: output)
    }
}

struct Describe: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Prints an API's operations, types, enums and errors.",
        discussion: """
            With --json the inventory is JSON in a documented, stable format (docs/Describe.md).

            Example:
              client-generator describe Schemas/whitelabelpay.yaml --json
            """
    )

    @Argument(help: "The schema file (YAML or JSON).")
    var schema: String

    @Flag(help: "Print JSON (docs/Describe.md) instead of a summary.")
    var json = false

    @Option(name: .shortAndLong, help: "The file to write; standard output by default.")
    var output: String?

    func run() throws {
        let loaded = try loadSchema(schema)
        try CommandOutput.write(json ? Inventory.json(loaded).text() : Inventory.summary(loaded), to: output)
    }
}
