import ArgumentParser
import Foundation
import SchemaModel

/// `schema-check`: validates JSON payloads against a schema's types and operations, and lints schemas.
///
/// Exit codes: 0 every payload valid (warnings allowed) or every schema clean; 1 some payload invalid
/// (lint: some schema has errors); 2 a usage error, a schema that does not load (lint: cannot be read),
/// or an input that cannot be read.
@main
struct SchemaCheck: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema-check",
        abstract: "Validates JSON payloads and captured HTTP traffic against a schema, and lints schema files.",
        discussion: """
            Every violation is reported, not only the first, with its JSON Pointer, what the schema \
            expected, what the payload has, and the file:line:column of the schema rule that was broken. \
            `validate` is the default subcommand. Documented in docs/SchemaCheck.md.

            Exit status: 0 all payloads valid (warnings allowed), 1 any payload invalid, 2 usage error, \
            schema error or unreadable input. lint: 1 a schema has errors, 2 a schema cannot be read.

            Examples:
              schema-check Schemas/whitelabelpay.yaml --type Transaction payload.json
              schema-check validate api.yaml --response fetchTransactions payloads/
              cat events.ndjson | schema-check api.yaml --type Event --ndjson --format json
              schema-check lint Schemas/*.yaml
              schema-check traffic capture.har --schema Schemas/whitelabelpay.yaml
            """,
        subcommands: [Validate.self, Lint.self, Traffic.self],
        defaultSubcommand: Validate.self
    )

    /// Parses and runs the command, mapping argument-parser's usage failures (64) to exit status 2.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            let code = exitCode(for: error)
            if code.rawValue == ExitCode.validationFailure.rawValue {
                let message = fullMessage(for: error)
                FileHandle.standardError.write(Data((message + "\n").utf8))
                Foundation.exit(2)
            }
            exit(withError: error)
        }
        Foundation.exit(0)
    }
}

/// Prints `schema-check: error: message` to standard error; returns `ExitCode(2)` to throw.
func usageFailure(_ message: String) -> ExitCode {
    Output.standardError("schema-check: error: \(message)\n")
    return ExitCode(2)
}

/// The schema of `validate` and `traffic` (`SchemaReport`: every diagnostic on standard error), or, when
/// it does not load, exit status 2 after a line saying that nothing was `nothingWas` (validated, checked).
func checkedSchema(_ path: String, nothingWas done: String) throws -> Schema {
    switch SchemaReport.load(.file(path: path), exitCode: 2) {
    case .success(let loaded):
        return loaded.schema
    case .failure(let failure):
        Output.standardError("schema-check: error: the schema \(path) \(failure.isUnreadable ? "cannot be read" : "has errors"); nothing was \(done)\n")
        throw ExitCode(failure.exitCode)
    }
}
