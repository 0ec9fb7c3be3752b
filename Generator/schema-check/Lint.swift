import ArgumentParser
import PayloadValidation
import SchemaModel

/// `lint`, the same command as `client-generator lint` (`SchemaLint`).
struct Lint: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: SchemaLint.abstract,
        discussion: SchemaLint.help + """


            Examples:
              schema-check lint Schemas/whitelabelpay.yaml
              schema-check lint Schemas/*.yaml
            """
    )

    @Argument(help: "Schema files to check.")
    var schemas: [String]

    func run() throws {
        let status = SchemaLint.run(paths: schemas, checks: ExampleCheck.diagnostics(for:))
        if status != SchemaLint.success { throw ExitCode(status) }
    }
}
