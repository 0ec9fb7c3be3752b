import ArgumentParser
import Foundation
import PayloadValidation
import SchemaModel

struct Lint: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Checks schema files with the generator's diagnostics.",
        discussion: """
            Prints every error and warning as file:line:column: error: message (standard output), the \
            same diagnostics client-generator reports, and every example (types, fields, operations, \
            $file ones) checked against its type, constraints and date format, then one line per schema \
            (`Schemas/x.yaml: ok, no problems`, `...: ok, 2 warnings` or `...: 1 error`). Exits with 0 when \
            every schema loads (warnings allowed) and 2 when any has an error or cannot be read.

            Examples:
              schema-check lint Schemas/whitelabelpay.yaml
              schema-check lint Schemas/*.yaml
            """
    )

    @Argument(help: "Schema files to check.")
    var schemas: [String]

    func validate() throws {
        if schemas.isEmpty { throw ValidationError("give at least one schema file") }
    }

    func run() throws {
        let out = Output(fd: 1, color: false)
        var failed = false
        for path in schemas {
            let result = SchemaLoader.load(path: path)
            // Examples against their types, constraints and date formats.
            let diagnostics = result.diagnostics + (result.schema.map(ExampleCheck.diagnostics(for:)) ?? [])
            for diagnostic in diagnostics {
                // Diagnostics without a location (the file cannot be read) are prefixed with the path.
                out.write(diagnostic.location == nil ? "\(path): \(diagnostic.description)\n" : "\(diagnostic.description)\n")
            }
            if result.schema == nil || diagnostics.contains(where: { $0.severity == .error }) { failed = true }
            out.write(Diagnostic.lintSummary(of: path, diagnostics) + "\n")
        }
        out.flush()
        if failed { throw ExitCode(2) }
    }
}
