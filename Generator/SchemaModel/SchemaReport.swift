import Foundation

/// Where a command reads its schema from.
public enum SchemaInput: Sendable {
    /// A file on disk; `$file` examples are read next to it.
    case file(path: String)
    /// Text the command read itself (`diff` reads `REVISION:PATH` from git), named `file` in diagnostics.
    case text(String, file: String, exampleFiles: ExampleFileSource?)
    /// Text the command could not get (a git object that does not exist); `message` says why.
    case unreadable(file: String, message: String)

    /// The name diagnostics use for the schema.
    public var file: String {
        switch self {
        case .file(let path): path
        case .text(_, let file, _): file
        case .unreadable(let file, _): file
        }
    }
}

/// Where diagnostics are printed. Every command prints them to standard error, so that standard output
/// holds only what the command makes (generated files' summary, a document, lint's summary lines) and
/// `2>/dev/null` silences diagnostics alone; tests pass a stream of their own.
public struct DiagnosticStream: Sendable {
    public let write: @Sendable (String) -> Void

    public init(write: @escaping @Sendable (String) -> Void) {
        self.write = write
    }

    /// Written at once (no buffer), so lines interleave in order with the command's other output.
    public static let standardError = DiagnosticStream { FileHandle.standardError.write(Data($0.utf8)) }
    public static let standardOutput = DiagnosticStream { FileHandle.standardOutput.write(Data($0.utf8)) }
}

/// "Load a schema and print its diagnostics", the first step of every command that reads a schema
/// (`client-generator` generate, lint, export, describe, diff; `client-generator-build`;
/// `schema-check` validate, lint, traffic; `sandbox`): one format, one stream, one notion of failure.
/// It lives in SchemaModel, the lowest module they all link, and needs no argument parser, since the
/// build plugins' tool must not link one.
public enum SchemaReport {
    /// A schema that loaded, with the warnings that were printed.
    public struct Loaded: Sendable {
        public let schema: Schema
        public let diagnostics: [Diagnostic]
    }

    /// A schema that did not load (or failed the command's extra `checks`); its diagnostics were printed.
    public struct Failure: Error, Sendable {
        public let file: String
        /// The schema could not be read at all, rather than read and found wrong.
        public let isUnreadable: Bool
        public let diagnostics: [Diagnostic]
        /// What the command exits with.
        public let exitCode: Int32
    }

    /// Loads the schema, prints every diagnostic (errors and warnings, in source order, then those of
    /// `checks`) to `stream` as `file:line:column: severity: message` (a diagnostic without a location,
    /// such as "cannot read the schema", as `file: severity: message`), and returns the schema, or the
    /// failure when the schema or `checks` has an error. `exitCode` is the status the command documents
    /// for a schema it cannot use; `checks` adds what only some commands check (lint: the examples).
    public static func load(
        _ input: SchemaInput, exitCode: Int32, checks: (Schema) -> [Diagnostic] = { _ in [] }, to stream: DiagnosticStream = .standardError
    ) -> Swift.Result<Loaded, Failure> {
        let result: SchemaLoader.Result
        switch input {
        case .file(let path):
            result = SchemaLoader.load(path: path)
        case .text(let text, let file, let exampleFiles):
            result = SchemaLoader.load(text: text, file: file, exampleFiles: exampleFiles)
        case .unreadable(_, let message):
            result = SchemaLoader.Result(schema: nil, diagnostics: [Diagnostic(.error, message, at: nil)], isUnreadable: true)
        }
        let diagnostics = result.diagnostics + (result.schema.map(checks) ?? [])
        for diagnostic in diagnostics {
            stream.write(line(for: diagnostic, in: input.file) + "\n")
        }
        guard let schema = result.schema, !diagnostics.contains(where: { $0.severity == .error }) else {
            return .failure(Failure(file: input.file, isUnreadable: result.isUnreadable, diagnostics: diagnostics, exitCode: exitCode))
        }
        return .success(Loaded(schema: schema, diagnostics: diagnostics))
    }

    /// A diagnostic as printed: `file:line:column: severity: message`, or `file: severity: message`
    /// when it has no location.
    public static func line(for diagnostic: Diagnostic, in file: String) -> String {
        diagnostic.location == nil ? "\(file): \(diagnostic)" : diagnostic.description
    }
}

/// `lint`, the same in `client-generator` and `schema-check`: both commands are this function and
/// `help`. SchemaModel cannot see the payload validator, so the commands pass its example check
/// (`ExampleCheck.diagnostics(for:)`); the test that runs both binaries on one schema keeps them equal.
public enum SchemaLint {
    /// Exit status when every schema is clean or has warnings only.
    public static let success: Int32 = 0
    /// Exit status when a schema has an error: what lint found.
    public static let schemaHasErrors: Int32 = 1
    /// Exit status when a schema cannot be read (no such file, a folder): the lint could not run. It
    /// wins over `schemaHasErrors`, as the tools' other "cannot read" statuses do.
    public static let unreadable: Int32 = 2

    /// The commands' `--help` text, so both say the same.
    public static let abstract = "Checks schema files and reports every mistake."
    public static let help = """
        Every example (of types, fields, operations, $file ones) is checked against its type, \
        constraints and date format. Diagnostics go to standard error as \
        file:line:column: error: message (or warning:), as a compiler prints them; then one line per \
        schema goes to standard output: `Schemas/x.yaml: ok, no problems`, `...: ok, 2 warnings` or \
        `...: 1 error`. Exit status: 0 every schema is valid (warnings allowed), 1 a schema has errors, \
        2 a schema cannot be read.
        """

    /// Lints every schema in `paths`, printing diagnostics to `diagnostics` and one summary line per
    /// schema to `summary`; returns the exit status.
    public static func run(
        paths: [String], checks: (Schema) -> [Diagnostic], diagnostics: DiagnosticStream = .standardError,
        summary: DiagnosticStream = .standardOutput
    ) -> Int32 {
        var status = success
        for path in paths {
            switch SchemaReport.load(.file(path: path), exitCode: schemaHasErrors, checks: checks, to: diagnostics) {
            case .success(let loaded):
                summary.write(Diagnostic.lintSummary(of: path, loaded.diagnostics) + "\n")
            case .failure(let failure):
                summary.write(Diagnostic.lintSummary(of: path, failure.diagnostics) + "\n")
                status = max(status, failure.isUnreadable ? unreadable : failure.exitCode)
            }
        }
        return status
    }
}
