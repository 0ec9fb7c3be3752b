/// Reads any YAML or JSON document (not only a schema) into a `YAMLNode` with source locations, under
/// the same limits as the schema loader (alias expansion, nesting depth). `client-generator import`
/// reads OpenAPI documents through it, so a hostile document is stopped the same way a schema is.
public enum YAMLDocument {
    /// Collections nested deeper than this are rejected (`the document is nested more than 256 levels
    /// deep`), whichever reader read them.
    public static let maximumDepth = YAMLBudget.maximumDepth

    /// The document's root, or nil with the diagnostics that explain why (syntax, limits, empty).
    public static func read(_ text: String, file: String) -> (root: YAMLNode?, diagnostics: [Diagnostic]) {
        let log = DiagnosticLog()
        let root = YAMLReader.read(text, file: file, log: log)
        return (log.hasErrors ? nil : root, log.diagnostics)
    }
}
