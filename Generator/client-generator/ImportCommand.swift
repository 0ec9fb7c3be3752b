import ArgumentParser
import Foundation
import SchemaImport

struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Writes a schema from an OpenAPI 3.0 or 3.1 document (YAML or JSON).",
        discussion: """
            The inverse of `export --format openapi` (docs/Import.md lists every mapping). What the schema \
            language cannot say is reported as file:line:column: warning: message [#/json/pointer] and left \
            out; what the importer had to choose (names of inline schemas, a built error catalogue) is \
            written into the schema as modelled: notes. The written schema is checked like `lint` checks \
            one; the command exits with 1 when the document cannot be imported, and writes nothing then.

            Examples:
              client-generator import petstore.yaml --output Schemas/petstore.yaml
              client-generator export Schemas/kdpay.yaml --format openapi | client-generator import -
            """
    )

    @Argument(help: "The OpenAPI document (YAML or JSON); - reads standard input.")
    var document: String

    @Option(name: .shortAndLong, help: "The schema file to write; standard output by default.")
    var output: String?

    @Flag(help: "Print no warnings, only errors.")
    var quiet = false

    func run() throws {
        let result: OpenAPIImport.Result
        if document == "-" {
            result = OpenAPIImport.importStandardInput()
        } else {
            result = OpenAPIImport.importDocument(path: document)
        }
        for diagnostic in result.diagnostics where !quiet || diagnostic.severity == .error {
            FileHandle.standardError.write(Data((diagnostic.description + "\n").utf8))
        }
        guard let schema = result.schema else { throw ExitCode(1) }
        try CommandOutput.write(schema, to: output)
        if output != nil {
            let warnings = result.diagnostics.filter { $0.severity == .warning }.count
            print("client-generator: imported \(result.typeCount) types, \(result.operationCount) operations to \(output!) (\(warnings) warnings)")
        }
    }
}
