import Foundation

/// The one entry point that reads a schema: YAML text -> parsed model -> validated model.
public enum SchemaLoader {
    public struct Result: Sendable {
        /// nil when any error was found.
        public let schema: Schema?
        /// Errors and warnings, in source order.
        public let diagnostics: [Diagnostic]
    }

    /// Reads and checks the schema at `path`.
    public static func load(path: String) -> Result {
        let text: String
        do {
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            guard let decoded = String(data: data, encoding: .utf8) else {
                return Result(
                    schema: nil, diagnostics: [Diagnostic(.error, "the schema is not UTF-8 text", at: SourceLocation(file: path, line: 1, column: 1))])
            }
            text = decoded
        } catch {
            return Result(schema: nil, diagnostics: [Diagnostic(.error, "cannot read the schema: \((error as NSError).localizedDescription)", at: nil)])
        }
        return load(text: text, file: path)
    }

    /// Reads and checks schema text; `file` is used in diagnostics and, unless `exampleFiles` says
    /// otherwise, to find `$file` examples next to it.
    public static func load(text: String, file: String, exampleFiles: ExampleFileSource? = nil) -> Result {
        let log = DiagnosticLog()
        guard let root = YAMLReader.read(text, file: file, log: log),
            let parsed = SchemaParser(file: file, log: log, exampleFiles: exampleFiles ?? .nextTo(schemaFile: file)).parse(root)
        else {
            return Result(schema: nil, diagnostics: sorted(log.diagnostics))
        }
        SchemaValidator(schema: parsed, declared: DeclaredNames(root), log: log).validate()
        return Result(schema: log.hasErrors ? nil : parsed, diagnostics: sorted(log.diagnostics))
    }

    /// Loads or throws every diagnostic as one `SchemaError`.
    public static func loadOrThrow(path: String) throws -> Schema {
        let result = load(path: path)
        guard let schema = result.schema else { throw SchemaError(diagnostics: result.diagnostics) }
        return schema
    }

    private static func sorted(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        diagnostics.enumerated().sorted { lhs, rhs in
            let l = lhs.element.location
            let r = rhs.element.location
            if l?.file != r?.file { return lhs.offset < rhs.offset }
            if l?.line != r?.line { return (l?.line ?? 0) < (r?.line ?? 0) }
            if l?.column != r?.column { return (l?.column ?? 0) < (r?.column ?? 0) }
            return lhs.offset < rhs.offset
        }.map(\.element)
    }
}
