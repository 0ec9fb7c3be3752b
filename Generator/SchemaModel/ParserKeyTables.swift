/// Lets a caller see the key tables the parser checks each mapping against, as it meets them.
///
/// The meta-schema of the language (`client-generator meta-schema`, docs/SchemaLanguage.md "Editor
/// support") lists the keys of every section for editors; its test parses schemas that use every
/// construct with an observer set and checks that each table the parser used is one of the
/// meta-schema's sections, and each section one of the tables, so the two cannot drift apart.
public enum ParserKeyTables {
    /// Called with the allowed keys of every mapping the parser reads, in the parser's order.
    @TaskLocal public static var observer: (@Sendable ([String]) -> Void)?
}
