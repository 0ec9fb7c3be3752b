import Foundation

/// The one entry point that reads a schema: YAML text -> parsed model -> validated model.
public enum SchemaLoader {
    public struct Result: Sendable {
        /// nil when any error was found.
        public let schema: Schema?
        /// Errors and warnings, in source order.
        public let diagnostics: [Diagnostic]
        /// The file could not be read at all (no such file, a folder, no permission): the one
        /// diagnostic, without a location, says why. Tools give this another exit status than a schema
        /// with mistakes (`SchemaReport`).
        public let isUnreadable: Bool

        init(schema: Schema?, diagnostics: [Diagnostic], isUnreadable: Bool = false) {
            self.schema = schema
            self.diagnostics = diagnostics
            self.isUnreadable = isUnreadable
        }
    }

    /// The largest schema file read (docs/SchemaLanguage.md, "Limits"): the imported GitHub API, the largest
    /// real schema known, is about 1 MB. Reading stops one byte past it, so `/dev/zero` or an endless pipe
    /// named as a schema costs no more memory than this.
    public static let maximumBytes = 16 << 20

    /// Reads and checks the schema at `path`.
    public static func load(path: String) -> Result {
        let bytes: [UInt8]
        // BoundedInput for the system's own reason ("No such file or directory", "Is a directory").
        switch BoundedInput.read(path: path, limit: maximumBytes) {
        case .success(let read): bytes = read
        case .failure(.unreadable(let reason)):
            return Result(schema: nil, diagnostics: [Diagnostic(.error, "cannot read the schema: \(reason)", at: nil)], isUnreadable: true)
        case .failure(.tooLarge(_, let size)):
            let found = size.map { "\($0) bytes, more" } ?? "more"
            return Result(
                schema: nil,
                diagnostics: [Diagnostic(.error, "cannot read the schema: it is \(found) than the \(maximumBytes) bytes a schema may have", at: nil)],
                isUnreadable: true)
        }
        guard let text = String(data: Data(bytes), encoding: .utf8) else {
            return Result(schema: nil, diagnostics: [Diagnostic(.error, "the schema is not UTF-8 text", at: SourceLocation(file: path, line: 1, column: 1))])
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
